import { WormcastError, parseIntIn } from '../errors.ts';
import type { Topology } from './types.ts';

/**
 * Mesh and torus (k-ary n-cube with mixed radix k0 x k1 x ...):
 * node = x0 + k0 * (x1 + k1 * (x2 + ...)). Port 2d goes to +1 in dimension d and
 * port 2d+1 to -1; a torus wraps around (radix >= 3, so no double links).
 */
export class Grid implements Topology {
  readonly spec: string;
  readonly nodes: number;
  readonly ports: number;
  readonly links: number;
  readonly diameter: number;
  readonly strides: readonly number[];

  constructor(
    readonly kind: 'mesh' | 'torus',
    readonly dims: readonly number[],
  ) {
    const spec = `${kind}:${dims.join('x')}`;
    const maxDims = kind === 'mesh' ? 3 : 16;
    const minK = kind === 'mesh' ? 1 : 3;
    if (dims.length < (kind === 'mesh' ? 2 : 1) || dims.length > maxDims) {
      throw new WormcastError(`${spec}: a ${kind} has ${kind === 'mesh' ? '2 or 3' : `1..${maxDims}`} dimensions`);
    }
    for (const k of dims) {
      if (!Number.isInteger(k) || k < minK || k > 65536)
        throw new WormcastError(`${spec}: every radix must be ${minK}..65536`);
    }
    const nodes = dims.reduce((a, b) => a * b, 1);
    if (nodes > 1 << 24) throw new WormcastError(`${spec}: ${nodes} nodes is too many; at most ${1 << 24}`);
    this.spec = spec;
    this.nodes = nodes;
    this.ports = 2 * dims.length;
    const strides: number[] = [];
    let s = 1;
    for (const k of dims) {
      strides.push(s);
      s *= k;
    }
    this.strides = strides;
    this.links = dims.reduce((acc, k) => acc + (nodes / k) * (kind === 'torus' ? k : k - 1), 0);
    this.diameter = dims.reduce((acc, k) => acc + (kind === 'torus' ? Math.floor(k / 2) : k - 1), 0);
  }

  coord(node: number, d: number): number {
    return Math.floor(node / this.strides[d]!) % this.dims[d]!;
  }

  coords(node: number): number[] {
    return this.dims.map((_, d) => this.coord(node, d));
  }

  fromCoords(xs: readonly number[]): number {
    return xs.reduce((acc, x, d) => acc + x * this.strides[d]!, 0);
  }

  neighbor(node: number, port: number): number {
    const d = port >> 1;
    if (port < 0 || d >= this.dims.length) return -1;
    const k = this.dims[d]!;
    const s = this.strides[d]!;
    const x = this.coord(node, d);
    if ((port & 1) === 0) {
      if (x + 1 < k) return node + s;
      return this.kind === 'torus' ? node - (k - 1) * s : -1;
    }
    if (x > 0) return node - s;
    return this.kind === 'torus' ? node + (k - 1) * s : -1;
  }

  /** Manhattan distance; on a torus each dimension takes the shorter way round. */
  distance(a: number, b: number): number {
    let sum = 0;
    for (let d = 0; d < this.dims.length; d++) {
      const k = this.dims[d]!;
      const delta = Math.abs(this.coord(a, d) - this.coord(b, d));
      sum += this.kind === 'torus' ? Math.min(delta, k - delta) : delta;
    }
    return sum;
  }

  /** `x,y` or `x,y,z` (parentheses optional). */
  parse(address: string): number {
    const s = address.trim().replace(/^\(|\)$/g, '');
    const parts = s.split(',');
    const form = this.dims.map((_, d) => 'xyzw'[d] ?? `x${d}`).join(',');
    if (parts.length !== this.dims.length) {
      throw new WormcastError(
        `${this.spec}: bad address '${address}': expected ${this.dims.length} coordinates ${form}`,
      );
    }
    return this.fromCoords(
      parts.map((p, d) => parseIntIn(p, 0, this.dims[d]! - 1, `${this.spec}: address '${address}', coordinate ${d}`)),
    );
  }

  format(node: number): string {
    return this.coords(node).join(',');
  }

  portName(port: number): string {
    const axis = 'xyzw'[port >> 1] ?? `x${port >> 1}`;
    return `${(port & 1) === 0 ? '+' : '-'}${axis}`;
  }
}
