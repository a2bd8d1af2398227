import type { Topology } from '../topology/types.ts';

/** Largest table withNeighborTable builds: 2^24 entries (64 MiB), e.g. a 1024 x 1024 torus x 4 ports. */
const MAX_TABLE = 1 << 24;

/**
 * The topology `t` with `neighbor` answered from a precomputed table, for the analyses that call a
 * routing function ~N^2 times (the deadlock checker): a mesh or torus computes each neighbour from
 * its mixed-radix coordinates (two divisions and a remainder), which is a third of the time of hcm
 * routing on a 64 x 64 torus. The result is the same topology in every other respect (it inherits
 * from `t`, so kind, spec, format, distance, ... and instanceof are t's), and every neighbour is
 * t's own: build a routing function over it and it routes exactly as over `t`. Topologies that
 * already read a table (star), whose neighbour is a bit operation (hypercube) or a few integer
 * operations (CCC), and grids over MAX_TABLE entries are returned unchanged.
 */
export function withNeighborTable<T extends Topology>(t: T): T {
  if ((t.kind !== 'mesh' && t.kind !== 'torus') || t.nodes * t.ports > MAX_TABLE) return t;
  const P = t.ports;
  const table = new Int32Array(t.nodes * P);
  for (let v = 0; v < t.nodes; v++) for (let p = 0; p < P; p++) table[v * P + p] = t.neighbor(v, p);
  const fast = Object.create(t) as T;
  Object.defineProperty(fast, 'neighbor', {
    value: (node: number, port: number): number =>
      port >= 0 && port < P ? table[node * P + port]! : t.neighbor(node, port),
  });
  return fast;
}
