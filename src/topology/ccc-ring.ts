/**
 * The ring-covering problem of seed 002 ("Definitions and Assumptions"): on a ring of
 * n positions, the shortest walk from position s to position d that visits every
 * distinguished position (the bits in which the source and destination cycles differ,
 * where a cube link must be crossed). Its length plus the number of cube links is the
 * CCC distance; its first step is the next ring hop of ccc-optimal routing.
 * Twin: assembly/topology-ccc.ts cccRingCover (same scan order, same tie-breaks).
 */

/** Port of a step in increasing ring position, i -> (i+1) mod n (seed 002's "clockwise"). */
export const CLOCKWISE = 1;
/** Port of a step in decreasing ring position, i -> (i-1) mod n. */
export const COUNTERCLOCKWISE = 2;

/**
 * Shortest ring walk from s to d visiting every position whose bit is set in mask,
 * packed as (length << 2) | port of its first step (0 when the length is 0). O(n).
 *
 * Seed 002, cases I and II: the positions to visit (s, d and the distinguished ones)
 * cut the ring into gaps; an optimal walk leaves exactly one gap of g links untouched
 * and covers the rest, an arc of n - g links, going first to the end of the arc
 * behind s and then through d to the far end and back, for 2(n - g) - (links from s
 * to d along the arc). A gap inside the longer arc A (length a) is case I,
 * D + a - 2b; a gap outside A is case II, 2D - a - 2c. When s = d, going once round
 * (n links) is the other candidate (the second term of seed 002 formula (2)).
 * Ties keep the first gap met scanning from s in increasing position.
 */
export function ringCover(n: number, s: number, d: number, mask: number): number {
  const t = d >= s ? d - s : d - s + n;
  let best = t === 0 ? n : 4 * n;
  let bestPort = CLOCKWISE;
  let prev = 0;
  for (let off = 1; off <= n; off++) {
    const p = s + off < n ? s + off : s + off - n;
    if (off !== n && off !== t && ((mask >>> p) & 1) === 0) continue;
    const g = off - prev;
    let len: number;
    let port: number;
    if (off <= t) {
      // The gap lies on the arc s -> d of increasing position: the walk reaches d the
      // other way round (n - t links), first visiting the positions up to prev.
      len = 2 * (n - g) - (n - t);
      port = prev > 0 ? CLOCKWISE : COUNTERCLOCKWISE;
    } else {
      // The gap lies on the arc d -> s: the walk reaches d through increasing
      // positions (t links), first visiting the positions back down to off - n.
      len = 2 * (n - g) - t;
      port = off < n ? COUNTERCLOCKWISE : CLOCKWISE;
    }
    if (len < best) {
      best = len;
      bestPort = port;
    }
    prev = off;
  }
  return best === 0 ? 0 : (best << 2) | bestPort;
}

/** Length of the shortest covering walk (ringCover without the first step). */
export function ringCoverLength(n: number, s: number, d: number, mask: number): number {
  return ringCover(n, s, d, mask) >> 2;
}
