import { WormcastError } from '../errors.ts';
import type { Topology } from './types.ts';

/**
 * n-star graph (seed 003 section 4.2): node = rank of the permutation; port p applies
 * generator g_{p+2}. STUB: filled in by the star-graph work.
 */
export class Star implements Topology {
  readonly kind = 'star' as const;
  readonly spec: string;
  readonly nodes: number;
  readonly ports: number;
  readonly dims: readonly number[];
  readonly links: number;
  readonly diameter: number;

  constructor(readonly n: number) {
    if (!Number.isInteger(n) || n < 3 || n > 9) throw new WormcastError(`star:${n}: n must be 3..9`);
    this.spec = `star:${n}`;
    let f = 1;
    for (let k = 2; k <= n; k++) f *= k;
    this.nodes = f;
    this.ports = n - 1;
    this.dims = [n];
    this.links = (f * (n - 1)) / 2;
    this.diameter = Math.floor((3 * (n - 1)) / 2);
  }

  neighbor(_node: number, _port: number): number {
    return -1;
  }

  distance(_a: number, _b: number): number {
    throw new Error('star distance: not implemented');
  }

  parse(address: string): number {
    throw new WormcastError(`${this.spec}: bad address '${address}'`);
  }

  format(node: number): string {
    return String(node);
  }

  portName(port: number): string {
    return `g${port + 2}`;
  }
}
