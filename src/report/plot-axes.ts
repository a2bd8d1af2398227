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

/** The axes with series and facet filled in from the varying options; `auto` names those filled in. */
export function completeAxes(points: readonly StoredPoint[], axes: PlotAxes): { axes: PlotAxes; auto: string[] } {
  const taken = new Set([axes.x, axes.series, axes.facet].filter((k): k is string => k !== undefined));
  const left = varyingOptions(points).filter((k) => !taken.has(k));
  const out: PlotAxes = { ...axes };
  const auto: string[] = [];
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
