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

/**
 * Shortest ring walk from position s to d visiting every position set in mask
 * (seed 002, optimal routing, cases I and II), packed as (length << 2) | port of its
 * first step (1 = increasing position, 2 = decreasing; 0 when the length is 0).
 * Twin of src/topology/ccc-ring.ts ringCover: same scan order and tie-breaks.
 */
export function cccRingCover(n: i32, s: i32, d: i32, mask: i32): i32 {
  const t: i32 = d >= s ? d - s : d - s + n;
  let best: i32 = t == 0 ? n : 4 * n;
  let bestPort: i32 = 1;
  let prev: i32 = 0;
  for (let off: i32 = 1; off <= n; off++) {
    const p: i32 = s + off < n ? s + off : s + off - n;
    if (off != n && off != t && ((mask >>> p) & 1) == 0) continue;
    const g: i32 = off - prev;
    let len: i32;
    let port: i32;
    if (off <= t) {
      // gap on the arc s -> d: reach d the other way round, first up to prev
      len = 2 * (n - g) - (n - t);
      port = prev > 0 ? 1 : 2;
    } else {
      // gap on the arc d -> s: reach d upwards, first down to off - n
      len = 2 * (n - g) - t;
      port = off < n ? 2 : 1;
    }
    if (len < best) {
      best = len;
      bestPort = port;
    }
    prev = off;
  }
  return best == 0 ? 0 : (best << 2) | bestPort;
}
