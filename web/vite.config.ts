import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { brandTheme } from './src/styles/brand';

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

/**
 * The service worker (web/sw/service-worker.js, docs/how-to-add-a-page.md#offline): written to dist/sw.js with the
 * build's file list (PRECACHE) and a VERSION hashed from it, so every build installs a new worker that precaches the
 * new app shell. The public folder's files are listed too, except the user manuals (downloads, not the shell).
 */
function serviceWorker(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  const publicFiles = (dir: string, base = ''): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? publicFiles(path.join(dir, e.name), `${base}${e.name}/`) : [`${base}${e.name}`]));
  return {
    name: 'service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      const fromPublic = publicFiles(path.join(root, 'public')).filter((f) => !/^manual-[a-z]+\.pdf$/.test(f));
      for (const f of fromPublic) hash.update(f).update(fs.readFileSync(path.join(root, 'public', f)));
      const built = Object.keys(bundle).filter((f) => !f.endsWith('.map') && f !== 'sw.js');
      for (const f of built) hash.update(f);
      const precache = [...new Set(['/index.html', ...built.map((f) => `/${f}`), ...fromPublic.map((f) => `/${f}`)])].sort();
      const head = `const VERSION = ${JSON.stringify(hash.digest('hex').slice(0, 16))};\nconst PRECACHE = ${JSON.stringify(precache)};\n`;
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: head + fs.readFileSync(path.join(root, 'sw/service-worker.js'), 'utf8') });
    },
  };
}

/** PrimeReact's theme with the accessible brand colour and focus rings (web/src/styles/brand.ts) */
function accessibleTheme(): Plugin {
  return {
    name: 'accessible-theme',
    enforce: 'pre',
    transform(code, id) {
      if (!/primereact\/resources\/themes\/lara-light-blue\/theme\.css($|\?)/.test(id.replace(/\\/g, '/'))) return null;
      return { code: brandTheme(code), map: null };
    },
  };
}

// The SPA is served by the gateway on the same origin (base '/'); in development Vite proxies /api.
export default defineConfig({
  base: '/',
  plugins: [react(), accessibleTheme(), pdfWorker(), serviceWorker()],
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
