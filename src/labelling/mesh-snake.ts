import { WormcastError } from '../errors.ts';
import type { Topology } from '../topology/types.ts';
import { isAdjacent } from './custom.ts';
import { labellingFromOrder, type Labelling } from './types.ts';

/**
 * The snake label of a grid node given its coordinates (x0, x1, ...) and the radices:
 * seed 004 section 6.2.2, l(x, y) = y*n + x for even y and y*n + n - x - 1 for odd y,
 * where n = k0 is the number of nodes along x (the snake runs along x, row by row).
 *
 * The 3D extension applies the same rule one level up: plane z holds labels
 * z*A .. z*A + A - 1 (A = k0*k1), in the 2D snake order on even z and in reverse on odd z,
 * so each plane starts where the previous one ended (a boustrophedon through the planes).
 * In general l_d = x_d * A_d + (x_d odd ? A_d - 1 - l_{d-1} : l_{d-1}), A_d = k0*...*k_{d-1}:
 * the reflected mixed-radix Gray code, of which the 2D snake is the two-digit case.
 */
export function snakeLabel(coords: readonly number[], dims: readonly number[]): number {
  let label = coords[0] ?? 0;
  let block = dims[0] ?? 1;
  for (let d = 1; d < dims.length; d++) {
    const x = coords[d]!;
    label = x * block + ((x & 1) === 1 ? block - 1 - label : label);
    block *= dims[d]!;
  }
  return label;
}

/**
 * The Hamiltonian-path labelling of a 2D or 3D mesh by the snake of seed 004
 * section 6.2.2 (3D: boustrophedon through the z planes; docs/routing-dor-label.md).
 * Consecutive labels are adjacent; `cycle` is true only when the last node happens
 * to be adjacent to the first (a k0 x 2 mesh with k0 >= 2, for instance).
 */
export function meshSnake(topology: Topology): Labelling {
  if (topology.kind !== 'mesh') {
    throw new WormcastError(`labelling mesh-snake: needs a mesh (mesh:k0xk1 or mesh:k0xk1xk2), not ${topology.spec}`);
  }
  const dims = topology.dims;
  const nodeAt = new Int32Array(topology.nodes);
  const coords = dims.map(() => 0);
  for (let node = 0; node < topology.nodes; node++) {
    let rest = node;
    for (let d = 0; d < dims.length; d++) {
      coords[d] = rest % dims[d]!;
      rest = Math.floor(rest / dims[d]!);
    }
    nodeAt[snakeLabel(coords, dims)] = node;
  }
  const n = topology.nodes;
  const cycle = n > 2 && isAdjacent(topology, nodeAt[n - 1]!, nodeAt[0]!);
  return labellingFromOrder('mesh-snake', nodeAt, cycle);
}
