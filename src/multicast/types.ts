import type { RoutingFunction } from '../routing/types.ts';
import type { TopologyKind } from '../topology/types.ts';
import type { Plan } from './plan.ts';

/**
 * The port model (seed 001 section 1): one-port nodes send one message at a time; all-port
 * nodes send on every outgoing channel at once.
 */
export type PortModel = 'one' | 'all';

/** A multicast algorithm as the registry holds it. */
export interface MulticastAlgorithm {
  readonly name: string;
  /** One line: what it does and where the seeds define it. */
  readonly summary: string;
  /** The topology families it runs on, or 'any'. */
  readonly topologies: readonly TopologyKind[] | 'any';
  /** The routing functions it is defined for (the first is the default), or 'any'. */
  readonly routings: readonly string[] | 'any';
  /** The port model it was designed for; evaluators use it unless told otherwise. */
  readonly port: PortModel;
  /**
   * The plan for a multicast from `source` to `destinations`. An algorithm's own build assumes
   * them sorted, distinct and without the source; the registry's (getAlgorithm) takes any order
   * and normalises or refuses them (normalizeDestinations). The registry has checked topology and
   * routing.
   */
  build(routing: RoutingFunction, source: number, destinations: Int32Array): Plan;
  /**
   * The same plan without explicit routes, for the flit-level engines of a streamed run: where
   * every worm follows `routing` itself from destination to destination, starting in the injection
   * class, the engines route it hop by hop over the same channels, and the host need not compute
   * the route of every message (src/experiment/run/stream-run.ts eventWorms). Absent where a
   * worm's route is not the run's routing function's (multi-path's first hop, the Hamiltonian
   * models' own functions and classes). test/path-unrouted.test.ts holds the two plans to equal
   * results on both engines.
   */
  buildUnrouted?(routing: RoutingFunction, source: number, destinations: Int32Array): Plan;
}
