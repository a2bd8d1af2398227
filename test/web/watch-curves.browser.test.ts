import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchChromium, SKIP, serveApp, type ServedApp } from './browser-app.ts';
import { getScenario } from '../../src/engine/scenarios.ts';
import { WasmEngine } from '../../src/engine/wasm.ts';
import { resolvePoint } from '../../src/experiment/config/point-config.ts';
import { runPoint } from '../../src/experiment/sweep/point-run.ts';
import type { StoredPoint } from '../../src/experiment/sweep/store.ts';
import { plotRows } from '../../src/report/plot-spec.ts';
import { defaultSettings } from '../../src/web/curves/point.ts';
import { computeSimulation, parseSimulationRequest, type SimulationRequest } from '../../src/web/simulate-panel.ts';
import { runCli } from '../cli.ts';
import { heldFromOwners, simulateRegionAt } from './region-read.ts';

/**
 * Issue 14 part two in chromium (docs/web.md "Watching a simulation", "Curves", "Speed"): a run
 * stepped cycle by cycle shows the engine's state at that cycle (held VCs, their worms and
 * flits, as Node reads them from the region), the watched lin-fig-6.4 deadlock draws the CLI's
 * cycle, the latency-load and throughput charts render with the plotted values of the sweep in
 * Node, and a run takes the page no more than 1.5 times what it takes Node. Same harness as
 * drawing.browser.test.ts; skipped, with the reason in the suite name, without chromium.
 */

const WAIT = 15_000;
const wasm = readFileSync(new URL('../../build/wormcast.wasm', import.meta.url));

let app: ServedApp | undefined;
let browser: Browser | undefined;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  if (!hasChromium) return;
  app = await serveApp('watch');
  const base = app.base;
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.setDefaultTimeout(WAIT);
  page.on('pageerror', (e) => pageErrors.push(e.message));
  await page.goto(base, { waitUntil: 'load', timeout: WAIT });
  await page.getByTestId('wasm-status').filter({ hasText: 'loaded' }).waitFor({ timeout: WAIT });
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

interface PageFrame {
  asked: number;
  over: string | null;
  spec: string;
  cycleChannels: Array<[number, number]>;
  snapshot: {
    cycle: number;
    held: Array<{ vc: number; worm: number; flits: number; kind: string; node: number }>;
    blocked: unknown[];
  };
}

/** The frame on screen. */
async function frame(): Promise<PageFrame> {
  return page.evaluate(
    () => (window as unknown as { wormcast: { watch: { frame: unknown } } }).wormcast.watch.frame as PageFrame,
  );
}

/** Wait until the watch shows cycle `c` and is idle. */
async function shows(c: number): Promise<void> {
  await page.waitForSelector(`[data-testid=watch-status][data-cycle="${c}"]`, { timeout: WAIT });
  await page.waitForSelector('[data-testid=watch][data-state=idle]', { timeout: WAIT });
}

async function jump(c: number): Promise<void> {
  await page.fill('[data-testid=watch-cycle]', String(c));
  await page.getByTestId('watch-go').click();
}

/** Arrows the drawing drew at its last repaint. */
async function arrows(): Promise<number> {
  return page.evaluate(() => {
    (window as unknown as { wormcast: { drawing: { paintNow(): void } } }).wormcast.drawing.paintNow();
    return Number(document.querySelector<HTMLCanvasElement>('[data-testid=network-canvas]')!.dataset.arrows);
  });
}

const triples = (f: PageFrame): Array<[number, number, number]> =>
  f.snapshot.held.map((h): [number, number, number] => [h.vc, h.worm, h.flits]).sort((a, b) => a[0] - b[0]);

async function fillSim(req: SimulationRequest): Promise<void> {
  await page.fill('#topology', req.topology);
  await page.dispatchEvent('#topology', 'change');
  await page.selectOption('#sim-workload', '');
  await page.dispatchEvent('#sim-workload', 'change');
  await page.selectOption('#sim-algorithm', req.algorithm);
  await page.selectOption('#sim-routing', req.routing);
  for (const id of ['dests', 'load', 'flits', 'warmup', 'cycles', 'drain', 'seed', 'vcs', 'buffer'] as const)
    await page.fill(`#sim-${id}`, req[id]);
  await page.selectOption('#sim-port', req.port);
}

describe(`browser app: watching a run, curves, speed${SKIP}`, () => {
  it.skipIf(!hasChromium)(
    "lin-fig-6.4 stepped cycle by cycle: after k steps the VCs held, their worms and buffered flits are the engine state of Node at cycle k; run to its end it draws the CLI's wait-for cycle",
    async () => {
      await page.selectOption('#sim-workload', 'lin-fig-6.4');
      await page.dispatchEvent('#sim-workload', 'change');
      await page.click('#sim-watch');
      await shows(0);
      const s = getScenario('lin-fig-6.4');
      const nodeAt = async (k: number): Promise<Array<[number, number, number]>> => {
        const e = await WasmEngine.create({ routing: s.routing, worms: s.worms, options: s.options }, wasm);
        e.runUntil(k);
        return heldFromOwners(e.region());
      };
      for (let k = 1; k <= 6; k++) {
        await page.getByTestId('watch-step').click();
        await shows(k);
      }
      let f = await frame();
      expect(f.snapshot.cycle).toBe(6);
      expect(triples(f)).toEqual(await nodeAt(6));
      expect(f.snapshot.held.length).toBeGreaterThan(0);
      // the table lists them, and the drawing has an arrow per network VC held
      expect(await page.getByTestId('watch-held').locator('tbody tr').count()).toBe(
        Math.min(24, f.snapshot.held.length),
      );
      expect(await arrows()).toBe(f.snapshot.held.filter((h) => h.kind === 'network').length);
      // hovering the upstream node of a VC held names the VC and its worm
      const h = f.snapshot.held.find((x) => x.kind === 'network')!;
      const at = await page.evaluate((n) => {
        const w = (
          window as unknown as {
            wormcast: { drawing: { paintNow(): void; screenOf(n: number): { x: number; y: number } } };
          }
        ).wormcast;
        w.drawing.paintNow();
        return w.drawing.screenOf(n);
      }, h.node);
      await page.getByTestId('network-canvas').scrollIntoViewIfNeeded();
      const box = (await page.getByTestId('network-canvas').boundingBox())!;
      await page.mouse.move(box.x + at.x, box.y + at.y);
      expect(await page.getByTestId('hover-info').textContent()).toContain(`for worm ${h.worm} (`);
      for (const k of [25, 11, 60]) {
        // forward, back (the run starts again) and forward
        await jump(k);
        await shows(k);
        f = await frame();
        expect(triples(f), `cycle ${k}`).toEqual(await nodeAt(k));
      }
      await jump(1000);
      await shows(1000);
      f = await frame();
      expect(f.over).toMatch(/^deadlock at cycle \d+$/);
      const cli = JSON.parse(runCli('simulate', '--scenario', 'lin-fig-6.4', '--json').stdout) as {
        cycles: number;
        deadlock: { channels: Array<{ node: string; port: number }> };
      };
      const t = s.routing.topology;
      expect(f.spec).toBe('mesh:4x3');
      expect(f.cycleChannels).toEqual(cli.deadlock.channels.map((c) => [t.parse(c.node), c.port]));
      expect(f.snapshot.cycle).toBe(cli.cycles);
      expect(await page.getByTestId('watch-status').textContent()).toContain('The run is over: deadlock at cycle');
      expect(await arrows()).toBe(
        f.snapshot.held.filter((h) => h.kind === 'network').length + cli.deadlock.channels.length,
      );
    },
  );

  it.skipIf(!hasChromium)(
    "random traffic played at speed stops where paused, and shows the state of the Simulate button's run (streamed traffic) at that cycle; the URL keeps the cycle",
    async () => {
      const req: SimulationRequest = {
        scenario: '',
        topology: 'mesh:4x4',
        routing: '',
        algorithm: 'dual-path',
        dests: '3',
        load: '0.2',
        flits: '8',
        cycles: '600',
        warmup: '100',
        drain: '800',
        seed: '3',
        vcs: '2',
        buffer: '4',
        port: '',
      };
      await fillSim(req);
      await page.click('#sim-watch');
      await shows(0);
      await page.selectOption('[data-testid=watch-speed]', '256');
      await page.getByTestId('watch-play').click();
      await page.waitForFunction(
        () => Number(document.querySelector<HTMLElement>('[data-testid=watch-status]')!.dataset.cycle) >= 40,
        undefined,
        { timeout: WAIT },
      );
      await page.getByTestId('watch-play').click();
      await page.waitForSelector('[data-testid=watch][data-state=idle]');
      const f = await frame();
      expect(f.asked).toBeGreaterThanOrEqual(40);
      const { config } = parseSimulationRequest(req);
      const at = await simulateRegionAt(config, f.asked, wasm);
      expect(f.snapshot.cycle).toBe(at.cycle);
      expect(triples(f)).toEqual(heldFromOwners(at.region));
      expect(new URL(page.url()).searchParams.get('watch')).toBe(String(f.asked));
      // a jump past a stretch of written traffic (1024 cycles)
      await jump(1100);
      await shows(1100);
      expect(triples(await frame())).toEqual(heldFromOwners((await simulateRegionAt(config, 1100, wasm)).region));
      await page.getByTestId('watch-close').click();
    },
  );

  it.skipIf(!hasChromium)(
    'the latency-load and throughput charts render (SVG, one symbol per point) with the values of runPoint in Node, saturated points apart',
    async () => {
      const req: SimulationRequest = {
        scenario: '',
        topology: 'mesh:4x4',
        routing: '',
        algorithm: 'unicast',
        dests: '',
        load: '0.1',
        flits: '8',
        cycles: '500',
        warmup: '100',
        drain: '500',
        seed: '1',
        vcs: '1',
        buffer: '4',
        port: '',
      };
      await fillSim(req);
      await page.fill('#curve-loads', '0.05 0.2 0.7');
      await page.fill('#curve-reps', '2');
      await page.fill('#curve-seed', '3');
      await page.click('#curve-go');
      await page.waitForSelector('[data-testid=curve-output][data-state=done]', { timeout: 30_000 });
      const got = await page.evaluate(
        () =>
          (window as unknown as { wormcast: { curves: { latency: unknown[]; throughput: unknown[] } } }).wormcast
            .curves,
      );
      const settings = defaultSettings(2, 3);
      const points: StoredPoint[] = [];
      for (const load of [0.05, 0.2, 0.7]) {
        const values = {
          topology: 'mesh:4x4',
          algorithm: 'unicast',
          load,
          flits: 8,
          warmup: 100,
          cycles: 500,
          drain: 500,
          vcs: 1,
          buffer: 4,
          port: 'one',
        };
        const config = resolvePoint(values);
        const o = await runPoint({ index: 0, values, config, settings });
        points.push({
          v: 1,
          key: '',
          experiment: '',
          index: 0,
          values,
          config,
          settings,
          engineVersion: '',
          replications: o.replications,
          summary: o.summary,
          run: { wallMs: 0, finishedAt: '' },
        });
      }
      const latency = plotRows(points, { x: 'load', y: 'meanLatency' });
      const throughput = plotRows(points, { x: 'load', y: 'throughput' });
      expect(got.latency).toEqual(latency);
      expect(got.throughput).toEqual(throughput);
      expect(latency.map((r) => r.state)).toEqual(['measured', 'measured', 'saturated']);
      for (const [id, rows] of [
        ['curve-latency', latency],
        ['curve-throughput', throughput],
      ] as const) {
        const box = page.getByTestId(id);
        expect(await box.locator('svg').count(), id).toBe(1);
        // one symbol per plotted point; the error bars of measured points with an interval
        expect(await box.locator('g.mark-symbol.role-mark path').count(), id).toBe(rows.length);
        expect(await box.locator('g.mark-rule.role-mark line, g.mark-rule.role-mark path').count(), id).toBeGreaterThan(
          0,
        );
      }
      expect(await page.getByTestId('curve-table').locator('tbody tr').count()).toBe(3);
      expect(await page.getByTestId('curve-table').textContent()).toContain('saturated');
      // the URL holds the sweep: opening it in another page runs it again and shows the same numbers
      const shared = page.url();
      expect(new URL(shared).searchParams.get('curves')).toBe('1');
      const other = await browser!.newPage({ viewport: { width: 1100, height: 900 } });
      try {
        await other.goto(shared, { waitUntil: 'load', timeout: WAIT });
        await other.waitForSelector('[data-testid=curve-output][data-state=done]', { timeout: 30_000 });
        const again = await other.evaluate(
          () =>
            (window as unknown as { wormcast: { curves: { latency: unknown[]; throughput: unknown[] } } }).wormcast
              .curves,
        );
        expect(again.latency).toEqual(latency);
        expect(again.throughput).toEqual(throughput);
        expect(await other.getByTestId('curve-table').textContent()).toBe(
          await page.getByTestId('curve-table').textContent(),
        );
      } finally {
        await other.close();
      }
    },
  );

  it.skipIf(!hasChromium)(
    "a new topology clears the curves of the old network, and stops a sweep that is running (it went on and drew the old network's curves under the new one)",
    async () => {
      const req: SimulationRequest = {
        scenario: '',
        topology: 'torus:8x8',
        routing: '',
        algorithm: 'unicast',
        dests: '',
        load: '0.1',
        flits: '16',
        cycles: '3000',
        warmup: '200',
        drain: '2000',
        seed: '1',
        vcs: '1',
        buffer: '8',
        port: '',
      };
      const points = (): Promise<unknown> =>
        page.evaluate(
          () => (window as unknown as { wormcast: { curves: { points?: unknown } } }).wormcast.curves.points,
        );
      await fillSim(req);
      await page.fill('#curve-loads', '0.05 0.1');
      await page.fill('#curve-reps', '1');
      await page.click('#curve-go');
      await page.waitForSelector('[data-testid=curve-output][data-state=done]', { timeout: 30_000 });
      expect(page.url()).toContain('curves=1');
      // the curves on screen are torus:8x8's: a new network takes them away, and the URL's curves=1
      await page.fill('#topology', 'mesh:4x4');
      await page.dispatchEvent('#topology', 'change');
      expect(await page.getByTestId('curve-output').textContent()).toBe('');
      expect(await points()).toBeUndefined();
      expect(page.url()).not.toContain('curves=1');
      // a sweep still running when the network changes stops, and draws nothing of the old network
      await fillSim(req);
      await page.fill('#curve-loads', '0.02 0.04 0.06 0.08 0.1 0.12 0.14 0.16 0.18 0.2 0.22 0.24');
      await page.fill('#curve-reps', '20');
      await page.click('#curve-go');
      await page
        .getByTestId('curve-output')
        .getByTestId('progress')
        .filter({ hasText: /^sweep: / })
        .waitFor({ timeout: WAIT });
      await page.fill('#topology', 'mesh:4x4');
      await page.dispatchEvent('#topology', 'change');
      await page.waitForSelector('[data-testid=curve-output][data-state=cancelled]', { timeout: 5_000 });
      expect(await page.getByTestId('curve-output').textContent()).toBe('cancelled');
      expect(await points()).toBeUndefined();
      expect(page.url()).not.toContain('curves=1');
      expect(pageErrors).toEqual([]);
    },
  );

  it.skipIf(!hasChromium)(
    'speed: the same run takes the page (its worker) at most 1.5 times what it takes Node (best of 3 each)',
    async () => {
      const req: SimulationRequest = {
        scenario: '',
        topology: 'torus:16x16',
        routing: '',
        algorithm: 'unicast',
        dests: '',
        load: '0.3',
        flits: '16',
        cycles: '6000',
        warmup: '500',
        drain: '2000',
        seed: '1',
        vcs: '2',
        buffer: '8',
        port: '',
      };
      await fillSim(req);
      const inPage: number[] = [];
      for (let i = 0; i < 3; i++) {
        await page.click('#sim-go');
        await page.waitForSelector('[data-testid=simulate-output][data-state=done]', { timeout: 30_000 });
        inPage.push(
          await page.evaluate(
            () => (window as unknown as { wormcast: { results: { sim: { ms: number } } } }).wormcast.results.sim.ms,
          ),
        );
      }
      const inNode: number[] = [];
      let node: Awaited<ReturnType<typeof computeSimulation>> | undefined;
      for (let i = 0; i < 3; i++) {
        node = await computeSimulation(req, wasm);
        inNode.push(node.ms!);
      }
      expect(await page.locator('[data-testid=sim-metrics] dd[data-metric="throughput"]').textContent()).toBe(
        `${node!.result.throughput.toFixed(4)} accepted, ${node!.result.generated.toFixed(4)} generated`,
      );
      const ratio = Math.min(...inPage) / Math.min(...inNode);
      console.log(
        `speed: page ${inPage.map((x) => x.toFixed(0)).join(', ')} ms, Node ${inNode.map((x) => x.toFixed(0)).join(', ')} ms; best page / best Node = ${ratio.toFixed(2)}`,
      );
      expect(ratio).toBeLessThan(1.5);
      expect(pageErrors).toEqual([]);
    },
  );
});
