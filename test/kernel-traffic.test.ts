import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveSimulation, simulate, type SimulateOptions } from '../src/experiment/config/simulate-options.ts';
import type { SimulationResult } from '../src/experiment/run/simulation-result.ts';
import { detLog } from '../src/traffic/det-log.ts';

/*
 * Traffic drawn by the kernel (docs/traffic.md "Traffic drawn by the kernel"): the wasm kernel
 * draws, retires and measures a dynamic unicast run's messages; the host's TrafficStream and
 * StreamStats are its specification. Every result field of a kernel run equals the same run's
 * with the host writing every message (the same engine), and the reference engine's (the host
 * writing, the reference's rules).
 */

/** Every field a run reports but its CPU timing. */
function fields(r: SimulationResult): unknown {
  const { timing: _t, ...rest } = r as SimulationResult & { timing?: unknown };
  return JSON.parse(JSON.stringify(rest, (_k, v) => (typeof v === 'number' && Number.isNaN(v) ? 'NaN' : v)));
}

async function three(o: SimulateOptions, reference = true): Promise<unknown[]> {
  const kernel = await simulate(o);
  const host = await simulate(o, { hostTraffic: true });
  const out = [fields(kernel), fields(host)];
  if (reference) out.push(fields(await simulate({ ...o, engine: 'reference' })));
  return out;
}

const TOPOLOGIES = ['mesh:4x4', 'mesh:6x5', 'torus:4x4', 'torus:5x3', 'hypercube:4', 'hypercube:5', 'ccc:3', 'star:4'];
/** Patterns defined on each topology (the bit patterns need a power-of-two node count; tornado and neighbor a radix). */
const PATTERNS: Record<string, string[]> = {
  'mesh:4x4': ['uniform', 'transpose', 'bitcomp', 'bitrev', 'shuffle', 'tornado', 'neighbor', 'randperm', 'hotspot'],
  'mesh:6x5': ['uniform', 'tornado', 'neighbor', 'randperm', 'hotspot'],
  'torus:4x4': ['uniform', 'transpose', 'bitcomp', 'bitrev', 'shuffle', 'tornado', 'neighbor', 'randperm', 'hotspot'],
  'torus:5x3': ['uniform', 'tornado', 'neighbor', 'randperm', 'hotspot'],
  'hypercube:4': ['uniform', 'bitcomp', 'bitrev', 'shuffle', 'randperm', 'hotspot'],
  'hypercube:5': ['uniform', 'bitcomp', 'bitrev', 'shuffle', 'randperm', 'hotspot'],
  'ccc:3': ['uniform', 'randperm', 'hotspot'],
  'star:4': ['uniform', 'randperm', 'hotspot'],
};

const config = fc
  .record({
    topology: fc.constantFrom(...TOPOLOGIES),
    patternIndex: fc.nat(),
    process: fc.constantFrom('bernoulli', 'exponential', 'uniform', 'onoff', 'batch'),
    load: fc.constantFrom(0.02, 0.1, 0.25, 0.4),
    sizes: fc.option(fc.constantFrom('4:1,16:1', '2:3,8:1,12:1', '6:1'), { nil: undefined }),
    self: fc.boolean(),
    seed: fc.nat(1000),
    vcs: fc.constantFrom(1, 2),
    vcRelease: fc.constantFrom(undefined, 'tail-sent'),
    linkLatency: fc.constantFrom(undefined, 2),
    port: fc.constantFrom(undefined, 'all'),
    perPort: fc.boolean(),
  })
  .map((x) => {
    const patterns = PATTERNS[x.topology]!;
    const pattern = patterns[x.patternIndex % patterns.length]!;
    const o: SimulateOptions = {
      topology: x.topology,
      load: x.load,
      flits: 4,
      cycles: 400,
      warmup: 100,
      drain: 2000,
      seed: x.seed,
      vcs: x.vcs,
      self: x.self,
      pattern,
      process: x.process,
    } as SimulateOptions;
    const a = o as Record<string, unknown>;
    if (pattern === 'hotspot') {
      a.hotspots = '0,3';
      a.hotspotFraction = 0.3;
    }
    if (x.process === 'onoff') a.onoff = '0.2,0.1';
    if (x.process === 'batch') a.batch = 3;
    if (x.sizes) {
      a.sizes = x.sizes;
      delete a.flits;
    }
    if (x.vcRelease) a.vcRelease = x.vcRelease;
    if (x.linkLatency) a.linkLatency = x.linkLatency;
    if (x.port) a.port = x.port;
    // BookSim's switch needs multiplexed VCs: two per class here
    if (x.perPort && x.vcs === 2) a.switch = 'per-port';
    return o;
  });

describe('kernel traffic = host traffic = the reference (docs/traffic.md "Traffic drawn by the kernel")', () => {
  it('the example run: every result field equal', async () => {
    const [k, h, r] = await three({ topology: 'mesh:8x8', load: 0.2, cycles: 2000, warmup: 500 } as SimulateOptions);
    expect(k).toEqual(h);
    expect(k).toEqual(r);
    expect((k as { multicasts: number }).multicasts).toBeGreaterThan(1000);
  });

  it('random patterns, processes, size mixes and engine rules: every result field equal', async () => {
    await fc.assert(
      fc.asyncProperty(config, async (o) => {
        const [k, h, r] = await three(o);
        expect(k).toEqual(h);
        expect(k).toEqual(r);
      }),
      { numRuns: 150, seed: 29 },
    );
  }, 600_000);

  it('a saturated run stops at the same cycle with the same measured window', async () => {
    const o = { topology: 'mesh:4x4', load: 0.9, cycles: 3000, warmup: 100, inFlight: 64, flits: 8 } as SimulateOptions;
    const [k, h, r] = await three(o);
    expect(k).toEqual(h);
    expect(k).toEqual(r);
    expect((k as { status: string }).status).toBe('saturated');
  });

  it('a deadlocked run stops at the same cycle with the same deadlock report (star:5, star-min, load 0.25)', async () => {
    const o = { topology: 'star:5', routing: 'star-min', load: 0.25, cycles: 3000 } as SimulateOptions;
    const [k, h, r] = await three(o);
    expect(k).toEqual(h);
    expect(k).toEqual(r);
    expect((k as { status: string }).status).toBe('deadlock');
    expect((k as { deadlock: { lastProgress: number } }).deadlock.lastProgress).toBeGreaterThan(0);
  });

  it('a batch drains at the same cycle, and its drain time is the last delivery', async () => {
    const o = {
      topology: 'torus:4x4',
      load: 0.2,
      process: 'batch',
      batch: 5,
      flits: 4,
      cycles: 100,
    } as SimulateOptions;
    const [k, h, r] = await three(o);
    expect(k).toEqual(h);
    expect(k).toEqual(r);
    const res = k as { drainTime: number; multicasts: number; completed: number };
    expect(res.multicasts).toBe(16 * 5);
    expect(res.completed).toBe(16 * 5);
    expect(res.drainTime).toBeGreaterThan(0);
  });

  it('batch means over spans of the window', async () => {
    const c = {
      ...resolveSimulation({ topology: 'torus:4x4', load: 0.3, cycles: 800, warmup: 100 } as SimulateOptions),
      batches: 5,
    };
    const k = fields(await simulate(c));
    const h = fields(await simulate(c, { hostTraffic: true }));
    const r = fields(await simulate({ ...c, engine: 'reference' }));
    expect(k).toEqual(h);
    expect(k).toEqual(r);
    expect((k as { batchMeans: number[] }).batchMeans).toHaveLength(5);
  });

  it('a keyed non-minimal routing (valiant) counts the hops its worms took under their own keys', async () => {
    const o = { topology: 'mesh:4x4', routing: 'valiant', load: 0.05, cycles: 600, warmup: 100 } as SimulateOptions;
    const [k, h, r] = await three(o);
    expect(k).toEqual(h);
    expect(k).toEqual(r);
  });

  // The kernel's one-VC-per-link cycle walks kernel traffic's worms several at once from 32 x
  // readyListAt live slots (assembly/engine/links.ts, linksLanes; readyListAt 0: every cycle),
  // in an order of the worms of its own; its readiness checks matter when a worm is longer than a
  // buffer, so these runs fill buffers (the random runs above never do: 4 flits, 8 per buffer).
  it('one VC per link, worms longer than the buffers: every result field equal', async () => {
    const runs = fc.record({
      topology: fc.constantFrom('mesh:6x5', 'hypercube:5', 'hypercube:6', 'torus:5x3', 'ccc:3'),
      buffer: fc.constantFrom(1, 2, 3),
      flits: fc.constantFrom(3, 8, 13),
      load: fc.constantFrom(0.05, 0.2, 0.4),
      seed: fc.nat(1000),
      readyListAt: fc.constantFrom(undefined, 0),
    });
    let waits = 0;
    await fc.assert(
      fc.asyncProperty(runs, async (x) => {
        const { readyListAt, ...rest } = x;
        const o = { ...rest, vcs: 1, cycles: 300, warmup: 50, drain: 3000 } as SimulateOptions;
        if (readyListAt !== undefined) (o as Record<string, unknown>).readyListAt = readyListAt;
        const [k, h, r] = await three(o);
        expect(k).toEqual(h);
        expect(k).toEqual(r);
        waits += (k as { counters: { vcWaitCycles: number } }).counters.vcWaitCycles;
      }),
      { numRuns: 30, seed: 2920 },
    );
    // a header waiting behind a worm longer than its buffers is what fills them
    expect(waits).toBeGreaterThan(0);
  }, 600_000);
});

describe("detLog: the streams' logarithm", () => {
  it('is within 1e-15 of Math.log over (0, 1]', () => {
    fc.assert(
      fc.property(fc.double({ min: 2 ** -32, max: 1, noNaN: true }), (x) => {
        expect(Math.abs(detLog(x) - Math.log(x))).toBeLessThanOrEqual(1e-15 * Math.max(1, Math.abs(Math.log(x))));
      }),
      { numRuns: 5000 },
    );
    expect(detLog(1)).toBe(0);
  });
});
