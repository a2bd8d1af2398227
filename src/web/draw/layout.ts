import type { Topology } from 'wormcast';

/**
 * Where each node of a network is drawn (world units: neighbouring nodes about 1 apart), and
 * a bucket index over those positions for culling and hit-testing (docs/web.md "Drawing").
 * The natural layout of each family:
 * - mesh / torus: a grid, dimension 0 to the right and 1 upwards; further dimensions tile the
 *   grid (even ones to the right, odd ones upwards) with a gap between tiles;
 * - hypercube: bit 2j of the address moves right and bit 2j+1 up by a distance that doubles
 *   with j (plus a gap), so every subcube is a block and each dimension one direction and scale;
 * - ccc: the hypercube layout of the cycle addresses w with a ring of n nodes at each
 *   position (the n-cube of rings, seed 000 Definition 1);
 * - star: recursively n sub-stars S(n-1) (the nodes sharing their last symbol) on a circle,
 *   the six nodes of each S(3) a hexagon in cycle order; a star above n = 5 is the same layout,
 *   shown as blocks of density until zoomed in (the summary view).
 */
export interface Layout {
  readonly topology: Topology;
  readonly x: Float32Array;
  readonly y: Float32Array;
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
  /** Whether the link from node through port is drawn as an arc (a torus wrap or a long hypercube link). */
  curved(node: number, port: number, to: number): boolean;
  /** The arc's bend of the link (0: straight), for the orientation from its lower node to its higher one. */
  bend(node: number, port: number, to: number): number;
  /** Whether the link is a torus wrap drawn as two stubs (large rings), not an arc. */
  stub(node: number, port: number, to: number): boolean;
  /** Bucket index: nodes of bucket b are order[start[b] .. start[b + 1]). */
  readonly bucket: number;
  readonly cols: number;
  readonly rows: number;
  readonly start: Int32Array;
  readonly order: Int32Array;
}

/** Offsets of a mixed-radix digit: tile sizes that grow with a gap of one unit per level. */
function tileWidths(k: readonly number[]): number[] {
  // w[0] = 1 (neighbours), w[j] = w[j-1] * k[j-1] + gap
  const w = [1];
  for (let j = 1; j < k.length; j++) w.push(w[j - 1]! * k[j - 1]! + 1);
  return w;
}

function gridLayout(t: Topology, x: Float32Array, y: Float32Array): void {
  const dims = t.dims;
  const xs = dims.filter((_, d) => d % 2 === 0);
  const ys = dims.filter((_, d) => d % 2 === 1);
  const wx = tileWidths(xs);
  const wy = tileWidths(ys);
  for (let v = 0; v < t.nodes; v++) {
    let rest = v;
    let px = 0;
    let py = 0;
    for (let d = 0; d < dims.length; d++) {
      const k = dims[d]!;
      const c = rest % k;
      rest = (rest - c) / k;
      if (d % 2 === 0) px += c * wx[d >> 1]!;
      else py += c * wy[d >> 1]!;
    }
    x[v] = px;
    y[v] = -py;
  }
}

/** Position of an n-bit address in the hypercube layout (spacing 1 for the lowest bits). */
function cubeXY(w: number, n: number): [number, number] {
  let px = 0;
  let py = 0;
  let gx = 1;
  let gy = 1;
  for (let b = 0; b < n; b++) {
    const bit = (w >> b) & 1;
    if (b % 2 === 0) {
      px += bit * gx;
      gx = 2 * gx + 0.5;
    } else {
      py += bit * gy;
      gy = 2 * gy + 0.5;
    }
  }
  return [px, -py];
}

function cubeLayout(t: Topology, x: Float32Array, y: Float32Array): void {
  const n = t.dims[0]!;
  for (let v = 0; v < t.nodes; v++) [x[v], y[v]] = cubeXY(v, n);
}

function cccLayout(t: Topology, x: Float32Array, y: Float32Array): void {
  const n = t.dims[0]!;
  const r = Math.max(0.7, n / (2 * Math.PI));
  const spacing = 2 * r + 1.5;
  for (let v = 0; v < t.nodes; v++) {
    const i = v % n;
    const [cx, cy] = cubeXY((v - i) / n, n);
    const a = (2 * Math.PI * i) / n - Math.PI / 2;
    x[v] = cx * spacing + r * Math.cos(a);
    y[v] = cy * spacing + r * Math.sin(a);
  }
}

/** The six arrangements of three symbols (by rank) in the order of the S(3) cycle, alternating swaps of positions 0-1 and 0-2. */
const HEXAGON = ['012', '102', '201', '021', '120', '210'];

function starLayout(t: Topology, x: Float32Array, y: Float32Array): void {
  const n = t.dims[0]!;
  const radius = [0, 0, 0, 1];
  for (let L = 4; L <= n; L++) radius[L] = radius[L - 1]! * 2.4 + 1.2;
  for (let v = 0; v < t.nodes; v++) {
    const s = t.format(v);
    const symbols = Array.from(s, (c) => c.charCodeAt(0));
    let px = 0;
    let py = 0;
    // levels n .. 4: the symbol at position L-1 chooses the sub-star among those left
    const left = [...symbols].sort((a, b) => a - b);
    for (let L = n; L >= 4; L--) {
      const sym = symbols[L - 1]!;
      const k = left.indexOf(sym);
      left.splice(k, 1);
      const a = (2 * Math.PI * k) / L - Math.PI / 2;
      px += radius[L]! * Math.cos(a);
      py += radius[L]! * Math.sin(a);
    }
    const first = symbols.slice(0, 3);
    const sorted = [...first].sort((a, b) => a - b);
    const key = first.map((c) => sorted.indexOf(c)).join('');
    const h = Math.max(0, HEXAGON.indexOf(key));
    const a = (2 * Math.PI * h) / 6;
    x[v] = px + Math.cos(a);
    y[v] = py + Math.sin(a);
  }
}

/** How far an arc's control point lies off the chord, as a share of its length (the arc peaks at half of it). */
export const BEND = 0.18;
/** Up to this many nodes, each link's bend is chosen so that it passes over no node (clearBends). */
export const CLEAR_NODES = 4096;
/** A link passes over a node when it comes closer than this (world units; neighbours are 1 apart). */
export const CLEARANCE = 0.15;

/** Points along the chord or arc from (x1, y1) to (x2, y2) with this bend. */
export function arcPoints(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  bend: number,
  n = 16,
): Array<[number, number]> {
  const len = Math.hypot(x2 - x1, y2 - y1) || 1;
  const cx = (x1 + x2) / 2 + (-(y2 - y1) / len) * bend * len;
  const cy = (y1 + y2) / 2 + ((x2 - x1) / len) * bend * len;
  const out: Array<[number, number]> = [];
  for (let i = 0; i <= n; i++) {
    const u = i / n;
    out.push([
      (1 - u) ** 2 * x1 + 2 * u * (1 - u) * cx + u * u * x2,
      (1 - u) ** 2 * y1 + 2 * u * (1 - u) * cy + u * u * y2,
    ]);
  }
  return out;
}

/**
 * For networks of up to CLEAR_NODES nodes: the links whose usual shape passes over another node,
 * with the first bend of a few (straight, arcs to either side, deeper arcs) that passes over none.
 * Keyed by lower node * nodes + higher node.
 */
function clearBends(
  t: Topology,
  x: Float32Array,
  y: Float32Array,
  usual: (a: number, p: number, b: number) => number,
  g: { minX: number; minY: number; bucket: number; cols: number; rows: number; start: Int32Array; order: Int32Array },
): Map<number, number> {
  const out = new Map<number, number>();
  const over = (a: number, b: number, bend: number): boolean => {
    for (const [px, py] of arcPoints(x[a]!, y[a]!, x[b]!, y[b]!, bend)) {
      const c = Math.floor((px - g.minX) / g.bucket);
      const r = Math.floor((py - g.minY) / g.bucket);
      for (let rr = Math.max(0, r - 1); rr <= Math.min(g.rows - 1, r + 1); rr++)
        for (let cc = Math.max(0, c - 1); cc <= Math.min(g.cols - 1, c + 1); cc++)
          for (let i = g.start[rr * g.cols + cc]!; i < g.start[rr * g.cols + cc + 1]!; i++) {
            const v = g.order[i]!;
            if (v !== a && v !== b && Math.hypot(px - x[v]!, py - y[v]!) < CLEARANCE) return true;
          }
    }
    return false;
  };
  for (let a = 0; a < t.nodes; a++) {
    for (let p = 0; p < t.ports; p++) {
      const b = t.neighbor(a, p);
      if (b <= a) continue;
      const first = usual(a, p, b);
      if (!over(a, b, first)) continue;
      const pick = [0, BEND, -BEND, 0.3, -0.3, 0.45, -0.45, 0.6, -0.6].find((k) => k !== first && !over(a, b, k));
      if (pick !== undefined) out.set(a * t.nodes + b, pick);
    }
  }
  return out;
}

/** Compute the layout of a topology. */
export function layoutOf(t: Topology): Layout {
  const x = new Float32Array(t.nodes);
  const y = new Float32Array(t.nodes);
  if (t.kind === 'mesh' || t.kind === 'torus') gridLayout(t, x, y);
  else if (t.kind === 'hypercube') cubeLayout(t, x, y);
  else if (t.kind === 'ccc') cccLayout(t, x, y);
  else starLayout(t, x, y);
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (let v = 0; v < t.nodes; v++) {
    if (x[v]! < minX) minX = x[v]!;
    if (x[v]! > maxX) maxX = x[v]!;
    if (y[v]! < minY) minY = y[v]!;
    if (y[v]! > maxY) maxY = y[v]!;
  }
  // buckets of about 8 x 8 units: a visible rectangle is a few bucket rows
  const bucket = 8;
  const cols = Math.max(1, Math.ceil((maxX - minX + 1) / bucket));
  const rows = Math.max(1, Math.ceil((maxY - minY + 1) / bucket));
  const cellOf = (v: number): number =>
    Math.floor((x[v]! - minX) / bucket) + cols * Math.floor((y[v]! - minY) / bucket);
  const start = new Int32Array(cols * rows + 1);
  for (let v = 0; v < t.nodes; v++) start[cellOf(v) + 1]!++;
  for (let b = 0; b < cols * rows; b++) start[b + 1]! += start[b]!;
  const fill = start.slice(0, cols * rows);
  const order = new Int32Array(t.nodes);
  for (let v = 0; v < t.nodes; v++) order[fill[cellOf(v)]!++] = v;
  const bigRing = t.kind === 'torus' && t.dims.some((k) => k > 16);
  const long = (node: number, to: number): boolean => Math.abs(x[node]! - x[to]!) + Math.abs(y[node]! - y[to]!) > 1.6;
  // a torus link is a wrap when its coordinates differ by k - 1 in its dimension (tiles of higher dimensions are long but not wraps)
  const isWrap = (node: number, port: number, to: number): boolean => {
    if (t.kind !== 'torus') return false;
    const d = port >> 1;
    let s = 1;
    for (let j = 0; j < d; j++) s *= t.dims[j]!;
    return Math.abs(to - node) === (t.dims[d]! - 1) * s;
  };
  // every long link is an arc, so that none runs straight over the nodes between its ends (issue 24:
  // mesh:4x4x4's z links lay on its rows; a CCC's and a star's long links crossed other nodes)
  const usual = (node: number, port: number, to: number): number =>
    (isWrap(node, port, to) ? !bigRing : long(node, to)) ? BEND : 0;
  const chosen =
    t.nodes <= CLEAR_NODES ? clearBends(t, x, y, usual, { minX, minY, bucket, cols, rows, start, order }) : null;
  const bendOf = (node: number, port: number, to: number): number => {
    const c = chosen?.get(Math.min(node, to) * t.nodes + Math.max(node, to));
    return c ?? usual(Math.min(node, to), port, Math.max(node, to));
  };
  return {
    topology: t,
    x,
    y,
    minX,
    minY,
    maxX,
    maxY,
    bucket,
    cols,
    rows,
    start,
    order,
    curved: (node, port, to) => bendOf(node, port, to) !== 0,
    bend: bendOf,
    stub: (node, port, to) => bigRing && isWrap(node, port, to),
  };
}
