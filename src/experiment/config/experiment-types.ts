import type { MetricName } from './metrics.ts';
import type { OptionKey, OptionValue } from './option-keys.ts';
import type { SaturationRule } from './saturation.ts';

/*
 * The types of an experiment (src/experiment/config/schema.ts validates files into them). Kept apart
 * from the zod schemas so that the package's public types do not reach zod's (test/package.test.ts).
 */

export type { SaturationRule };

/** A range of a numeric option: from, from + step, ... up to `to` inclusive (exact decimal steps, src/experiment/config/grid.ts). */
export interface Range {
  from: number;
  to: number;
  step: number;
}

/** What a grid gives an option: one value, a list, or a range. */
export type GridEntry = OptionValue | readonly OptionValue[] | Range;

/** How replications get their traffic seeds (src/experiment/sweep/seeds.ts). */
export type SeedMode = 'per-point' | 'common';

export interface Statistics {
  /** Metrics that get a mean and a confidence interval. */
  metrics: MetricName[];
  /** Confidence level of the intervals (0.95: 95 %). */
  confidence: number;
  /** Batches of the batch-means interval within each run. */
  batches: number;
}

/** Run each point until its interval is narrow enough (seed 004 section 7.2: "smaller than 5 percent of the mean"). */
export interface RunUntil {
  relativeHalfWidth: number;
  /** Cap on the measured cycles of a point (all its replications together). */
  maxCycles: number;
  metric: MetricName;
}

/** A validated experiment. */
export interface Experiment {
  name: string;
  description?: string;
  base: Partial<Record<OptionKey, OptionValue>>;
  /** In the file's order: the first key varies slowest. */
  grid: Array<[OptionKey, GridEntry]>;
  replications: number;
  seed: number;
  seeds: SeedMode;
  statistics: Statistics;
  saturation: SaturationRule;
  runUntil: RunUntil | null;
}
