import { runIsolated } from '../../experiment/run/isolated.ts';
import { cyclesToUs, messageFlits, SEED001_UNITS as U } from '../../experiment/config/units.ts';
import { defaultSizes, SEED001_ALGORITHMS, stepwise } from '../stepwise.ts';
import { at, series } from './checks.ts';
import type { Check, FigureData, Reproduction, RunContext, Series } from './types.ts';
import { stepChecks, stepTable, type StepCase } from './worked.ts';

/* Seed 001 (Robinson, Judd, McKinley, Cheng): worked examples, stepwise comparisons, delays. */

const NAMES: Record<string, string> = {
  'u-cube': 'U-cube',
  maxport: 'Maxport',
  combine: 'Combine',
  'w-sort': 'W-sort',
};

// ---- worked examples (test/multicast-hypercube.test.ts pins the trees)
const FIG3 = ['0001', '0011', '0101', '0111', '1000', '1010', '1011', '1111'];
const FIG8 = ['0001', '0011', '0101', '0111', '1011', '1100', '1110', '1111'];
const CASES: Record<string, StepCase[]> = {
  fig3: [
    {
      label: 'Fig. 3(c) one-port',
      topology: 'hypercube:4',
      algorithm: 'u-cube',
      port: 'one',
      source: '0100',
      dests: FIG3,
      seed: 4,
    },
    {
      label: 'Fig. 3(d) all-port',
      topology: 'hypercube:4',
      algorithm: 'u-cube',
      port: 'all',
      source: '0100',
      dests: FIG3,
      seed: 4,
    },
    {
      label: 'Fig. 3(e) all-port',
      topology: 'hypercube:4',
      algorithm: 'w-sort',
      port: 'all',
      source: '0100',
      dests: FIG3,
      seed: 2,
    },
  ],
  fig5: [
    {
      label: 'Fig. 5 (U-cube on the 9-entry chain)',
      topology: 'hypercube:4',
      algorithm: 'u-cube',
      port: 'one',
      source: '0100',
      dests: FIG3,
      seed: 4,
    },
  ],
  fig6: [
    {
      label: 'Fig. 6(a)',
      topology: 'hypercube:4',
      algorithm: 'maxport',
      port: 'all',
      source: '0000',
      dests: ['1001', '1010', '1011'],
      seed: 3,
    },
    {
      label: 'Fig. 6(b)',
      topology: 'hypercube:4',
      algorithm: 'u-cube',
      port: 'all',
      source: '0000',
      dests: ['1001', '1010', '1011'],
      seed: 2,
    },
  ],
  fig8: [
    {
      label: 'Fig. 8(a)',
      topology: 'hypercube:4',
      algorithm: 'u-cube',
      port: 'all',
      source: '0000',
      dests: FIG8,
      seed: 4,
    },
    {
      label: 'Fig. 8(b)',
      topology: 'hypercube:4',
      algorithm: 'maxport',
      port: 'all',
      source: '0000',
      dests: FIG8,
      seed: 4,
    },
    {
      label: 'Fig. 8(c)',
      topology: 'hypercube:4',
      algorithm: 'w-sort',
      port: 'all',
      source: '0000',
      dests: FIG8,
      seed: 2,
    },
  ],
};

const worked = (fig: string, caption: string, seedShows: string, deviations: string[] = []): Reproduction => ({
  id: `001-${fig}`,
  seed: '001',
  caption,
  kind: 'worked-example',
  seedShows,
  runs: { quick: 'the same (exact)', full: 'one multicast per case' },
  compute: async () =>
    stepTable(
      CASES[fig]!,
      '4-cube, E-cube routing, step-level model (docs/model.md); test/multicast-hypercube.test.ts pins the trees',
    ),
  checks: stepChecks(CASES[fig]!, (c) => `${c.label} of seed 001 draws ${c.seed} steps.`),
  deviations,
});

// ---- stepwise comparisons (Figs. 9 and 10)
function stepsFigure(n: number, ctx: RunContext): FigureData {
  const sizes = ctx.quick
    ? n === 6
      ? [1, 3, 4, 7, 8, 15, 16, 31, 32, 62, 63]
      : [1, 7, 8, 63, 64, 511, 512, 1023]
    : defaultSizes(n);
  const sets = ctx.quick ? 10 : 100;
  const rows = stepwise({ n, sizes, sets, seed: 1, algorithms: SEED001_ALGORITHMS, port: 'all' });
  return {
    xTitle: 'Number of destinations',
    yTitle: 'Number of steps',
    series: SEED001_ALGORITHMS.map((a) => ({ name: NAMES[a]!, points: rows.map((r) => ({ x: r.m, y: r.steps[a]! })) })),
    setup: `${n}-cube, all-port, E-cube routing, ${sets} random sets per size (uniform source, destinations uniform without it), mean of the maximum steps`,
  };
}

const stepChecksFor = (n: number): Check[] => [
  {
    claim: 'U-cube needs exactly ceil(log2(m + 1)) steps: the staircase',
    cite: '"In Figure 12, we see clearly the staircase behavior of U-cube. As predicted by the stepwise comparisons, ..."',
    test: (d) => {
      const bad = series(d, 'U-cube').points.filter((p) => p.y !== Math.ceil(Math.log2(p.x + 1)));
      return {
        ok: bad.length === 0,
        detail: bad.length === 0 ? 'every size on the staircase' : `off at m = ${bad.map((p) => p.x).join(', ')}`,
      };
    },
  },
  {
    claim: `W-sort needs fewer mean steps than U-cube for 2 <= m <= ${2 ** n - 2} and never more than Maxport or Combine`,
    cite: '"the new algorithms tend to smooth the relative delays among various sized destination sets" (the stepwise comparisons of section 5.1)',
    test: (d) => {
      const bad: string[] = [];
      for (const p of series(d, 'W-sort').points) {
        if (p.x >= 2 && p.x <= 2 ** n - 2 && !(p.y < at(d, 'U-cube', p.x)!.y)) bad.push(`m = ${p.x} vs U-cube`);
        for (const o of ['Maxport', 'Combine']) if (p.y > at(d, o, p.x)!.y + 1e-9) bad.push(`m = ${p.x} vs ${o}`);
      }
      return { ok: bad.length === 0, detail: bad.length === 0 ? 'at every size' : bad.join(', ') };
    },
  },
  {
    claim: `a broadcast takes ${n} steps with every algorithm`,
    cite: '(binomial broadcast trees: each of the four algorithms needs n steps for m = 2^n - 1)',
    test: (d) => {
      const vals = d.series.map((s) => at(d, s.name, 2 ** n - 1)?.y);
      return { ok: vals.every((v) => v === n), detail: `broadcast steps ${vals.join(', ')}` };
    },
  },
];

// ---- delays of isolated multicasts (Figs. 11-14)
const delayCache = new Map<string, Promise<{ avg: Series[]; max: Series[]; setup: string }>>();

function delays(n: number, ctx: RunContext) {
  const key = `${n}:${ctx.quick}`;
  let p = delayCache.get(key);
  if (!p) {
    p = (async () => {
      const max = 2 ** n - 1;
      const sizes = ctx.quick
        ? n === 5
          ? [3, 4, 7, 8, 15, 16, 28, 29, 30, 31]
          : [7, 8, 63, 64, 255]
        : n === 5
          ? Array.from({ length: max }, (_, i) => i + 1)
          : defaultSizes(n).filter((m) => m <= 1023);
      const sets = ctx.quick ? (n === 5 ? 5 : 2) : 20;
      const flits = messageFlits(U);
      const avg: Series[] = [];
      const mx: Series[] = [];
      for (const a of SEED001_ALGORITHMS) {
        const sa: Series = { name: NAMES[a]!, points: [] };
        const sm: Series = { name: NAMES[a]!, points: [] };
        for (const m of sizes) {
          const r = await runIsolated({
            topology: `hypercube:${n}`,
            algorithm: a,
            dests: m,
            sets,
            flits,
            seed: 1000 + m,
            options: { port: 'all', consumption: 'port' },
          });
          sa.points.push({ x: m, y: cyclesToUs(U, r.meanLatency) / 1000 });
          sm.points.push({ x: m, y: cyclesToUs(U, r.meanMaxLatency) / 1000 });
        }
        avg.push(sa);
        mx.push(sm);
      }
      return {
        avg,
        max: mx,
        setup: `${n}-cube, all-port, E-cube, isolated multicasts (one at a time in an empty network, flit-level engine), ${sets} random sets per size, ${U.messageBytes}-byte messages = ${flits} flits (${U.source}); delay from creation to each destination's tail, in ms`,
      };
    })();
    delayCache.set(key, p);
  }
  return p;
}

const DELAY_DEVIATIONS = [
  'Timing: the seed measured Figs. 11-12 on an nCUBE-2 and Figs. 13-14 with MultiSim; neither the channel speed nor the start-up latency is printed. wormcast runs its flit-level engine on isolated multicasts with an assumed 2.2 Mbytes/s channel, 32-byte flits and a 1-cycle start-up (src/experiment/config/units.ts), so absolute delays are not comparable; the shapes and orders are.',
];

const delayFig = (
  fig: number,
  n: number,
  kind: 'avg' | 'max',
  caption: string,
  seedShows: string,
  checks: Check[],
): Reproduction => ({
  id: `001-fig${fig}`,
  seed: '001',
  caption,
  kind: 'simulation',
  seedShows,
  runs: {
    quick: n === 5 ? '7 sizes, 5 sets each' : '5 sizes, 2 sets each',
    full:
      n === 5
        ? "every size 1..31, 20 sets each (the seed's 20)"
        : 'powers of two and their predecessors up to 1023, 20 sets each',
  },
  compute: async (ctx) => {
    const d = await delays(n, ctx);
    return {
      xTitle: 'Number of destinations',
      yTitle: `${kind === 'avg' ? 'Average' : 'Maximum'} delay (ms)`,
      series: d[kind],
      setup: d.setup,
    };
  },
  checks,
  deviations: DELAY_DEVIATIONS,
});

const meanOver = (d: FigureData, name: string) => {
  const p = series(d, name).points;
  return p.reduce((s, x) => s + x.y, 0) / p.length;
};
const benefit = (cite: string): Check => ({
  claim: 'Maxport, Combine and W-sort each have a lower delay than U-cube averaged over the sizes',
  cite,
  test: (d) => {
    const u = meanOver(d, 'U-cube');
    const others = ['Maxport', 'Combine', 'W-sort'].map((n) => [n, meanOver(d, n)] as const);
    return {
      ok: others.every(([, v]) => v < u),
      detail: `U-cube ${u.toFixed(3)}; ${others.map(([n, v]) => `${n} ${v.toFixed(3)}`).join(', ')}`,
    };
  },
});

export const SEED001: Reproduction[] = [
  worked(
    'fig3',
    'U-cube and W-sort on a 4-cube (one-port and all-port).',
    'A multicast from 0100 to eight destinations of a 4-cube: U-cube takes 4 steps one-port and still 4 all-port; W-sort takes 2 all-port.',
  ),
  worked(
    'fig5',
    'The U-cube algorithm on the relative chain.',
    'The d0-relative chain of source 0100 and the U-cube tree in 4 steps.',
    [
      'The printed chain lists 8 entries and omits 1110; with the 9-entry chain the printed 4 steps come out (docs/algorithms-unicast.md "Errata").',
    ],
  ),
  worked(
    'fig6',
    'Maxport is not always better than U-cube.',
    'From 0000 to {1001, 1010, 1011} on all-port: Maxport takes 3 steps, U-cube 2.',
  ),
  worked(
    'fig8',
    'U-cube, Maxport and W-sort on one destination set.',
    'From 0000 to {1, 3, 5, 7, 11, 12, 14, 15}: U-cube and Maxport take 4 steps all-port, W-sort 2.',
  ),
  {
    id: '001-fig9',
    seed: '001',
    caption: 'Stepwise comparisons on a 6-cube.',
    kind: 'steps',
    seedShows:
      "The mean number of steps of U-cube, Maxport, Combine and W-sort against the number of destinations (100 random sets per point) on a 6-cube, all-port: U-cube's staircase, the others below it, W-sort lowest. Only the caption and the discussion are in the text.",
    runs: { quick: '11 sizes, 10 sets each', full: "every size 1..63, 100 sets each (the seed's 100)" },
    compute: async (ctx) => stepsFigure(6, ctx),
    checks: stepChecksFor(6),
    deviations: [],
  },
  {
    id: '001-fig10',
    seed: '001',
    caption: 'Stepwise comparisons on a 10-cube.',
    kind: 'steps',
    seedShows: 'As Fig. 9 on a 10-cube (100 random sets per point).',
    runs: { quick: '8 sizes, 10 sets each', full: 'about 40 sizes up to 1023, 100 sets each' },
    compute: async (ctx) => stepsFigure(10, ctx),
    checks: stepChecksFor(10),
    deviations: [],
  },
  delayFig(
    11,
    5,
    'avg',
    'Average delay comparisons on a 5-cube.',
    'Average delay against the number of destinations (20 random sets per point) on a 5-cube (nCUBE-2 measurements).',
    [
      benefit(
        '"These plots show that all the algorithms designed to take advantage of the multiport architecture offer some benefit over the U-cube algorithm."',
      ),
      {
        claim: "U-cube's average delay for some multicast is higher than for the broadcast",
        cite: '"Interestingly, Figure 11 shows that the average delay for U-cube is actually worse for multicast than for broadcast."',
        test: (d) => {
          const pts = series(d, 'U-cube').points;
          const b = pts.find((p) => p.x === 31)!.y;
          const worst = pts.filter((p) => p.x < 31).reduce((a, p) => (p.y > a.y ? p : a));
          return {
            ok: worst.y > b,
            detail: `broadcast ${b.toFixed(3)} ms; highest multicast m = ${worst.x}: ${worst.y.toFixed(3)} ms`,
          };
        },
      },
    ],
  ),
  delayFig(
    12,
    5,
    'max',
    'Maximum delay comparisons on a 5-cube.',
    "Maximum delay against the number of destinations on a 5-cube: U-cube's staircase, the others smoother.",
    [
      {
        claim:
          "U-cube's maximum delay jumps between 7 and 8 destinations (a new step) more than between 4 and 7 (the same step count)",
        cite: '"In Figure 12, we see clearly the staircase behavior of U-cube."',
        test: (d) => {
          const y = (m: number) => at(d, 'U-cube', m)!.y;
          return {
            ok: y(8) - y(7) > y(7) - y(4),
            detail: `m = 4, 7, 8: ${[4, 7, 8].map((m) => y(m).toFixed(3)).join(', ')} ms`,
          };
        },
      },
      {
        claim: "W-sort's jump from 7 to 8 destinations is smaller than U-cube's",
        cite: '"As predicted by the stepwise comparisons, the new algorithms tend to smooth the relative delays among various sized destination sets."',
        test: (d) => {
          const j = (n: string) => at(d, n, 8)!.y - at(d, n, 7)!.y;
          return {
            ok: j('W-sort') < j('U-cube'),
            detail: `jump 7 -> 8: W-sort ${j('W-sort').toFixed(3)}, U-cube ${j('U-cube').toFixed(3)} ms`,
          };
        },
      },
    ],
  ),
  delayFig(
    13,
    10,
    'avg',
    'Average delay comparisons on a 10-cube.',
    'Average delay against the number of destinations on a 10-cube (MultiSim, 4096-byte messages).',
    [
      benefit(
        '"These plots show that all the algorithms designed to take advantage of the multiport architecture offer advantages over the U-cube algorithm."',
      ),
      {
        claim: 'W-sort has the lowest average delay of the four, averaged over the sizes',
        cite: '"For the larger systems, the advantage of W-sort becomes more obvious in both the average and maximum cases."',
        test: (d) => {
          const w = meanOver(d, 'W-sort');
          const rest = ['U-cube', 'Maxport', 'Combine'].map((n) => meanOver(d, n));
          return {
            ok: rest.every((v) => w <= v),
            detail: `W-sort ${w.toFixed(3)}; others ${rest.map((v) => v.toFixed(3)).join(', ')} ms`,
          };
        },
      },
    ],
  ),
  delayFig(
    14,
    10,
    'max',
    'Maximum delay comparisons on a 10-cube.',
    'Maximum delay against the number of destinations on a 10-cube.',
    [
      {
        claim: 'W-sort has the lowest maximum delay of the four, averaged over the sizes',
        cite: '"For the larger systems, the advantage of W-sort becomes more obvious in both the average and maximum cases."',
        test: (d) => {
          const w = meanOver(d, 'W-sort');
          const rest = ['U-cube', 'Maxport', 'Combine'].map((n) => meanOver(d, n));
          return {
            ok: rest.every((v) => w <= v),
            detail: `W-sort ${w.toFixed(3)}; others ${rest.map((v) => v.toFixed(3)).join(', ')} ms`,
          };
        },
      },
    ],
  ),
];
