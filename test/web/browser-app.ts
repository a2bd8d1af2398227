import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
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

/** What useAppPage hands a test file: its browser, a 1400x900 page and the served app's URL. */
export interface AppPage {
  browser: Browser;
  page: Page;
  base: string;
}

/**
 * The harness of a browser test file: before its tests, the app built and served under `name`,
 * chromium started and a 1400x900 page opened (default timeout `wait`, page errors pushed to
 * `pageErrors`), handed to `ready`; after them, both stopped. Without chromium nothing starts.
 */
export function useAppPage(name: string, wait: number, pageErrors: string[], ready: (a: AppPage) => void): void {
  let app: ServedApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    if (!hasChromium) return;
    app = await serveApp(name);
    browser = await launchChromium();
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.setDefaultTimeout(wait);
    page.on('pageerror', (e) => pageErrors.push(e.message));
    ready({ browser, page, base: app.base });
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });
}
