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
  /** The seed's y axis, [from, to]: the figure is drawn over it and clips what leaves it, as the seed does. */
  yRange?: [number, number];
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

/**
 * What a check found (issue 27): the claim holds, fails, or the data cannot test it. A claim is
 * not tested when it would hold or fail only because a curve deadlocked, or because every point it
 * compares is saturated (measured latencies past saturation are lower bounds of growing values).
 */
export type ClaimResult = 'holds' | 'fails' | 'not tested';

/** The outcome of one check on the data. */
export interface CheckOutcome {
  /** The claim holds (false when it fails or is not tested). */
  ok: boolean;
  detail: string;
  /** The data cannot test the claim; `detail` says why. */
  untested?: boolean;
}

export function claimResult(o: CheckOutcome): ClaimResult {
  return o.untested ? 'not tested' : o.ok ? 'holds' : 'fails';
}

/** An outcome the data cannot decide, with the reason. */
export function untested(detail: string): CheckOutcome {
  return { ok: false, untested: true, detail };
}

/** A qualitative (or numeric) claim of the seed, checked on the data. */
export interface Check {
  /** The claim in wormcast's words. */
  claim: string;
  /** The seed's sentence it checks, quoted. */
  cite: string;
  /**
   * What the entry expects of the run, 'holds' by default. 'fails' and 'not tested' come with a
   * reason in the reproduction's deviations; the tests pin the expectation, so that a change which
   * makes the claim come out otherwise is noticed and the docs updated.
   */
  expect?: ClaimResult;
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

/**
 * reproduced: every claim checked holds; partly reproduced: some hold, others fail or cannot be
 * tested; not reproduced: none holds (or the entry cannot be run at all: `notReproducible`).
 */
export type Verdict = 'reproduced' | 'partly reproduced' | 'not reproduced';

/** Whether a check came out as its entry expects. */
export function asExpected(c: Check, o: CheckOutcome): boolean {
  return claimResult(o) === (c.expect ?? 'holds');
}

/** The verdict from the claims' results (deviations are stated beside it; they do not set it). */
export function verdictOf(r: Reproduction, outcomes: readonly CheckOutcome[]): Verdict {
  if (r.notReproducible) return 'not reproduced';
  const results = outcomes.map(claimResult);
  const holding = results.filter((x) => x === 'holds').length;
  if (holding > 0 && holding === results.length) return 'reproduced';
  return holding > 0 ? 'partly reproduced' : 'not reproduced';
}

/** The verdict the entry declares by its checks' expectations: what a run must come to. */
export function expectedVerdict(r: Reproduction): Verdict {
  return verdictOf(
    r,
    r.checks.map((c) => {
      const e = c.expect ?? 'holds';
      return { ok: e === 'holds', untested: e === 'not tested', detail: '' };
    }),
  );
}
