import type { Command } from 'commander';
import { DEFAULT_PAIRS, REED_MAX_N, REED_MIN_N, reedTable, type PairConvention, type ReedRow } from '../../analysis/reed.ts';
import { WormcastError, parseIntIn } from '../../errors.ts';

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
    .description('mean ring-link traversals of ccc-simple and ccc-optimal under uniform traffic, formulas (1) and (2), reduction, link message intensities (seed 002)')
    .option('--max-n <n>', `largest CCC dimension, ${REED_MIN_N}..${REED_MAX_N}`, '12')
    .option('--min-n <n>', `smallest CCC dimension, ${REED_MIN_N}..${REED_MAX_N}`, String(REED_MIN_N))
    .option('--pairs <convention>', "'all': N^2 ordered pairs, source = destination included (seed 002); 'distinct': N(N-1)", DEFAULT_PAIRS)
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
}

/** The text table of `analyze reed`; intensities are shown times 2^n (the cube links' is 1). */
export function formatReed(rows: readonly ReedRow[]): string {
  const head = ['n', 'nodes', 'simple', 'formula (1)', 'optimal', 'formula (2)', 'reduction', 'ring/simple', 'ring/optimal', 'cube'];
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
