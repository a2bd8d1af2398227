import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expandGrid } from '../src/experiment/config/grid.ts';
import { parseExperiment } from '../src/experiment/config/schema.ts';
import { pointHash, replicationSeed, replicationSeeds } from '../src/experiment/sweep/seeds.ts';
import { mulberry32 } from '../src/random.ts';

const point = (extra: Record<string, unknown> = {}) =>
  expandGrid(parseExperiment({ name: 'x', base: { topology: 'mesh:4x4', load: 0.1, ...extra } }, 't'), 't')[0]!.config;

describe('replication seeds (docs/experiments.md "Seeds")', () => {
  it('are stable: the documented derivation, and fixed values for a fixed point', () => {
    const c = point();
    // the derivation as docs/experiments.md writes it, computed here independently
    const expected = [0, 1, 2].map((r) =>
      createHash('sha256')
        .update(`wormcast-seed-v1:1:${pointHash(c)}:${r}`)
        .digest()
        .readUInt32BE(0),
    );
    expect(replicationSeeds(1, c, 'per-point', 0, 3)).toEqual(expected);
    // and the values themselves: a change of the canonical configuration would change every stored result's seeds
    expect(pointHash(c)).toBe('de2392c1729a4343f753e88cf6359834d4492cc7cacf2e2577eaec9391a5d401');
    expect(expected).toEqual([136817920, 2502529467, 958561912]);
  });
  it('do not depend on how the point was written, on the engine, or on the other points', () => {
    const a = point();
    const b = point({ routing: 'dor', vcs: 1, port: 'one', engine: 'reference', readyListAt: 0 });
    expect(replicationSeeds(7, b, 'per-point', 0, 4)).toEqual(replicationSeeds(7, a, 'per-point', 0, 4));
    const inGrid = expandGrid(
      parseExperiment({ name: 'x', base: { topology: 'mesh:4x4' }, grid: { load: [0.05, 0.1, 0.2] } }, 't'),
      't',
    )[1]!.config;
    expect(replicationSeeds(7, inGrid, 'per-point', 0, 4)).toEqual(replicationSeeds(7, a, 'per-point', 0, 4));
    // replication r's seed does not depend on how many replications were asked for (runUntil adds more)
    expect(replicationSeeds(7, a, 'per-point', 0, 10).slice(3, 6)).toEqual(replicationSeeds(7, a, 'per-point', 3, 6));
  });
  it('differ between replications, points and experiment seeds; common mode shares them across points', () => {
    const seen = new Set<number>();
    for (const load of [0.05, 0.1, 0.2])
      for (const s of [1, 2]) for (const x of replicationSeeds(s, point({ load }), 'per-point', 0, 50)) seen.add(x);
    expect(seen.size).toBe(3 * 2 * 50);
    expect(replicationSeeds(1, point({ load: 0.05 }), 'common', 0, 5)).toEqual(
      replicationSeeds(1, point({ load: 0.2 }), 'common', 0, 5),
    );
    expect(replicationSeeds(1, point(), 'common', 0, 5)).not.toEqual(replicationSeeds(1, point(), 'per-point', 0, 5));
  });
  it('are independent: uniform bits, and the random streams of consecutive replications uncorrelated', () => {
    const seeds = Array.from({ length: 4000 }, (_, r) => replicationSeed(1, 'abc', r));
    // every bit is set in about half of the seeds (4000 draws: sd 32)
    for (let bit = 0; bit < 32; bit++) {
      const ones = seeds.filter((s) => (s >>> bit) & 1).length;
      expect(Math.abs(ones - 2000)).toBeLessThan(160);
    }
    // the traffic generator's draws (mulberry32, src/random.ts) under two replications' seeds: correlation near 0
    const draws = (seed: number) => {
      const rand = mulberry32(seed);
      return Float64Array.from({ length: 4000 }, () => rand());
    };
    const [x, y] = [draws(seeds[0]!), draws(seeds[1]!)];
    const mean = (v: Float64Array) => v.reduce((a, b) => a + b, 0) / v.length;
    const [mx, my] = [mean(x), mean(y)];
    let sxy = 0;
    let sxx = 0;
    let syy = 0;
    for (let i = 0; i < x.length; i++) {
      sxy += (x[i]! - mx) * (y[i]! - my);
      sxx += (x[i]! - mx) ** 2;
      syy += (y[i]! - my) ** 2;
    }
    // 4000 pairs: an independent pair's correlation has sd 1/sqrt(4000) = 0.016
    expect(Math.abs(sxy / Math.sqrt(sxx * syy))).toBeLessThan(0.06);
    expect(Math.abs(mx - 0.5)).toBeLessThan(0.02);
  });
});
