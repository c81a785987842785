import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3001';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this, a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes a .br and a .gz beside every text asset of the build, so the server sends compressed
 * bytes with no work per request (@fastify/static preCompressed, src/server/plugins/web-app.ts).
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'registry-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!COMPRESSIBLE.test(file)) continue;
        const body = readFileSync(file);
        if (body.length < MIN_BYTES) continue;
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }),
        );
      }
    },
  };
}

export default defineConfig({
  root: 'src/web',
  publicDir: 'public',
  plugins: [react(), precompress()],
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
