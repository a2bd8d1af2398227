import { WormcastError } from '../errors.ts';
import type { Topology } from '../topology/types.ts';
import type { Labelling } from './types.ts';

/**
 * The label of hypercube node d_{n-1} ... d_0 (seed 004 section 6.3):
 * l = sum_i c_i 2^i with c_{n-j} = d_{n-1} xor d_{n-2} xor ... xor d_{n-j}, the prefix
 * parity of the address bits from the top: the inverse of the reflected binary Gray code.
 */
export function grayLabel(node: number): number {
  let label = node;
  for (let shift = 1; shift < 32; shift <<= 1) label ^= label >>> shift;
  return label;
}

/** The node with a given label: the reflected binary Gray code g = l xor (l >> 1). */
export function grayNode(label: number): number {
  return label ^ (label >>> 1);
}

/**
 * The Hamiltonian labelling of an n-cube by the reflected Gray code (seed 004 section 6.3;
 * the same cycle as Table 5.3 of section 5.4, whose h(x) is this label plus one).
 * In a 4-cube l(0011) = 2 and l(1000) = 15. It is a Hamiltonian cycle for n >= 2.
 */
export function hypercubeGray(topology: Topology): Labelling {
  if (topology.kind !== 'hypercube') {
    throw new WormcastError(`labelling hypercube-gray: needs a hypercube (hypercube:n), not ${topology.spec}`);
  }
  const n = topology.nodes;
  const labelOf = new Int32Array(n);
  const nodeAt = new Int32Array(n);
  for (let label = 0; label < n; label++) {
    const node = grayNode(label);
    nodeAt[label] = node;
    labelOf[node] = label;
  }
  return { name: 'hypercube-gray', cycle: n > 2, labelOf, nodeAt };
}
