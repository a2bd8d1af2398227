import { WormcastError, parseIntIn } from '../errors.ts';
import { ringCoverLength } from './ccc-ring.ts';
import type { Topology } from './types.ts';
import { popcount } from './hypercube.ts';

/**
 * n-dimensional cube-connected cycles (seed 000 Definition 1): n * 2^n nodes (i, w),
 * w the n-bit cycle address and i the position in the cycle; id = w * n + i, so id
 * order is the dimension order <_d of seed 000 Definition 3. Port 0: hypercube edge
 * in dimension i (to (i, w xor 2^i)); port 1: cycle edge to ((i+1) mod n, w); port 2:
 * cycle edge to ((i-1) mod n, w).
 */
export class Ccc implements Topology {
  readonly kind = 'ccc' as const;
  readonly spec: string;
  readonly nodes: number;
  readonly ports = 3;
  readonly dims: readonly number[];
  readonly links: number;
  readonly diameter: number;

  constructor(readonly n: number) {
    if (!Number.isInteger(n) || n < 3 || n > 16) throw new WormcastError(`ccc:${n}: n must be 3..16`);
    this.spec = `ccc:${n}`;
    this.nodes = n * 2 ** n;
    this.dims = [n];
    this.links = 3 * n * 2 ** (n - 1);
    this.diameter = cccDiameter(n);
  }

  neighbor(node: number, port: number): number {
    const n = this.n;
    const i = node % n;
    const w = (node - i) / n;
    if (port === 0) return (w ^ (1 << i)) * n + i;
    if (port === 1) return w * n + (i + 1 === n ? 0 : i + 1);
    if (port === 2) return w * n + (i === 0 ? n - 1 : i - 1);
    return -1;
  }

  /**
   * One cube link per differing bit of the cycle addresses plus the shortest ring
   * walk from i to j visiting those bit positions (seed 002, optimal routing). O(n).
   */
  distance(a: number, b: number): number {
    const n = this.n;
    const i = a % n;
    const j = b % n;
    const diff = ((a - i) / n) ^ ((b - j) / n);
    return popcount(diff) + ringCoverLength(n, i, j, diff);
  }

  /** `(i,w)` with w exactly n binary digits, most significant first (`(3,01010)`), or the node id. */
  parse(address: string): number {
    const s = address.trim();
    const n = this.n;
    const form = `(i,w) with i in 0..${n - 1} and w ${n} binary digits, or a node id 0..${this.nodes - 1}`;
    const m = /^\(\s*(\S*?)\s*,\s*(\S*?)\s*\)$/.exec(s);
    if (m) {
      const [, is, ws] = m as unknown as [string, string, string];
      if (!/^\d+$/.test(is) || Number(is) >= n) {
        throw new WormcastError(`${this.spec}: bad address '${address}': cycle position '${is}' must be 0..${n - 1}`);
      }
      if (!/^[01]+$/.test(ws) || ws.length !== n) {
        throw new WormcastError(
          `${this.spec}: bad address '${address}': cycle address '${ws}' must be exactly ${n} binary digits`,
        );
      }
      return parseInt(ws, 2) * n + Number(is);
    }
    const dec = s.startsWith('#') ? s.slice(1) : s;
    if (/^\d+$/.test(dec)) return parseIntIn(dec, 0, this.nodes - 1, `${this.spec}: address '${s}'`);
    throw new WormcastError(`${this.spec}: bad address '${address}': expected ${form}`);
  }

  format(node: number): string {
    const i = node % this.n;
    const w = (node - i) / this.n;
    return `(${i},${w.toString(2).padStart(this.n, '0')})`;
  }

  portName(port: number): string {
    return ['cube', 'cycle+', 'cycle-'][port] ?? `port ${port}`;
  }
}

/**
 * Diameter of the n-CCC: 6 for n = 3 and 2n + floor(n/2) - 2 for n >= 4 (Friš, Havel
 * and Liebl's formula; checked against BFS for n = 3..10 in test/topology-ccc.test.ts).
 */
export function cccDiameter(n: number): number {
  return n === 3 ? 6 : 2 * n + Math.floor(n / 2) - 2;
}
