import { WormcastError } from '../errors.ts';
import type { Topology } from '../topology/types.ts';
import { labellingFromOrder, type Labelling } from './types.ts';

/** True when some port of `a` leads to `b`. */
export function isAdjacent(topology: Topology, a: number, b: number): boolean {
  for (let p = 0; p < topology.ports; p++) if (topology.neighbor(a, p) === b) return true;
  return false;
}

/**
 * Check that `order` lists every node of the topology exactly once with consecutive
 * nodes adjacent (a Hamiltonian path; seed 004 section 6.2.2), and, when `cycle`, the
 * last adjacent to the first (a Hamiltonian cycle; seed 004 section 5.4, seed 003
 * section 2). Throws a WormcastError naming the first bad position and node.
 */
export function checkHamiltonian(
  topology: Topology,
  order: ArrayLike<number>,
  cycle: boolean,
  what = 'custom labelling',
): void {
  const n = topology.nodes;
  const where = `${what} on ${topology.spec}`;
  if (order.length !== n) {
    throw new WormcastError(
      `${where}: the order has ${order.length} nodes; a Hamiltonian ${cycle ? 'cycle' : 'path'} lists all ${n} nodes`,
    );
  }
  const seenAt = new Int32Array(n).fill(-1);
  for (let i = 0; i < n; i++) {
    const v = order[i]!;
    if (!Number.isInteger(v) || v < 0 || v >= n) {
      throw new WormcastError(`${where}: position ${i}: ${v} is not a node; must be 0..${n - 1}`);
    }
    if (seenAt[v] !== -1) {
      throw new WormcastError(
        `${where}: position ${i}: node ${topology.format(v)} (${v}) already appears at position ${seenAt[v]}`,
      );
    }
    seenAt[v] = i;
    if (i > 0 && !isAdjacent(topology, order[i - 1]!, v)) {
      const u = order[i - 1]!;
      throw new WormcastError(
        `${where}: position ${i}: node ${topology.format(v)} (${v}) is not adjacent to node ${topology.format(u)} (${u}) at position ${i - 1}`,
      );
    }
  }
  if (cycle && n > 1 && !isAdjacent(topology, order[n - 1]!, order[0]!)) {
    const last = order[n - 1]!;
    const first = order[0]!;
    throw new WormcastError(
      `${where}: not a cycle: the last node ${topology.format(last)} (${last}, position ${n - 1}) is not adjacent to the first ${topology.format(first)} (${first})`,
    );
  }
}

/**
 * A user-supplied Hamiltonian path (cycle = false) or cycle (cycle = true), given as the
 * node ids in label order: l(order[i]) = i. Validated by checkHamiltonian.
 */
export function customLabelling(topology: Topology, order: readonly number[], cycle: boolean): Labelling {
  checkHamiltonian(topology, order, cycle);
  return labellingFromOrder(cycle ? 'custom-cycle' : 'custom-path', Int32Array.from(order), cycle);
}
