import { WormcastError } from '../errors.ts';
import type { Topology } from '../topology/types.ts';
import { labellingFromOrder, type Labelling } from './types.ts';

/**
 * The Hamiltonian-cycle labelling of a 2D torus (seed 003 section 4.1, after Lin and Ni):
 * the rows y = 0, 1, ..., k1-1 are visited in turn, even rows with x rising and odd rows
 * with x falling,
 *   l(x, y) = y*k0 + x          if y is even,
 *   l(x, y) = y*k0 + k0 - 1 - x if y is odd,
 * so the last node (0, k1-1) is joined to the first (0, 0) by the y wrap-around link, which
 * needs an even number of rows k1. On torus:4x4 the seed's source (3,2) gets label 11.
 * (The seed prints n for the row length; with x in 0..k0-1 the row length is k0, which is
 * the same thing on the seed's square examples. docs/routing-hcm-star.md, Errata.)
 */
export function torusHcm(topology: Topology): Labelling {
  if (topology.kind !== 'torus') {
    throw new WormcastError(`labelling torus-hcm: needs a 2D torus (torus:k0xk1 with k1 even), not ${topology.spec}`);
  }
  if (topology.dims.length !== 2) {
    throw new WormcastError(
      `labelling torus-hcm on ${topology.spec}: the seed's Hamiltonian cycle is defined for 2D tori only (torus:k0xk1), not ${topology.dims.length} dimensions`,
    );
  }
  const k0 = topology.dims[0]!;
  const k1 = topology.dims[1]!;
  if (k1 % 2 !== 0) {
    throw new WormcastError(
      `labelling torus-hcm on ${topology.spec}: the number of rows k1 = ${k1} must be even (seed 003 section 4.1), e.g. torus:${k0}x${k1 + 1}`,
    );
  }
  const nodeAt = new Int32Array(k0 * k1);
  for (let y = 0; y < k1; y++) {
    for (let x = 0; x < k0; x++) {
      const label = y * k0 + (y % 2 === 0 ? x : k0 - 1 - x);
      nodeAt[label] = x + k0 * y;
    }
  }
  return labellingFromOrder('torus-hcm', nodeAt, true);
}
