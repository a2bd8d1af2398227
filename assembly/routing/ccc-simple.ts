// Wittie's simple CCC routing (seed 002): clockwise (port 1) crossing the cube link at
// each distinguished position until the cycle matches, then the shorter way round
// (clockwise on a tie); twin of src/routing/ccc-simple.ts. One VC class (0).
import { DELIVER } from "./state";
import { radix } from "../topology";

export function routeCccSimple(node: i32, dest: i32, vcIn: i32): i32 {
  const n = radix(0);
  const i = node % n;
  const j = dest % n;
  const diff = (node / n) ^ (dest / n);
  if (((diff >>> i) & 1) != 0) return 0;
  if (diff != 0) return 1;
  if (i == j) return DELIVER;
  const cw: i32 = j > i ? j - i : j - i + n;
  return cw <= n - cw ? 1 : 2;
}
