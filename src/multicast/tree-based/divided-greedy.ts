import type { MulticastAlgorithm } from '../types.ts';
import { MX, MY, mesh2d, PX, PY, xOf, yOf } from './mesh2d.ts';
import { treePlan } from './tree.ts';
import { splitTree } from './x-first.ts';

/**
 * For each direction index i (0 +X, 1 +Y, 2 -X, 3 -Y, the seed's D0..D3), its two candidate
 * sets as [quadrant, 'x' | 'y'] and the direction each goes to when i does not take it
 * (seed 004 Fig. 5.6 step 5; docs/algorithms-tree.md "divided-greedy").
 */
const CANDIDATES: readonly (readonly [number, 0 | 1, number])[][] = [
  [
    [0, 0, 1],
    [3, 0, 3],
  ], // +X: S0x (else +Y), S3x (else -Y)
  [
    [0, 1, 0],
    [1, 1, 2],
  ], // +Y: S0y (else +X), S1y (else -X)
  [
    [1, 0, 1],
    [2, 0, 3],
  ], // -X: S1x (else +Y), S2x (else -Y)
  [
    [2, 1, 2],
    [3, 1, 0],
  ], // -Y: S2y (else -X), S3y (else +X)
];
/** Port of direction index i. */
const PORT = [PX, PY, MX, MY] as const;

/** The split of one forward node: lists per direction index (0 +X, 1 +Y, 2 -X, 3 -Y). */
export interface DividedSplit {
  /** D+X, D+Y, D-X, D-Y after step 5, each in D's order of arrival into it. */
  readonly lists: number[][];
  readonly local: boolean;
  /** Step 4's quadrant sets: s[i][0] = S_ix, s[i][1] = S_iy. */
  readonly s: number[][][];
}

/** Manhattan distance on the mesh. */
const dist = (a: number, b: number, k0: number): number =>
  Math.abs(xOf(a, k0) - xOf(b, k0)) + Math.abs(yOf(a, k0) - yOf(b, k0));

/** The divided greedy split at forward node `at` (seed 004 Fig. 5.6, steps 1 to 5). */
export function dividedGreedySplit(k0: number, at: number, dests: readonly number[]): DividedSplit {
  const x0 = xOf(at, k0);
  const y0 = yOf(at, k0);
  const d: number[][] = [[], [], [], []];
  const p: number[][] = [[], [], [], []];
  let local = false;
  for (const v of dests) {
    const x = xOf(v, k0);
    const y = yOf(v, k0);
    if (x === x0 && y === y0) local = true;
    else if (y === y0) d[x > x0 ? 0 : 2]!.push(v);
    else if (x === x0) d[y > y0 ? 1 : 3]!.push(v);
    else p[y > y0 ? (x > x0 ? 0 : 1) : x < x0 ? 2 : 3]!.push(v);
  }
  // step 4: hang each quadrant destination on its horizontal or vertical branch
  const s = p.map((quad) => {
    const sx: number[] = [];
    const sy: number[] = [];
    let hx = at;
    let vy = at;
    for (const v of quad) {
      const h = Math.min(Math.abs(yOf(v, k0) - y0), dist(v, hx, k0));
      const w = Math.min(Math.abs(xOf(v, k0) - x0), dist(v, vy, k0));
      if (h <= w) {
        sx.push(v);
        hx = v;
      } else {
        sy.push(v);
        vy = v;
      }
    }
    return [sx, sy];
  });
  // step 5: a direction takes both candidates if it has destinations of its own or both are non-empty
  for (let i = 0; i < 4; i++) {
    const [a, b] = CANDIDATES[i]!;
    const sa = s[a![0]]![a![1]]!;
    const sb = s[b![0]]![b![1]]!;
    // appended in loops: a spread of a list of 10^5 destinations overflows the stack
    if (d[i]!.length > 0 || (sa.length > 0 && sb.length > 0)) {
      for (const v of sa) d[i]!.push(v);
      for (const v of sb) d[i]!.push(v);
    } else {
      for (const v of sa) d[a![2]]!.push(v);
      for (const v of sb) d[b![2]]!.push(v);
    }
  }
  return { lists: d, local, s };
}

/** Divided greedy multicast tree (seed 004 section 5.3, Fig. 5.6) on a 2D mesh. */
export const dividedGreedy: MulticastAlgorithm = {
  name: 'divided-greedy',
  summary: 'divided greedy multicast tree, replicated in routers (seed 004 section 5.3, Fig. 5.6)',
  topologies: ['mesh'],
  routings: ['dor'],
  port: 'one',
  build(routing, source, destinations) {
    const g = mesh2d(routing.topology, 'divided-greedy');
    const k0 = g.dims[0]!;
    const w = splitTree(
      routing,
      source,
      Array.from(destinations),
      [PX, PY, MX, MY],
      0,
      (at, list) => {
        const { lists, local } = dividedGreedySplit(k0, at, list);
        const byPort: number[][] = [[], [], [], []];
        lists.forEach((l, i) => (byPort[PORT[i]!] = l));
        return { lists: byPort, local };
      },
      undefined,
      true,
    );
    return treePlan(routing, 'divided-greedy', source, destinations, [w]);
  },
};
