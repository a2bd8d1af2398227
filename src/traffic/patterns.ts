import { WormcastError } from '../errors.ts';
import type { Topology } from '../topology/types.ts';

/*
 * Unicast traffic patterns: where a message from `src` goes (docs/traffic.md "Patterns"). The
 * names and definitions are those of the synthetic patterns of Dally and Towles, "Principles and
 * Practices of Interconnection Networks" (Morgan Kaufmann, 2004), section 3.2, as BookSim2 names
 * them (its `traffic` setting); the bit patterns act on the b = log2(N) bits of the node id, the
 * digit patterns on the node's coordinates (mixed radix, id = x0 + k0 * (x1 + k1 * ...)).
 * The AssemblyScript twin is assembly/traffic/patterns.ts (test/traffic-patterns.test.ts holds
 * them equal).
 */

/** Every pattern name (`--pattern`), in the order the help lists them. */
export const PATTERN_NAMES = [
  'uniform',
  'transpose',
  'bitcomp',
  'bitrev',
  'shuffle',
  'tornado',
  'neighbor',
  'randperm',
  'hotspot',
  // not BookSim's: multicast (and unicast) destinations within --radius hops of the source
  'near',
] as const;

export type PatternName = (typeof PATTERN_NAMES)[number];

/** The patterns whose destination is a fixed function of the source (a permutation). */
export const PERMUTATION_PATTERNS: readonly PatternName[] = [
  'transpose',
  'bitcomp',
  'bitrev',
  'shuffle',
  'tornado',
  'neighbor',
];

/** What a pattern reads of the topology, computed once per run. */
export interface PatternGeometry {
  nodes: number;
  /** log2(nodes) when nodes is a power of two, else -1. */
  bits: number;
  /** The radix of each coordinate (digit patterns), or [] where a family has none. */
  radices: readonly number[];
}

/** The coordinates a family's ids are written in: grids their radices, a hypercube n binary digits. */
function radicesOf(t: Topology): number[] {
  if (t.kind === 'mesh' || t.kind === 'torus') return [...t.dims];
  if (t.kind === 'hypercube') return Array.from({ length: t.dims[0]! }, () => 2);
  return [];
}

function log2Exact(n: number): number {
  return n > 0 && (n & (n - 1)) === 0 ? 31 - Math.clz32(n) : -1;
}

/** The geometry of `t` for `pattern`, or a WormcastError saying why the pattern is not defined there. */
export function patternGeometry(pattern: PatternName, t: Topology): PatternGeometry {
  const g: PatternGeometry = { nodes: t.nodes, bits: log2Exact(t.nodes), radices: radicesOf(t) };
  const refuse = (why: string) => new WormcastError(`pattern ${pattern}: ${why}, not ${t.spec} (${t.nodes} nodes)`);
  switch (pattern) {
    case 'bitcomp':
    case 'bitrev':
    case 'shuffle':
      if (g.bits < 1) throw refuse('needs a power-of-two node count (at least 2)');
      break;
    case 'transpose':
      if (g.bits < 2 || g.bits % 2 !== 0)
        throw refuse('needs a power-of-two node count with an even number of address bits (4, 16, 64, ... nodes)');
      break;
    case 'tornado':
      if (g.radices.length === 0) throw refuse('needs coordinates (a mesh, torus or hypercube)');
      if (g.radices.some((k) => k < 3))
        throw refuse('needs a radix of at least 3 in every dimension (else it sends to itself)');
      break;
    case 'neighbor':
      if (g.radices.length === 0) throw refuse('needs coordinates (a mesh, torus or hypercube)');
      break;
    default:
      break;
  }
  return g;
}

/**
 * The destination of a permutation pattern (PERMUTATION_PATTERNS) for source `src`
 * (Dally and Towles, Table 3.2):
 * - bitcomp: d_i = not s_i (every bit complemented);
 * - bitrev: d_i = s_{b-1-i} (the bits reversed);
 * - shuffle: d_i = s_{(i-1) mod b} (the bits rotated left by one);
 * - transpose: d_i = s_{(i + b/2) mod b} (the two halves of the bits swapped);
 * - tornado: x_d' = (x_d + ceil(k_d / 2) - 1) mod k_d in every dimension d;
 * - neighbor: x_d' = (x_d + 1) mod k_d in every dimension d.
 */
export function permutationDest(pattern: PatternName, src: number, g: PatternGeometry): number {
  const b = g.bits;
  const mask = b >= 31 ? -1 >>> 0 : (1 << b) - 1;
  switch (pattern) {
    case 'bitcomp':
      return ~src & mask;
    case 'bitrev': {
      let d = 0;
      for (let i = 0, s = src; i < b; i++, s >>>= 1) d = (d << 1) | (s & 1);
      return d;
    }
    case 'shuffle':
      return ((src << 1) & mask) | (src >>> (b - 1));
    case 'transpose': {
      const h = b >> 1;
      const lo = (1 << h) - 1;
      return ((src >>> h) & lo) | ((src & lo) << h);
    }
    case 'tornado':
    case 'neighbor': {
      let d = 0;
      let place = 1;
      let rest = src;
      for (const k of g.radices) {
        const x = rest % k;
        rest = Math.floor(rest / k);
        const shift = pattern === 'tornado' ? Math.ceil(k / 2) - 1 : 1;
        d += place * ((x + shift) % k);
        place *= k;
      }
      return d;
    }
    default:
      throw new WormcastError(`pattern ${pattern}: not a permutation pattern (${PERMUTATION_PATTERNS.join(', ')})`);
  }
}

/**
 * The fixed random permutation of `randperm` (Dally and Towles section 3.2: "random
 * permutation"), drawn by a Fisher-Yates shuffle of 0..nodes-1 with `uniform` (a seeded generator
 * in [0, 1)): node i sends to perm[i].
 */
export function randomPermutation(nodes: number, uniform: () => number): Int32Array {
  const perm = new Int32Array(nodes);
  for (let i = 0; i < nodes; i++) perm[i] = i;
  for (let i = nodes - 1; i > 0; i--) {
    const j = Math.floor(uniform() * (i + 1));
    const x = perm[i]!;
    perm[i] = perm[j]!;
    perm[j] = x;
  }
  return perm;
}
