import { WormcastError } from '../errors.ts';
import { createRouting } from '../routing/registry.ts';
import type { RoutingFunction } from '../routing/types.ts';
import { TOPOLOGIES } from '../topology/registry.ts';
import type { Topology, TopologyKind } from '../topology/types.ts';
import { normalizeDestinations } from './destinations.ts';
import type { Plan } from './plan.ts';
import type { MulticastAlgorithm } from './types.ts';
import { combine } from './unicast-based/combine.ts';
import { maxport } from './unicast-based/maxport.ts';
import { separate } from './unicast-based/separate.ts';
import { uCcc } from './unicast-based/u-ccc.ts';
import { uCube } from './unicast-based/u-cube.ts';
import { uMesh } from './unicast-based/u-mesh.ts';
import { wSort } from './unicast-based/w-sort.ts';
import { PATH_BASED_ALGORITHMS } from './path-based/index.ts';
import { TREE_BASED_ALGORITHMS } from './tree-based/index.ts';

/** Whether `dests` is already what build assumes: strictly increasing node ids, none the source. */
function isNormal(t: Topology, source: number, dests: Int32Array): boolean {
  for (let i = 0; i < dests.length; i++) {
    const d = dests[i]!;
    if (d < 0 || d >= t.nodes || d === source || (i > 0 && d <= dests[i - 1]!)) return false;
  }
  return true;
}

/**
 * The algorithm with a build that takes destinations in any order (issue 27): the algorithms'
 * chains and halvings assume a sorted set and gave wrong receive steps for an unsorted one. A
 * sorted set passes through untouched (one scan); any other is normalised (sorted) or refused
 * (out of range, repeated, the source) by normalizeDestinations, with its WormcastError.
 */
function normalizing(a: MulticastAlgorithm): MulticastAlgorithm {
  return {
    ...a,
    build: (routing, source, dests) =>
      a.build(
        routing,
        source,
        isNormal(routing.topology, source, dests) ? dests : normalizeDestinations(routing.topology, source, dests),
      ),
  };
}

/** Every multicast algorithm, by the name the CLI and configs use. */
export const MULTICAST_ALGORITHMS: Record<string, MulticastAlgorithm> = Object.fromEntries(
  Object.entries({
    separate,
    'u-cube': uCube,
    'u-mesh': uMesh,
    'u-ccc': uCcc,
    maxport,
    combine,
    'w-sort': wSort,
    ...PATH_BASED_ALGORITHMS,
    ...TREE_BASED_ALGORITHMS,
  }).map(([name, a]) => [name, normalizing(a)]),
);

/**
 * The routing function an algorithm that takes any routing uses on each topology family: each
 * family's defaultRouting in src/topology/registry.ts.
 */
export const DEFAULT_ROUTING = Object.fromEntries(
  Object.entries(TOPOLOGIES).map(([kind, family]) => [kind, family.defaultRouting]),
) as Record<TopologyKind, string>;

/** The algorithm `name`; unknown names list the known ones. */
export function getAlgorithm(name: string): MulticastAlgorithm {
  // own properties only: 'constructor' or '__proto__' must not find Object.prototype's members
  const a = Object.hasOwn(MULTICAST_ALGORITHMS, name) ? MULTICAST_ALGORITHMS[name] : undefined;
  if (!a)
    throw new WormcastError(
      `unknown multicast algorithm '${name}': expected one of ${Object.keys(MULTICAST_ALGORITHMS).join(', ')}`,
    );
  return a;
}

/**
 * The name of the routing function `algorithm` uses on `topology`: `routingName` when given
 * (it must be one the algorithm is defined for), else the algorithm's default. Throws a
 * WormcastError naming the algorithm, the topology or routing, and what it needs.
 */
export function routingNameFor(algorithm: MulticastAlgorithm, topology: Topology, routingName?: string): string {
  if (algorithm.topologies !== 'any' && !algorithm.topologies.includes(topology.kind)) {
    throw new WormcastError(
      `algorithm ${algorithm.name}: needs a ${algorithm.topologies.join(' or ')} topology, not ${topology.spec}`,
    );
  }
  const name = routingName ?? (algorithm.routings === 'any' ? DEFAULT_ROUTING[topology.kind] : algorithm.routings[0]!);
  if (algorithm.routings !== 'any' && !algorithm.routings.includes(name)) {
    throw new WormcastError(
      `algorithm ${algorithm.name}: needs routing ${algorithm.routings.join(' or ')}, not '${name}'`,
    );
  }
  return name;
}

/** The routing function `algorithm` uses on `topology` (see routingNameFor). */
export function routingFor(algorithm: MulticastAlgorithm, topology: Topology, routingName?: string): RoutingFunction {
  return createRouting(routingNameFor(algorithm, topology, routingName), topology);
}

/**
 * Build the plan of algorithm `name` for a multicast from `source` to `destinations` on
 * `topology` with the algorithm's default routing, or on a given routing function.
 */
export function createPlan(
  name: string,
  topologyOrRouting: Topology | RoutingFunction,
  source: number,
  destinations: ArrayLike<number>,
): Plan {
  const algorithm = getAlgorithm(name);
  let routing: RoutingFunction;
  if ('route' in topologyOrRouting) {
    routingNameFor(algorithm, topologyOrRouting.topology, topologyOrRouting.name);
    routing = topologyOrRouting;
  } else {
    routing = routingFor(algorithm, topologyOrRouting);
  }
  const dests = normalizeDestinations(routing.topology, source, destinations);
  return algorithm.build(routing, source, dests);
}
