import { PATH_BASED_ALGORITHMS } from '../multicast/path-based/index.ts';
import { TREE_BASED_ALGORITHMS } from '../multicast/tree-based/index.ts';
import type { RoutingFunction } from '../routing/types.ts';
import { count, type Estimate } from './limits.ts';

/*
 * The memory one plan and its analysis take (`plan`, each trial of `verify`), estimated from the
 * request before the plan is built (docs/cli.md "Progress and limits"). A plan is columns of typed
 * arrays (src/multicast/plan.ts) but its construction and analysis hold objects per destination
 * (a tree worm's nodes and child lists, sorted lists, maps), and the traced routes take a few
 * words per hop. Per-destination constants calibrated on broadcasts of 2^18 to 2^21 nodes (peak
 * resident memory minus the CLI's own ~85 MiB, divided by the destinations; docs/cli.md):
 * unicast-based 300-690 bytes (u-cube, w-sort, combine, maxport, u-ccc, with --json), path-based
 * 140-370 (dual-path, multi-path, sorted-mp, hcm-uniform), tree-based 660-1,150 (x-first,
 * double-channel-x-first, divided-greedy, ecube-tree --json); rounded up, and the heap share taken
 * as three quarters of it.
 */

/** All bytes per destination, by kind of algorithm (see above). */
export const BYTES_PER_DEST = { unicast: 800, path: 600, tree: 1600 } as const;
/** The JavaScript heap's share of them. */
export const HEAP_SHARE_OF_DEST = 0.75;
/** Bytes per hop of the traced routes: the plan's routes or traced paths, and the contention check's copies. */
export const BYTES_PER_HOP = 24;
/** The CLI, its modules and the topology's tables. */
export const FIXED_BYTES = 96 << 20;

/** The kind of an algorithm, by the registry it is in. */
export function algorithmKind(algorithm: string): 'unicast' | 'path' | 'tree' {
  if (Object.hasOwn(PATH_BASED_ALGORITHMS, algorithm)) return 'path';
  if (Object.hasOwn(TREE_BASED_ALGORITHMS, algorithm)) return 'tree';
  return 'unicast';
}

/** Total hops of a plan, estimated: see planEstimate. */
export function estimateHops(routing: RoutingFunction, algorithm: string, source: number, dests: Int32Array): number {
  const t = routing.topology;
  const k = dests.length;
  if (k === 0) return 0;
  // the mean distance from the source over up to 1,024 destinations spread over the list
  const samples = Math.min(k, 1024);
  let sum = 0;
  for (let i = 0; i < samples; i++) sum += t.distance(source, dests[Math.floor((i * k) / samples)]!);
  // a route that is not minimal (label, hcm) may be longer than the distance: allow twice
  const unicastHops = (sum / samples) * k * (routing.minimal ? 1 : 2);
  // `separate` sends every destination its own unicast from the source: exactly that
  if (algorithm === 'separate') return unicastHops;
  // the others share hops: a path worm visits its destinations in turn, a tree worm has one edge
  // per node it reaches, and a chain's unicasts go between nearby destinations once the set is
  // dense (a broadcast: u-cube 1 hop per destination, u-ccc 2.2, u-mesh 4), so they stay within
  // a few walks of the network
  return Math.min(unicastHops, (algorithmKind(algorithm) === 'tree' ? 4 : 8) * t.nodes);
}

/** The memory of planning and analysing one multicast from `source` to `dests`. */
export function planEstimate(routing: RoutingFunction, algorithm: string, source: number, dests: Int32Array): Estimate {
  const k = dests.length;
  const hops = estimateHops(routing, algorithm, source, dests);
  const perDest = BYTES_PER_DEST[algorithmKind(algorithm)];
  const heapBytes = FIXED_BYTES + k * perDest * HEAP_SHARE_OF_DEST;
  const totalBytes = FIXED_BYTES + k * perDest + hops * BYTES_PER_HOP;
  return { heapBytes, totalBytes, size: `${count(k)} destinations, about ${count(hops)} hops` };
}
