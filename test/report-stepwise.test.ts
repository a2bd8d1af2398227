import { describe, expect, it } from 'vitest';
import { defaultSizes, SEED001_ALGORITHMS, stepwise } from '../src/report/stepwise.ts';
import { runCli } from './cli.ts';
import { runMain } from './cli-main.ts';

describe('seed 001 Figs. 9 and 10: stepwise comparisons (all-port, E-cube)', () => {
  const rows = stepwise({
    n: 6,
    sizes: defaultSizes(6),
    sets: 30,
    seed: 11,
    algorithms: SEED001_ALGORITHMS,
    port: 'all',
  });

  it('u-cube shows the staircase: exactly ceil(log2(m + 1)) steps for every m on the 6-cube', () => {
    expect(rows).toHaveLength(63);
    for (const r of rows) expect(r.steps['u-cube'], `m = ${r.m}`).toBe(Math.ceil(Math.log2(r.m + 1)));
  });

  it('w-sort "smooths out" the staircase: strictly fewer mean steps than u-cube for 2 <= m <= 62', () => {
    for (const r of rows.filter((x) => x.m >= 2 && x.m <= 62))
      expect(r.steps['w-sort']!, `m = ${r.m}`).toBeLessThan(r.steps['u-cube']!);
  });

  it('w-sort never needs more mean steps than maxport or combine', () => {
    for (const r of rows) {
      expect(r.steps['w-sort']!).toBeLessThanOrEqual(r.steps.maxport! + 1e-9);
      expect(r.steps['w-sort']!).toBeLessThanOrEqual(r.steps.combine! + 1e-9);
    }
  });

  it('a broadcast takes n steps with every algorithm, on the 6-cube and the 10-cube', () => {
    expect(rows[62]!.steps).toEqual({ 'u-cube': 6, maxport: 6, combine: 6, 'w-sort': 6 });
    const [b] = stepwise({ n: 10, sizes: [1023], sets: 2, seed: 1, algorithms: SEED001_ALGORITHMS, port: 'all' });
    expect(b!.steps).toEqual({ 'u-cube': 10, maxport: 10, combine: 10, 'w-sort': 10 });
  });

  it('the 10-cube sizes include every power of two and its predecessor, up to the broadcast', () => {
    const s = defaultSizes(10);
    for (let e = 1; e <= 9; e++) expect(s).toEqual(expect.arrayContaining([2 ** e - 1, 2 ** e]));
    expect(s.at(-1)).toBe(1023);
  });

  it('wormcast analyze stepwise --json gives one row per size with every algorithm', () => {
    const r = runCli('analyze', 'stepwise', '--n', '4', '--sets', '5', '--json');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as Array<{ m: number; steps: Record<string, number> }>;
    expect(out.map((x) => x.m)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(Object.keys(out[0]!.steps)).toEqual([...SEED001_ALGORITHMS]);
    const bad = runCli('analyze', 'stepwise', '--n', '4', '--algorithms', 'u-ccc');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('wormcast: --algorithms: u-ccc does not run on a hypercube\n');
  });

  it('--algorithms takes every algorithm that runs on a hypercube under e-cube routing, and says why it refuses one (found by bench/fuzz-commands.ts)', async () => {
    // separate (any topology) was refused as "separate does not run on a hypercube" ('any' is a
    // string, and 'any'.includes('hypercube') is false); dual-path ended in "algorithm dual-path:
    // needs routing label or label-detour, not 'ecube'", a routing the user never named
    const ok = await runMain([
      'analyze',
      'stepwise',
      '--n',
      '3',
      '--sets',
      '2',
      '--algorithms',
      'separate,greedy-st',
      '--json',
    ]);
    expect(ok.stderr).toBe('');
    expect(ok.status).toBe(0);
    expect(Object.keys(JSON.parse(ok.stdout)[0].steps)).toEqual(['separate', 'greedy-st']);
    const label = await runMain(['analyze', 'stepwise', '--n', '3', '--algorithms', 'u-cube,dual-path']);
    expect(label.status).toBe(2);
    expect(label.stderr).toMatch(
      /^wormcast: --algorithms: dual-path routes by label or label-detour, not by e-cube, the routing stepwise compares on \(seed 001\); algorithms it takes: separate, u-cube, maxport, combine, w-sort, greedy-st, ecube-tree, len\n$/,
    );
  });
});
