import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, SKIP, serveApp, type ServedApp } from './browser-app.ts';
import { simulate } from '../../src/experiment/run/simulate.ts';

/**
 * The browser app end to end (docs/web.md): build it with Vite's JS API into a temporary
 * directory, serve it with `vite preview` on a free loopback port, drive Debian's chromium
 * through playwright-core (shared/TOOLCHAIN.md: never a browser download), fill the forms and
 * read the page. Without /usr/bin/chromium every test is skipped, never failed.
 */
if (!hasChromium) console.warn(`app.browser.test.ts: the browser tests are skipped${SKIP}`);

const WAIT = 15_000;

let app: ServedApp | undefined;
let browser: Browser | undefined;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!hasChromium) return;
  app = await serveApp('app');
  browser = await launchChromium();
  page = await browser.newPage();
  page.setDefaultTimeout(WAIT);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(app.base, { waitUntil: 'load', timeout: WAIT });
  await page.getByTestId('wasm-status').filter({ hasText: 'loaded' }).waitFor({ timeout: WAIT });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Submit a form and wait until its output has the result or the error. */
async function submit(button: string, output: string): Promise<void> {
  await page.click(`#${button}`);
  await page.waitForSelector(`[data-testid=${output}][data-state=done], [data-testid=${output}][data-state=error]`, {
    timeout: WAIT,
  });
}

/** The cells of a table's body rows. */
async function rows(testId: string): Promise<string[][]> {
  return page
    .getByTestId(testId)
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => Array.from(tr.querySelectorAll('td'), (td) => td.textContent ?? '')));
}

describe(`browser app in chromium${SKIP}`, () => {
  it.skipIf(!hasChromium)('loads the wasm as a separate asset and fills the registries into the selects', async () => {
    expect(await page.getByTestId('wasm-status').textContent()).toMatch(
      /^wasm module .*wormcast-.*\.wasm loaded \(\d+ bytes\)$/,
    );
    const routings = await page
      .locator('#routing option')
      .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(routings).toEqual(expect.arrayContaining(['ecube', 'dor', 'hc', 'ccc-optimal', 'label', 'hcm', 'star-min']));
    expect(await page.locator('#algorithm option').count()).toBeGreaterThanOrEqual(15);
  });

  it.skipIf(!hasChromium)(
    'route: hc on ccc:3 from (1,000) to (0,111) takes the hops of `wormcast route` (seed 000 R_CCC), wasm = reference',
    async () => {
      await page.fill('#topology', 'ccc:3');
      await page.dispatchEvent('#topology', 'change');
      await page.selectOption('#routing', 'hc');
      await page.fill('#route-from', '(1,000)');
      await page.fill('#route-to', '(0,111)');
      await submit('route-go', 'route-output');
      expect(await page.getByTestId('route-heading').textContent()).toBe(
        'hc on ccc:3: (1,000) -> (0,111), 6 hops (distance 5)',
      );
      expect(await rows('route-hops')).toEqual([
        ['1', '(1,000)', '(2,000)', 'cycle+', 'h0'],
        ['2', '(2,000)', '(2,100)', 'cube', 'cube'],
        ['3', '(2,100)', '(1,100)', 'cycle-', 'l0'],
        ['4', '(1,100)', '(1,110)', 'cube', 'cube'],
        ['5', '(1,110)', '(0,110)', 'cycle-', 'l0'],
        ['6', '(0,110)', '(0,111)', 'cube', 'cube'],
      ]);
      expect(await page.getByTestId('route-check').textContent()).toBe(
        'wasm = reference (6 hops, same ports and VC classes)',
      );
    },
  );

  it.skipIf(!hasChromium)(
    'plan: u-cube on seed 001 Fig. 5 takes 4 steps (lower bound 4), 8 unicasts, contention-free',
    async () => {
      await page.fill('#topology', 'hypercube:4');
      await page.dispatchEvent('#topology', 'change');
      await page.selectOption('#algorithm', 'u-cube');
      await page.selectOption('#plan-routing', '');
      await page.fill('#plan-source', '0100');
      await page.fill('#plan-dests', '0001 0011 0101 0111 1000 1010 1011 1111');
      await page.selectOption('#plan-port', '');
      await submit('plan-go', 'plan-output');
      expect(await page.getByTestId('plan-heading').textContent()).toBe(
        'u-cube on hypercube:4 (routing ecube, one-port): 0100 to 8 destinations',
      );
      const metric = (k: string): Promise<string | null> =>
        page.locator(`[data-testid=plan-metrics] dd[data-metric="${k}"]`).textContent();
      expect(await metric('steps')).toBe('4');
      expect(await metric('lower bound')).toBe('4');
      expect(await metric('contention')).toBe('contention-free');
      const messages = await rows('plan-messages');
      expect(messages).toHaveLength(8);
      expect(messages[0]).toEqual([
        '1',
        '0100',
        '0011',
        'unicast',
        '0100 -dim 2-> 0000 -dim 1-> 0010 -dim 0-> 0011',
        '1111 1000 1010 1011',
      ]);
      expect(messages[7]!.slice(0, 3)).toEqual(['4', '1010', '1011']);
    },
  );

  it.skipIf(!hasChromium)(
    'plan: a path-based plan (dual-path, seed 004) shows its worm, the channel network it uses and every destination it delivers to',
    async () => {
      await page.fill('#topology', 'mesh:4x4');
      await page.dispatchEvent('#topology', 'change');
      await page.selectOption('#algorithm', 'dual-path');
      await page.fill('#plan-source', '0,0');
      await page.fill('#plan-dests', '3,3;1,2');
      await submit('plan-go', 'plan-output');
      const messages = await rows('plan-messages');
      expect(messages).toHaveLength(1);
      expect(messages[0]!.slice(0, 4)).toEqual(['1', '0,0', '{1,2 3,3}', 'path (high)']);
      expect(messages[0]![4]).toBe(
        '0,0 -+y/high-> 0,1 -+y/high-> 0,2 -+x/high-> 1,2 -+x/high-> 2,2 -+x/high-> 3,2 -+y/high-> 3,3',
      );
    },
  );

  it.skipIf(!hasChromium)(
    'a bad spec, address or algorithm shows the WormcastError in the page, never an uncaught exception',
    async () => {
      await page.fill('#topology', 'ccc:1');
      await page.dispatchEvent('#topology', 'change');
      expect(await page.getByTestId('network-summary').textContent()).toBe('wormcast: ccc:1: n must be 3..16');
      await submit('route-go', 'route-output');
      expect(await page.getByTestId('route-output').locator('.error').textContent()).toBe(
        'wormcast: ccc:1: n must be 3..16',
      );
      await page.fill('#topology', 'ccc:3');
      await page.fill('#route-from', '(9,000)');
      await submit('route-go', 'route-output');
      expect(await page.getByTestId('route-output').locator('[role=alert]').textContent()).toMatch(
        /^wormcast: .*\(9,000\)/,
      );
      await page.selectOption('#algorithm', 'u-cube');
      await page.fill('#plan-source', '(0,000)');
      await submit('plan-go', 'plan-output');
      expect(await page.getByTestId('plan-output').locator('.error').textContent()).toBe(
        'wormcast: algorithm u-cube: needs a hypercube topology, not ccc:3',
      );
      expect(pageErrors).toEqual([]);
    },
  );

  it.skipIf(!hasChromium)(
    'simulation: the seed 004 Fig. 6.1 scenario deadlocks and the page reports the wait-for cycle',
    async () => {
      await page.selectOption('#sim-workload', 'lin-fig-6.1');
      await page.dispatchEvent('#sim-workload', 'change');
      await submit('sim-go', 'simulate-output');
      const report = await page.getByTestId('sim-deadlock').textContent();
      expect(report).toContain('DEADLOCK at cycle 209: worms 0 -> 1 -> 0 each wait for a VC the next one holds:');
      expect(report).toContain('worm 0 waits for network channel 001 dim 1 vc c');
      expect(await page.locator('[data-testid=sim-metrics] dd[data-metric=status]').textContent()).toMatch(
        /^deadlock at cycle 209;/,
      );
    },
  );

  it.skipIf(!hasChromium)(
    'simulation: dynamic unicast traffic in the browser gives the numbers of the same run in Node',
    async () => {
      await page.fill('#topology', 'mesh:4x4');
      await page.dispatchEvent('#topology', 'change');
      await page.selectOption('#sim-workload', '');
      await page.dispatchEvent('#sim-workload', 'change');
      await page.selectOption('#sim-algorithm', 'unicast');
      await page.selectOption('#sim-routing', '');
      for (const [id, v] of [
        ['sim-load', '0.1'],
        ['sim-flits', '16'],
        ['sim-warmup', '100'],
        ['sim-cycles', '1000'],
        ['sim-drain', '1000'],
        ['sim-seed', '1'],
        ['sim-vcs', '1'],
        ['sim-buffer', '8'],
      ] as const) {
        await page.fill(`#${id}`, v);
      }
      await page.selectOption('#sim-port', 'one');
      await submit('sim-go', 'simulate-output');
      const node = await simulate({
        topology: 'mesh:4x4',
        algorithm: 'unicast',
        dests: 0,
        load: 0.1,
        flits: 16,
        warmup: 100,
        measure: 1000,
        drain: 1000,
        seed: 1,
        engine: 'wasm',
        options: { buffer: 8, vcsPerClass: 1, port: 'one' },
      });
      const dd = (k: string): Promise<string | null> =>
        page.locator(`[data-testid=sim-metrics] dd[data-metric=${k}]`).textContent();
      expect(node.status).toBe('finished');
      expect(await dd('status')).toBe(
        `finished at cycle ${node.cycles}; ${node.completed} of ${node.multicasts} messages measured completed`,
      );
      expect(await dd('mean-latency')).toBe(`mean ${node.meanLatency.toFixed(2)}, max ${node.maxLatency}`);
      expect(await dd('throughput')).toBe(
        `${node.throughput.toFixed(4)} accepted, ${node.generated.toFixed(4)} generated`,
      );
      expect(await page.getByTestId('sim-deadlock').textContent()).toBe('deadlock: none');
      expect(pageErrors).toEqual([]);
    },
  );
});
