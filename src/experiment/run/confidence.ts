import { studentTQuantile } from './student-t.ts';

/*
 * Confidence intervals of a point (docs/experiments.md "Statistics"):
 * - over replications: the R replications of a point are independent runs (independent seeds,
 *   src/experiment/sweep/seeds.ts), so their means are i.i.d. and mean +- t(1 - alpha/2; R - 1) s / sqrt(R)
 *   is the interval (Student t; the run means are close to normal by the central limit theorem);
 * - batch means within a run (seed 004 section 7.2, after Law and Kelton [58] of that seed): the
 *   measured window is cut into B equal spans of creation time and each span's mean latency is
 *   one observation; for spans long against the correlation time of the network the B means are
 *   nearly independent and the same t interval with B - 1 degrees of freedom applies.
 */

/** A mean and its confidence interval. */
export interface Interval {
  mean: number;
  /** t(1 - alpha/2; n - 1) s / sqrt(n); NaN with fewer than 2 observations. */
  halfWidth: number;
  lo: number;
  hi: number;
  /** Observations used (finite values). */
  n: number;
  /** Sample standard deviation (n - 1 in the denominator). */
  sd: number;
}

/** The mean and `confidence` (e.g. 0.95) interval of the finite values of `xs`. */
export function meanInterval(xs: readonly number[], confidence = 0.95): Interval {
  const v = xs.filter((x) => Number.isFinite(x));
  const n = v.length;
  if (n === 0) return { mean: NaN, halfWidth: NaN, lo: NaN, hi: NaN, n: 0, sd: NaN };
  const mean = v.reduce((a, b) => a + b, 0) / n;
  if (n < 2) return { mean, halfWidth: NaN, lo: NaN, hi: NaN, n, sd: NaN };
  const sd = Math.sqrt(v.reduce((a, x) => a + (x - mean) * (x - mean), 0) / (n - 1));
  const halfWidth = (studentTQuantile(1 - (1 - confidence) / 2, n - 1) * sd) / Math.sqrt(n);
  return { mean, halfWidth, lo: mean - halfWidth, hi: mean + halfWidth, n, sd };
}

/** Half-width over |mean|: the criterion of seed 004 ("smaller than 5 percent of the mean"); NaN when undefined. */
export function relativeHalfWidth(i: Interval): number {
  return i.n >= 2 && i.mean !== 0 ? i.halfWidth / Math.abs(i.mean) : NaN;
}
