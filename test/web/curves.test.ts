import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolvePoint } from '../../src/experiment/config/point-config.ts';
import { runPoint } from '../../src/experiment/sweep/point-run.ts';
import { replicationSeeds as nodeSeeds } from '../../src/experiment/sweep/seeds.ts';
import { chartOf } from '../../src/web/curves/chart.ts';
import { findKnee, kneeLimit, kneeLoads } from '../../src/web/curves/knee.ts';
import { computePoint, defaultSettings } from '../../src/web/curves/point.ts';
import { replicationSeeds } from '../../src/web/curves/seeds.ts';
import { MESH4_SIM } from './sim-request.ts';
import { pageLoadLimit, parseSimulationRequest, type SimulationRequest } from '../../src/web/simulate-panel.ts';

/**
 * The page's sweep (docs/web.md "Curves") against the experiment layer in Node: the seeds of
 * src/experiment/sweep/seeds.ts, and runPoint's numbers (src/experiment/sweep/point-run.ts, what `wormcast
 * sweep` stores) for the same configuration and settings.
 */
const wasm = readFileSync(new URL('../../build/wormcast.wasm', import.meta.url));

describe('the page sweep', () => {
  it('replication seeds equal src/experiment/sweep/seeds.ts (SubtleCrypto SHA-256 = node:crypto), per point and common (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 2 ** 31 - 1 }),
        fc.constantFrom(0.05, 0.1, 0.3),
        fc.constantFrom('unicast', 'dual-path'),
        fc.constantFrom<'per-point' | 'common'>('per-point', 'common'),
        async (seed, load, algorithm, mode) => {
          const c = resolvePoint({
            topology: 'mesh:4x4',
            load,
            algorithm,
            ...(algorithm === 'unicast' ? {} : { dests: 3 }),
          });
          expect(await replicationSeeds(seed, c, mode, 0, 4)).toEqual(nodeSeeds(seed, c, mode, 0, 4));
        },
      ),
      { numRuns: 25 },
    );
  });

  it('a point computed for the page equals runPoint (the sweep) for the same values and settings: intervals, saturation, incomplete, seeds', async () => {
    const settings = defaultSettings(3, 7);
    for (const load of [0.1, 0.6]) {
      const values = {
        topology: 'mesh:4x4',
        algorithm: 'unicast',
        load,
        flits: 8,
        warmup: 100,
        cycles: 600,
        drain: 600,
        vcs: 1,
        buffer: 4,
      };
      const page = await computePoint({ values, settings }, wasm);
      const node = await runPoint({ index: 0, values, config: resolvePoint(values), settings });
      expect(page.summary).toEqual(node.summary);
      expect(page.replications.map((r) => r.seed)).toEqual(node.replications.map((r) => r.seed));
      expect(page.replications.map((r) => r.saturation)).toEqual(node.replications.map((r) => r.saturation));
      expect(page.replications.map((r) => r.batchMeans)).toEqual(node.replications.map((r) => r.batchMeans));
      if (load === 0.6) expect(page.summary.saturated).toBe(true);
      else expect(page.summary.saturated).toBe(false);
    }
  });

  it('the chart rows are plot-spec rows: a measured point with its interval, a saturated one apart (a cross, no interval)', async () => {
    const settings = defaultSettings(2, 1);
    const base = {
      topology: 'mesh:4x4',
      algorithm: 'unicast',
      flits: 8,
      warmup: 100,
      cycles: 500,
      drain: 500,
      vcs: 1,
      buffer: 4,
    };
    const points = [
      await computePoint({ values: { ...base, load: 0.1 }, settings }, wasm),
      await computePoint({ values: { ...base, load: 0.7 }, settings }, wasm),
    ];
    const { rows, spec } = chartOf(points, 'meanLatency', 't');
    expect(rows.map((r) => [r.x, r.state])).toEqual([
      [0.1, 'measured'],
      [0.7, 'saturated'],
    ]);
    expect(rows[0]!.mean).toBe(points[0]!.summary.metrics.meanLatency!.mean);
    expect(rows[0]!.lo).toBe(points[0]!.summary.metrics.meanLatency!.lo);
    expect(rows[1]!.lo).toBeNull();
    expect((spec.data as { values: unknown[] }).values).toEqual(rows);
  });
});

describe("the curve panel's default loads (src/web/curves/knee.ts)", () => {
  it('bracket the knee of a network that saturates at a known load, for any such load (fast-check)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.double({ min: 0.002, max: 0.9, noNaN: true }), async (knee) => {
        const k = await findKnee(async (load) => load > knee, 1);
        expect(k.stable).not.toBeNull();
        expect(k.saturated).not.toBeNull();
        expect(k.stable!).toBeLessThanOrEqual(knee);
        expect(k.saturated!).toBeGreaterThan(knee);
        // the bracket is 2^(1/8) wide after the bisections
        expect(k.saturated! / k.stable!).toBeLessThan(1.1);
        const loads = kneeLoads(k, 1);
        expect(loads.at(-1)!).toBeGreaterThan(knee);
        expect(loads[0]!).toBeLessThan(0.2 * knee);
        expect([...loads].sort((a, b) => a - b)).toEqual(loads);
      }),
      { numRuns: 50 },
    );
    // a network that never saturates up to the limit: loads up to it, none past
    const none = await findKnee(async () => false, 1);
    expect(none.saturated).toBeNull();
    expect(kneeLoads(none, 1).at(-1)).toBe(1);
  });

  it("the auto loads' limit is a load the page runs: warm-up auto and a size mix counted as the page counts them", () => {
    // the search read the form at load 0.1 and stopped at 0.99 MAX_MESSAGES x flits / (nodes x
    // (warm-up + cycles)) with the mix's largest size and warm-up auto's 0, so it was refused before
    // its first run: mesh:8x8, warm-up auto, 400,000 cycles ('about 240000 messages ... at most
    // 200000'); flits 1:1,64:1 over 800,000 cycles at its second
    for (const fields of [
      { warmup: 'auto', cycles: '400000' },
      { flits: '1:1,64:1', cycles: '800000' },
      { flits: '4:1,16:1', warmup: 'auto', cycles: '300000' },
      { cycles: '600000' },
    ]) {
      const req: SimulationRequest = { ...MESH4_SIM, topology: 'mesh:8x8', ...fields };
      const limit = kneeLimit(req);
      expect(limit, JSON.stringify(fields)).toBeLessThan(0.2);
      // the search's limit, and its last load rounded to 3 digits, run; past the page's limit is refused
      expect(() => parseSimulationRequest({ ...req, load: String(limit) })).not.toThrow();
      expect(() => parseSimulationRequest({ ...req, load: String(Number(limit.toPrecision(3))) })).not.toThrow();
      const { config, routing } = parseSimulationRequest({ ...req, load: String(limit) });
      const most = pageLoadLimit(config, routing.topology.nodes);
      expect(() => parseSimulationRequest({ ...req, load: String(1.01 * most) })).toThrow(
        /the browser app runs at most/,
      );
    }
    // the form's defaults and a batch: up to 1
    expect(kneeLimit({ ...MESH4_SIM, topology: 'mesh:8x8' })).toBe(1);
    expect(kneeLimit({ ...MESH4_SIM, process: 'batch', batch: '5' })).toBe(1);
  });

  it('on mesh:8x8 unicast (the form: 16 flits, 200 + 2000 + 5000 cycles) the last default load is a saturated point of the sweep, the first a measured one well below', async () => {
    const values = {
      topology: 'mesh:8x8',
      algorithm: 'unicast',
      flits: 16,
      warmup: 200,
      cycles: 2000,
      drain: 5000,
      vcs: 1,
      buffer: 8,
    };
    const probe = async (load: number): Promise<boolean> => {
      const p = await computePoint({ values: { ...values, load }, settings: defaultSettings(1, 1) }, wasm);
      return p.summary.saturated || p.summary.incomplete.length > 0;
    };
    const loads = kneeLoads(await findKnee(probe, 1), 1);
    const first = await computePoint({ values: { ...values, load: loads[0]! }, settings: defaultSettings(3, 1) }, wasm);
    const last = await computePoint(
      { values: { ...values, load: loads.at(-1)! }, settings: defaultSettings(3, 1) },
      wasm,
    );
    expect(last.summary.saturated, `load ${loads.at(-1)}`).toBe(true);
    expect(first.summary.saturated, `load ${loads[0]}`).toBe(false);
    expect(first.summary.incomplete).toEqual([]);
    expect(loads[0]!).toBeLessThan(0.25 * loads.at(-1)!);
  }, 120_000);
});
