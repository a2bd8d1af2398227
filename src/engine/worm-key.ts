import type { RoutingFunction } from '../routing/types.ts';

/**
 * The number of keys worms draw under routing r: its own `keys`, or 2^16 for an adaptive function
 * with the 'random' selection, whose draw is the worm's key (docs/model-flit.md "Adaptive routing:
 * choices and selection"); undefined: no draw, key 0.
 */
export function keysOf(r: RoutingFunction): number | undefined {
  return r.keys ?? (r.choices && r.selection === 'random' ? 1 << 16 : undefined);
}

/**
 * A worm's routing key: the per-packet draw of a routing function that makes one (dor with
 * tieBreak 'random': bit d chooses the direction of a tie in dimension d; RoutingFunction.keys).
 * It is a hash of the engine option routeSeed and the worm's number, so that both engines, and a
 * run repeated with the same seed, give every worm the same key, and a streamed run the same keys
 * as the whole run (docs/model-flit.md "Routing keys").
 */
export function wormKey(seed: number, worm: number, keys: number | undefined): number {
  if (keys === undefined || keys <= 1) return 0;
  // murmur3's 32-bit finaliser over the seed's golden-ratio multiple and the worm number
  let h = (Math.imul((seed % 4294967296) | 0, 0x9e3779b9) ^ Math.imul(worm | 0, 0x85ebca6b)) | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  // keys is a power of two (2^dimensions for dor)
  return (h >>> 0) % keys;
}
