// Optimal CCC routing (seed 002): cube link at a distinguished position, else the
// first ring step of the shortest covering walk; twin of src/routing/ccc-optimal.ts.
// One VC class (0).
import { DELIVER } from "./state";
import { radix } from "../topology";
import { cccRingCover } from "../topology-ccc";

export function routeCccOptimal(node: i32, dest: i32, vcIn: i32): i32 {
  const n = radix(0);
  const i = node % n;
  const j = dest % n;
  const diff = (node / n) ^ (dest / n);
  if (((diff >>> i) & 1) != 0) return 0;
  if (diff == 0 && i == j) return DELIVER;
  return cccRingCover(n, i, j, diff) & 3;
}
