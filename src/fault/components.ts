import type { Topology } from '../topology/types.ts';
import type { FaultSet } from './fault-set.ts';

/** The connected components of the healthy network: what a fault set disconnects. */
export interface Components {
  /** The component of each node, -1 for a faulty node; components are numbered from 0 in node order. */
  readonly of: Int32Array;
  /** Nodes in each component. */
  readonly sizes: readonly number[];
}

/**
 * Components of the graph of healthy nodes and healthy channels, by breadth-first search. A link
 * is dead in both directions or neither (fault-set.ts), so reachability is symmetric.
 */
export function healthyComponents(t: Topology, f: FaultSet): Components {
  const of = new Int32Array(t.nodes).fill(-1);
  const sizes: number[] = [];
  const queue = new Int32Array(t.nodes);
  for (let s = 0; s < t.nodes; s++) {
    if (of[s] !== -1 || f.nodeMask[s] === 1) continue;
    const c = sizes.length;
    let head = 0;
    let tail = 0;
    queue[tail++] = s;
    of[s] = c;
    while (head < tail) {
      const v = queue[head++]!;
      for (let p = 0; p < t.ports; p++) {
        const w = t.neighbor(v, p);
        if (w < 0 || f.channelMask[v * t.ports + p] === 1 || of[w] !== -1) continue;
        of[w] = c;
        queue[tail++] = w;
      }
    }
    sizes.push(tail);
  }
  return { of, sizes };
}

/**
 * Ordered pairs (source, destination), source != destination, that no route joins: either end is
 * faulty or the two lie in different components. Out of nodes * (nodes - 1).
 */
export function unreachablePairs(t: Topology, c: Components): number {
  const total = t.nodes * (t.nodes - 1);
  let reachable = 0;
  for (const s of c.sizes) reachable += s * (s - 1);
  return total - reachable;
}

/** True when a message from src can reach dst over healthy channels. */
export function reachable(c: Components, src: number, dst: number): boolean {
  return c.of[src] !== -1 && c.of[src] === c.of[dst];
}
