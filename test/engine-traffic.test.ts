import { describe, expect, it } from 'vitest';
import { buildWorkload } from '../src/engine/workload.ts';
import { generateTraffic } from '../src/experiment/run/traffic.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';

describe('traffic generator (seeded, uniform)', () => {
  it('is a function of its seed, time-ordered, and Bernoulli at load / flits messages per node per cycle', () => {
    const spec = { nodes: 64, load: 0.2, flits: 16, dests: 0, cycles: 20_000, seed: 5 };
    const a = generateTraffic(spec);
    expect(generateTraffic(spec)).toEqual(a);
    expect(generateTraffic({ ...spec, seed: 6 })).not.toEqual(a);
    for (let i = 1; i < a.length; i++) expect(a[i]!.created >= a[i - 1]!.created).toBe(true);
    const expected = 64 * 20_000 * (0.2 / 16);
    expect(Math.abs(a.length - expected) / expected).toBeLessThan(0.03);
    expect(a.every((e) => e.dests.length === 1 && e.dests[0] !== e.src && e.created >= 0 && e.created < 20_000)).toBe(
      true,
    );
    // Bernoulli: at most one message per node per cycle
    expect(new Set(a.map((e) => `${e.src}@${e.created}`)).size).toBe(a.length);
  });

  it('exponential inter-arrival gives the same mean rate; self lets a source address itself', () => {
    const e = generateTraffic({
      nodes: 16,
      load: 0.5,
      flits: 8,
      dests: 0,
      cycles: 50_000,
      seed: 1,
      process: 'exponential',
      self: true,
    });
    const expected = 16 * 50_000 * (0.5 / 8);
    expect(Math.abs(e.length - expected) / expected).toBeLessThan(0.03);
    const selfShare = e.filter((x) => x.dests[0] === x.src).length / e.length;
    expect(Math.abs(selfShare - 1 / 16)).toBeLessThan(0.01);
  });

  it('multicasts have m distinct destinations other than the source', () => {
    const e = generateTraffic({ nodes: 32, load: 0.1, flits: 4, dests: 9, cycles: 2000, seed: 2 });
    expect(e.length).toBeGreaterThan(100);
    for (const x of e) {
      expect(new Set(x.dests).size).toBe(9);
      expect(x.dests.includes(x.src)).toBe(false);
    }
  });

  it('rejects an impossible load, naming it', () => {
    expect(() => generateTraffic({ nodes: 4, load: 20, flits: 16, dests: 0, cycles: 10, seed: 1 })).toThrow(/load 20/);
    expect(() => generateTraffic({ nodes: 4, load: 0.1, flits: 16, dests: 4, cycles: 10, seed: 1 })).toThrow(
      /4 destinations/,
    );
  });

  it("a U-CCC workload keeps each multicast's worms together, triggers inside it", () => {
    const t = parseTopology('ccc:4');
    const r = createRouting('hc', t);
    const ev = generateTraffic({ nodes: t.nodes, load: 0.01, flits: 8, dests: 10, cycles: 500, seed: 3 });
    const w = buildWorkload(ev, 'u-ccc', r, 8);
    expect(w.firstWorm[ev.length]).toBe(w.worms.length);
    for (let k = 0; k < ev.length; k++) {
      const worms = w.worms.slice(w.firstWorm[k], w.firstWorm[k + 1]);
      expect(worms.length).toBe(10);
      expect(
        worms.filter((x) => x.after === undefined).every((x) => x.created === ev[k]!.created && x.src === ev[k]!.src),
      ).toBe(true);
      for (const x of worms)
        if (x.after !== undefined) expect(x.after >= w.firstWorm[k]! && x.after < w.firstWorm[k + 1]!).toBe(true);
      expect(worms.every((x) => x.group === k)).toBe(true);
    }
  });
});
