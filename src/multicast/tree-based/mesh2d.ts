import { WormcastError } from '../../errors.ts';
import type { Grid } from '../../topology/grid.ts';
import type { Topology } from '../../topology/types.ts';

/** Ports of a 2D mesh (src/topology/grid.ts: port 2d = +dim d, 2d + 1 = -dim d). */
export const PX = 0;
export const MX = 1;
export const PY = 2;
export const MY = 3;

/** The topology as a 2D mesh, or a WormcastError naming the algorithm and what it needs. */
export function mesh2d(t: Topology, algorithm: string): Grid {
  if (t.kind !== 'mesh' || t.dims.length !== 2)
    throw new WormcastError(`algorithm ${algorithm}: needs a 2D mesh (mesh:k0xk1), not ${t.spec}`);
  return t as Grid;
}

/** x coordinate of a node of a 2D mesh with k0 columns. */
export const xOf = (node: number, k0: number): number => node % k0;
/** y coordinate. */
export const yOf = (node: number, k0: number): number => (node / k0) | 0;
