// Mesh and torus (k-ary n-cube, mixed radix): node = x0 + k0 * (x1 + k1 * (x2 ...)).
// Port 2d goes to +1 in dimension d, port 2d+1 to -1; a torus (radix >= 3) wraps around.
import { NDIMS, radix, stride } from "./topology";

@inline export function gridCoord(node: i32, d: i32): i32 {
  return (node / stride(d)) % radix(d);
}

/** The mesh neighbour (assembly/table.ts dispatches family mesh here). */
@inline export function meshNeighbor(node: i32, port: i32): i32 {
  return gridNeighbor(node, port, false);
}

/** The torus neighbour (assembly/table.ts dispatches family torus here). */
@inline export function torusNeighbor(node: i32, port: i32): i32 {
  return gridNeighbor(node, port, true);
}

export function gridNeighbor(node: i32, port: i32, wrap: bool): i32 {
  const d = port >> 1;
  if (<u32>d >= <u32>NDIMS) return -1;
  const k = radix(d);
  const s = stride(d);
  const x = (node / s) % k;
  if ((port & 1) == 0) {
    if (x + 1 < k) return node + s;
    return wrap ? node - (k - 1) * s : -1;
  }
  if (x > 0) return node - s;
  return wrap ? node + (k - 1) * s : -1;
}
