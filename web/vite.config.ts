import fs from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const contracts = fileURLToPath(new URL('../libs/contracts/src', import.meta.url));

/**
 * pdf.js renders in a worker that the app loads from /pdf.worker.min.js (web/src/features/viewers/pdf-engine.ts):
 * the file of the installed pdfjs-dist, served in development and written into dist by the build.
 */
function pdfWorker(): Plugin {
  const file = createRequire(import.meta.url).resolve('pdfjs-dist/build/pdf.worker.min.mjs');
  const name = 'pdf.worker.min.js';
  return {
    name: 'pdf-worker',
    configureServer(server) {
      server.middlewares.use(`/${name}`, (_req, res) => {
        res.setHeader('Content-Type', 'text/javascript');
        fs.createReadStream(file).pipe(res);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: name, source: fs.readFileSync(file) });
    },
  };
}

// The SPA is served by the gateway on the same origin (base '/'); in development Vite proxies /api.
export default defineConfig({
  base: '/',
  plugins: [react(), pdfWorker()],
  resolve: {
    alias: [
      { find: /^@app\/contracts$/, replacement: contracts },
      { find: /^@app\/contracts\/(.*)$/, replacement: `${contracts}/$1` },
    ],
  },
  server: {
    host: true,
    // org hosts such as demo.localhost:5173 must be accepted by the dev server
    allowedHosts: true,
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true },
      // presentation rooms: the gateway passes the socket to the presentation service
      '/ws': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
