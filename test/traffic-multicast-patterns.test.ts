import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate, type SimulateOptions } from '../src/experiment/config/simulate-options.ts';
import { TrafficStream } from '../src/experiment/run/traffic-stream.ts';
import type { TrafficSpec } from '../src/experiment/run/traffic.ts';
import { ballOf, unicastPattern } from '../src/experiment/run/unicast-pattern.ts';
import { parseTopology } from '../src/topology/registry.ts';

/*
 * Multicast destination patterns (docs/traffic.md "Multicast destination patterns"): sets drawn
 * near the source (pattern near, --radius) or biased to hot spots (pattern hotspot), besides uniform.
 */

function events(
  topology: string,
  o: { dests: number; pattern: string; radius?: number; hotspots?: string; hotspotFraction?: number },
  seed: number,
  cycles = 400,
) {
  const t = parseTopology(topology);
  const pattern = unicastPattern({ algorithm: o.dests > 0 ? 'dual-path' : 'unicast', ...o }, t)!;
  const spec: TrafficSpec = { nodes: t.nodes, load: 0.05, flits: 4, dests: o.dests, cycles, seed, pattern };
  const s = new TrafficStream(spec);
  const out = [];
  while (s.peekTime() !== Infinity) out.push(s.take());
  return { t, out };
}

describe('pattern near: every destination within the radius', () => {
  it('random topologies, radii and set sizes: distinct, not the source, within d hops, in order', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('mesh:6x6', 'torus:5x5', 'hypercube:6', 'ccc:3', 'star:4'),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 0, max: 4 }),
        fc.nat(1000),
        (topology, radius, dests, seed) => {
          const t = parseTopology(topology);
          const ball = ballOf(t, radius);
          let smallest = Infinity;
          for (let v = 0; v < t.nodes; v++) smallest = Math.min(smallest, ball(v).length);
          fc.pre(smallest >= Math.max(1, dests));
          const { out } = events(topology, { dests, pattern: 'near', radius }, seed, 200);
          for (const e of out) {
            expect(e.dests.length).toBe(Math.max(1, dests));
            expect(new Set(e.dests).size).toBe(e.dests.length);
            expect(e.dests).not.toContain(e.src);
            expect([...e.dests].sort((a, b) => a - b)).toEqual(e.dests);
            for (const d of e.dests) expect(t.distance(e.src, d)).toBeLessThanOrEqual(radius);
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it('the ball is the set of nodes at distance 1..d (BFS against distance())', () => {
    for (const spec of ['mesh:5x4', 'torus:6x6', 'hypercube:5', 'star:4']) {
      const t = parseTopology(spec);
      for (const d of [1, 2, 3]) {
        const ball = ballOf(t, d);
        for (let v = 0; v < t.nodes; v++) {
          const want = Array.from({ length: t.nodes }, (_, u) => u).filter((u) => u !== v && t.distance(v, u) <= d);
          expect(Array.from(ball(v))).toEqual(want);
        }
      }
    }
  });

  it('balls past the cache bound are computed again, the same (the bound is node ids kept, not balls)', () => {
    const t = parseTopology('hypercube:6');
    // room for two balls of 63 (radius 6: the whole network); the others are searched per call
    const small = ballOf(t, 6, 130);
    const full = ballOf(t, 6);
    for (let round = 0; round < 2; round++)
      for (let v = 0; v < t.nodes; v++) {
        const want = Array.from({ length: t.nodes }, (_, u) => u).filter((u) => u !== v);
        expect(Array.from(small(v))).toEqual(want);
        expect(Array.from(full(v))).toEqual(want);
      }
  });

  it('every node of the ball is drawn about equally often (hypercube:6, radius 1, unicast)', () => {
    const { out } = events('hypercube:6', { dests: 0, pattern: 'near', radius: 1 }, 7, 40_000);
    const counts = new Map<number, number>();
    for (const e of out) if (e.src === 0) counts.set(e.dests[0]!, (counts.get(e.dests[0]!) ?? 0) + 1);
    expect([...counts.keys()].sort((a, b) => a - b)).toEqual([1, 2, 4, 8, 16, 32]);
    const n = [...counts.values()].reduce((a, b) => a + b, 0);
    // chi-square with 5 degrees of freedom, p = 0.001 bound 20.5
    const chi = [...counts.values()].reduce((a, c) => a + (c - n / 6) ** 2 / (n / 6), 0);
    expect(chi).toBeLessThan(20.5);
  });
});

describe('pattern hotspot for multicasts', () => {
  it('fraction 1: every set takes the hot nodes first (as many as it can)', () => {
    const { out } = events('mesh:8x8', { dests: 3, pattern: 'hotspot', hotspots: '0,9,27,40', hotspotFraction: 1 }, 3);
    expect(out.length).toBeGreaterThan(100);
    for (const e of out) {
      const hot = [0, 9, 27, 40].filter((h) => h !== e.src);
      expect(e.dests.filter((d) => hot.includes(d)).length).toBe(Math.min(3, hot.length));
      expect(new Set(e.dests).size).toBe(3);
      expect(e.dests).not.toContain(e.src);
    }
  });

  it('fraction f: about f of the destinations are hot (4 hot of 64, m = 2)', () => {
    const f = 0.3;
    const { out } = events(
      'mesh:8x8',
      { dests: 2, pattern: 'hotspot', hotspots: '0,9,27,40', hotspotFraction: f },
      5,
      3000,
    );
    let hot = 0;
    let all = 0;
    for (const e of out)
      for (const d of e.dests) {
        all++;
        if ([0, 9, 27, 40].includes(d)) hot++;
      }
    // a destination is hot when its draw says so, or by chance among the uniform ones (about 4/63)
    const expected = f + (1 - f) * (4 / 63);
    expect(Math.abs(hot / all - expected)).toBeLessThan(4 * Math.sqrt((expected * (1 - expected)) / all));
  });
});

describe('multicast patterns on both engines, and their refusals', () => {
  for (const o of [
    { topology: 'mesh:6x6', algorithm: 'dual-path', dests: 4, pattern: 'near', radius: 2 },
    {
      topology: 'hypercube:5',
      algorithm: 'u-cube',
      dests: 5,
      pattern: 'hotspot',
      hotspots: '0,31',
      hotspotFraction: 0.4,
    },
    { topology: 'torus:6x6', pattern: 'near', radius: 2 },
  ])
    it(`${o.topology} ${o.algorithm ?? 'unicast'} ${o.pattern}: wasm = reference`, async () => {
      const base = { ...o, load: 0.05, cycles: 600, warmup: 100 } as unknown as SimulateOptions;
      const strip = (r: object) => {
        const { timing: _t, ...rest } = r as { timing?: unknown };
        return JSON.parse(JSON.stringify(rest));
      };
      const w = strip(await simulate(base));
      const r = strip(await simulate({ ...base, engine: 'reference' }));
      expect(w).toEqual(r);
      expect(w.completed).toBeGreaterThan(10);
    });
  it('one line for each misuse', async () => {
    const t = parseTopology('mesh:8x8');
    expect(() => unicastPattern({ algorithm: 'dual-path', pattern: 'transpose' }, t)).toThrow(
      /applies to unicast traffic/,
    );
    expect(() => unicastPattern({ algorithm: 'unicast', pattern: 'near' }, t)).toThrow(/needs radius/);
    expect(() => unicastPattern({ algorithm: 'unicast', pattern: 'uniform', radius: 2 }, t)).toThrow(
      /radius: applies to pattern near only/,
    );
    await expect(
      simulate({
        topology: 'mesh:8x8',
        algorithm: 'dual-path',
        dests: 20,
        pattern: 'near',
        radius: 2,
        load: 0.05,
        cycles: 400,
      } as unknown as SimulateOptions),
    ).rejects.toThrow(/node 0 has 5 nodes within radius 2, fewer than the 20 destinations/);
  });
});
