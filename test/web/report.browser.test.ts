import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExperiment } from '../../src/experiment/config/schema.ts';
import { engineVersion } from '../../src/experiment/sweep/engine-version.ts';
import { runSweep } from '../../src/experiment/sweep/sweep.ts';
import { sweepProgress } from '../../src/experiment/sweep/sweep-progress.ts';
import { runMain } from '../cli-main.ts';
import { hasChromium, launchChromium, SKIP } from './browser-app.ts';

/**
 * `wormcast report` as a reader of a paper opens it (issue 23): a sweep with a saturated point,
 * the page written by the CLI, opened from disk (file://, no server, no network) in Debian's
 * chromium through playwright-core (shared/TOOLCHAIN.md). Without /usr/bin/chromium the tests are
 * skipped, never failed.
 */
if (!hasChromium) console.warn(`report.browser.test.ts: the browser tests are skipped${SKIP}`);

const dir = mkdtempSync(join(tmpdir(), 'wormcast-report-'));
const store = join(dir, 'r.jsonl');
const page_ = join(dir, 'report.html');
let browser: Browser | undefined;
let page: Page;
const pageErrors: string[] = [];
const requests: string[] = [];

beforeAll(async () => {
  const e = parseExperiment(
    {
      name: 'report',
      base: { topology: 'mesh:4x4', dests: 3, warmup: 300, cycles: 2000, drain: 1500 },
      grid: { algorithm: ['unicast', 'dual-path'], load: [0.05, 0.1, 0.9] },
      replications: 2,
    },
    't',
  );
  await runSweep(e, 't', {
    out: store,
    workers: 0,
    fresh: false,
    progress: sweepProgress(true, { write: () => true }),
  });
  const r = await runMain(['report', store, '-o', page_]);
  expect(r.stderr).toBe('');
  expect(r.stdout).toMatch(/^report: 6 points of 1 experiment, 3 plots -> /);
  if (!hasChromium) return;
  browser = await launchChromium();
  page = await browser.newPage();
  page.on('pageerror', (err) => pageErrors.push(err.message));
  page.on('request', (req) => requests.push(req.url()));
  await page.goto(pathToFileURL(page_).href, { waitUntil: 'load', timeout: 15_000 });
  await page.waitForFunction(() => document.body.dataset.plots !== undefined, null, { timeout: 15_000 });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe.skipIf(!hasChromium)('wormcast report in chromium', () => {
  it('draws every plot from the page alone: no error, no request but the file', async () => {
    expect(await page.evaluate(() => document.body.dataset.plots)).toBe('drawn');
    expect(pageErrors).toEqual([]);
    expect(requests.filter((u) => !u.startsWith('file://'))).toEqual([]);
    expect(await page.locator('.plot svg').count()).toBe(3);
    // titled, unit-labelled axes
    const text = await page.locator('.plot').first().textContent();
    expect(text).toContain('Mean latency [cycles]');
    expect(text).toContain('Offered load [flits/node/cycle]');
    expect(text).toContain('saturated (a latency: lower bound only)');
  });
  it('shows the configuration and the engine version the numbers come from', async () => {
    await expect.poll(() => page.locator('.engine-version').textContent()).toBe(engineVersion());
    const config = await page.locator('section.experiment table.config').first().textContent();
    expect(config).toContain('mesh:4x4');
    expect(await page.locator('h2').textContent()).toBe('Experiment report');
  });
  it('the table: one row per point, the status column, empty latency cells of saturated points', async () => {
    const rows = page.locator('table.results tbody tr');
    expect(await rows.count()).toBe(6);
    expect(await page.locator('table.results td.status').allTextContents()).toEqual([
      'ok',
      'ok',
      'saturated',
      'ok',
      'ok',
      'saturated',
    ]);
    const headers = await page.locator('table.results th').allTextContents();
    const col = headers.findIndex((h) => h.startsWith('meanLatency') && h.endsWith('cycles') && !h.includes('_'));
    const cells = await rows.nth(2).locator('td').allTextContents();
    expect(cells[col]).toBe('');
    expect(Number((await rows.nth(0).locator('td').allTextContents())[col])).toBeGreaterThan(0);
  });
  it('each drawn point says what it is: its interval and status, and for a marker that is not a value never its drawing height', async () => {
    const labels = await page
      .locator('.plot')
      .first()
      .locator('path[aria-roledescription="point"]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
    expect(labels).toHaveLength(6);
    const measured = labels.filter((l) =>
      /: measured \(mean and confidence interval\), measured mean [\d.]+, CI [−\d.]+ to [\d.]+$/.test(l),
    );
    expect(measured).toHaveLength(4);
    // a saturated point: its lower bound, no interval, and not the height it is drawn at
    const saturated = labels.filter((l) =>
      /^(unicast|dual-path) at 0\.9: saturated \(a latency: lower bound only\), measured mean [\d.]+$/.test(l),
    );
    expect(saturated).toHaveLength(2);
  });
});
