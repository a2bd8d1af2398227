import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  // src/web imports the package by name (the browser entry), as vite.config.ts resolves it
  resolve: {
    alias: [{ find: /^wormcast$/, replacement: fileURLToPath(new URL('./src/browser.ts', import.meta.url)) }],
  },
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
