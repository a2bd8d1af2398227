import { delta } from '../chains.ts';

/**
 * highdim of seed 001 Fig. 4, step 2, on a chain of relative keys: the leftmost position p in
 * left+1..right with delta(keys[left], keys[p]) = delta(keys[left], keys[right]). In a
 * cube-ordered chain whose range starts at the sender, delta(keys[left], keys[p]) never
 * decreases with p (the sender's half of the subcube comes first), so a binary search finds it.
 */
export function highdim(keys: Int32Array, left: number, right: number): number {
  const own = keys[left]!;
  const x = delta(own, keys[right]!);
  let lo = left + 1;
  let hi = right;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (delta(own, keys[mid]!) >= x) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
