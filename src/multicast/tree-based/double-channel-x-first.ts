import type { Grid } from '../../topology/grid.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { mesh2d, xOf, yOf } from './mesh2d.ts';
import { type TreeWorm, treePlan } from './tree.ts';
import { splitTree } from './x-first.ts';
import { quadrantOf, SUBNETWORKS } from '../../routing/xy-double.ts';

/**
 * The destinations of each subnetwork, in D's order (seed 004 section 6.2.1): index as
 * SUBNETWORKS (+X+Y, -X+Y, -X-Y, +X-Y).
 */
export function doubleChannelSplit(k0: number, source: number, dests: ArrayLike<number>): number[][] {
  const out: number[][] = [[], [], [], []];
  const x0 = xOf(source, k0);
  const y0 = yOf(source, k0);
  for (let k = 0; k < dests.length; k++) {
    const d = dests[k]!;
    out[quadrantOf(x0, y0, xOf(d, k0), yOf(d, k0))]!.push(d);
  }
  return out;
}

/**
 * Double-channel X-first routing in one subnetwork (seed 004 Fig. 6.6, written for N+X+Y and
 * mirrored): at (x, y), deliver if local; the destinations of this column go on along Y, the rest
 * along X (step 1, "x < min x_i: send on along X", is the case of an empty column).
 */
export function subnetworkTree(
  routing: Parameters<MulticastAlgorithm['build']>[0],
  k0: number,
  source: number,
  dests: readonly number[],
  sub: number,
): TreeWorm {
  const { name, xPort, yPort, vc } = SUBNETWORKS[sub]!;
  return splitTree(
    routing,
    source,
    dests,
    [xPort, yPort],
    vc,
    (at, list) => {
      const lists: number[][] = [[], [], [], []];
      let local = false;
      for (const d of list) {
        if (d === at) local = true;
        else lists[xOf(d, k0) === xOf(at, k0) ? yPort : xPort]!.push(d);
      }
      return { lists, local };
    },
    name,
  );
}

/**
 * Double-channel X-first multicast (seed 004 section 6.2.1, Fig. 6.6) on a 2D mesh with doubled
 * channels (routing xy-double): one tree worm per non-empty subnetwork, +X+Y, -X+Y, -X-Y, +X-Y.
 */
export const doubleChannelXFirst: MulticastAlgorithm = {
  name: 'double-channel-x-first',
  summary: 'four X-first trees in four subnetworks of doubled channels (seed 004 section 6.2.1, Fig. 6.6)',
  topologies: ['mesh'],
  routings: ['xy-double'],
  port: 'all',
  build(routing, source, destinations) {
    const g = mesh2d(routing.topology, 'double-channel-x-first') as Grid;
    const k0 = g.dims[0]!;
    const worms = doubleChannelSplit(k0, source, destinations)
      .map((list, sub) => (list.length > 0 ? subnetworkTree(routing, k0, source, list, sub) : undefined))
      .filter((w): w is TreeWorm => w !== undefined);
    return treePlan(routing, 'double-channel-x-first', source, destinations, worms);
  },
};
