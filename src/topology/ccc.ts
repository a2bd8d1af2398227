import { WormcastError } from '../errors.ts';
import type { Topology } from './types.ts';

/**
 * n-dimensional cube-connected cycles (seed 000 Definition 1): node (i, w) has id
 * w * n + i. Port 0: hypercube edge in dimension i; port 1: cycle edge to
 * ((i+1) mod n, w); port 2: cycle edge to ((i-1) mod n, w).
 * STUB: distance/parse/format are filled in by the CCC work.
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
    this.diameter = -1;
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

  distance(_a: number, _b: number): number {
    throw new Error('ccc distance: not implemented');
  }

  parse(address: string): number {
    throw new WormcastError(`${this.spec}: bad address '${address}'`);
  }

  format(node: number): string {
    return String(node);
  }

  portName(port: number): string {
    return ['cube', 'cycle+', 'cycle-'][port] ?? `port ${port}`;
  }
}
