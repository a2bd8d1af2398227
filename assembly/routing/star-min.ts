// Minimal routing on the n-star, the twin of src/routing/star-min.ts: with sigma(i) the
// position in the destination of the symbol at position i of the current node, send the
// front symbol home (port sigma(0) - 1) when it is misplaced, else swap in the symbol at
// the lowest misplaced position i (port i - 1). One VC class.
//
//   CUR: u8[16]  the current node's permutation
//   POS: u8[16]  POS[s] = position of symbol s in the destination
import { DELIVER } from "./state";
import { radix } from "../topology";
import { starUnrank } from "../topology-star";

const CUR: usize = memory.data(16);
const POS: usize = memory.data(16);

export function routeStarMin(node: i32, dest: i32, vcIn: i32): i32 {
  if (node == dest) return DELIVER;
  const n = radix(0);
  // unrank the destination into CUR first, invert it into POS, then unrank the node
  starUnrank(dest, n, CUR);
  for (let i: i32 = 0; i < n; i++) store<u8>(POS + <usize>load<u8>(CUR + <usize>i), <u8>i);
  starUnrank(node, n, CUR);
  const home = <i32>load<u8>(POS + <usize>load<u8>(CUR));
  if (home != 0) return home - 1;
  for (let i: i32 = 1; i < n; i++) {
    if (<i32>load<u8>(POS + <usize>load<u8>(CUR + <usize>i)) != i) return i - 1;
  }
  return DELIVER;
}
