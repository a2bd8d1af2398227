// Star graph (seed 003 section 4.2): node = rank of the permutation; port p applies
// generator g_{p+2}. STUB: filled in by the star-graph work.
export function starNeighbor(node: i32, port: i32): i32 {
  return -1;
}
