import { WormcastError } from '../errors.ts';
import { rankPermutation } from '../topology/star.ts';
import type { Topology } from '../topology/types.ts';
import { labellingFromOrder, type Labelling } from './types.ts';

// A Hamiltonian cycle of the n-star as a generator sequence (seed 003 section 4.2; the
// construction is ours, docs/routing-hcm-star.md "Star-graph Hamiltonian cycle"). A
// sequence lists generator indices j (2..n); applying g_j in turn from the identity visits
// every permutation once. Positions are 1-based in the sequences, 0-based in arrays.
//
// S_n splits into n blocks by the last symbol, each a copy of S_{n-1} on positions 1..n-1;
// g_n links blocks. C_n visits the blocks with last symbol n, n-1, ..., 1 in that order:
//   C_n = Q_1 g_n Q_2 g_n ... Q_n g_n.
// Q_k (k < n) is C_{n-1} with one edge dropped: rotated to start just after the first g_j
// of C_{n-1}, with j the position of the next block's symbol, so it ends next to its
// entry with that symbol in front. Q_n must end at g_n(identity) to close the cycle; it is
// the open path H_{n-1} (blocks as above, the last block's dropped generator chosen so the
// path's end has the needed cycle type) with its generator positions renamed.

const cycles = new Map<number, Int8Array>([[2, Int8Array.of(2, 2)]]);

function applySeq(p: number[], seq: ArrayLike<number>): void {
  for (let i = 0; i < seq.length; i++) {
    const j = seq[i]! - 1;
    const t = p[0]!;
    p[0] = p[j]!;
    p[j] = t;
  }
}

function identity(m: number): number[] {
  return Array.from({ length: m }, (_, i) => i + 1);
}

/** The Hamiltonian cycle seq rotated to start just after its first g_j, without that g_j. */
function dropAfter(seq: Int8Array, j: number): number[] {
  const r = seq.indexOf(j);
  if (r < 0) throw new Error(`star-cycle: generator g${j} missing from a sub-cycle`);
  return [...seq.subarray(r + 1), ...seq.subarray(0, r)];
}

/**
 * Blocks 1..m-1 of S_m from the permutation p (advanced in place): block k holds last
 * symbol m+1-k and leaves with symbol m-k in front, then g_m enters the next block.
 */
function descendingBlocks(m: number, sub: Int8Array, p: number[], out: number[]): void {
  for (let k = 1; k < m; k++) {
    const j = p.indexOf(m - k) + 1;
    if (j < 2 || j > m - 1) throw new Error(`star-cycle: symbol ${m - k} at position ${j} of block ${k} of S_${m}`);
    const q = dropAfter(sub, j);
    applySeq(p, q);
    out.push(...q, m);
    applySeq(p, [m]);
  }
}

/** H_m: a Hamiltonian path of S_m from the identity, whose last block drops g_jLast. */
function openPath(m: number, jLast: number): number[] {
  if (m === 2) return [2];
  const sub = starCycleGenerators(m - 1);
  const out: number[] = [];
  descendingBlocks(m, sub, identity(m), out);
  out.push(...dropAfter(sub, jLast));
  return out;
}

function cyclesOf(f: readonly number[]): number[][] {
  const seen = new Array<boolean>(f.length).fill(false);
  const out: number[][] = [];
  for (let i = 0; i < f.length; i++) {
    if (seen[i]) continue;
    const c: number[] = [];
    for (let k = i; !seen[k]; k = f[k]!) {
      seen[k] = true;
      c.push(k);
    }
    out.push(c);
  }
  return out;
}

/**
 * A Hamiltonian path of the block S_{n-1} from `from` to `to` (positions 1..n-1): the open
 * path H_{n-1} whose end e o h has h of the cycle type of pi = from^-1 o to, renamed by a
 * position map tau with tau(1) = 1 and tau h tau^-1 = pi (renaming g_i to g_tau(i) is an
 * automorphism of the star graph). H drops g_3 when n is odd (h is one (n-1)-cycle) and
 * g_{n-2} when n is even (cycles of n/2 and n/2 - 1 positions), matching pi.
 */
function closingPath(n: number, from: number[], to: number[]): number[] {
  const m = n - 1;
  const h = openPath(m, n % 2 === 1 ? 3 : n - 2);
  const end = identity(m).map((s) => s - 1);
  applySeq(end, h);
  const pi = to.map((s) => from.indexOf(s));
  const hc = cyclesOf(end);
  const pc = cyclesOf(pi);
  const tau = new Array<number>(m).fill(-1);
  const taken = new Array<boolean>(pc.length).fill(false);
  for (const c of hc) {
    const k = pc.findIndex((d, i) => !taken[i] && d.length === c.length);
    if (k < 0) throw new Error(`star-cycle: S_${n}: no cycle of length ${c.length} to match`);
    taken[k] = true;
    c.forEach((a, i) => {
      tau[a] = pc[k]![i]!;
    });
  }
  const path = h.map((g) => tau[g - 1]! + 1);
  const check = [...from];
  applySeq(check, path);
  if (tau[0] !== 0 || check.join() !== to.join())
    throw new Error(`star-cycle: S_${n}: the closing path misses its end`);
  return path;
}

/**
 * The generator sequence (entries 2..n, length n!) of the Hamiltonian cycle C_n of the
 * n-star from the identity 12...n, n = 2..9 (C_2 = g2 g2). Cached per n.
 */
export function starCycleGenerators(n: number): Int8Array {
  const cached = cycles.get(n);
  if (cached) return cached;
  if (!Number.isInteger(n) || n < 2 || n > 9) throw new WormcastError(`star-cycle: n must be 2..9, not ${n}`);
  const sub = starCycleGenerators(n - 1);
  const out: number[] = [];
  const p = identity(n);
  descendingBlocks(n, sub, p, out);
  const to = [n, ...identity(n - 1).slice(1)]; // g_n(identity) on positions 1..n-1
  out.push(...closingPath(n, p.slice(0, n - 1), to), n);
  const seq = Int8Array.from(out);
  cycles.set(n, seq);
  return seq;
}

/**
 * The Hamiltonian-cycle labelling of the n-star (seed 003 section 4.2): l(v) is the
 * position of v on the cycle C_n from 12...n (label 0). On S_4 it reproduces the seed's
 * labels (2134 -> 1, 3124 -> 2, ..., 1432 -> 17, ..., 3241 -> 22).
 */
export function starCycle(topology: Topology): Labelling {
  if (topology.kind !== 'star')
    throw new WormcastError(`labelling star-cycle: needs a star graph (star:n), not ${topology.spec}`);
  const n = topology.dims[0]!;
  const seq = starCycleGenerators(n);
  const nodeAt = new Int32Array(seq.length);
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = 1; i < seq.length; i++) {
    const j = seq[i - 1]! - 1;
    const t = p[0]!;
    p[0] = p[j]!;
    p[j] = t;
    nodeAt[i] = rankPermutation(p);
  }
  return labellingFromOrder('star-cycle', nodeAt, true);
}
