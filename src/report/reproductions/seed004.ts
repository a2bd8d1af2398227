import {
  interarrivalUsForLoad,
  loadForInterarrivalUs,
  messageFlits,
  SEED004_UNITS as U,
  cyclesToUs,
} from '../../experiment/config/units.ts';
import { alwaysBelow, at, describe, firstUnstable, measured, notAbove, series } from './checks.ts';
import { staticTraffic } from './static-traffic.ts';
import { sweepFigure } from './sweep-figure.ts';
import {
  type Check,
  type ClaimResult,
  type FigureData,
  type Reproduction,
  type RunContext,
  untested,
} from './types.ts';

/*
 * Seed 004 (Lin, 1991), chapter 7: static traffic (section 7.1, Figs. 7.1-7.7) and dynamic
 * traffic on an 8x8 mesh (section 7.2, Figs. 7.8-7.11).
 */

const spread = (max: number, step: number) => [
  1,
  ...Array.from({ length: Math.floor(max / step) }, (_, i) => (i + 1) * step),
];

const FLITS = messageFlits(U);
const us = (cycles: number) => cyclesToUs(U, cycles);

/** Run lengths of the dynamic figures. */
function runs(quick: boolean) {
  return quick
    ? { warmup: 500, cycles: 4000, drain: 4000, replications: 2 }
    : { warmup: 2000, cycles: 20000, drain: 10000, replications: 5 };
}

const DYNAMIC_SETUP = `8x8 mesh, ${U.messageBytes}-byte messages = ${FLITS} flits of ${U.flitBytes} bytes, 20 Mbytes/s channels = ${U.cycleUs} us per cycle; router delay 1 cycle, startup 1 cycle; load = ${FLITS} flits / (inter-arrival in cycles); each node's gaps between messages uniform on [0, twice the mean) (--process uniform: seed 004 section 8.2, "interval time to send a multicast message is uniformly random")`;

const DYNAMIC_DEVIATIONS = [
  'Flit width: the seed gives 128-byte messages and 20 Mbytes/s channels but no flit size; wormcast assumes 8-byte flits (16 flits, 0.4 us per cycle; src/experiment/config/units.ts). Latencies in us scale with this choice near zero load (hops cost one cycle each); the loads do not depend on it.',
  'Destinations per multicast: the seed gives "the average number of destinations" but not its distribution. wormcast draws each multicast\'s count uniformly from mean - w .. mean + w, w = min(mean - 1, 63 - mean) (src/experiment/run/dest-count.ts: 1 .. 19 for a mean of 10, 27 .. 63 for 45), then that many uniformly random destinations other than the source.',
  'Latency: the seed plots "average network latency" from CSIM with a single queue per channel; wormcast plots meanNetworkLatency (from the cycle the delivering worm\'s header crossed the injection channel to its tail\'s delivery at each destination: the time a message waits at its source is excluded), averaged over destinations.',
  'Statistics: the seed ran each point until its 95 % interval was within 5 % of the mean (batch means); wormcast runs fixed windows with replications and shows their 95 % intervals (docs/experiments.md "Run until the interval is narrow enough" does the seed\'s rule on request).',
];

/** Said in each check that a tree-like deadlock leaves untested: the seed's model cannot deadlock (issue 27). */
const LOCKSTEP_DEADLOCK =
  "under lock-step replication the seed's section 6.1 rules this out: a deadlock here is an engine fault (docs/errata.md)";

const TREE_DEVIATION =
  'Tree-like routing (double-channel X-first, seed 004 section 6.2.1) runs the seed\'s model of tree replication: its branches advance in lock-step and a whole tree stops while one branch is blocked (seed 004 section 6.1; wormcast\'s treeReplication "lockstep", docs/model-flit.md "Tree replication": the requests of a tree\'s frontier are granted together, level by level). Under that holding double-channel-x-first\'s channel dependency graph is acyclic (docs/deadlock.md "Tree algorithms") and no run of these figures deadlocks. Under wormcast\'s default, independent replication (each branch output granted as it frees, branches running ahead within their buffers), the graph is cyclic and the same runs deadlock: `wormcast simulate --topology mesh:8x8 --algorithm double-channel-x-first --vcs 1 --dests-mean 10 --units seed004 --interarrival-us 500 --process uniform --seed S` deadlocks for S = 1, 3, 4, 5 and finishes for S = 2 (network latency 13.9 us), while with --tree-replication lockstep all five finish (network latency 14.6-15.8 us: a blocked branch now stops its whole tree). The independent curves are not drawn: they deadlock, which teaches no more than that. Deadlocked points, should any occur, have no value: they are drawn as diamonds in the band above the curves, never as latencies.';

interface Dyn {
  id: string;
  caption: string;
  seedShows: string;
  double: boolean;
  algorithms: Array<{ value: string; name: string }>;
  /** Inter-arrival times (us) swept, or destination counts at a fixed inter-arrival. */
  x:
    | { kind: 'interarrival'; full: number[]; quick: number[] }
    | { kind: 'dests'; full: number[]; quick: number[]; interarrivalUs: number };
}

/**
 * The two readings of the seed's "double channels" (section 7.2: tree-like and path-like schemes
 * compared "on a network that contained double channels"): 'links', two physical channels per
 * direction (each VC its own link, the series named as the seed names them); 'vcs', two virtual
 * channels multiplexed on one physical channel per direction (series suffixed VC_SUFFIX).
 */
export type DoubleReading = 'links' | 'vcs';
export const VC_SUFFIX = ' (2 VCs, 1 link)';

/**
 * The options of one algorithm's curve: path schemes get 2 VCs per class; the tree-like scheme's two
 * classes (xy, yx) are its double channels, and its trees advance in lock-step, the seed's model
 * (section 6.1; docs/model-flit.md "Tree replication").
 */
function channelOptions(algorithm: string, double: DoubleReading | null) {
  if (double === null) return { vcs: 1 };
  if (algorithm === 'double-channel-x-first')
    return { vcs: 1, vcLinks: double === 'links', treeReplication: 'lockstep' as const };
  return { vcs: 2, vcLinks: double === 'links' };
}

async function dynamic(f: Dyn, ctx: RunContext): Promise<FigureData> {
  const r = runs(ctx.quick);
  const base = {
    topology: 'mesh:8x8',
    flits: FLITS,
    warmup: r.warmup,
    cycles: r.cycles,
    drain: r.drain,
    // seed 004 section 8.2: "interval time to send a multicast message is uniformly random"
    process: 'uniform' as const,
    // "the average number of destinations": each multicast's count drawn with that mean (src/experiment/run/dest-count.ts)
    ...(f.x.kind === 'interarrival' ? { destsMean: 10 } : { load: loadForInterarrivalUs(U, f.x.interarrivalUs) }),
  };
  const values = ctx.quick ? f.x.quick : f.x.full;
  const x =
    f.x.kind === 'interarrival'
      ? {
          key: 'load' as const,
          values: values.map((v) => loadForInterarrivalUs(U, v)),
          plotted: (v: unknown) => Math.round(interarrivalUsForLoad(U, v as number)),
        }
      : { key: 'destsMean' as const, values, plotted: (v: unknown) => v as number };
  const readings: Array<DoubleReading | null> = f.double ? ['links', 'vcs'] : [null];
  const series = [];
  for (const reading of readings) {
    // one experiment (and store) per reading: the 'links' one keeps its name from before the VC reading existed
    series.push(
      ...(await sweepFigure(ctx, {
        name: `${f.id}${reading === 'vcs' ? '-vcs' : ''}${ctx.quick ? '-quick' : ''}`,
        base,
        series: {
          key: 'algorithm',
          values: f.algorithms.map((a) => ({
            value: a.value,
            name: `${a.name}${reading === 'vcs' ? VC_SUFFIX : ''}`,
            base: channelOptions(a.value, reading),
          })),
        },
        x,
        y: { metric: 'meanNetworkLatency', scale: us },
        replications: r.replications,
      })),
    );
  }
  return {
    xTitle: f.x.kind === 'interarrival' ? 'Mean Interarrival Time (usec)' : 'Average Number of Destinations',
    yTitle: 'Average Network Latency (usec)',
    xReverse: f.x.kind === 'interarrival',
    series,
    setup: `${DYNAMIC_SETUP}; ${f.algorithms.some((a) => a.value === 'double-channel-x-first') ? "tree-like trees replicated in lock-step, the seed's model (--tree-replication lockstep); " : ''}${f.double ? `double channels read two ways: two physical links per direction (series named as the seed's), and two VCs multiplexed on one physical link per direction (series marked "${VC_SUFFIX.trim()}")` : 'single channels'}; ${f.x.kind === 'interarrival' ? '10 destinations on average (count drawn per multicast)' : `inter-arrival ${f.x.interarrivalUs} us per node, count drawn per multicast with the plotted mean`}; ${r.replications} replications of ${r.cycles} measured cycles (warm-up ${r.warmup}, drain ${r.drain}), common random numbers`,
  };
}

/** Lightest load first: inter-arrival times in decreasing order. */
const byLoad = (d: FigureData, name: string) =>
  series(d, name)
    .points.map((p) => p.x)
    .sort((a, b) => b - a);
const heaviest = (d: FigureData, name: string) => Math.min(...series(d, name).points.map((p) => p.x));
const largest = (d: FigureData, name: string) => Math.max(...series(d, name).points.map((p) => p.x));

const fig78: Dyn = {
  id: '004-fig7.8',
  caption: 'Performance under different loads on a double-channel mesh.',
  double: true,
  seedShows:
    'Average network latency (usec, 0-120) against mean inter-arrival time (700 down to 200 usec) of tree-like, multi-path and dual-path multicast on an 8x8 mesh with double channels; 10 destinations on average, 128-byte messages, 20 Mbytes/s channels. The curves are only in the figure (no numbers in the text).',
  algorithms: [
    { value: 'double-channel-x-first', name: 'tree-like' },
    { value: 'multi-path', name: 'multi-path' },
    { value: 'dual-path', name: 'dual-path' },
  ],
  x: { kind: 'interarrival', full: [700, 600, 500, 400, 300, 250, 200], quick: [600, 300, 200] },
};
const fig79: Dyn = {
  id: '004-fig7.9',
  caption: 'Performance of different number of destinations on a double-channel mesh.',
  double: true,
  seedShows:
    'Average network latency (usec) against the average number of destinations (1 to 45) on the double-channel 8x8 mesh, mean inter-arrival time 300 usec; tree-like rises steeply, dual-path and multi-path stay low.',
  algorithms: fig78.algorithms,
  x: { kind: 'dests', full: [1, 5, 10, 15, 20, 25, 30, 35, 40, 45], quick: [2, 10, 30], interarrivalUs: 300 },
};
const fig710: Dyn = {
  id: '004-fig7.10',
  caption: 'Performance under different loads.',
  double: false,
  seedShows:
    'Average network latency (usec) against mean inter-arrival time (750 down to 350 usec) of dual-path and multi-path on a single-channel 8x8 mesh, 10 destinations, 128-byte messages, 20 Mbytes/s.',
  algorithms: [
    { value: 'dual-path', name: 'dual-path' },
    { value: 'multi-path', name: 'multi-path' },
  ],
  x: { kind: 'interarrival', full: [750, 700, 650, 600, 550, 500, 450, 400, 350], quick: [700, 500, 350] },
};
const fig711: Dyn = {
  id: '004-fig7.11',
  caption: 'Performance of different number of destinations.',
  double: false,
  seedShows:
    'Average network latency (usec, 0-140) against the average number of destinations (1 to 45) of multi-path, dual-path and fixed-path on a single-channel 8x8 mesh at a "relatively high" load (not printed); multi-path rises steeply for large sets.',
  algorithms: [
    { value: 'dual-path', name: 'dual-path' },
    { value: 'multi-path', name: 'multi-path' },
    { value: 'fixed-path', name: 'fixed-path' },
  ],
  x: { kind: 'dests', full: [1, 5, 10, 15, 20, 25, 30, 35, 40, 45], quick: [2, 10, 40], interarrivalUs: 500 },
};

const dyn = (f: Dyn) => ({
  id: f.id,
  seed: '004' as const,
  caption: f.caption,
  kind: 'simulation' as const,
  seedShows: f.seedShows,
  runs: {
    quick: `${f.x.quick.join(', ')} ${f.x.kind === 'interarrival' ? 'us' : 'destinations'}; 2 replications of 4,000 cycles${f.double ? '; double channels as 2 links and as 2 VCs on 1 link' : ''}`,
    full: `${f.x.full.join(', ')} ${f.x.kind === 'interarrival' ? 'us' : 'destinations'}; 5 replications of 20,000 cycles${f.double ? '; double channels as 2 links and as 2 VCs on 1 link' : ''}`,
  },
  compute: (ctx: RunContext) => dynamic(f, ctx),
});

/** A curve of one reading of the double channels: the seed's name, suffixed for the VC reading. */
const named = (name: string, r: DoubleReading) => `${name}${r === 'vcs' ? VC_SUFFIX : ''}`;
const READING: Record<DoubleReading, string> = { links: '[2 links per direction]', vcs: '[2 VCs on 1 link]' };

/** Fig. 7.8's claims on one reading of the double channels. */
function fig78Checks(r: DoubleReading): Check[] {
  const [tree, multi, dual] = ['tree-like', 'multi-path', 'dual-path'].map((n) => named(n, r)) as [
    string,
    string,
    string,
  ];
  return [
    {
      claim: `${READING[r]} multi-path has a lower latency than dual-path at the heaviest load`,
      cite: '"Multi-path routing outperforms dual-path routing because, as we have shown earlier, paths tend to be shorter and less traffic is generated."',
      test: (d) => notAbove(d, multi, dual, heaviest(d, dual)),
    },
    {
      claim: `${READING[r]} the gap between dual-path and multi-path grows as the load rises`,
      cite: '"Hence, the network will not saturate as quickly."',
      test: (d) => {
        // the lightest and the heaviest load where both are values: a saturated latency is only a lower bound
        const o = byLoad(d, dual).filter((x) => measured(at(d, dual, x)) && measured(at(d, multi, x)));
        if (o.length < 2) return untested(`fewer than two loads where both are measured (${describe(d, dual)})`);
        const gap = (x: number) => at(d, dual, x)!.y - at(d, multi, x)!.y;
        const g0 = gap(o[0]!);
        const g1 = gap(o.at(-1)!);
        return {
          ok: g1 > g0,
          detail: `dual - multi: ${g0.toFixed(2)} us at ${o[0]} us, ${g1.toFixed(2)} us at ${o.at(-1)} us`,
        };
      },
    },
    {
      claim: `${READING[r]} the tree-like scheme degrades first as the load rises: it saturates first, or, where no scheme saturates in the range, its latency rises the most`,
      cite: '"As the load is increased, the path algorithms are not negatively affected as soon as the tree-like algorithm."',
      expect: FIG78_TREE_FIRST[r],
      test: (d) => {
        const o = byLoad(d, tree);
        const t = firstUnstable(d, tree, o);
        const p = [firstUnstable(d, dual, o), firstUnstable(d, multi, o)];
        const rank = (x: number | null) => (x === null ? Infinity : o.indexOf(x));
        const detail = `first point not measured: tree-like ${t ?? 'none'}, dual-path ${p[0] ?? 'none'}, multi-path ${p[1] ?? 'none'} (us)`;
        // a deadlock is not saturation
        if (t !== null && at(d, tree, t)!.state === 'deadlock')
          return untested(`${detail}; tree-like deadlocks at ${t} us (${LOCKSTEP_DEADLOCK})`);
        if (t === null && p.every((x) => x === null)) {
          // "not negatively affected as soon as": with every point measured, the rise from the lightest to the heaviest load
          const rise = (n: string) => at(d, n, o.at(-1)!)!.y - at(d, n, o[0]!)!.y;
          const [rt, rd, rm] = [rise(tree), rise(dual), rise(multi)];
          return {
            ok: rt > rd && rt > rm,
            detail: `no scheme saturates; latency rise from ${o[0]} to ${o.at(-1)} us: tree-like +${rt.toFixed(2)}, dual-path +${rd.toFixed(2)}, multi-path +${rm.toFixed(2)} us`,
          };
        }
        return { ok: t !== null && rank(t) < Math.min(...p.map(rank)), detail };
      },
    },
    {
      claim: `${READING[r]} the path schemes deliver with low latency at the lightest load (the tree-like scheme: see the deviations)`,
      cite: '"All three algorithms display good performance at low loads."',
      test: (d) => {
        const x = byLoad(d, dual)[0]!;
        const bad = [multi, dual].filter((n) => (at(d, n, x)?.state ?? 'measured') !== 'measured');
        return {
          ok: bad.length === 0,
          detail:
            bad.length === 0
              ? `both measured at ${x} us; ${describe(d, tree)}`
              : `${bad.join(', ')} not measured at ${x} us`,
        };
      },
    },
  ];
}

type Expect = ClaimResult;

/** Fig. 7.8's tree-like claim per reading (quick and full runs alike; the entry's deviations say why). */
const FIG78_TREE_FIRST: Record<DoubleReading, Expect> = { links: 'holds', vcs: 'fails' };

/** Fig. 7.9's claims on one reading; `e` says which come out (see the entry's deviations). */
function fig79Checks(
  r: DoubleReading,
  e: { dualBeatsMulti: Expect; pathsDeliver: Expect; treeWorse: Expect },
): Check[] {
  const [tree, multi, dual] = ['tree-like', 'multi-path', 'dual-path'].map((n) => named(n, r)) as [
    string,
    string,
    string,
  ];
  return [
    {
      claim: `${READING[r]} dual-path has a latency no higher than multi-path at the largest destination count where both are measured (past saturation the latencies are only lower bounds)`,
      cite: '"Notice that the dual-path algorithm outperforms the multipath algorithm for large destination sets."',
      expect: e.dualBeatsMulti,
      test: (d) => {
        const both = series(d, dual)
          .points.filter((p) => (p.state ?? 'measured') === 'measured')
          .map((p) => p.x)
          .filter((x) => (at(d, multi, x)?.state ?? 'measured') === 'measured');
        if (both.length === 0) return untested('no destination count where both are measured');
        return notAbove(d, dual, multi, Math.max(...both));
      },
    },
    {
      claim: `${READING[r]} the path schemes still deliver at every destination count`,
      cite: '"The path algorithms still perform well, however."',
      expect: e.pathsDeliver,
      test: (d) => {
        const bad = [dual, multi].flatMap((n) =>
          series(d, n)
            .points.filter((p) => (p.state ?? 'measured') !== 'measured')
            .map((p) => `${n} at ${p.x}`),
        );
        return {
          ok: bad.length === 0,
          detail: bad.length === 0 ? 'all path points measured' : `not measured: ${bad.join(', ')}`,
        };
      },
    },
    {
      claim: `${READING[r]} tree-like is worse than both path schemes at the largest destination sets`,
      cite: '"With larger sets of destinations, the dependencies among branches of the tree become more critical to performance and causes the delay to increase rapidly."',
      expect: e.treeWorse,
      test: (d) => {
        const x = largest(d, tree);
        if (at(d, tree, x)!.state === 'deadlock')
          return untested(`tree-like deadlocks at ${x} destinations (${LOCKSTEP_DEADLOCK}); ${describe(d, tree)}`);
        const vs = [notAbove(d, dual, tree, x), notAbove(d, multi, tree, x)];
        const detail = vs.map((v) => v.detail).join('; ');
        if (vs.some((v) => v.untested)) return untested(detail);
        return { ok: vs.every((v) => v.ok), detail };
      },
    },
  ];
}

/** Which of Fig. 7.9's claims each reading reproduces (quick and full runs alike; deviations say why). */
const FIG79_EXPECT: Record<DoubleReading, { dualBeatsMulti: Expect; pathsDeliver: Expect; treeWorse: Expect }> = {
  // lock-step trees (TREE_DEVIATION): on two links tree-like is measured and worst at the largest
  // sets; with two VCs on one link every scheme saturates there, so the comparison is not tested
  links: { dualBeatsMulti: 'fails', pathsDeliver: 'holds', treeWorse: 'holds' },
  vcs: { dualBeatsMulti: 'fails', pathsDeliver: 'fails', treeWorse: 'not tested' },
};

export const SEED004: Reproduction[] = [
  {
    ...dyn(fig78),
    checks: [...fig78Checks('links'), ...fig78Checks('vcs')],
    deviations: [
      'Double channels: the seed does not say whether its double channels are two physical channels per direction or two virtual channels sharing one. wormcast runs both readings: the curves named as the seed names them have two physical links per direction (2 VCs per class, each its own link; the tree-like scheme\'s two classes xy and yx each on its own link); the curves marked "(2 VCs, 1 link)" multiplex the same VCs on one physical link per direction. Every checked claim about the path schemes holds in both readings. The tree-like scheme, with lock-step trees (next deviation), degrades first on two links: no scheme saturates up to 200 us, and from 700 to 200 us its latency rises by 13.8 us (12.5 to 26.3 us) against 1.7 us for dual-path and 0.9 us for multi-path (full run); with two VCs on one link it saturates at 200 us together with dual-path (at 250 us: tree-like 30.1 us, the highest), so "first" fails there. The VC reading shows them more sharply: with two VCs on one link dual-path saturates at 200 us while multi-path still delivers (full run: dual-path 25.2 us at 300 us, 29.5 us at 250 us, saturated at 200 us; multi-path 19.5, 21.0 and 25.2 us), whereas with two links both stay nearly flat (multi-path 16.1 us, dual-path 20.5 us at 200 us). The seed\'s axis reaches 120 us, which neither reading\'s measured points approach; the VC reading is the only one in which a path scheme saturates in the plotted range.',
      TREE_DEVIATION,
      ...DYNAMIC_DEVIATIONS,
    ],
  },
  {
    ...dyn(fig79),
    checks: [...fig79Checks('links', FIG79_EXPECT.links), ...fig79Checks('vcs', FIG79_EXPECT.vcs)],
    deviations: [
      'Dual-path does not overtake multi-path in either reading of the double channels (004-fig7.8 describes the two readings). With two physical links per direction the mesh carries 300 us between messages without saturating up to 45 destinations on average (full run: multi-path 21.2 us, dual-path 26.0 us at 45), so the source hot spot of multi-path that the seed blames does not form; on single channels it does (004-fig7.11: multi-path rises above dual-path from 25 destinations). With two VCs on one link both path schemes saturate, dual-path first (full run: from 25 destinations, multi-path from 35; at 20 dual-path 42.9 us against multi-path 26.6 us), so "the path algorithms still perform well" holds in the two-link reading only. Past saturation the measured latencies are lower bounds of growing values and are not compared (at 45: dual-path 575 us, multi-path 496 us). Load: the seed prints 300 us between messages for this figure, and wormcast runs it there (in flits per cycle the load does not depend on the assumed flit width); 004-fig7.11, whose load the seed does not print, runs at 500 us, where the single-channel mesh shows the seed\'s shape. With lock-step trees (004-fig7.8\'s deviations) the tree-like curve rises steeply, as the seed says: on two links from 11.7 us at 1 destination to 33.5 us at 25, saturated from 30 on, while both path schemes stay measured up to 45 (full run), so "tree-like is worse at the largest sets" holds there; with two VCs on one link it is the first to saturate (from 20 destinations; dual-path from 25, multi-path from 35), and at the largest sets every scheme is saturated, so that comparison is not tested. Dual-path is never below multi-path, so that central claim fails in both readings: the entry is partly reproduced.',
      TREE_DEVIATION,
      ...DYNAMIC_DEVIATIONS,
    ],
  },
  {
    ...dyn(fig710),
    checks: [
      {
        claim: 'multi-path has a latency no higher than dual-path at the heaviest load',
        cite: '"As the load is increased, multi-path routing offers slight improvement over dual-path routing."',
        test: (d) => notAbove(d, 'multi-path', 'dual-path', heaviest(d, 'dual-path')),
      },
      {
        claim: 'both schemes deliver at the lightest load',
        cite: '"Both algorithms display good performance at low loads."',
        test: (d) => {
          const x = byLoad(d, 'dual-path')[0]!;
          const ok = ['dual-path', 'multi-path'].every((n) => (at(d, n, x)?.state ?? 'measured') === 'measured');
          return { ok, detail: `${describe(d, 'dual-path')}; ${describe(d, 'multi-path')}` };
        },
      },
    ],
    deviations: DYNAMIC_DEVIATIONS,
  },
  {
    ...dyn(fig711),
    checks: [
      {
        claim: 'dual-path has a lower latency than multi-path for the largest destination sets at this load',
        cite: '"Figure 7.11 shows that under these conditions, dual-path routing performs much better than multi-path routing."',
        test: (d) => notAbove(d, 'dual-path', 'multi-path', largest(d, 'dual-path')),
      },
      {
        claim: 'fixed-path is no worse than dual-path for the largest destination sets (the seed: identical)',
        cite: '"For a large enough number of destinations, however, dual- and fixed-path routing effectively become identical performance."',
        test: (d) => notAbove(d, 'fixed-path', 'dual-path', largest(d, 'dual-path'), 0.05),
      },
      {
        claim: 'fixed-path has a higher latency than dual-path for the smallest destination sets',
        cite: '"For a small number of destinations, fixed path routing traverses many unnecessary channels, creating more traffic and needlessly blocking more messages than multi- or dual-path routing."',
        test: (d) => {
          const x = Math.min(...series(d, 'dual-path').points.map((p) => p.x));
          const r = notAbove(d, 'dual-path', 'fixed-path', x);
          if (r.untested) return r;
          return { ok: r.ok && at(d, 'fixed-path', x)!.y > at(d, 'dual-path', x)!.y, detail: r.detail };
        },
      },
    ],
    deviations: [
      'Load: the seed does not print the load of Fig. 7.11 ("both the load and number of destinations are relatively high"); wormcast uses a mean inter-arrival time of 500 us per node, inside Fig. 7.10\'s range (issue 27). At 400 us, the value used before, all three schemes saturated from 30-35 destinations and the checks compared lower bounds of growing latencies; at 500 us the seed\'s shape appears (full run): dual- and fixed-path stay at 35.3 and 35.0 us at 45 destinations while multi-path rises from 25 destinations (37.3 us at 35, 63.2 at 40) and saturates at 45, and fixed-path is far above dual-path for small sets (26.4 against 11.7 us at 1 destination).',
      ...DYNAMIC_DEVIATIONS,
    ],
  },
  ...staticFigures(),
];

interface StaticFig {
  id: string;
  caption: string;
  topology: string;
  algorithms: Array<{ name: string; label: string }>;
  full: number[];
  quick: number[];
  fullSets: number;
  /** The top of the seed's y axis (its figures start at 0). */
  yMax: number;
  baselines: { oneToOne?: string; broadcast?: string };
  seedShows: string;
  checks: Reproduction['checks'];
  deviations?: string[];
}

function staticFigures(): Reproduction[] {
  const belowBaselines = (label: string, cite: string): Reproduction['checks'] => [
    {
      claim: `${label} creates less additional traffic than multiple one-to-one at every k >= 10`,
      cite,
      test: (d) => alwaysBelow(d, label, d.series.find((s) => /one-to-one/.test(s.name))!.name, 0, 10),
    },
    {
      claim: `${label} creates less additional traffic than broadcast at every k`,
      cite,
      test: (d) => alwaysBelow(d, label, 'broadcast'),
    },
  ];
  const figs: StaticFig[] = [
    {
      id: '004-fig7.1',
      yMax: 3000,
      caption: 'Performance of the sorted MP algorithm on a 32 x 32 mesh.',
      topology: 'mesh:32x32',
      algorithms: [{ name: 'sorted-mp', label: 'sorted MP' }],
      full: spread(900, 50),
      quick: [10, 200, 900],
      fullSets: 100,
      baselines: { oneToOne: 'multiple one-to-one', broadcast: 'broadcast' },
      seedShows:
        'Average additional traffic (0-3000) against the number of destinations (0-900): multiple one-to-one rises to ~2500+, broadcast falls linearly from 1023, sorted MP stays below both.',
      checks: belowBaselines(
        'sorted MP',
        '"The proposed algorithm always creates less traffic compared with multiple one-to-one and broadcast methods."',
      ),
      deviations: [
        '"Always" does not hold for the smallest sets: for k = 1 sorted MP takes more links than a shortest unicast (full run: 42.1 against 20.6 extra links on the 32x32 mesh, 5.8 against 4.2 on the 10-cube), because its worm follows the Hamiltonian-path labelling\'s routing, which is not shortest between two nodes. The check starts at k = 10; from k = 50 on, sorted MP is far below both baselines.',
      ],
    },
    {
      id: '004-fig7.2',
      yMax: 1400,
      caption: 'Performance of the sorted MP algorithm on a 10-cube.',
      topology: 'hypercube:10',
      algorithms: [{ name: 'sorted-mp', label: 'sorted MP' }],
      full: spread(900, 50),
      quick: [10, 200, 900],
      fullSets: 100,
      baselines: { oneToOne: 'multiple one-to-one', broadcast: 'broadcast' },
      seedShows:
        'Average additional traffic (0-1400) against the number of destinations (0-900) on a 10-cube: multiple one-to-one, broadcast, sorted MP lowest.',
      checks: belowBaselines(
        'sorted MP',
        '"The proposed algorithm always creates less traffic compared with multiple one-to-one and broadcast methods."',
      ),
      deviations: [
        '"Always" does not hold for the smallest sets: for k = 1 sorted MP takes more links than a shortest unicast (full run: 42.1 against 20.6 extra links on the 32x32 mesh, 5.8 against 4.2 on the 10-cube), because its worm follows the Hamiltonian-path labelling\'s routing, which is not shortest between two nodes. The check starts at k = 10; from k = 50 on, sorted MP is far below both baselines.',
      ],
    },
    {
      id: '004-fig7.3',
      yMax: 2000,
      caption: 'Performance of the greedy ST algorithm on a 32 x 32 mesh.',
      topology: 'mesh:32x32',
      algorithms: [{ name: 'greedy-st', label: 'greedy ST' }],
      full: spread(900, 100),
      quick: [10, 200, 900],
      fullSets: 20,
      baselines: { oneToOne: 'multiple one-to-one', broadcast: 'broadcast' },
      seedShows:
        'Average additional traffic (0-2000) against the number of destinations (0-900): greedy ST far below multiple one-to-one and broadcast.',
      checks: belowBaselines(
        'greedy ST',
        '"The performance of the greedy ST algorithm is much better compared with the other two approaches."',
      ),
    },
    {
      id: '004-fig7.4',
      yMax: 100,
      caption: 'Performance of the greedy ST algorithm on a 10-cube.',
      topology: 'hypercube:10',
      algorithms: [
        { name: 'greedy-st', label: 'Greedy ST algorithm' },
        { name: 'len', label: 'LEN algorithm' },
      ],
      full: spread(900, 100),
      quick: [10, 200, 900],
      fullSets: 1000,
      baselines: {},
      seedShows:
        "Average additional traffic (0-100) against the number of destinations (0-900) of the greedy ST algorithm and the LEN heuristic of Lan, Esfahanian and Ni (the seed's reference [20]); greedy ST lower.",
      checks: [
        {
          claim: 'greedy ST creates less additional traffic than LEN at every k >= 10',
          cite: '"The results of our routing algorithm show a significant improvement over the LEN algorithm in terms of the amount of traffic."',
          test: (d) => alwaysBelow(d, 'Greedy ST algorithm', 'LEN algorithm', 0, 10),
        },
        {
          claim: "where LEN's additional traffic peaks, greedy ST's is at least 25 % lower",
          cite: '"The results of our routing algorithm show a significant improvement over the LEN algorithm in terms of the amount of traffic."',
          test: (d) => {
            const l = series(d, 'LEN algorithm').points.reduce((a, p) => (p.y > a.y ? p : a));
            const g = at(d, 'Greedy ST algorithm', l.x)!.y;
            return {
              ok: g <= 0.75 * l.y,
              detail: `k = ${l.x}: greedy ST ${g.toFixed(1)}, LEN ${l.y.toFixed(1)} (${((100 * (l.y - g)) / l.y).toFixed(0)} % lower)`,
            };
          },
        },
        {
          claim: "greedy ST's additional traffic on the 10-cube stays within the figure's 0-100 range",
          cite: '"Figure 7.3 and Figure 7.4 show the average additional amount of traffic obtained by simulating the greedy ST algorithm for 32 x 32 mesh and 10-cube, respectively."',
          test: (d) => {
            const m = Math.max(...series(d, 'Greedy ST algorithm').points.map((p) => p.y));
            return { ok: m <= 100, detail: `largest mean additional traffic ${m.toFixed(1)}` };
          },
        },
      ],
      deviations: [
        "LEN (seed 004 reference [20], Lan, Esfahanian and Ni, JPDC 1990) is implemented from its authors' later descriptions, not from the paper, which the search tool did not reach (docs/len.md lists the queries and sources): at each node, one copy per dimension, the dimension that the most remaining destinations differ in first, each copy carrying those destinations; ties go to the lowest dimension (an assumption). Its trees use shortest paths only, as the optimal multicast tree problem of [19] asks.",
      ],
    },
    {
      id: '004-fig7.5',
      yMax: 1000,
      caption: 'Performance of the X-first and divided greedy algorithms on a 16 x 16 mesh.',
      topology: 'mesh:16x16',
      algorithms: [
        { name: 'x-first', label: 'X-first' },
        { name: 'divided-greedy', label: 'divided greedy multicast' },
      ],
      full: spread(100, 10),
      quick: [5, 40, 100],
      fullSets: 200,
      baselines: { oneToOne: 'many one-to-one', broadcast: 'broadcast' },
      seedShows:
        'Average additional traffic (0-1000) against the number of destinations (0-100) on a 16x16 mesh: many one-to-one, broadcast, X-first, divided greedy lowest.',
      checks: [
        ...belowBaselines(
          'X-first',
          '"It shows that the amount of traffic generated by X-first algorithm always creates much less amount of traffic compared with multiple one-to-one or broadcast methods."',
        ),
        {
          claim: 'divided greedy creates less additional traffic than X-first at every k',
          cite: '"The traffic generated by divided greedy algorithm is always much less than that created by X-first algorithm."',
          test: (d) => alwaysBelow(d, 'divided greedy multicast', 'X-first'),
        },
      ],
    },
    {
      id: '004-fig7.6',
      yMax: 120,
      caption: 'Performance of different multicast methods on a 6-cube.',
      topology: 'hypercube:6',
      algorithms: [
        { name: 'dual-path', label: 'dual-path' },
        { name: 'multi-path', label: 'multi-path' },
      ],
      full: spread(50, 5),
      quick: [5, 20, 50],
      fullSets: 1000,
      baselines: { oneToOne: 'multiple one-to-one', broadcast: 'broadcast' },
      seedShows:
        'Average additional traffic (0-120) against the number of destinations (0-50) on a 6-cube: multiple one-to-one highest, broadcast falling, dual-path and multi-path lowest.',
      checks: [
        {
          claim: 'multi-path creates no more additional traffic than dual-path (within 5 %) at every k',
          cite: '"As shown by example in Figures 6.13 and 6.16, multi-path routing usually requires fewer channels than dual-path routing."',
          test: (d) => alwaysBelow(d, 'multi-path', 'dual-path', 0.05),
        },
        {
          claim: 'dual-path creates less additional traffic than multiple one-to-one for k >= 5',
          cite: '"Figure 7.6 and Figure 7.7 compare, for various numbers of destinations, the amount of "additional" traffic resulting from multi- and dual-path routing."',
          test: (d) => alwaysBelow(d, 'dual-path', 'multiple one-to-one', 0, 5),
        },
      ],
      deviations: [
        'At k = 1 dual-path makes more traffic than a shortest unicast (2.57 against 2.04 extra links): the hypercube routing R of seed 004 is not always shortest (Lemma 6.4 is false as printed: 910 of the 4,032 ordered pairs of the 6-cube go the long way; docs/routing-dor-label.md "Errata"). The check starts at k = 5.',
      ],
    },
    {
      id: '004-fig7.7',
      yMax: 60,
      caption: 'Performance of different number of destinations on 8 x 8 mesh.',
      topology: 'mesh:8x8',
      algorithms: [
        { name: 'dual-path', label: 'dual-path' },
        { name: 'multi-path', label: 'multi-path' },
      ],
      full: spread(45, 5),
      quick: [5, 20, 45],
      fullSets: 1000,
      baselines: {},
      seedShows:
        'Average additional traffic (0-60) against the number of destinations (0-45) on an 8x8 mesh: dual-path above multi-path.',
      checks: [
        {
          claim: 'multi-path creates less additional traffic than dual-path at every k',
          cite: '"Because the destinations are divided into four sets rather than two, they are reached more efficiently from the source, which is approximately centrally located among the sets."',
          test: (d) => alwaysBelow(d, 'multi-path', 'dual-path'),
        },
      ],
    },
  ];
  return figs.map((f) => ({
    id: f.id,
    seed: '004' as const,
    caption: f.caption,
    kind: 'static-traffic' as const,
    seedShows: f.seedShows,
    runs: {
      quick: `k = ${f.quick.join(', ')}; ${f.topology.includes('32') || f.topology === 'hypercube:10' ? 5 : 50} sets per k`,
      full: `k = ${f.full.join(', ')}; ${f.fullSets} sets per k`,
    },
    compute: async (ctx: RunContext): Promise<FigureData> => {
      // quick: 5 sets on the large networks; the small ones are cheap enough for 50 (5 is noise there)
      const sets = ctx.quick ? (f.topology.includes('32') || f.topology === 'hypercube:10' ? 5 : 50) : f.fullSets;
      return {
        xTitle: 'Number of Destination Nodes',
        yTitle: 'Average Additional Traffic',
        yRange: [0, f.yMax],
        series: staticTraffic({
          topology: f.topology,
          algorithms: f.algorithms,
          ks: ctx.quick ? f.quick : f.full,
          sets,
          seed: 1,
          baselines: f.baselines,
        }),
        setup: `${f.topology}, ${sets} random sets per k (uniform source, k distinct destinations other than it); traffic = channels crossed by all messages, additional = traffic - k; one-to-one = sum of shortest distances - k; broadcast = N - 1 - k`,
      };
    },
    checks: f.checks,
    deviations: [
      ...(f.fullSets < 1000
        ? [`Sets per point: the seed averages 1000 runs per k; the full run uses ${f.fullSets} (time).`]
        : []),
      ...(f.deviations ?? []),
    ],
  }));
}
