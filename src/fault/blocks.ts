import { WormcastError } from '../errors.ts';
import type { Topology } from '../topology/types.ts';
import { buildFaultSet, type FaultSet } from './fault-set.ts';

/** A rectangular fault block of a 2D mesh: columns x0..x1, rows y0..y1, inclusive. */
export interface FaultBlock {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
}

/** The block fault model of a fault set (docs/routing-faults.md "fault-ring"). */
export interface BlockFaults {
  readonly blocks: readonly FaultBlock[];
  /** Healthy nodes the completion switched off: inside a block, so they neither send nor receive. */
  readonly disabled: number;
  /** The completed fault set: every node of every block faulty (and the given links dead). */
  readonly faults: FaultSet;
}

/**
 * The block fault model of f on a 2D mesh, the assumption of Boppana and Chalasani's fault rings:
 * a faulty link switches off one of its ends (the higher-numbered, unless either already is off);
 * then every 8-connected group of switched-off nodes is
 * filled out to its bounding rectangle, again until nothing changes. The blocks that result are
 * disjoint and no two touch, not even at a corner, so the ring of healthy nodes around each one is
 * healthy (rings of different blocks may share nodes). Every fault set is completed, none refused;
 * the price is the healthy nodes switched off (`disabled`).
 */
export function blockFaults(t: Topology, f: FaultSet): BlockFaults {
  if (t.kind !== 'mesh' || t.dims.length !== 2)
    throw new WormcastError(`faults: blocks are defined on a 2D mesh (mesh:k0xk1), not ${t.spec}`);
  const k0 = t.dims[0]!;
  const k1 = t.dims[1]!;
  let off = new Uint8Array(t.nodes);
  for (const v of f.nodes) off[v] = 1;
  // a link is out when one of its ends is: the higher-numbered one, unless an end already is
  for (const [a, b] of f.links) if (off[a] === 0 && off[b] === 0) off[b] = 1;
  const comp = new Int32Array(t.nodes);
  const queue = new Int32Array(t.nodes);
  let blocks: FaultBlock[] = [];
  for (;;) {
    comp.fill(-1);
    blocks = [];
    for (let s = 0; s < t.nodes; s++) {
      if (off[s] === 0 || comp[s] !== -1) continue;
      let x0 = s % k0;
      let x1 = x0;
      let y0 = Math.floor(s / k0);
      let y1 = y0;
      let head = 0;
      let tail = 0;
      queue[tail++] = s;
      comp[s] = blocks.length;
      while (head < tail) {
        const v = queue[head++]!;
        const x = v % k0;
        const y = Math.floor(v / k0);
        x0 = Math.min(x0, x);
        x1 = Math.max(x1, x);
        y0 = Math.min(y0, y);
        y1 = Math.max(y1, y);
        for (let dy = -1; dy <= 1; dy++)
          for (let dx = -1; dx <= 1; dx++) {
            const nx = x + dx;
            const ny = y + dy;
            if (nx < 0 || nx >= k0 || ny < 0 || ny >= k1) continue;
            const w = nx + k0 * ny;
            if (off[w] === 1 && comp[w] === -1) {
              comp[w] = blocks.length;
              queue[tail++] = w;
            }
          }
      }
      blocks.push({ x0, x1, y0, y1 });
    }
    const filled = new Uint8Array(t.nodes);
    for (const b of blocks) for (let y = b.y0; y <= b.y1; y++) filled.fill(1, b.x0 + k0 * y, b.x1 + 1 + k0 * y);
    if (filled.every((x, i) => x === off[i])) break;
    off = filled;
  }
  const nodes: number[] = [];
  for (let v = 0; v < t.nodes; v++) if (off[v] === 1) nodes.push(v);
  const given = new Set(f.nodes);
  return {
    blocks,
    disabled: nodes.filter((v) => !given.has(v)).length,
    faults: buildFaultSet(t, f.links, nodes),
  };
}
