import type { Labelling } from '../../labelling/types.ts';
import { INJECT, type RoutingFunction } from '../../routing/types.ts';
import type { Grid } from '../../topology/grid.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { labellingOf, splitHighLow } from './split.ts';
import { assemblePathPlan, pushHop, RouteBuffer, routeWorm, type WormPart } from './worms.ts';

/** The neighbours of u with a label above (up) or below (!up) u's, nearest label first. */
function neighboursToward(r: RoutingFunction, lab: Labelling, u: number, up: boolean): number[] {
  const t = r.topology;
  const lu = lab.labelOf[u]!;
  const out: number[] = [];
  for (let p = 0; p < t.ports; p++) {
    const w = t.neighbor(u, p);
    if (w >= 0 && (up ? lab.labelOf[w]! > lu : lab.labelOf[w]! < lu)) out.push(w);
  }
  return out.sort((a, b) => (up ? lab.labelOf[a]! - lab.labelOf[b]! : lab.labelOf[b]! - lab.labelOf[a]!));
}

/**
 * Seed 004 Fig. 6.14 step 3 (2D mesh, snake labelling): with the two higher-labelled neighbours
 * v1 = (x1, y1), v2 = (x2, y2), D_H1 takes the destinations on v1's side of x2 (x >= x1 when
 * x1 > x2, x <= x1 when x1 < x2) and D_H2 the rest; the same for D_L. Returns one part per
 * neighbour, or undefined when the rule does not apply (the neighbours share their x).
 */
function splitByX(grid: Grid, vs: number[], sorted: Int32Array): Int32Array[] | undefined {
  if (vs.length === 1) return [sorted];
  if (vs.length !== 2) return undefined;
  const x1 = grid.coord(vs[0]!, 0);
  const x2 = grid.coord(vs[1]!, 0);
  if (x1 === x2) return undefined;
  const first = sorted.filter((d) => (x1 > x2 ? grid.coord(d, 0) >= x1 : grid.coord(d, 0) <= x1));
  const second = sorted.filter((d) => (x1 > x2 ? grid.coord(d, 0) < x1 : grid.coord(d, 0) > x1));
  return [first, second];
}

/**
 * Seed 004 Fig. 6.20 step 3 (hypercube; wormcast uses it for every labelling but the 2D snake):
 * with the neighbours v1 .. vd in label order away from the source, part i takes the
 * destinations from l(vi) up to (not including) l(v(i+1)); mirrored for the low network.
 */
function splitByLabel(lab: Labelling, vs: number[], sorted: Int32Array, up: boolean): Int32Array[] {
  const parts: number[][] = vs.map(() => []);
  let i = 0;
  for (const d of sorted) {
    const ld = lab.labelOf[d]!;
    while (i + 1 < vs.length && (up ? lab.labelOf[vs[i + 1]!]! <= ld : lab.labelOf[vs[i + 1]!]! >= ld)) i++;
    parts[i]!.push(d);
  }
  return parts.map((p) => Int32Array.from(p));
}

/** The worms of one network: each part goes first to its neighbour, then by R (Fig. 6.14, 6.20). */
function networkWorms(
  r: RoutingFunction,
  lab: Labelling,
  source: number,
  sorted: Int32Array,
  up: boolean,
  buf: RouteBuffer,
): WormPart[] {
  if (sorted.length === 0) return [];
  const vs = neighboursToward(r, lab, source, up);
  const t = r.topology;
  const snake2d = t.kind === 'mesh' && t.dims.length === 2 && lab.name === 'mesh-snake';
  const parts = (snake2d ? splitByX(t as Grid, vs, sorted) : undefined) ?? splitByLabel(lab, vs, sorted, up);
  const network = up ? 'high' : 'low';
  const worms: WormPart[] = [];
  parts.forEach((dests, i) => {
    if (dests.length === 0) return;
    const start = buf.length;
    pushHop(r, buf, source, vs[i]!, up ? 0 : 1);
    const rest = routeWorm(r, network, vs[i]!, dests, INJECT, buf);
    worms.push({ network, dests, start, end: rest.end });
  });
  return worms;
}

/**
 * Multi-path multicast (seed 004 Fig. 6.14 for the 2D mesh, Fig. 6.20 for the hypercube): the
 * dual-path sets D_H and D_L split further among the source's neighbours in each network; each
 * part is a worm sent first to its neighbour and routed by R from there.
 */
export const multiPath: MulticastAlgorithm = {
  name: 'multi-path',
  summary: 'up to one worm per outgoing channel of the source (seed 004 Figs. 6.14, 6.20)',
  topologies: ['mesh', 'hypercube'],
  routings: ['label', 'label-detour'],
  port: 'all',
  build(routing, source, destinations) {
    const lab = labellingOf(routing, 'multi-path');
    const { high, low } = splitHighLow(lab.labelOf, source, destinations);
    const buf = new RouteBuffer(4 * destinations.length + 16);
    const worms = [
      ...networkWorms(routing, lab, source, high, true, buf),
      ...networkWorms(routing, lab, source, low, false, buf),
    ];
    return assemblePathPlan(routing, 'multi-path', source, destinations, worms, buf);
  },
};
