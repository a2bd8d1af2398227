import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, SKIP, useAppPage } from './browser-app.ts';
import { runMain } from '../cli-main.ts';

/**
 * Issue 29 in the browser's simulation panel (docs/web.md): traces (the bundled examples, a pasted
 * trace, a file), this round's options and result fields, each read off the page and compared with
 * `wormcast simulate` (or simulate() in Node). Same harness as the other browser tests; skipped,
 * with the reason in the suite name, without chromium.
 */
const WAIT = 15_000;

let page: Page;
let base = '';
const pageErrors: string[] = [];
useAppPage('traces', WAIT, pageErrors, (a) => {
  ({ page, base } = a);
});

async function open(query: string): Promise<void> {
  await page.goto(`${base}${query}`, { waitUntil: 'load', timeout: WAIT });
  await page.getByTestId('wasm-status').filter({ hasText: 'loaded' }).waitFor({ timeout: WAIT });
}

/** Wait until the simulation's output holds its result or its error; its state. */
async function simulated(): Promise<string> {
  await page.waitForSelector(
    '[data-testid=simulate-output][data-state=done], [data-testid=simulate-output][data-state=error]',
  );
  return (await page.getByTestId('simulate-output').getAttribute('data-state'))!;
}

/** Jump the watch to cycle c and wait until it shows it, idle. */
async function watchAt(c: number): Promise<void> {
  await page.fill('[data-testid=watch-cycle]', String(c));
  await page.getByTestId('watch-go').click();
  await page.waitForSelector(`[data-testid=watch-status][data-cycle="${c}"]`);
  await page.waitForSelector('[data-testid=watch][data-state=idle]');
}

const metric = async (key: string): Promise<string> => (await page.locator(`[data-metric=${key}]`).textContent())!;

describe(`traces in the simulation panel (issue 29)${SKIP}`, () => {
  it.skipIf(!hasChromium)(
    "the ring-allgather example on hypercube:6 drains at the CLI's 819; the URL reopens the same run",
    async () => {
      await open('?topology=hypercube:6');
      await page.selectOption('#sim-workload', 'trace:ring-allgather-64.trace');
      // a trace is the traffic: the random-traffic fields do not apply, the network's and engine's do
      expect(await page.isDisabled('#sim-load')).toBe(true);
      expect(await page.isDisabled('#sim-pattern')).toBe(true);
      expect(await page.isDisabled('#sim-buffer')).toBe(false);
      expect(await page.isDisabled('#sim-vc-release')).toBe(false);
      expect(await page.isHidden('#sim-trace-text')).toBe(true);
      await page.click('#sim-go');
      expect(await simulated()).toBe('done');
      const cli = await runMain([
        'simulate',
        '--trace',
        'examples/traces/ring-allgather-64.trace',
        '--topology',
        'hypercube:6',
        '--json',
      ]);
      const j = JSON.parse(cli.stdout) as {
        drainTime: number;
        flitHops: number;
        latencyPercentiles: { p50: number; p90: number; p99: number; p999: number; max: number };
      };
      expect(j.drainTime).toBe(819);
      expect(await metric('drain-time')).toBe(String(j.drainTime));
      expect(await metric('traffic')).toMatch(new RegExp(`^${j.flitHops};`));
      const p = j.latencyPercentiles;
      expect(await metric('percentiles')).toBe(
        `p50 ${p.p50}, p90 ${p.p90}, p99 ${p.p99}, p99.9 ${p.p999}, max ${p.max}`,
      );
      expect(await page.getByTestId('sim-heading').textContent()).toMatch(
        /^trace ring-allgather-64\.trace on hypercube:6/,
      );
      expect(await page.getByTestId('sim-outcome').getAttribute('data-outcome')).toBe('finished');
      const url = await page.evaluate(() => location.search);
      expect(new URLSearchParams(url).get('sim-workload')).toBe('trace:ring-allgather-64.trace');
      await open(url);
      expect(await simulated()).toBe('done');
      expect(await metric('drain-time')).toBe('819');
      // watched: in flight at cycle 10 (every step's 64 sends start together), over where the run ended
      await page.click('#sim-watch');
      await watchAt(10);
      const held = await page.evaluate(
        () =>
          (
            window as unknown as {
              wormcast: { watch: { frame: { snapshot: { held: Array<{ kind: string }> } } } };
            }
          ).wormcast.watch.frame.snapshot.held.filter((h) => h.kind === 'network').length,
      );
      expect(held).toBeGreaterThan(0);
      await watchAt(5000);
      expect(await page.getByTestId('watch-status').textContent()).toContain('The run is over: finished at cycle 819');
      expect(pageErrors).toEqual([]);
    },
  );

  it.skipIf(!hasChromium)(
    'a pasted trace runs and round-trips in the URL; a bad one is one line naming its line; a file loads into the field',
    async () => {
      await open('?topology=hypercube:6');
      await page.selectOption('#sim-workload', 'trace');
      expect(await page.isVisible('#sim-trace-text')).toBe(true);
      // binomial broadcast's first chain, by hand: 0 -> 1 -> 3, each one hop of T = 21 cycles (docs/traffic.md)
      await page.fill('#sim-trace-text', '0 0 1 16\nafter:0 1 3 16\n');
      await page.click('#sim-go');
      expect(await simulated()).toBe('done');
      expect(await metric('drain-time')).toBe('42');
      const url = await page.evaluate(() => location.search);
      expect(new URLSearchParams(url).get('sim-trace-text')).toBe('0 0 1 16\nafter:0 1 3 16\n');
      await open(url);
      expect(await simulated()).toBe('done');
      expect(await metric('drain-time')).toBe('42');

      await page.fill('#sim-trace-text', '0 0 1 16\n# a comment\n0 1 64 16\n');
      await page.click('#sim-go');
      expect(await simulated()).toBe('error');
      expect(await page.getByTestId('simulate-output').textContent()).toBe(
        'wormcast: trace:3: node 64 is not a node of hypercube:6 (ids 0..63)',
      );

      await page.setInputFiles('#sim-trace-file', {
        name: 'two.trace',
        mimeType: 'text/plain',
        buffer: Buffer.from('0 0 1 16\n0 0 2 x\n'),
      });
      await page.getByTestId('sim-trace-status').filter({ hasText: 'loaded two.trace' }).waitFor();
      expect(await page.inputValue('#sim-trace-text')).toBe('0 0 1 16\n0 0 2 x\n');
      await page.click('#sim-go');
      expect(await simulated()).toBe('error');
      // the errors name the file loaded and its line
      expect(await page.getByTestId('simulate-output').textContent()).toBe(
        "wormcast: two.trace:2: flits 'x' must be an integer 1..16777216",
      );
      expect(pageErrors).toEqual([]);
    },
  );
});
