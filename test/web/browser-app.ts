import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { build, preview } from 'vite';

/*
 * What the browser tests share: Debian's chromium driven through playwright-core with the flags
 * this machine needs (never a browser download; without the background-networking flags chromium's
 * connections are refused by the closed network), and the app built with Vite's JS API into a
 * temporary directory and served by `vite preview` on a free loopback port. Without chromium
 * every browser test is skipped, never failed.
 */

/** Debian's chromium; WORMCAST_CHROMIUM overrides it (a missing path shows the skip). */
export const CHROMIUM = process.env.WORMCAST_CHROMIUM ?? '/usr/bin/chromium';
export const hasChromium = existsSync(CHROMIUM);
/** Appended to a describe title when the tests are skipped. */
export const SKIP = hasChromium ? '' : ` (skipped: ${CHROMIUM} not found; install it with apt-get install -y chromium)`;

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Start chromium (headless, loopback only). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS, timeout: 30_000 });
}

/** The built app served on loopback: its URL, and how to stop the server and remove the build. */
export interface ServedApp {
  base: string;
  close(): Promise<void>;
}

/** Build the browser app (vite.config.ts) into a temporary directory named after `name` and serve it. */
export async function serveApp(name: string): Promise<ServedApp> {
  const configFile = fileURLToPath(new URL('../../vite.config.ts', import.meta.url));
  const outDir = mkdtempSync(join(tmpdir(), `wormcast-web-${name}-`));
  await build({ configFile, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const server = await preview({
    configFile,
    logLevel: 'error',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: true, open: false },
  });
  const { port } = server.httpServer.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/`,
    close: async () => {
      await server.close();
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
