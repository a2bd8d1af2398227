import type { RoutingFunction } from '../routing/types.ts';
import { count, type Estimate } from './limits.ts';
import { Progress, progressSettings } from './progress.ts';

/*
 * Progress and memory of `wormcast deadlock` (docs/cli.md "Progress and limits"), kept outside the
 * checker (src/analysis/dependency-graph.ts): it sees the work only through the routing function.
 */

/** Bytes per virtual channel of the checker's typed arrays (the graph, its walk and the cycle search), rounded up. */
export const BYTES_PER_VC = 32;
/** Bytes per physical channel: the head table and the neighbour table (src/analysis/neighbor-table.ts). */
export const BYTES_PER_CHANNEL = 8;
/** The legs table the checker may keep (dependency-graph.ts LEG_TABLE_BYTES) and the CLI itself. */
export const FIXED_BYTES = (64 << 20) + (96 << 20);

/** The memory of the dependency graph of `routing` over its whole network. */
export function dependencyGraphEstimate(routing: RoutingFunction): Estimate {
  const t = routing.topology;
  const channels = t.nodes * t.ports;
  const vcs = channels * routing.vcClasses.length;
  const totalBytes = FIXED_BYTES + vcs * BYTES_PER_VC + channels * BYTES_PER_CHANNEL;
  return { heapBytes: 96 << 20, totalBytes, size: `${count(vcs)} virtual channels on ${count(t.nodes)} nodes` };
}

/** Checks of fewer than N^2 x ports x classes (about 1 s on hypercube:14) run without the wrapper. */
export const PROGRESS_ROUTE_WORK = 2e9;

/**
 * Run `job` with `routing` wrapped so that its calls report progress. The checker builds the graph
 * destination by destination (one pass over every destination, then one more per class that
 * junctions add, docs/deadlock.md "Scale"), so the destination of the current route call is the
 * progress: a pass is a bar over the nodes, and a new pass restarts it. The wrapper answers every
 * call with routing's own answer; it inherits everything else from routing.
 */
export function withRouteProgress<T>(
  what: string,
  routing: RoutingFunction,
  job: (r: RoutingFunction) => T,
  minWork = PROGRESS_ROUTE_WORK,
): T {
  const t = routing.topology;
  const n = t.nodes;
  // the wrapper costs about 12% of the check (hypercube:14): only where the check takes seconds
  if (n * n * t.ports * routing.vcClasses.length < minWork) return job(routing);
  let pass = 1;
  let progress = new Progress(what, n, 'destinations', progressSettings);
  let last = -1;
  const wrapped = Object.create(routing) as RoutingFunction;
  Object.defineProperty(wrapped, 'route', {
    value: (node: number, dest: number, vcIn: number, key?: number, inPort?: number): number => {
      if (dest !== last) {
        if (dest < last - n / 2) {
          // back to the first destinations: the checker started another pass over them
          progress.stop();
          pass++;
          progress = new Progress(`${what} (pass ${pass})`, n, 'destinations', progressSettings);
        }
        last = dest;
        progress.update(dest + 1);
      }
      return routing.route(node, dest, vcIn, key, inPort);
    },
  });
  try {
    return job(wrapped);
  } finally {
    progress.stop();
  }
}
