import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { simulate, type SimulationResult } from '../../src/experiment/run/simulate.ts';
import { latencyCharts } from '../../src/web/latency-chart.ts';
import { parseSimulationRequest, type SimulationRequest } from '../../src/web/simulate-panel.ts';
import { hasChromium, SKIP, useAppPage } from './browser-app.ts';
import { warmupAutoText } from '../../src/experiment/run/warmup-auto.ts';

/**
 * Issue 29's options and result fields in the browser's simulation panel (docs/web.md): each
 * value read off the page and compared with simulate() in Node for the same request (the
 * configuration the page resolves: parseSimulationRequest), and the options' URL round trip and
 * one-line errors. Same harness as the other browser tests; skipped, with the reason in the suite
 * name, without chromium.
 */
const WAIT = 15_000;

let browser: Browser | undefined;
let page: Page;
let base = '';
const pageErrors: string[] = [];
useAppPage('results', WAIT, pageErrors, (a) => {
  ({ browser, page, base } = a);
});

/** The form's defaults (index.html) on mesh:8x8. */
const FORM: SimulationRequest = {
  scenario: '',
  topology: 'mesh:8x8',
  routing: '',
  algorithm: 'unicast',
  dests: '4',
  load: '0.1',
  flits: '16',
  cycles: '2000',
  warmup: '200',
  drain: '5000',
  seed: '1',
  vcs: '1',
  buffer: '8',
  port: '',
};

/** URL field ids of request fields (sim-hotspot-fraction for hotspotFraction). */
const id = (k: string): string => `sim-${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** Open the page with these form fields and run the simulation from the URL; its state. */
async function run(fields: Partial<SimulationRequest>): Promise<string> {
  const q = new URLSearchParams({ topology: FORM.topology, run: 'sim' });
  for (const [k, v] of Object.entries(fields)) if (k !== 'topology') q.set(id(k), String(v));
  if (fields.topology) q.set('topology', fields.topology);
  await page.goto(`${base}?${q.toString()}`, { waitUntil: 'load', timeout: WAIT });
  await page.waitForSelector(
    '[data-testid=simulate-output][data-state=done], [data-testid=simulate-output][data-state=error]',
  );
  return (await page.getByTestId('simulate-output').getAttribute('data-state'))!;
}

/** simulate() in Node for the request the page makes of these fields. */
async function node(fields: Partial<SimulationRequest>): Promise<SimulationResult> {
  return simulate(parseSimulationRequest({ ...FORM, ...fields }).config);
}

const metric = async (key: string): Promise<string | null> =>
  (await page.locator(`[data-metric=${key}]`).count()) === 0
    ? null
    : page.locator(`[data-metric=${key}]`).textContent();

describe(`issue 29's result fields and options in the simulation panel${SKIP}`, () => {
  it.skipIf(!hasChromium)(
    "a hot-spot run's percentiles, per-node accepted min and max, latency CDF and histogram and timing are simulate()'s",
    async () => {
      const fields = { load: '0.05', pattern: 'hotspot', hotspots: '0,9', hotspotFraction: '0.3' };
      expect(await run(fields)).toBe('done');
      const r = await node(fields);
      const p = r.latencyPercentiles!;
      expect(await metric('percentiles')).toBe(
        `p50 ${p.p50}, p90 ${p.p90}, p99 ${p.p99}, p99.9 ${p.p999}, max ${p.max}`,
      );
      const a = r.acceptedPerNode!;
      // a hot spot: the busiest node accepts well above the least busy (both shown, as BookSim prints them)
      expect(a.max).toBeGreaterThan(2 * a.min);
      expect(await metric('accepted-per-node')).toBe(`min ${a.min.toFixed(4)}, max ${a.max.toFixed(4)}`);
      expect(await metric('drain-time')).toBeNull();
      expect(await metric('warmup-auto')).toBeNull();
      // the charts: the rows the page drew are those of `wormcast plot --kind cdf|histogram` over Node's run
      await page.waitForSelector('[data-testid=sim-latency-cdf][data-state=done]');
      await page.waitForSelector('[data-testid=sim-latency-histogram][data-state=done]');
      const drawn = await page.evaluate(() => {
        const c = (
          window as unknown as { wormcast: { latencyCharts(): Record<'cdf' | 'histogram', { rows: unknown[] }> } }
        ).wormcast.latencyCharts();
        return { cdf: c.cdf.rows, histogram: c.histogram.rows };
      });
      const want = latencyCharts(r, 'finished')!;
      expect(drawn.cdf).toEqual(want.cdf.rows);
      expect(drawn.histogram).toEqual(want.histogram.rows);
      // the CDF climbs from 0 to 1 and ends past the largest latency
      const last = want.cdf.rows.at(-1)!;
      expect(want.cdf.rows[0]!.y).toBe(0);
      expect(last.y).toBe(1);
      expect(last.x).toBe(p.max + 1);
      for (const kind of ['cdf', 'histogram']) {
        const svg = await page.getByTestId(`sim-latency-${kind}`).innerHTML();
        expect(svg, kind).toMatch(/^<svg/);
        expect(svg, kind).toContain('mark-line');
      }
      // timing is what the run cost in the page (wall clock: no process.cpuUsage there), its rate its own flit-hops per run time
      const t = await page.evaluate(
        () =>
          (
            window as unknown as {
              wormcast: {
                results: {
                  sim: {
                    result: { flitHops: number };
                    timing: { setupCpuMs: number; runCpuMs: number; flitHopsPerCpuSecond: number; clock: string };
                  };
                };
              };
            }
          ).wormcast.results.sim,
      );
      expect(t.timing.clock).toBe('wall');
      expect(t.result.flitHops).toBe(r.flitHops);
      expect(t.timing.flitHopsPerCpuSecond).toBeCloseTo((t.result.flitHops * 1000) / t.timing.runCpuMs, 6);
      expect(await metric('timing')).toBe(
        `set-up ${t.timing.setupCpuMs.toFixed(1)}, run ${t.timing.runCpuMs.toFixed(1)}; ${(t.timing.flitHopsPerCpuSecond / 1e6).toPrecision(3)} M flit-hops/s`,
      );
      expect(pageErrors).toEqual([]);
    },
  );

  it.skipIf(!hasChromium)(
    "warm-up auto from the URL: the warm-up MSER found, and the window it leaves, are simulate()'s",
    async () => {
      const fields = { load: '0.05', cycles: '3000', warmup: 'auto' };
      expect(await run(fields)).toBe('done');
      expect(await page.inputValue('#sim-warmup')).toBe('auto');
      expect(new URLSearchParams(await page.evaluate(() => location.search)).get('sim-warmup')).toBe('auto');
      const w = (await node(fields)).warmupAuto!;
      expect(await metric('warmup-auto')).toBe(warmupAutoText(w, 'the cycles'));
      expect(await metric('warmup-auto')).toMatch(new RegExp(`^${w.warmup} cycles \\(MSER deleted ${w.mser} of 100 `));
      expect(await metric('window')).toBe(`${w.warmup}..${w.warmup + 3000}`);
    },
  );

  it.skipIf(!hasChromium)("a batch's drain time and a size mix's run are simulate()'s", async () => {
    const batch = { process: 'batch', batch: '3' };
    expect(await run(batch)).toBe('done');
    expect(await metric('drain-time')).toBe(String((await node(batch)).drainTime));
    const mix = { flits: '4:1,16:1' };
    expect(await run(mix)).toBe('done');
    expect(new URLSearchParams(await page.evaluate(() => location.search)).get('sim-flits')).toBe('4:1,16:1');
    expect(await page.getByTestId('sim-heading').textContent()).toContain('message sizes 4:1,16:1');
    expect(await metric('traffic')).toMatch(new RegExp(`^${(await node(mix)).flitHops};`));
  });

  it.skipIf(!hasChromium)(
    "near multicast sets with a radius from the form (every destination within 2 hops, simulate()'s mean hops) and hot-spot-biased sets",
    async () => {
      const fields = { algorithm: 'dual-path', dests: '3', load: '0.05', pattern: 'near', radius: '2' };
      expect(await run(fields)).toBe('done');
      const r = await node(fields);
      expect(r.meanHops).toBeLessThanOrEqual(2);
      expect(await metric('hops')).toBe(r.meanHops!.toFixed(2));
      expect(await page.getByTestId('sim-heading').textContent()).toContain(', pattern near, radius 2');
      // hot-spot-biased sets: the form's run is Node's, percentile for percentile
      const hot = { ...fields, pattern: 'hotspot', radius: '', hotspots: '0,9', hotspotFraction: '0.5' };
      expect(await run(hot)).toBe('done');
      const p = (await node(hot)).latencyPercentiles!;
      expect(await metric('percentiles')).toBe(
        `p50 ${p.p50}, p90 ${p.p90}, p99 ${p.p99}, p99.9 ${p.p999}, max ${p.max}`,
      );
      expect(await page.getByTestId('sim-heading').textContent()).toContain(', pattern hotspot, hotspots 0,9');
    },
  );

  it.skipIf(!hasChromium)(
    'on a 390x844 phone nothing scrolls sideways with the latency charts or the trace field on screen',
    async () => {
      const phone = await browser!.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
      await phone.goto(`${base}?topology=mesh:8x8&sim-load=0.05&run=sim`, { waitUntil: 'load', timeout: WAIT });
      await phone.waitForSelector('[data-testid=sim-latency-histogram][data-state=done]', { timeout: WAIT });
      await phone.selectOption('#sim-workload', 'trace');
      expect(await phone.isVisible('#sim-trace-text')).toBe(true);
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await phone.close();
    },
  );

  it.skipIf(!hasChromium)("a bad warm-up, size mix or radius is the panel's one line naming the field", async () => {
    for (const [fields, line] of [
      [{ warmup: 'soon' }, "wormcast: warm-up cycles: 'soon' is not an integer; must be 0..1000000, or auto"],
      [
        { flits: '4:x' },
        "wormcast: flits: '4:x' must be size:weight, a size in flits 1..16777216 and a positive weight (e.g. 4:1,16:1)",
      ],
      [{ pattern: 'near', radius: '0' }, 'wormcast: radius: 0 is out of range; must be 1..1048576'],
    ] as const) {
      expect(await run(fields)).toBe('error');
      expect(await page.getByTestId('simulate-output').textContent(), line).toBe(line);
    }
    expect(pageErrors).toEqual([]);
  });
});
