import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The browser app (src/web, docs/web.md). `npm run web:dev` serves it, `npm run web:build`
 * writes dist-web/. The app imports the package as a user would: 'wormcast' (the browser entry)
 * and 'wormcast/wasm?url' (the module, fetched at start-up). The aliases point those at the
 * sources, so that the dev server and the build need no dist/ (docs/package.md); in a user's
 * project they resolve through package.json's exports ("browser" condition). assetsInlineLimit 0
 * keeps the wasm a separate file instead of a data URL (shared/TOOLCHAIN.md), and es2022 allows
 * top-level await in dependencies.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  resolve: {
    alias: [
      { find: /^wormcast$/, replacement: fileURLToPath(new URL('./src/browser.ts', import.meta.url)) },
      {
        find: /^wormcast\/wasm(?=\?|$)/,
        replacement: fileURLToPath(new URL('./build/wormcast.wasm', import.meta.url)),
      },
    ],
  },
  // relative asset URLs: dist-web/ works from any path of a static server
  base: './',
  build: {
    outDir: fileURLToPath(new URL('./dist-web', import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    target: 'es2022',
  },
  // the run worker (src/web/run-worker.ts) is an ES module worker: it shares the app's chunks
  worker: { format: 'es' },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
