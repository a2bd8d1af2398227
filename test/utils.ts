import { expect } from 'vitest';
import { tracePath } from '../src/routing/trace.ts';
import { DELIVER, portOf, vcOf, type RoutingFunction } from '../src/routing/types.ts';
import type { Topology } from '../src/topology/types.ts';
import { mulberry32 } from '../src/random.ts';
import { WasmRouting } from '../src/wasm/module.ts';

/** The project's seeded generator (src/random.ts), for test inputs. */
export const rng = mulberry32;

/** Every ordered pair of distinct nodes, or `count` random pairs when that is smaller. */
export function pairs(t: Topology, count: number, seed = 1): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  if (t.nodes * (t.nodes - 1) <= count) {
    for (let a = 0; a < t.nodes; a++) for (let b = 0; b < t.nodes; b++) if (a !== b) out.push([a, b]);
    return out;
  }
  const r = rng(seed);
  while (out.length < count) {
    const a = Math.floor(r() * t.nodes);
    const b = Math.floor(r() * t.nodes);
    if (a !== b) out.push([a, b]);
  }
  return out;
}

/** BFS distances from one node over the topology's ports. */
export function bfs(t: Topology, src: number): Int32Array {
  const dist = new Int32Array(t.nodes).fill(-1);
  const queue = new Int32Array(t.nodes);
  let head = 0;
  let tail = 0;
  dist[src] = 0;
  queue[tail++] = src;
  while (head < tail) {
    const v = queue[head++]!;
    for (let p = 0; p < t.ports; p++) {
      const u = t.neighbor(v, p);
      if (u >= 0 && dist[u] === -1) {
        dist[u] = dist[v]! + 1;
        queue[tail++] = u;
      }
    }
  }
  return dist;
}

export interface RouteCheck {
  /** Require every route to be a shortest path. */
  minimal?: boolean;
  /** Extra per-path assertion (label monotonicity and the like). */
  check?: (src: number, dst: number, path: ReturnType<typeof tracePath>) => void;
}

/**
 * The routing contract on a set of pairs: the path is valid (consecutive nodes
 * adjacent, ends at the destination within the bound), uses declared VC classes
 * only, is shortest when required, and the wasm twin returns the same route words.
 * Returns the number of pairs checked.
 */
export async function checkRoutes(
  r: RoutingFunction,
  list: Array<[number, number]>,
  opts: RouteCheck = {},
): Promise<number> {
  const t = r.topology;
  const wasm = await WasmRouting.create(r);
  let mismatches = 0;
  let firstMismatch = '';
  for (const [s, d] of list) {
    const path = tracePath(r, s, d);
    expect(path.length > 0 ? path[path.length - 1]!.to : s).toBe(d);
    if (opts.minimal) {
      const dist = t.distance(s, d);
      if (path.length !== dist)
        expect.fail(`${r.name} ${t.format(s)} -> ${t.format(d)}: ${path.length} hops, distance ${dist}`);
    }
    opts.check?.(s, d, path);
    const words = wasm.trace(s, d);
    let same = words.length === path.length;
    for (let i = 0; same && i < path.length; i++) {
      same = portOf(words[i]!) === path[i]!.port && vcOf(words[i]!) === path[i]!.vc;
    }
    if (!same) {
      mismatches++;
      firstMismatch ||= `${t.format(s)} -> ${t.format(d)}`;
    }
  }
  expect(mismatches, `wasm and TS ${r.name} differ on ${mismatches} pairs, first ${firstMismatch}`).toBe(0);
  expect(wasm.route(0, 0, -1)).toBe(DELIVER);
  return list.length;
}
