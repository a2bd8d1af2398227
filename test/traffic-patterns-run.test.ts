import { describe, expect, it } from 'vitest';
import { WormcastError } from '../src/errors.ts';
import { resolvePoint } from '../src/experiment/config/point-config.ts';
import { type SimulateOptions, simulate } from '../src/experiment/config/simulate-options.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { patternGeometry, type PatternName } from '../src/traffic/patterns.ts';
import { TrafficStream } from '../src/experiment/run/traffic-stream.ts';
import type { TrafficSpec } from '../src/experiment/run/traffic.ts';
import { mulberry32 } from '../src/random.ts';

/*
 * The unicast patterns in a run (docs/traffic.md "Patterns", issue 29): each on its definition
 * through `simulate()` and the option table, the two engines equal on every pattern, and the
 * refusals in one line.
 */

const run = (topology: string, extra: Record<string, unknown>, engine: 'wasm' | 'reference' = 'wasm') =>
  simulate({ topology, load: 0.05, cycles: 1500, warmup: 200, drain: 3000, engine, ...extra });

describe('patterns on their definitions, in a run', () => {
  it('bitcomp on hypercube:6: every message travels 6 hops (meanHops 6 exactly)', async () => {
    const r = await run('hypercube:6', { pattern: 'bitcomp' });
    expect(r.completed).toBeGreaterThan(100);
    expect(r.meanHops).toBe(6);
  });

  it('tornado on torus:8x8: every message travels 6 hops (3 per dimension)', async () => {
    const r = await run('torus:8x8', { pattern: 'tornado' });
    expect(r.completed).toBeGreaterThan(100);
    expect(r.meanHops).toBe(6);
  });

  it('neighbor on torus:8x8: every message travels 2 hops (+1 in each dimension)', async () => {
    const r = await run('torus:8x8', { pattern: 'neighbor' });
    expect(r.meanHops).toBe(2);
  });

  it('uniform given by name draws exactly as no pattern at all (stored results stay)', async () => {
    const a = await run('mesh:4x4', {});
    const b = await run('mesh:4x4', { pattern: 'uniform' });
    expect(b).toEqual(a);
  });

  it('hotspot with fraction 1: every message from a node other than the hot one goes to it', () => {
    const t = parseTopology('mesh:4x4');
    const spec: TrafficSpec = {
      nodes: 16,
      load: 0.1,
      flits: 4,
      dests: 0,
      cycles: 400,
      seed: 3,
      pattern: { name: 'hotspot', geometry: patternGeometry('hotspot', t), hotspots: [5], hotspotFraction: 1 },
    };
    const s = new TrafficStream(spec);
    let n = 0;
    while (s.peekTime() !== Infinity) {
      const e = s.take();
      if (e.src !== 5) expect(e.dests).toEqual([5]);
      else expect(e.dests[0]).not.toBe(5);
      n++;
    }
    // 16 nodes x 400 cycles x 0.1 / 4 messages per cycle: 160 expected
    expect(n).toBeGreaterThan(100);
  });

  it('hotspot at fraction 0.5 on torus:8x8: the hot node accepts the most, about 0.5 x 63 x load more than the rest', async () => {
    const r = await run('torus:8x8', { pattern: 'hotspot', hotspots: '9', hotspotFraction: 0.5, load: 0.01 });
    const per = r.acceptedPerNode!.perNode;
    expect(per).toHaveLength(64);
    expect(r.acceptedPerNode!.max).toBe(per[9]);
    expect(Math.min(...per)).toBe(r.acceptedPerNode!.min);
    // 63 sources x 0.01 x 0.5 = 0.315 flits per cycle to node 9, besides its uniform share
    expect(per[9]!).toBeGreaterThan(0.25);
    expect(per[9]!).toBeLessThan(0.4);
  });

  it('randperm: a bijection fixed by the seed, each source always to the same node', () => {
    const t = parseTopology('mesh:4x4');
    const spec: TrafficSpec = {
      nodes: 16,
      load: 0.2,
      flits: 4,
      dests: 0,
      cycles: 600,
      seed: 11,
      pattern: { name: 'randperm', geometry: patternGeometry('randperm', t) },
    };
    const to = new Map<number, number>();
    const s = new TrafficStream(spec);
    while (s.peekTime() !== Infinity) {
      const e = s.take();
      if (to.has(e.src)) expect(e.dests[0]).toBe(to.get(e.src));
      else to.set(e.src, e.dests[0]!);
    }
    expect(to.size).toBe(16);
    expect(new Set(to.values()).size).toBe(16);
  });
});

describe('both engines equal on every pattern (differential)', () => {
  const cases: Array<[PatternName, string, Record<string, unknown>]> = [
    ['uniform', 'mesh:4x4', {}],
    ['transpose', 'mesh:4x4', {}],
    ['bitcomp', 'hypercube:4', {}],
    ['bitrev', 'torus:4x4', {}],
    ['shuffle', 'hypercube:4', {}],
    ['tornado', 'torus:5x3', {}],
    ['neighbor', 'mesh:4x3', {}],
    ['randperm', 'ccc:3', {}],
    ['hotspot', 'torus:4x4', { hotspots: '0,7', hotspotFraction: 0.3 }],
  ];
  const rand = mulberry32(29);
  for (const [pattern, topology, extra] of cases) {
    // a random load and seed per case, fixed by this file's seed
    const load = 0.02 + 0.2 * rand();
    const seed = Math.floor(rand() * 1e6);
    it(`${pattern} on ${topology}, load ${load.toFixed(3)}, seed ${seed}`, async () => {
      const o = { pattern, seed, load, flits: 4, ...extra };
      const a = await run(topology, o, 'wasm');
      const b = await run(topology, o, 'reference');
      expect(a.completed).toBeGreaterThan(0);
      expect(b).toEqual(a);
    });
  }
});

describe('refusals in one line', () => {
  const refuses = (o: Record<string, unknown>, words: RegExp) => {
    let error: unknown;
    try {
      resolvePoint({ load: 0.1, ...o });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WormcastError);
    expect((error as Error).message).not.toContain('\n');
    expect((error as Error).message).toMatch(words);
  };
  it('a pattern where it is undefined names the pattern and the topology', () =>
    refuses({ topology: 'mesh:8x4', pattern: 'transpose' }, /pattern transpose: .*mesh:8x4 \(32 nodes\)/));
  it('a pattern for a multicast', () =>
    refuses({ topology: 'mesh:4x4', algorithm: 'dual-path', dests: 3, pattern: 'bitcomp' }, /applies to unicast/));
  it('hot spots without pattern hotspot', () =>
    refuses({ topology: 'mesh:4x4', hotspots: '1' }, /hotspots: applies to pattern hotspot only/));
  it('pattern hotspot without hot spots', () =>
    refuses({ topology: 'mesh:4x4', pattern: 'hotspot' }, /needs hotspots/));
  it('a hot spot that is not a node', () =>
    refuses({ topology: 'mesh:4x4', pattern: 'hotspot', hotspots: '3,16' }, /'16' is not a node id 0\.\.15/));
  // Number() read these as ids 3, 10 and 3 (found by fuzzing, 2026-11-27)
  for (const id of ['0x3', '1e1', '3.0', '+3'])
    it(`a hot spot written '${id}' is not a node id: decimal digits only`, () =>
      refuses(
        { topology: 'mesh:4x4', pattern: 'hotspot', hotspots: `5,${id}` },
        new RegExp(`'${id.replace(/[.+]/g, '\\$&')}' is not a node id`),
      ));
  it('tornado on a hypercube (radix 2 sends a node to itself)', () =>
    refuses({ topology: 'hypercube:4', pattern: 'tornado' }, /radix of at least 3/));
});

describe('the shipped pattern study (examples/experiments/mesh-8x8-patterns.yaml), shortened', () => {
  it('transpose at 0.2: dimension order saturates, minimal adaptive does not, on minimal routes', async () => {
    const { readExperimentFile } = await import('../src/experiment/config/experiment-file.ts');
    const e = readExperimentFile('examples/experiments/mesh-8x8-patterns.yaml');
    const point = (routing: string) =>
      simulate({
        ...(e.base as SimulateOptions),
        pattern: 'transpose',
        routing,
        load: 0.2,
        warmup: 2000,
        cycles: 4000,
        drain: 2000,
      });
    const dor = await point('dor');
    const adaptive = await point('min-adaptive');
    // dimension order puts transpose's load on the diagonal's channels: accepted falls short
    expect(dor.saturation!.length).toBeGreaterThan(0);
    expect(adaptive.saturation).toEqual([]);
    expect(adaptive.throughput).toBeCloseTo(0.2, 1);
    // transpose on the 8x8 mesh: 2|x - y| hops, 5.25 on average over the nodes; adaptive stays minimal
    expect(adaptive.meanHops!).toBeGreaterThan(5);
    expect(adaptive.meanHops!).toBeLessThan(5.5);
    expect(adaptive.latencyPercentiles!.p99!).toBeGreaterThan(adaptive.meanLatency);
  }, 60_000);
});
