import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const contracts = fileURLToPath(new URL('../libs/contracts/src', import.meta.url));

// The SPA is served by the gateway on the same origin (base '/'); in development Vite proxies /api.
export default defineConfig({
  base: '/',
  plugins: [react()],
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
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
