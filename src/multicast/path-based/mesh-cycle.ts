import { WormcastError } from '../../errors.ts';
import { labellingFromOrder, type Labelling } from '../../labelling/types.ts';
import type { Topology } from '../../topology/types.ts';

/**
 * A Hamiltonian cycle of a 2D k0 x k1 mesh (seed 004 section 5.1, fact F1: one exists when a side
 * is even), the "comb": row 0 from x = 0 to k0-1, then rows 1 .. k1-1 over the columns 1 .. k0-1,
 * alternately right to left and left to right, and back down column 0 from row k1-1 to row 1.
 * Needs k1 even (the last row then ends at column 1, next to column 0); with k1 odd and k0 even the
 * same with x and y exchanged. On the 4 x 4 mesh it is the cycle C of seed 004 section 5.4,
 * (0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4).
 */
export function meshCombCycle(t: Topology): Labelling {
  if (t.kind !== 'mesh' || t.dims.length !== 2) {
    throw new WormcastError(`mesh Hamiltonian cycle: needs a 2D mesh (mesh:k0xk1), not ${t.spec}`);
  }
  const [k0, k1] = t.dims as [number, number];
  if (k1 % 2 !== 0 && k0 % 2 !== 0) {
    throw new WormcastError(
      `${t.spec}: a mesh with both sides odd has no Hamiltonian cycle (seed 004 section 5.1, F1); use an even side`,
    );
  }
  if (k0 < 2 || k1 < 2) throw new WormcastError(`${t.spec}: a mesh with a side of 1 has no Hamiltonian cycle`);
  // (a, b) walks the comb in a A x B grid; id maps it back to the mesh.
  const swap = k1 % 2 !== 0;
  const A = swap ? k1 : k0;
  const B = swap ? k0 : k1;
  const id = (a: number, b: number): number => (swap ? b + k0 * a : a + k0 * b);
  const order: number[] = [];
  for (let a = 0; a < A; a++) order.push(id(a, 0));
  for (let b = 1; b < B; b++) {
    if (b % 2 === 1) for (let a = A - 1; a >= 1; a--) order.push(id(a, b));
    else for (let a = 1; a < A; a++) order.push(id(a, b));
  }
  for (let b = B - 1; b >= 1; b--) order.push(id(0, b));
  return labellingFromOrder('mesh-comb-cycle', Int32Array.from(order), true);
}
