import { tracePath } from '../src/routing/trace.ts';
import type { RoutingFunction } from '../src/routing/types.ts';

/**
 * Whether the channel dependency graph of a routing function over the given pairs is
 * acyclic (Dally and Seitz: acyclic implies deadlock-free). A vertex is a virtual
 * channel (node * ports + port) * V + vc; an edge joins consecutive hops of a route.
 * Returns a cycle as a list of vertex ids, or undefined when there is none.
 */
export function dependencyCycle(r: RoutingFunction, list: Array<[number, number]>): number[] | undefined {
  const t = r.topology;
  const v = r.vcClasses.length;
  const count = t.nodes * t.ports * v;
  const edges: Array<Set<number>> = Array.from({ length: count }, () => new Set());
  for (const [s, d] of list) {
    const path = tracePath(r, s, d);
    for (let i = 1; i < path.length; i++) {
      const a = path[i - 1]!;
      const b = path[i]!;
      edges[(a.from * t.ports + a.port) * v + a.vc]!.add((b.from * t.ports + b.port) * v + b.vc);
    }
  }
  // Iterative DFS with colours: 0 new, 1 on the stack, 2 done.
  const colour = new Uint8Array(count);
  const parent = new Int32Array(count).fill(-1);
  for (let root = 0; root < count; root++) {
    if (colour[root] !== 0) continue;
    const stack: Array<[number, Iterator<number>]> = [[root, edges[root]!.values()]];
    colour[root] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const next = top[1].next();
      if (next.done) {
        colour[top[0]] = 2;
        stack.pop();
        continue;
      }
      const w = next.value;
      if (colour[w] === 1) {
        const cycle = [w];
        for (let x = top[0]; x !== w && x >= 0; x = parent[x]!) cycle.push(x);
        return cycle.reverse();
      }
      if (colour[w] === 0) {
        colour[w] = 1;
        parent[w] = top[0];
        stack.push([w, edges[w]!.values()]);
      }
    }
  }
  return undefined;
}
