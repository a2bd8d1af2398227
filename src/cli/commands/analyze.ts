import type { Command } from 'commander';
import {
  DEFAULT_PAIRS,
  REED_MAX_N,
  REED_MIN_N,
  reedTable,
  type PairConvention,
  type ReedRow,
} from '../../analysis/reed.ts';
import { WormcastError, parseIntIn, SEED_MAX } from '../../errors.ts';
import { getAlgorithm, MULTICAST_ALGORITHMS } from '../../multicast/registry.ts';
import type { MulticastAlgorithm } from '../../multicast/types.ts';
import { withProgress } from '../progress.ts';
import { defaultSizes, SEED001_ALGORITHMS, stepwise, type StepwiseRow } from '../../report/stepwise.ts';

interface ReedCliOptions {
  maxN: string;
  minN: string;
  pairs: string;
  json?: boolean;
}

const PAIRS: readonly PairConvention[] = ['all', 'distinct'];

/** `wormcast analyze <analysis>`: the seeds' analytic results, recomputed. */
export function registerAnalyze(program: Command): void {
  const analyze = program
    .command('analyze')
    .description("analytic results of the seeds, recomputed by enumeration (reed: seed 002's CCC routing analysis)");
  analyze
    .command('reed')
    .description(
      'mean ring-link traversals of ccc-simple and ccc-optimal under uniform traffic, formulas (1) and (2), reduction, link message intensities (seed 002)',
    )
    .option('--max-n <n>', `largest CCC dimension, ${REED_MIN_N}..${REED_MAX_N}`, '12')
    .option('--min-n <n>', `smallest CCC dimension, ${REED_MIN_N}..${REED_MAX_N}`, String(REED_MIN_N))
    .option(
      '--pairs <convention>',
      "'all': N^2 ordered pairs, source = destination included (seed 002); 'distinct': N(N-1)",
      DEFAULT_PAIRS,
    )
    .option('--json', 'print JSON: a list of rows { n, simple, optimal, formula, formula2, reduction, ...intensities }')
    .action((opts: ReedCliOptions) => {
      const maxN = parseIntIn(opts.maxN, REED_MIN_N, REED_MAX_N, '--max-n');
      const minN = parseIntIn(opts.minN, REED_MIN_N, REED_MAX_N, '--min-n');
      if (minN > maxN) throw new WormcastError(`--min-n ${minN} is greater than --max-n ${maxN}`);
      if (!PAIRS.includes(opts.pairs as PairConvention)) {
        throw new WormcastError(`--pairs: unknown convention '${opts.pairs}': expected one of ${PAIRS.join(', ')}`);
      }
      const rows = reedTable(minN, maxN, { pairs: opts.pairs as PairConvention });
      process.stdout.write(opts.json ? `${JSON.stringify(rows)}\n` : formatReed(rows));
    });
  analyze
    .command('stepwise')
    .description(
      'seed 001 Figs. 9 and 10: mean over random destination sets of the steps of u-cube, maxport, combine and w-sort on an n-cube (docs/reproductions.md)',
    )
    .option('--n <n>', 'hypercube dimension (Fig. 9: 6, Fig. 10: 10), 2..16', '6')
    .option('--sets <k>', 'random destination sets per point (seed 001: 100)', '100')
    .option(
      '--sizes <list>',
      'destination counts, comma-separated (default: every m up to 63, else a spread up to a broadcast)',
    )
    .option('--algorithms <list>', 'comma-separated algorithms', SEED001_ALGORITHMS.join(','))
    .option('--port <model>', 'one | all (seed 001: all)', 'all')
    .option('--seed <s>', 'seed of the random sets', '1')
    .option('--json', 'print JSON: a list of rows { m, steps: { <algorithm>: mean steps } }')
    .action(
      (opts: {
        n: string;
        sets: string;
        sizes?: string;
        algorithms: string;
        port: string;
        seed: string;
        json?: boolean;
      }) => {
        const n = parseIntIn(opts.n, 2, 16, '--n');
        const sets = parseIntIn(opts.sets, 1, 100000, '--sets');
        const seed = parseIntIn(opts.seed, 0, SEED_MAX, '--seed');
        if (opts.port !== 'one' && opts.port !== 'all')
          throw new WormcastError(`--port: '${opts.port}' must be one or all`);
        const algorithms = opts.algorithms
          .split(',')
          .map((a) => a.trim())
          .filter((a) => a !== '');
        // stepwise plans every algorithm on e-cube routing (src/report/stepwise.ts, seed 001)
        const onEcube = (x: MulticastAlgorithm) => x.routings === 'any' || x.routings.includes('ecube');
        const onCube = (x: MulticastAlgorithm) => x.topologies === 'any' || x.topologies.includes('hypercube');
        for (const a of algorithms) {
          const algorithm = getAlgorithm(a);
          if (!onCube(algorithm)) throw new WormcastError(`--algorithms: ${a} does not run on a hypercube`);
          if (!onEcube(algorithm))
            throw new WormcastError(
              `--algorithms: ${a} routes by ${(algorithm.routings as readonly string[]).join(' or ')}, not by e-cube, the routing stepwise compares on (seed 001); algorithms it takes: ${Object.values(
                MULTICAST_ALGORITHMS,
              )
                .filter((x) => onCube(x) && onEcube(x))
                .map((x) => x.name)
                .join(', ')}`,
            );
        }
        const sizes =
          opts.sizes === undefined
            ? defaultSizes(n)
            : opts.sizes.split(',').map((m) => parseIntIn(m, 1, 2 ** n - 1, '--sizes'));
        // progress on stderr (src/cli/progress.ts), counted in destinations planned: a set of m
        // destinations costs about m, so the bar moves evenly from m = 1 to a broadcast
        const port = opts.port;
        const total = sets * sizes.reduce((a, m) => a + m, 0);
        let done = 0;
        const rows = withProgress('analyze stepwise', total, 'destinations planned', (p) =>
          stepwise({ n, sizes, sets, seed, algorithms, port, onSet: (m) => p.update((done += m)) }),
        );
        process.stdout.write(opts.json ? `${JSON.stringify(rows)}\n` : formatStepwise(rows, algorithms));
      },
    );
}

/** The text table of `analyze stepwise`. */
export function formatStepwise(rows: readonly StepwiseRow[], algorithms: readonly string[]): string {
  const lines = [['m', ...algorithms].map((h) => h.padStart(8)).join(' ')];
  for (const r of rows)
    lines.push([String(r.m), ...algorithms.map((a) => r.steps[a]!.toFixed(2))].map((c) => c.padStart(8)).join(' '));
  return `${lines.join('\n')}\n`;
}

/** The text table of `analyze reed`; intensities are shown times 2^n (the cube links' is 1). */
export function formatReed(rows: readonly ReedRow[]): string {
  const head = [
    'n',
    'nodes',
    'simple',
    'formula (1)',
    'optimal',
    'formula (2)',
    'reduction',
    'ring/simple',
    'ring/optimal',
    'cube',
  ];
  const body = rows.map((r) => {
    const scale = 2 ** r.n;
    return [
      String(r.n),
      String(r.nodes),
      r.simple.toFixed(6),
      r.formula.toFixed(6),
      r.optimal.toFixed(6),
      r.formula2.toFixed(6),
      `${(100 * r.reduction).toFixed(2)}%`,
      (r.ringIntensitySimple * scale).toFixed(4),
      (r.ringIntensityOptimal * scale).toFixed(4),
      (r.cubeIntensity * scale).toFixed(4),
    ];
  });
  const widths = head.map((h, k) => Math.max(h.length, ...body.map((row) => row[k]!.length)));
  const line = (cells: string[]): string => cells.map((c, k) => c.padStart(widths[k]!)).join('  ');
  const pairs = rows[0]?.pairs ?? DEFAULT_PAIRS;
  return [
    `Seed 002 (Reed): mean ring links per message under uniform traffic, ${pairs === 'all' ? 'N^2 pairs, source = destination included' : 'N(N-1) pairs of distinct nodes'}`,
    'reduction = (simple - optimal) / simple; intensities = mean traversals per message / links of that kind, times 2^n',
    line(head),
    ...body.map(line),
    '',
  ].join('\n');
}
