/**
 * A Hamiltonian labelling: l(v) is the position of node v on a Hamiltonian path or
 * cycle of the topology (seed 004 section 6.2; seed 003 section 2).
 */
export interface Labelling {
  readonly name: string;
  /** True for a Hamiltonian cycle (the last node is adjacent to the first). */
  readonly cycle: boolean;
  /** node -> label; a permutation of 0 .. nodes-1. */
  readonly labelOf: Int32Array;
  /** label -> node; the inverse permutation. */
  readonly nodeAt: Int32Array;
}

/** Build a labelling from its node order (nodeAt); the inverse is computed. */
export function labellingFromOrder(name: string, nodeAt: Int32Array, cycle: boolean): Labelling {
  const labelOf = new Int32Array(nodeAt.length);
  nodeAt.forEach((node, label) => {
    labelOf[node] = label;
  });
  return { name, cycle, labelOf, nodeAt };
}
