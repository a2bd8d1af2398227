import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveSimulation, simulate, type SimulateOptions } from '../src/experiment/config/simulate-options.ts';
import type { SimulationResult } from '../src/experiment/run/simulation-result.ts';

/*
 * Multicast groups retired by the kernel (docs/traffic.md "Multicast groups retired by the
 * kernel"): the host builds every multicast's Plan and writes its worms, the wasm kernel retires
 * the groups done and takes their statistics. StreamStats.add (the host reading each group's
 * times back, SimulateHooks.hostTraffic) is its specification: every result field equals the
 * host's, and the reference engine's (the host writing and reading, the reference's rules).
 */

/** Every field a run reports but its CPU timing. */
function fields(r: SimulationResult): unknown {
  const { timing: _t, ...rest } = r as SimulationResult & { timing?: unknown };
  return JSON.parse(JSON.stringify(rest, (_k, v) => (typeof v === 'number' && Number.isNaN(v) ? 'NaN' : v)));
}

async function three(o: SimulateOptions): Promise<unknown[]> {
  const kernel = await simulate(o);
  const host = await simulate(o, { hostTraffic: true });
  const reference = await simulate({ ...o, engine: 'reference' });
  return [fields(kernel), fields(host), fields(reference)];
}

/**
 * The algorithms that run on each topology (the unicast-based trees, path-based and router-replicated
 * tree algorithms; the 2D-mesh ones refuse mesh:3x3x3, the HCM ones need an even number of torus rows).
 */
const ALGORITHMS: Record<string, string[]> = {
  'mesh:4x4': ['separate', 'u-mesh', 'sorted-mp', 'sorted-mc', 'dual-path', 'multi-path', 'fixed-path'],
  'mesh:6x5': ['u-mesh', 'dual-path', 'adaptive-dual-path', 'greedy-st', 'x-first', 'divided-greedy'],
  'mesh:5x4': ['double-channel-x-first', 'x-first', 'multi-path', 'u-mesh'],
  'mesh:3x3x3': ['separate', 'u-mesh', 'greedy-st'],
  'hypercube:4': ['u-cube', 'maxport', 'combine', 'w-sort', 'sorted-mc', 'ecube-tree', 'len'],
  'hypercube:5': ['u-cube', 'dual-path', 'multi-path', 'fixed-path', 'greedy-st', 'ecube-tree', 'len', 'w-sort'],
  'torus:4x4': ['separate', 'hcm-uniform', 'hcm-fixed', 'hp-dual-path'],
  'torus:6x4': ['hcm-uniform', 'hp-dual-path'],
  'ccc:3': ['separate', 'u-ccc'],
  'star:4': ['separate', 'hcm-uniform', 'hcm-fixed', 'hp-dual-path'],
};

const config = fc
  .record({
    topology: fc.constantFrom(...Object.keys(ALGORITHMS)),
    algorithmIndex: fc.nat(),
    dests: fc.integer({ min: 1, max: 9 }),
    pattern: fc.constantFrom(undefined, 'near', 'hotspot'),
    process: fc.constantFrom('bernoulli', 'exponential', 'onoff', 'batch'),
    load: fc.constantFrom(0.01, 0.03, 0.08),
    sizes: fc.option(fc.constantFrom('4:1,16:1', '2:3,8:1'), { nil: undefined }),
    seed: fc.nat(1000),
    vcs: fc.constantFrom(1, 2),
    vcRelease: fc.constantFrom(undefined, 'tail-sent'),
    linkLatency: fc.constantFrom(undefined, 2),
    port: fc.constantFrom(undefined, 'all'),
    batches: fc.constantFrom(0, 3),
  })
  .map((x) => {
    const algorithms = ALGORITHMS[x.topology]!;
    const a: Record<string, unknown> = {
      topology: x.topology,
      algorithm: algorithms[x.algorithmIndex % algorithms.length]!,
      dests: x.dests,
      load: x.load,
      flits: 4,
      cycles: 400,
      warmup: 100,
      drain: 3000,
      seed: x.seed,
      vcs: x.vcs,
      process: x.process,
    };
    if (x.pattern === 'near') {
      a.pattern = 'near';
      a.radius = 2;
      // a ball of radius 2 may hold few nodes: one or two destinations always fit
      a.dests = Math.min(x.dests, 2);
    }
    if (x.pattern === 'hotspot') {
      a.pattern = 'hotspot';
      a.hotspots = '0,3';
      a.hotspotFraction = 0.3;
    }
    if (x.process === 'onoff') a.onoff = '0.2,0.1';
    if (x.process === 'batch') a.batch = 2;
    if (x.sizes) {
      a.sizes = x.sizes;
      delete a.flits;
    }
    if (x.vcRelease) a.vcRelease = x.vcRelease;
    if (x.linkLatency) a.linkLatency = x.linkLatency;
    if (x.port) a.port = x.port;
    return { options: a as unknown as SimulateOptions, batches: x.process === 'batch' ? 0 : x.batches };
  });

describe('multicast groups retired by the kernel = the host = the reference', () => {
  it('the profiled workloads, shortened: every result field equal', async () => {
    for (const o of [
      { topology: 'hypercube:6', algorithm: 'u-cube', dests: 16, load: 0.05 },
      { topology: 'mesh:8x8', algorithm: 'dual-path', dests: 8, load: 0.02 },
      { topology: 'hypercube:6', algorithm: 'greedy-st', dests: 8, load: 0.01 },
    ]) {
      const [k, h, r] = await three({ ...o, cycles: 1500, warmup: 300 } as SimulateOptions);
      expect(k).toEqual(h);
      expect(k).toEqual(r);
      expect((k as { completed: number }).completed).toBeGreaterThan(30);
    }
  }, 120_000);

  it('random topologies, algorithms, destination patterns, processes, size mixes and engine rules: every result field equal', async () => {
    await fc.assert(
      fc.asyncProperty(config, async ({ options, batches }) => {
        const c = { ...resolveSimulation(options), ...(batches > 0 ? { batches } : {}) };
        const [k, h, r] = await three(c as SimulateOptions);
        expect(k).toEqual(h);
        expect(k).toEqual(r);
      }),
      { numRuns: 80, seed: 2929 },
    );
  }, 900_000);

  it('a saturated multicast run stops at the same cycle with the same measured window', async () => {
    const o = {
      topology: 'hypercube:5',
      algorithm: 'u-cube',
      dests: 8,
      load: 0.1,
      cycles: 3000,
      warmup: 50,
      inFlight: 300,
      flits: 8,
    } as SimulateOptions;
    const [k, h, r] = await three(o);
    expect(k).toEqual(h);
    expect(k).toEqual(r);
    const res = k as { status: string; cycles: number; completed: number };
    expect(res.status).toBe('saturated');
    // saturated well inside the window, with groups retired and measured before the stop
    expect(res.cycles).toBeGreaterThan(500);
    expect(res.completed).toBeGreaterThan(50);
  });

  it('a deadlocked tree run stops with the same report and the groups left measured up to it', async () => {
    // x-first trees under load on a 16x16 mesh deadlock (the profile's first tree workload did)
    const o = { topology: 'mesh:16x16', algorithm: 'x-first', dests: 8, load: 0.01, cycles: 3000 } as SimulateOptions;
    const [k, h, r] = await three(o);
    expect(k).toEqual(h);
    expect(k).toEqual(r);
    expect((k as { status: string }).status).toBe('deadlock');
  }, 120_000);

  it('with faults, each multicast cut to what can be delivered: equal, and the undeliverable counted', async () => {
    const o = {
      topology: 'mesh:8x8',
      algorithm: 'u-mesh',
      routing: 'fault-ring',
      dests: 8,
      load: 0.01,
      flits: 8,
      cycles: 1500,
      warmup: 300,
      faults: 'links:6',
      faultSeed: 1,
    } as SimulateOptions;
    const [k, h, r] = await three(o);
    expect(k).toEqual(h);
    expect(k).toEqual(r);
    expect((k as { faults: { deadLinks: number } }).faults.deadLinks).toBe(6);
  }, 120_000);

  it('a multicast batch drains at the same cycle, its drain time the last delivery', async () => {
    const o = {
      topology: 'hypercube:4',
      algorithm: 'dual-path',
      dests: 5,
      load: 0.05,
      process: 'batch',
      batch: 4,
      flits: 4,
      cycles: 100,
    } as SimulateOptions;
    const [k, h, r] = await three(o);
    expect(k).toEqual(h);
    expect(k).toEqual(r);
    const res = k as { drainTime: number; multicasts: number; completed: number };
    expect(res.multicasts).toBe(16 * 4);
    expect(res.completed).toBe(16 * 4);
    expect(res.drainTime).toBeGreaterThan(0);
  });
});
