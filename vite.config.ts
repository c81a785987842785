import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3001';

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // No inline scripts anywhere: the CSP forbids them.
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    sourcemap: false,
    // The contract's zod schemas are plain values: the browser keeps only those it uses.
    rollupOptions: { treeshake: { manualPureFunctions: ['z'] } },
  },
  server: {
    proxy: {
      '/api': api,
      '/auth/': {
        target: api,
        bypass: (req) => (req.url?.startsWith('/auth/callback') ? req.url : undefined),
      },
      '/docs': api,
      '/healthz': api,
    },
  },
});
