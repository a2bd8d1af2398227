import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/**
 * The browser app (src/web, docs/web.md). `npm run web:dev` serves it, `npm run web:build`
 * writes dist-web/. The wasm is imported as a URL (`build/wormcast.wasm?url`) and fetched at
 * start-up; assetsInlineLimit 0 keeps it a separate file instead of a data URL
 * (shared/TOOLCHAIN.md), and es2022 allows top-level await in dependencies.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  // relative asset URLs: dist-web/ works from any path of a static server
  base: './',
  build: {
    outDir: fileURLToPath(new URL('./dist-web', import.meta.url)),
    emptyOutDir: true,
    assetsInlineLimit: 0,
    target: 'es2022',
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
