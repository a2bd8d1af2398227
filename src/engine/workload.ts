import { WormcastError } from '../errors.ts';
import { normalizeDestinations } from '../multicast/destinations.ts';
import { PATH_BASED_ALGORITHMS } from '../multicast/path-based/index.ts';
import { MULTICAST_ALGORITHMS } from '../multicast/registry.ts';
import type { MulticastAlgorithm } from '../multicast/types.ts';
import type { RoutingFunction } from '../routing/types.ts';
import { planWorms } from './plan-worms.ts';
import type { WormSpec } from './types.ts';

/** A message to deliver: created at a cycle, from src to one (unicast) or more destinations. */
export interface MulticastEvent {
  created: number;
  src: number;
  dests: number[];
}

/**
 * The worms of a run and, for statistics, the multicasts (or unicasts) they serve:
 * multicast k was created at `created[k]`, has destinations `dests[k]`, and its worms are
 * `firstWorm[k] .. firstWorm[k + 1] - 1` (all with group k).
 */
export interface Workload {
  worms: WormSpec[];
  created: Int32Array;
  firstWorm: Int32Array;
  dests: number[][];
  /** Message flits per multicast. */
  flits: number;
}

/**
 * A multicast algorithm by name: the unicast-based registry, then the path-based algorithms
 * (not all of which the main registry lists yet); unknown names list the known ones.
 */
export function findAlgorithm(name: string): MulticastAlgorithm {
  // own properties only: 'constructor' or '__proto__' must not find Object.prototype's members
  const a = Object.hasOwn(MULTICAST_ALGORITHMS, name)
    ? MULTICAST_ALGORITHMS[name]
    : Object.hasOwn(PATH_BASED_ALGORITHMS, name)
      ? PATH_BASED_ALGORITHMS[name]
      : undefined;
  if (!a) {
    const known = [
      'unicast',
      ...new Set([...Object.keys(MULTICAST_ALGORITHMS), ...Object.keys(PATH_BASED_ALGORITHMS)]),
    ];
    throw new WormcastError(`unknown algorithm '${name}': expected one of ${known.join(', ')}`);
  }
  return a;
}

/**
 * Turn generated traffic into worms: `unicast` makes one worm per event; any other name is a
 * multicast algorithm of src/multicast/registry.ts, whose Plan for each event becomes its worms.
 */
export function buildWorkload(
  events: readonly MulticastEvent[],
  algorithm: string,
  routing: RoutingFunction,
  flits: number,
): Workload {
  const worms: WormSpec[] = [];
  const created = new Int32Array(events.length);
  const firstWorm = new Int32Array(events.length + 1);
  const dests: number[][] = [];
  events.forEach((e, k) => {
    created[k] = e.created;
    firstWorm[k] = worms.length;
    dests.push(e.dests);
    if (algorithm === 'unicast') {
      if (e.dests.length !== 1)
        throw new WormcastError(`algorithm unicast: event ${k} has ${e.dests.length} destinations`);
      worms.push({ kind: 'unicast', src: e.src, dests: e.dests, flits, created: e.created, group: k });
    } else {
      const plan = findAlgorithm(algorithm).build(
        routing,
        e.src,
        normalizeDestinations(routing.topology, e.src, e.dests),
      );
      worms.push(...planWorms(plan, e.created, flits, k, worms.length));
    }
  });
  firstWorm[events.length] = worms.length;
  return { worms, created, firstWorm, dests, flits };
}
