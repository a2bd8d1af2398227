import { WormcastError } from '../errors.ts';
import type { Topology } from './types.ts';

/** k! for k = 0..9. */
export const FACTORIAL: readonly number[] = [1, 1, 2, 6, 24, 120, 720, 5040, 40320, 362880];

/**
 * Lehmer rank of a permutation of the symbols 0..n-1 (n <= 9): the sum over positions i
 * of (number of later symbols smaller than perm[i]) * (n-1-i)!. This is the permutation's
 * index in lexicographic order, so the identity has rank 0 and the reversal n! - 1.
 * Counted with a bit mask of the symbols already placed, as assembly/topology-star.ts does.
 */
export function rankPermutation(perm: ArrayLike<number>): number {
  const n = perm.length;
  let used = 0;
  let rank = 0;
  for (let i = 0; i < n; i++) {
    const s = perm[i]!;
    // symbols below s that are still unplaced, i.e. appear later than position i
    rank += (s - popcount(used & ((1 << s) - 1))) * FACTORIAL[n - 1 - i]!;
    used |= 1 << s;
  }
  return rank;
}

/** The permutation of 0..n-1 with Lehmer rank `rank`, written into `out` (length >= n). */
export function unrankPermutation(rank: number, n: number, out: { [i: number]: number }): void {
  let used = 0;
  let r = rank;
  for (let i = 0; i < n; i++) {
    const f = FACTORIAL[n - 1 - i]!;
    let d = Math.floor(r / f);
    r -= d * f;
    // the d-th (from 0) symbol not yet placed
    let s = 0;
    for (; ; s++) {
      if ((used & (1 << s)) === 0) {
        if (d === 0) break;
        d--;
      }
    }
    out[i] = s;
    used |= 1 << s;
  }
}

function popcount(x: number): number {
  let v = x - ((x >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

/**
 * The n-star graph S_n (seed 003 section 4.2; Akers, Harel and Krishnamurthy): one node
 * per permutation s_1 s_2 ... s_n of the symbols 1..n, and generator g_i (2 <= i <= n)
 * joining a node to the one with s_1 and s_i interchanged. n! nodes of degree n-1.
 *
 * Node id = Lehmer rank of the permutation (rankPermutation on symbols s-1), so `1234`
 * is node 0 and `4321` node 23 in S_4. The address lists the symbols at positions 1..n
 * (`1432`). Port p applies generator g_{p+2}. neighbor() reads a table of all n! x (n-1)
 * neighbours built on first use (2.9 M entries for S_9); the host hands the same table to the
 * wasm twin (neighborTable), which otherwise computes each neighbour by unrank/swap/rank.
 */
export class Star implements Topology {
  readonly kind = 'star' as const;
  readonly spec: string;
  readonly nodes: number;
  readonly ports: number;
  readonly dims: readonly number[];
  readonly links: number;
  readonly diameter: number;
  private table: Int32Array | undefined;
  private readonly a: Int8Array;
  private readonly b: Int8Array;
  private readonly pos: Int8Array;

  constructor(readonly n: number) {
    if (!Number.isInteger(n) || n < 3 || n > 9) throw new WormcastError(`star:${n}: n must be 3..9`);
    this.spec = `star:${n}`;
    this.nodes = FACTORIAL[n]!;
    this.ports = n - 1;
    this.dims = [n];
    this.links = (this.nodes * (n - 1)) / 2;
    // Akers, Harel and Krishnamurthy: the diameter of S_n is floor(3(n-1)/2)
    this.diameter = Math.floor((3 * (n - 1)) / 2);
    this.a = new Int8Array(n);
    this.b = new Int8Array(n);
    this.pos = new Int8Array(n);
  }

  /** The symbols (1..n) at positions 1..n of a node's permutation. */
  permutation(node: number): number[] {
    this.check(node);
    unrankPermutation(node, this.n, this.a);
    return Array.from(this.a, (s) => s + 1);
  }

  /** The node whose permutation has the symbols (1..n) `symbols` at positions 1..n. */
  fromPermutation(symbols: readonly number[]): number {
    return rankPermutation(symbols.map((s) => s - 1));
  }

  neighbor(node: number, port: number): number {
    if (port < 0 || port >= this.ports || node < 0 || node >= this.nodes) return -1;
    this.table ??= this.buildTable();
    return this.table[node * this.ports + port]!;
  }

  /** The n! x (n-1) neighbour table, node-major: table[node * ports + port]. */
  neighborTable(): Int32Array {
    this.table ??= this.buildTable();
    return this.table;
  }

  /** The neighbour through port p computed directly: swap positions 1 and p+2, re-rank. */
  neighborDirect(node: number, port: number): number {
    if (port < 0 || port >= this.ports || node < 0 || node >= this.nodes) return -1;
    const p = this.a;
    unrankPermutation(node, this.n, p);
    const j = port + 1;
    const t = p[0]!;
    p[0] = p[j]!;
    p[j] = t;
    return rankPermutation(p);
  }

  /**
   * Exact distance by the cycle structure (Akers, Harel and Krishnamurthy): relabel the
   * symbols so that b is the identity; with m the number of symbols out of place and c
   * the number of cycles of length >= 2, the distance is c + m when symbol 1 is in place
   * (position 1 fixed) and c + m - 2 when it is not.
   */
  distance(a: number, b: number): number {
    this.check(a);
    this.check(b);
    const n = this.n;
    const pa = this.a;
    const pb = this.b;
    unrankPermutation(a, n, pa);
    unrankPermutation(b, n, pb);
    // pos[s] = position of symbol s in b, so sigma(i) = pos[pa[i]] is where the symbol at
    // position i of a belongs; distance(a, b) = distance(sigma, identity)
    const pos = this.pos;
    for (let i = 0; i < n; i++) pos[pb[i]!] = i;
    let seen = 0;
    let cycles = 0;
    let misplaced = 0;
    for (let i = 0; i < n; i++) {
      if ((seen & (1 << i)) !== 0) continue;
      let len = 0;
      for (let k = i; (seen & (1 << k)) === 0; k = pos[pa[k]!]!) {
        seen |= 1 << k;
        len++;
      }
      if (len >= 2) {
        cycles++;
        misplaced += len;
      }
    }
    return pos[pa[0]!] === 0 ? cycles + misplaced : cycles + misplaced - 2;
  }

  /** A symbol string such as `1432` (symbols 1..n at positions 1..n), or `#k` for node id k. */
  parse(address: string): number {
    const s = address.trim();
    const form = `a permutation of the symbols 1..${this.n} such as ${'123456789'.slice(0, this.n)}, or #id`;
    if (/^#\d+$/.test(s)) {
      const id = Number(s.slice(1));
      if (id >= this.nodes)
        throw new WormcastError(
          `${this.spec}: bad address '${address}': node id ${id} is out of range; must be 0..${this.nodes - 1}`,
        );
      return id;
    }
    if (s.length !== this.n) {
      throw new WormcastError(`${this.spec}: bad address '${address}': expected ${this.n} symbols, ${form}`);
    }
    const perm: number[] = [];
    let seen = 0;
    for (const ch of s) {
      const v = ch.charCodeAt(0) - 48;
      if (v < 1 || v > this.n)
        throw new WormcastError(
          `${this.spec}: bad address '${address}': '${ch}' is not a symbol 1..${this.n}; expected ${form}`,
        );
      if ((seen & (1 << v)) !== 0)
        throw new WormcastError(`${this.spec}: bad address '${address}': symbol ${v} repeats; expected ${form}`);
      seen |= 1 << v;
      perm.push(v - 1);
    }
    return rankPermutation(perm);
  }

  format(node: number): string {
    return this.permutation(node).join('');
  }

  portName(port: number): string {
    return `g${port + 2}`;
  }

  private check(node: number): void {
    if (!Number.isInteger(node) || node < 0 || node >= this.nodes) {
      throw new RangeError(`node ${node} is not in ${this.spec} (0..${this.nodes - 1})`);
    }
  }

  private buildTable(): Int32Array {
    const n = this.n;
    const ports = this.ports;
    const t = new Int32Array(this.nodes * ports);
    const p = new Int8Array(n);
    for (let v = 0; v < this.nodes; v++) {
      unrankPermutation(v, n, p);
      for (let port = 0; port < ports; port++) {
        const j = port + 1;
        let x = p[0]!;
        p[0] = p[j]!;
        p[j] = x;
        t[v * ports + port] = rankPermutation(p);
        x = p[0]!;
        p[0] = p[j]!;
        p[j] = x;
      }
    }
    return t;
  }
}
