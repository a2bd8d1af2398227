import { INJECT, portOf, type RoutingFunction } from '../routing/types.ts';
import type { Grid } from '../topology/grid.ts';

/**
 * Chains of the source and destinations in the seeds' dimension orders
 * (docs/algorithms-unicast.md). A chain is an Int32Array with the source first.
 */

/** Reverse the low n bits of x. */
export function reverseBits(x: number, n: number): number {
  let r = 0;
  for (let b = 0; b < n; b++) r |= ((x >>> b) & 1) << (n - 1 - b);
  return r;
}

/** True when a hypercube routing function corrects the lowest differing bit first (ecube lowFirst). */
export function resolvesLowFirst(r: RoutingFunction): boolean {
  return r.topology.dims[0]! > 1 && portOf(r.route(0, 3, INJECT)) === 0;
}

/**
 * The hypercube chain in "key space": key(d) = d0 xor d, bit-reversed when the routing
 * corrects the lowest bit first, so that increasing key is the d0-relative dimension order
 * (seed 001 section 4.1) and the highest differing key bit is the first dimension routed.
 * Returns the sorted keys (the source, key 0, first); `keyToNode` maps a key back.
 */
export function relativeKeys(source: number, dests: ArrayLike<number>, n: number, lowFirst: boolean): Int32Array {
  const keys = new Int32Array(dests.length + 1);
  for (let i = 0; i < dests.length; i++) {
    const r = source ^ dests[i]!;
    keys[i + 1] = lowFirst ? reverseBits(r, n) : r;
  }
  return keys.sort();
}

/** The nodes of a key chain (inverse of relativeKeys' mapping). */
export function keysToNodes(keys: Int32Array, source: number, n: number, lowFirst: boolean): Int32Array {
  const out = new Int32Array(keys.length);
  for (let i = 0; i < keys.length; i++) out[i] = source ^ (lowFirst ? reverseBits(keys[i]!, n) : keys[i]!);
  return out;
}

/**
 * The d0-relative dimension-ordered chain of a hypercube multicast (seed 001 section 3): the
 * sorted relative keys of source and destinations (source first, key 0) and their nodes, in the
 * order E-cube resolves dimensions. `permute` may reorder the keys (after index 0) first.
 */
export function cubeChain(
  r: RoutingFunction,
  source: number,
  dests: ArrayLike<number>,
  permute?: (keys: Int32Array, n: number) => void,
): { keys: Int32Array; chain: Int32Array } {
  const n = r.topology.dims[0]!;
  const low = resolvesLowFirst(r);
  const keys = relativeKeys(source, dests, n, low);
  permute?.(keys, n);
  return { keys, chain: keysToNodes(keys, source, n, low) };
}

/** delta(a, b) of seed 001 Definition 1: the highest bit in which a and b differ (-1 if equal). */
export function delta(a: number, b: number): number {
  return 31 - Math.clz32(a ^ b);
}

/**
 * The R-chain of seed 000 Definition 6 for an order given by an integer key: sort source and
 * destinations by key (the dimension-ordered chain, Definition 5) and rotate the source to the
 * front. `key` must be a bijection onto integers below 2^31 and `unkey` its inverse.
 */
export function rChain(
  source: number,
  dests: ArrayLike<number>,
  key: (node: number) => number = (v) => v,
  unkey: (k: number) => number = (k) => k,
): Int32Array {
  const m = dests.length + 1;
  const keys = new Int32Array(m);
  keys[0] = key(source);
  for (let i = 0; i < dests.length; i++) keys[i + 1] = key(dests[i]!);
  keys.sort();
  const s = keys.indexOf(key(source));
  const chain = new Int32Array(m);
  for (let i = 0; i < m; i++) chain[i] = unkey(keys[(s + i) % m]!);
  return chain;
}

/**
 * The dimension order of a mesh under a dimension-order routing function: the dimensions in
 * the order the routing corrects them, read off the route from node 0 to the far corner.
 */
export function correctionOrder(r: RoutingFunction, g: Grid): number[] {
  const far = g.fromCoords(g.dims.map((k) => k - 1));
  const order: number[] = [];
  let node = 0;
  let vc = INJECT;
  for (let hops = 0; node !== far && hops <= g.nodes; hops++) {
    const word = r.route(node, far, vc);
    const d = portOf(word) >> 1;
    if (!order.includes(d)) order.push(d);
    vc = word >> 8;
    node = g.neighbor(node, portOf(word));
  }
  for (let d = 0; d < g.dims.length; d++) if (!order.includes(d)) order.push(d);
  return order;
}

/**
 * Key and inverse for the mesh dimension order <_d: the first-corrected dimension is the most
 * significant digit (docs/algorithms-unicast.md, u-mesh).
 */
export function meshOrderKey(
  g: Grid,
  order: readonly number[],
): { key: (v: number) => number; unkey: (k: number) => number } {
  const weight = new Array<number>(g.dims.length).fill(0);
  let w = 1;
  for (let i = order.length - 1; i >= 0; i--) {
    weight[order[i]!] = w;
    w *= g.dims[order[i]!]!;
  }
  const key = (v: number): number => {
    let k = 0;
    for (let d = 0; d < g.dims.length; d++) k += g.coord(v, d) * weight[d]!;
    return k;
  };
  const unkey = (k: number): number => {
    let v = 0;
    for (let d = 0; d < g.dims.length; d++) v += (Math.floor(k / weight[d]!) % g.dims[d]!) * g.strides[d]!;
    return v;
  };
  return { key, unkey };
}

/**
 * cube_center of seed 001 section 4.2: in the ascending range D[first..last] of an
 * nS-dimensional subcube, the position where its upper (nS-1)-dimensional half starts,
 * or last + 1 when either half holds no node of the range.
 */
export function cubeCenter(D: Int32Array, first: number, last: number, nS: number): number {
  const bit = 1 << (nS - 1);
  let p = first;
  while (p <= last && (D[p]! & bit) === 0) p++;
  return p === first || p > last ? last + 1 : p;
}

/**
 * weighted_sort of seed 001 Fig. 7, in place on a cube-ordered chain of relative keys:
 * recursively puts the more populated half of every subcube first, except in the range that
 * starts at position 0 (the source stays first, Theorem 5).
 */
export function weightedSort(D: Int32Array, first: number, last: number, nS: number): void {
  if (last - first < 2 || nS <= 0) return;
  const center = cubeCenter(D, first, last, nS);
  weightedSort(D, first, center - 1, nS - 1);
  weightedSort(D, center, last, nS - 1);
  if (first !== 0 && center - first < last - center + 1) {
    const lower = D.slice(first, center);
    D.copyWithin(first, center, last + 1);
    D.set(lower, first + (last - center + 1));
  }
}
