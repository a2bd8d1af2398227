import { WormcastError } from '../errors.ts';
import { canonicalJson } from '../experiment/config/grid.ts';
import type { StoredPoint } from '../experiment/sweep/store.ts';
import type { PlotAxes } from './plot-spec.ts';

/*
 * Which options a figure is drawn over (issue 23): a grid that varies more than x must not become
 * one line zig-zagging through every algorithm. Every option that varies among the points and is
 * not x goes to the series, then to the panels (facets), when those are not given; an option left
 * over is refused in one line that names --series and --facet.
 */

/** The options whose value differs between points (in grid order), 'experiment' first when several are mixed. */
export function varyingOptions(points: readonly StoredPoint[]): string[] {
  const seen = new Map<string, Set<string>>();
  for (const p of points)
    for (const [k, v] of Object.entries(p.values)) {
      if (!seen.has(k)) seen.set(k, new Set());
      seen.get(k)!.add(canonicalJson(v));
    }
  const options = [...seen].filter(([, values]) => values.size > 1).map(([k]) => k);
  return new Set(points.map((p) => p.experiment)).size > 1 ? ['experiment', ...options] : options;
}

/**
 * The axes with series and facet filled in from the varying options; `auto` names those filled in.
 * An x not given (`xGiven` false: the default, load) that does not vary among the points becomes
 * the first option that does with numbers for values (a trace sweep's points all say load 0 and
 * were drawn in one column at 0).
 */
export function completeAxes(
  points: readonly StoredPoint[],
  axes0: PlotAxes,
  xGiven = true,
): { axes: PlotAxes; auto: string[] } {
  const varying = varyingOptions(points);
  let axes = axes0;
  const xAuto: string[] = [];
  if (!xGiven && !varying.includes(axes.x)) {
    const numeric = varying.find(
      (k) =>
        k !== axes.series &&
        k !== axes.facet &&
        points.every((p) => typeof (p.values as Record<string, unknown>)[k] === 'number'),
    );
    if (numeric !== undefined) {
      axes = { ...axes, x: numeric };
      xAuto.push(`--x ${numeric}`);
    }
  }
  const taken = new Set([axes.x, axes.series, axes.facet].filter((k): k is string => k !== undefined));
  const left = varying.filter((k) => !taken.has(k));
  const out: PlotAxes = { ...axes };
  const auto: string[] = xAuto;
  if (out.series === undefined && left.length > 0) {
    out.series = left.shift()!;
    auto.push(`--series ${out.series}`);
  }
  if (out.facet === undefined && left.length > 0) {
    out.facet = left.shift()!;
    auto.push(`--facet ${out.facet}`);
  }
  if (left.length > 0)
    throw new WormcastError(
      `plot: besides --x ${axes.x}, the points vary in ${[out.series, out.facet, ...left].join(', ')}; a figure draws two of them (--series and --facet), not ${left.join(', ')} too: plot one experiment (--experiment) or a store whose grid varies less`,
    );
  return { axes: out, auto };
}
