import { runIsolated } from '../../experiment/run/isolated.ts';
import { cyclesToUs, SEED003_STARTUP_CYCLES, SEED003_UNITS as U } from '../../experiment/config/units.ts';
import { defaultNodeModel } from '../../multicast/node-model.ts';
import { series } from './checks.ts';
import { SEED003_EXAMPLES } from './seed003-examples.ts';
import type { Check, FigureData, Reproduction, RunContext } from './types.ts';

/* Seed 003 (Wang, Yen, Chu): the latency study on the 64x64 torus (Fig. 5) and the 6-star (Fig. 6). */

const ALGS = [
  { a: 'hp-dual-path', name: 'dual-path' },
  { a: 'hcm-uniform', name: 'uniform' },
  { a: 'hcm-fixed', name: 'fixed' },
];

async function latency(topology: string, sizes: number[], sets: number): Promise<FigureData> {
  const out = [];
  for (const { a, name } of ALGS) {
    const m = defaultNodeModel(a);
    const points = [];
    for (const k of sizes) {
      const r = await runIsolated({
        topology,
        algorithm: a,
        dests: k,
        sets,
        flits: 120,
        seed: 3000 + k,
        options: { startup: SEED003_STARTUP_CYCLES, port: m.port, consumption: m.consumption },
      });
      points.push({ x: k, y: cyclesToUs(U, r.meanLatency) });
    }
    out.push({ name, points });
  }
  return {
    xTitle: 'Multicast size (destinations)',
    yTitle: 'Average latency (us)',
    series: out,
    setup: `${topology}, isolated multicasts (one at a time in an empty network), ${sets} random sets per size, 120-flit messages, 25 ns per flit and hop, startup 1 us = ${SEED003_STARTUP_CYCLES} cycles (${U.source})`,
  };
}

const mean = (d: FigureData, n: string) =>
  series(d, n).points.reduce((s, p) => s + p.y, 0) / series(d, n).points.length;

const checks = (fig: string): Check[] => [
  {
    claim: 'dual-path has a higher mean latency than uniform and fixed, averaged over the sizes',
    cite:
      fig === '5'
        ? '"From Fig. 5, it is easy to see that the performance of the dual-path routing algorithm is worse than that of the uniform and fixed routing algorithms."'
        : '"As shown in Fig. 6, the performance of the uniform and the fixed routing algorithms are better than that of the dual-path routing algorithm."',
    test: (d) => {
      const [dp, u, f] = ['dual-path', 'uniform', 'fixed'].map((n) => mean(d, n));
      return {
        ok: dp! > u! && dp! > f!,
        detail: `dual-path ${dp!.toFixed(2)}, uniform ${u!.toFixed(2)}, fixed ${f!.toFixed(2)} us`,
      };
    },
  },
  {
    claim: 'fixed and uniform are within 10 % of each other, averaged over the sizes',
    cite:
      fig === '5'
        ? '"The performance of the fixed and uniform multicast routing algorithms is almost the same in the 2D torus network."'
        : '"The performance of fixed and uniform multicast routing algorithms is almost the same in the 6-star network."',
    test: (d) => {
      const u = mean(d, 'uniform');
      const f = mean(d, 'fixed');
      return {
        ok: Math.abs(u - f) <= 0.1 * Math.min(u, f),
        detail: `uniform ${u.toFixed(2)}, fixed ${f.toFixed(2)} us`,
      };
    },
  },
];

const DEV = [
  'The figures are not in the text (captions only): the range of multicast sizes is not known; wormcast plots sizes chosen here.',
  'Sets per point: the seed repeats each experiment 1024 times; the full run uses 100 random sets per size (time).',
  '"dual-path" is the Hamiltonian-path dual-path scheme of seed 003\'s comparison (hp-dual-path, Chen et al. on the star graph); "uniform" and "fixed" are hcm-uniform and hcm-fixed.',
];

const fig = (n: string, topology: string, caption: string, full: number[], quick: number[]): Reproduction => ({
  id: `003-fig${n}`,
  seed: '003',
  caption,
  kind: 'simulation',
  seedShows: `Average communication latency against multicast size of dual-path, uniform and fixed routing on the ${topology === 'star:6' ? '6-star' : '64x64 torus'}, 120-flit messages, startup 1 us, 25 ns network latency; dual-path worst, uniform and fixed almost the same. No numbers are printed.`,
  runs: { quick: `sizes ${quick.join(', ')}, 5 sets each`, full: `sizes ${full.join(', ')}, 100 sets each` },
  compute: (ctx: RunContext) => latency(topology, ctx.quick ? quick : full, ctx.quick ? 5 : 100),
  checks: checks(n),
  deviations: DEV,
});

export const SEED003: Reproduction[] = [
  ...SEED003_EXAMPLES,
  fig(
    '5',
    'torus:64x64',
    'Simulation in 2D torus network with message lengths of 120 flits.',
    [5, 10, 20, 50, 100, 200, 400],
    [10, 50, 200],
  ),
  fig(
    '6',
    'star:6',
    'Simulation in 6-star network with message length of 120 flits.',
    [5, 10, 20, 50, 100, 200, 400],
    [10, 50, 200],
  ),
];
