/*
 * The registry of reproductions (docs/reproductions.md, `wormcast reproduce`): every figure, table
 * and worked example of the seeds that wormcast regenerates, one entry each, in one small file per
 * seed (seed000.ts ... seed004.ts).
 */

export type ReproductionKind = 'worked-example' | 'steps' | 'static-traffic' | 'simulation' | 'table';

/** One plotted point. `lo`/`hi`: the confidence interval; `state`: saturated or deadlocked points are drawn apart. */
export interface FigurePoint {
  x: number;
  y: number;
  lo?: number | null;
  hi?: number | null;
  state?: 'measured' | 'saturated' | 'deadlock';
}

export interface Series {
  name: string;
  points: FigurePoint[];
}

/** What a reproduction computes: curves laid out like the seed's figure, or a table, or both. */
export interface FigureData {
  xTitle: string;
  yTitle: string;
  /** The seed draws x decreasing to the right (seed 004 Figs. 7.8 and 7.10: inter-arrival time). */
  xReverse?: boolean;
  series: Series[];
  /** A table (worked examples, tables): header and rows of cells. */
  table?: { columns: string[]; rows: Array<Array<string | number>> };
  /** What the run was (sets, cycles, replications), for the report. */
  setup: string;
  /** Facts a check needs that are not curves (e.g. points that deadlocked). */
  facts?: Record<string, number | string | boolean>;
  /** An SVG document for a figure without curves (a network drawing of a worked example), written as its SVG. */
  drawing?: string;
}

/** The outcome of one check on the data. */
export interface CheckOutcome {
  ok: boolean;
  detail: string;
}

/** A qualitative (or numeric) claim of the seed, checked on the data. */
export interface Check {
  /** The claim in wormcast's words. */
  claim: string;
  /** The seed's sentence it checks, quoted. */
  cite: string;
  /**
   * 'holds' (the default): wormcast reproduces the claim. 'fails': wormcast does not, for a reason
   * given in the reproduction's deviations; the test pins that it still fails, so that a change
   * that makes it hold is noticed and the docs updated.
   */
  expect?: 'holds' | 'fails';
  test(d: FigureData): CheckOutcome;
}

export interface RunContext {
  quick: boolean;
  /** Worker threads for simulation figures (0: in this thread). */
  workers: number;
  /** Where result stores live (a re-run is free). */
  dir: string;
  /** Progress lines (stderr). */
  log: (line: string) => void;
}

export interface Reproduction {
  /** e.g. '004-fig7.8', '001-fig9', '004-table5.2'. */
  id: string;
  seed: '000' | '001' | '002' | '003' | '004';
  /** The seed's caption. */
  caption: string;
  kind: ReproductionKind;
  /** What the seed shows: its text and numbers where printed. */
  seedShows: string;
  /** How the quick and full runs differ (shown by --list and in the report). */
  runs: { quick: string; full: string };
  compute(ctx: RunContext): Promise<FigureData>;
  checks: Check[];
  /** Each deviation from the seed with its reason (errata, an open assumption, a model difference). */
  deviations: string[];
  /** Set when the figure cannot be reproduced at all: why. */
  notReproducible?: string;
}

export type Verdict = 'reproduced' | 'reproduced with a stated deviation' | 'not reproduced' | 'not reproducible';

/** Whether a check came out as its entry expects. */
export function asExpected(c: Check, o: CheckOutcome): boolean {
  return o.ok === ((c.expect ?? 'holds') === 'holds');
}

/**
 * The verdict of a run: a check that does not come out as expected is 'not reproduced' (a
 * regression, or a figure whose entry is wrong); a claim known to fail, or any deviation, makes
 * it 'reproduced with a stated deviation'.
 */
export function verdictOf(r: Reproduction, outcomes: readonly CheckOutcome[]): Verdict {
  if (r.notReproducible) return 'not reproducible';
  if (outcomes.some((o, i) => !asExpected(r.checks[i]!, o))) return 'not reproduced';
  return r.deviations.length > 0 || r.checks.some((c) => c.expect === 'fails')
    ? 'reproduced with a stated deviation'
    : 'reproduced';
}
