import type { RoutingFunction } from '../../routing/types.ts';
import type { MulticastAlgorithm } from '../types.ts';
import { MX, MY, mesh2d, PX, PY, xOf, yOf } from './mesh2d.ts';
import { TreeWorm, treePlan } from './tree.ts';

/**
 * The X-first split at forward node `at` (seed 004 Fig. 5.5): destinations right of it go +X,
 * left -X, in its column above +Y, below -Y; `local` is true when `at` itself is in D.
 * Lists keep D's order. Index = port (PX, MX, PY, MY).
 */
export function xFirstSplit(k0: number, at: number, dests: readonly number[]): { lists: number[][]; local: boolean } {
  const x0 = xOf(at, k0);
  const y0 = yOf(at, k0);
  const lists: number[][] = [[], [], [], []];
  let local = false;
  for (const d of dests) {
    const x = xOf(d, k0);
    const y = yOf(d, k0);
    if (x > x0) lists[PX]!.push(d);
    else if (x < x0) lists[MX]!.push(d);
    else if (y > y0) lists[PY]!.push(d);
    else if (y < y0) lists[MY]!.push(d);
    else local = true;
  }
  return { lists, local };
}

const EMPTY = { i: -1, list: [] as readonly number[] };

/**
 * Run a per-node splitting rule from the sender: every forward node splits its list into one
 * list per output port, in `portOrder`; returns the tree worm on VC class `vc`.
 */
export function splitTree(
  routing: RoutingFunction,
  sender: number,
  dests: readonly number[],
  portOrder: readonly number[],
  vc: number,
  split: (at: number, list: readonly number[]) => { lists: number[][]; local: boolean },
  network?: string,
  shared = false,
): TreeWorm {
  const w = new TreeWorm(routing, sender, network, shared);
  const queue: { i: number; list: readonly number[] }[] = [{ i: 0, list: dests }];
  for (let h = 0; h < queue.length; h++) {
    const { i, list } = queue[h]!;
    // drop the list once split: every destination is in one list per tree level, so the lists
    // alive stay O(|D|) instead of one per tree node (a corner broadcast on an m x m mesh: m^3)
    queue[h] = EMPTY;
    const { lists, local } = split(w.node(i), list);
    if (local) w.deliver(i);
    for (const p of portOrder) {
      if (lists[p]!.length > 0) queue.push({ i: w.hop(i, p, vc), list: lists[p]! });
    }
  }
  return w;
}

/** X-first multicast tree (seed 004 section 5.3, Fig. 5.5) on a 2D mesh. */
export const xFirst: MulticastAlgorithm = {
  name: 'x-first',
  summary: 'X-first multicast tree, replicated in routers (seed 004 section 5.3, Fig. 5.5)',
  topologies: ['mesh'],
  routings: ['dor'],
  port: 'one',
  build(routing, source, destinations) {
    const g = mesh2d(routing.topology, 'x-first');
    const k0 = g.dims[0]!;
    const w = splitTree(routing, source, Array.from(destinations), [PX, MX, PY, MY], 0, (at, list) =>
      xFirstSplit(k0, at, list),
    );
    return treePlan(routing, 'x-first', source, destinations, [w]);
  },
};
