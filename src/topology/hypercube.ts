import { WormcastError, parseIntIn } from '../errors.ts';
import type { Topology } from './types.ts';

/** Binary n-cube: node = its n-bit address; port d flips bit d (seed 001 section 2). */
export class Hypercube implements Topology {
  readonly kind = 'hypercube' as const;
  readonly spec: string;
  readonly nodes: number;
  readonly ports: number;
  readonly dims: readonly number[];
  readonly links: number;
  readonly diameter: number;

  constructor(readonly n: number) {
    if (!Number.isInteger(n) || n < 1 || n > 20) throw new WormcastError(`hypercube:${n}: n must be 1..20`);
    this.spec = `hypercube:${n}`;
    this.nodes = 2 ** n;
    this.ports = n;
    this.dims = [n];
    this.links = n * 2 ** (n - 1);
    this.diameter = n;
  }

  neighbor(node: number, port: number): number {
    return port >= 0 && port < this.n ? node ^ (1 << port) : -1;
  }

  distance(a: number, b: number): number {
    return popcount(a ^ b);
  }

  /**
   * Exactly n binary digits (`0100`) are a binary address; any other decimal integer
   * (`4`, or `#4` to force decimal) is the node id itself.
   */
  parse(address: string): number {
    const s = address.trim();
    if (/^[01]+$/.test(s) && s.length === this.n) return parseInt(s, 2);
    const dec = s.startsWith('#') ? s.slice(1) : s;
    if (/^\d+$/.test(dec)) return parseIntIn(dec, 0, this.nodes - 1, `${this.spec}: address '${s}'`);
    throw new WormcastError(
      `${this.spec}: bad address '${address}': expected ${this.n} binary digits (e.g. ${'0'.repeat(this.n)}) or an integer 0..${this.nodes - 1}`,
    );
  }

  format(node: number): string {
    return node.toString(2).padStart(this.n, '0');
  }

  portName(port: number): string {
    return `dim ${port}`;
  }
}

export function popcount(x: number): number {
  let v = x >>> 0;
  v = v - ((v >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
