import type { TreeEdge } from '../src/engine/types.ts';
import { WormcastError } from '../src/errors.ts';
import { tracePath } from '../src/routing/trace.ts';
import type { RoutingFunction } from '../src/routing/types.ts';

/**
 * A tree worm made of the routing function's routes from src to every destination, for the random
 * engine configurations of test/engine-random.ts: edges in the order the routes first take them
 * (not the breadth-first order of a Plan's trees), destinations in the order given. A test input
 * generator, not a second Plan -> worms conversion (that is src/engine/plan-worms.ts, fed by the
 * multicast layer's `routeUnion`): the random configurations' results are stored
 * (test/engine-slots-results*.json), so their trees keep the shape they were generated with, and
 * the engines also see trees whose edges are not in breadth-first order.
 * Throws when two routes reach one node by different edges (the union is then no tree).
 */
export function routeTree(
  r: RoutingFunction,
  src: number,
  dests: readonly number[],
): { edges: TreeEdge[]; dests: number[] } {
  const t = r.topology;
  const edges: TreeEdge[] = [];
  // node -> index of the edge reaching it (-1 for the source)
  const at = new Map<number, number>([[src, -1]]);
  for (const d of dests) {
    let parent = -1;
    for (const hop of tracePath(r, src, d)) {
      const known = at.get(hop.to);
      if (known !== undefined) {
        const e = known >= 0 ? edges[known]! : undefined;
        if (!e || e.parent !== parent || e.port !== hop.port || e.vc !== hop.vc) {
          throw new WormcastError(
            `${r.name}: the routes from ${t.format(src)} reach ${t.format(hop.to)} by two different edges; not a tree`,
          );
        }
        parent = known;
        continue;
      }
      edges.push({ parent, port: hop.port, vc: hop.vc });
      parent = edges.length - 1;
      at.set(hop.to, parent);
    }
  }
  return { edges, dests: [...dests] };
}
