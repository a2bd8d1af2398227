import { WormcastError } from '../../errors.ts';
import { decimalRange } from './decimal-range.ts';
import type { OptionKey, OptionValue } from './option-keys.ts';
import { resolvePoint, type PointConfig } from './point-config.ts';
import type { Experiment, GridEntry } from './experiment-types.ts';

/** The most points one experiment may have. */
export const MAX_POINTS = 100_000;

/** One point of an experiment. */
export interface Point {
  /** Its position in the grid's order (0-based), the order of tables and plots. */
  index: number;
  /** The grid's values at this point, in the grid's key order (what varies). */
  values: Partial<Record<OptionKey, OptionValue>>;
  /** The full resolved configuration. */
  config: PointConfig;
}

/** The values of one grid entry, in order. */
export function entryValues(entry: GridEntry): OptionValue[] {
  if (Array.isArray(entry)) return [...(entry as OptionValue[])];
  if (entry !== null && typeof entry === 'object') {
    const r = entry as { from: number; to: number; step: number };
    return decimalRange(r.from, r.to, r.step, MAX_POINTS);
  }
  return [entry as OptionValue];
}

/** `load=0.05 algorithm=dual-path` */
export function pointLabel(values: Partial<Record<OptionKey, OptionValue>>): string {
  const parts = Object.entries(values).map(([k, v]) => `${k}=${String(v)}`);
  return parts.length > 0 ? parts.join(' ') : '(base)';
}

/** Canonical JSON: object keys sorted, so equal configurations give equal text. */
export function canonicalJson(x: unknown): string {
  if (Array.isArray(x)) return `[${x.map(canonicalJson).join(',')}]`;
  if (x !== null && typeof x === 'object') {
    const keys = Object.keys(x)
      .filter((k) => (x as Record<string, unknown>)[k] !== undefined)
      .sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson((x as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(x);
}

/**
 * Options of one pattern or one process (docs/traffic.md): at a point of another they are
 * refused, so that a single run given them is told they do nothing.
 */
const OWN_OPTIONS: ReadonlyArray<[OptionKey, string, readonly OptionKey[]]> = [
  ['pattern', 'near', ['radius']],
  ['pattern', 'hotspot', ['hotspots', 'hotspotFraction']],
  ['process', 'onoff', ['onoff']],
  ['process', 'batch', ['batch']],
];

/** A run's window: what a batch, measured whole, does not have. */
const WINDOW: readonly OptionKey[] = ['warmup', 'cycles', 'drain'];

/**
 * A grid over patterns (or processes) compares them, so an option of one of them (radius,
 * hotspots, onoff, batch) given in base or grid belongs to its points only: the others are
 * resolved without it, as a unicast point is without dests. Without this, `grid: { pattern:
 * [uniform, near, hotspot] }` with `radius` and `hotspots` in base had no valid point but the
 * near one ('radius: applies to pattern near only, not uniform'), so no experiment could put
 * the destination patterns side by side. An option of a pattern the grid does not vary is still
 * refused.
 */
function ownOptionsOnly(
  point: Partial<Record<OptionKey, OptionValue>>,
  varied: ReadonlySet<OptionKey>,
): Partial<Record<OptionKey, OptionValue>> {
  const out = { ...point };
  for (const [axis, value, keys] of OWN_OPTIONS)
    if (varied.has(axis) && out[axis] !== value) for (const k of keys) delete out[k];
  // the window (warmup, cycles, drain) is the other processes': a batch is measured whole, and
  // `warmup: auto` at a batch point stopped the sweep when the point's turn came, after the others ran
  if (varied.has('process') && out.process === 'batch') for (const k of WINDOW) delete out[k];
  return out;
}

/**
 * The points of an experiment: the Cartesian product of its grid (the first grid key varies
 * slowest, each list or range in its own order) over its base. Points whose resolved
 * configurations are equal are one point (e.g. `dests` values on a unicast point), kept at the
 * first position. `source` names the experiment in errors.
 */
export function expandGrid(e: Experiment, source: string): Point[] {
  const axes: Array<[OptionKey, OptionValue[]]> = [];
  let total = 1;
  for (const [key, entry] of e.grid) {
    let values: OptionValue[];
    try {
      values = entryValues(entry);
    } catch (err) {
      if (err instanceof RangeError)
        throw new WormcastError(
          `${source}: grid.${key}: the range has ${err.message}; raise the step or narrow the range`,
        );
      throw err;
    }
    if (values.length === 0) throw new WormcastError(`${source}: grid.${key}: no value`);
    axes.push([key, values]);
    total *= values.length;
    if (total > MAX_POINTS)
      throw new WormcastError(`${source}: grid: more than ${MAX_POINTS} points; split the experiment`);
  }
  const varied = new Set(axes.filter(([, vs]) => vs.length > 1).map(([key]) => key));
  const points: Point[] = [];
  const seen = new Set<string>();
  const idx = axes.map(() => 0);
  for (let n = 0; n < total; n++) {
    const values: Partial<Record<OptionKey, OptionValue>> = {};
    axes.forEach(([key, vs], a) => {
      values[key] = vs[idx[a]!]!;
    });
    let config: PointConfig;
    try {
      config = resolvePoint(ownOptionsOnly({ ...e.base, ...values }, varied));
      // refused here, before anything runs, not when the point's turn comes (docs/cli.md)
      if (config.traffic === 'isolated' && e.runUntil)
        throw new WormcastError(
          'runUntil (--until): does not apply to traffic: isolated (its intervals are over the random sets: raise sets)',
        );
      // one replication doubles the run's window; a batch has none (it is measured whole), so every
      // doubling ran the same batch again and stored a cap of cycles it never measured
      if (config.process === 'batch' && e.runUntil && e.replications === 1)
        throw new WormcastError(
          'runUntil (--until) with replications 1 doubles the window, which a batch (process batch) does not have: it is measured whole; give replications 2 or more (an interval over replications)',
        );
    } catch (err) {
      if (err instanceof WormcastError)
        throw new WormcastError(`${source}: point ${pointLabel(values)}: ${err.message.replace(/^wormcast: /, '')}`);
      throw err;
    }
    const key = canonicalJson(config);
    if (!seen.has(key)) {
      seen.add(key);
      points.push({ index: points.length, values, config });
    }
    // odometer: the last axis turns fastest
    for (let a = axes.length - 1; a >= 0; a--) {
      idx[a]!++;
      if (idx[a]! < axes[a]![1].length) break;
      idx[a] = 0;
    }
  }
  return points;
}
