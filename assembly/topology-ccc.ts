// Cube-connected cycles (seed 000 Definition 1): node (i, w) = w * n + i.
// Port 0: hypercube edge in dimension i; port 1: cycle edge to ((i+1) mod n, w);
// port 2: cycle edge to ((i-1) mod n, w).
import { radix } from "./topology";

export function cccNeighbor(node: i32, port: i32): i32 {
  const n = radix(0);
  const i = node % n;
  const w = node / n;
  if (port == 0) return (w ^ (1 << i)) * n + i;
  if (port == 1) return w * n + (i + 1 == n ? 0 : i + 1);
  if (port == 2) return w * n + (i == 0 ? n - 1 : i - 1);
  return -1;
}
