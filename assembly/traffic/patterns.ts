// Unicast traffic patterns, the twin of src/traffic/patterns.ts (docs/traffic.md "Patterns";
// Dally and Towles, "Principles and Practices of Interconnection Networks", 2004, section 3.2).
// Pattern ids are the indices of PATTERN_NAMES there; test/traffic-patterns.test.ts holds the two
// equal for every source of every pattern on every family where the pattern is defined.

export const PATTERN_TRANSPOSE: i32 = 1;
export const PATTERN_BITCOMP: i32 = 2;
export const PATTERN_BITREV: i32 = 3;
export const PATTERN_SHUFFLE: i32 = 4;
export const PATTERN_TORNADO: i32 = 5;
export const PATTERN_NEIGHBOR: i32 = 6;

const MAX_DIMS: i32 = 32;
// The geometry of the run's topology: address bits (power-of-two node counts) and radices.
let patternBits: i32 = 0;
let patternDims: i32 = 0;
const patternRadix = new StaticArray<i32>(MAX_DIMS);

/** The address bits of the topology (log2 of its node count; -1 when not a power of two). */
export function setPatternBits(bits: i32): void {
  patternBits = bits;
  patternDims = 0;
}

/** Radix k of coordinate d (d = 0, 1, ... in order; the count is the last d + 1). */
export function setPatternRadix(d: i32, k: i32): void {
  unchecked((patternRadix[d] = k));
  patternDims = d + 1;
}

/** The destination of a permutation pattern for `src` (-1 for an id that is not one). */
export function patternDest(pattern: i32, src: i32): i32 {
  const b = patternBits;
  const mask: i32 = b >= 31 ? -1 : (1 << b) - 1;
  if (pattern == PATTERN_BITCOMP) return ~src & mask;
  if (pattern == PATTERN_BITREV) {
    let d = 0;
    let s = src;
    for (let i = 0; i < b; i++) {
      d = (d << 1) | (s & 1);
      s = <i32>(<u32>s >> 1);
    }
    return d;
  }
  if (pattern == PATTERN_SHUFFLE) return ((src << 1) & mask) | <i32>(<u32>src >> (b - 1));
  if (pattern == PATTERN_TRANSPOSE) {
    const h = b >> 1;
    const lo = (1 << h) - 1;
    return (<i32>(<u32>src >> h) & lo) | ((src & lo) << h);
  }
  if (pattern == PATTERN_TORNADO || pattern == PATTERN_NEIGHBOR) {
    let d = 0;
    let place = 1;
    let rest = src;
    for (let i = 0; i < patternDims; i++) {
      const k = unchecked(patternRadix[i]);
      const x = rest % k;
      rest = rest / k;
      // tornado: ceil(k / 2) - 1 = (k + 1) / 2 - 1 in integer division
      const shift = pattern == PATTERN_TORNADO ? (k + 1) / 2 - 1 : 1;
      d += place * ((x + shift) % k);
      place *= k;
    }
    return d;
  }
  return -1;
}
