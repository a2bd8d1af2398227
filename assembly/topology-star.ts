// Star graph (seed 003 section 4.2), the twin of src/topology/star.ts: node = Lehmer rank
// of the permutation of the symbols 0..n-1 (n = radix(0) <= 9); port p applies generator
// g_{p+2}, which interchanges the symbols at positions 1 and p+2 (0-based: 0 and p+1).
//
//   FACT:    i32[10]  k! for k = 0..9
//   SCRATCH: u8[16]   the permutation being worked on (static; no allocation per call)
//
// rank and unrank keep the placed symbols in a bit mask, as the TS twin does.
import { NEIGHBOR_TABLE, radix, tableNeighbor } from "./topology";

const FACT: usize = memory.data<i32>([1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880]);
const SCRATCH: usize = memory.data(16);

@inline function fact(k: i32): i32 {
  return load<i32>(FACT + (<usize>k << 2));
}

/** Write the permutation of rank `rank` (symbols 0..n-1, one byte each) at out. */
export function starUnrank(rank: i32, n: i32, out: usize): void {
  let used: i32 = 0;
  let r = rank;
  for (let i: i32 = 0; i < n; i++) {
    const f = fact(n - 1 - i);
    let d = r / f;
    r -= d * f;
    let s: i32 = 0;
    while (true) {
      if ((used & (1 << s)) == 0) {
        if (d == 0) break;
        d--;
      }
      s++;
    }
    store<u8>(out + <usize>i, <u8>s);
    used |= 1 << s;
  }
}

/** The Lehmer rank of the permutation of n bytes at p. */
export function starRank(p: usize, n: i32): i32 {
  let used: i32 = 0;
  let rank: i32 = 0;
  for (let i: i32 = 0; i < n; i++) {
    const s = <i32>load<u8>(p + <usize>i);
    rank += (s - <i32>popcnt(used & ((1 << s) - 1))) * fact(n - 1 - i);
    used |= 1 << s;
  }
  return rank;
}

/**
 * The star neighbour (assembly/table.ts dispatches family star here): from the host's table when
 * it supplied one (src/topology/star.ts does; the computed neighbour unranks a permutation), else
 * computed.
 */
@inline export function starNeighbor(node: i32, port: i32): i32 {
  if (NEIGHBOR_TABLE != 0) return tableNeighbor(node, port);
  return starNeighborComputed(node, port);
}

export function starNeighborComputed(node: i32, port: i32): i32 {
  const n = radix(0);
  if (<u32>port >= <u32>(n - 1)) return -1;
  starUnrank(node, n, SCRATCH);
  const j = SCRATCH + <usize>(port + 1);
  const t = load<u8>(SCRATCH);
  store<u8>(SCRATCH, load<u8>(j));
  store<u8>(j, t);
  return starRank(SCRATCH, n);
}
