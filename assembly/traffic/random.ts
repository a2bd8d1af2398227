// The streams' generator, the twin of next() in src/experiment/run/traffic-stream.ts (mulberry32,
// src/random.ts): a u32 state in memory, the next number in [0, 1). The same bits as the host's:
// its Math.imul and >>> 0 are this module's wrapping u32 arithmetic.
@inline export function nextUniform(state: usize): f64 {
  const a: u32 = load<u32>(state) + 0x6d2b79f5;
  store<u32>(state, a);
  let t: u32 = a;
  t = (t ^ (t >>> 15)) * (t | 1);
  t ^= t + (t ^ (t >>> 7)) * (t | 61);
  return <f64>(t ^ (t >>> 14)) / 4294967296.0;
}

// A worm's routing key, the twin of wormKey in src/engine/worm-key.ts (murmur3's finaliser over
// the seed's golden-ratio multiple and the worm number); keys <= 1: no draw, key 0
export function wormKey(seed: i32, worm: i32, keys: i32): i32 {
  if (keys <= 1) return 0;
  let h: u32 = (<u32>seed * 0x9e3779b9) ^ (<u32>worm * 0x85ebca6b);
  h ^= h >>> 16;
  h = h * 0x85ebca6b;
  h ^= h >>> 13;
  h = h * 0xc2b2ae35;
  h ^= h >>> 16;
  return <i32>(h % <u32>keys);
}
