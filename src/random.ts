/**
 * The seeded generator behind every random choice of wormcast (mulberry32): uniform numbers in
 * [0, 1). One generator per run, seeded by the user, so that every result is reproducible and the
 * wasm and reference engines see the same inputs (docs/model-flit.md).
 */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
