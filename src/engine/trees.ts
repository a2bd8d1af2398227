import { WormcastError } from '../errors.ts';
import { tracePath } from '../routing/trace.ts';
import type { RoutingFunction } from '../routing/types.ts';
import type { TreeEdge } from './types.ts';

/** An explicit tree worm: its edges (parents first) and the destinations it delivers. */
export interface RouteTree {
  edges: TreeEdge[];
  dests: number[];
}

/**
 * The tree formed by the union of the routing function's paths from src to every destination
 * (for E-cube this is the E-cube broadcast/multicast tree of seed 004 section 6.1, for
 * dimension order on a mesh the X-first tree). Each edge keeps the VC class of its route.
 * Throws when two paths reach one node by different edges (the union is then no tree).
 */
export function routeTree(r: RoutingFunction, src: number, dests: readonly number[]): RouteTree {
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
