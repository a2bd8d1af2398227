import { PATH_BASED_ALGORITHMS } from './path-based/index.ts';
import { MULTICAST_ALGORITHMS } from './registry.ts';
import { TREE_BASED_ALGORITHMS } from './tree-based/index.ts';
import type { PortModel } from './types.ts';

/** Consumption (ejection) channels of a node: as the port model has them, or one per incoming VC. */
export type ConsumptionChannels = 'port' | 'vc';

/** What a node offers the network: its port model and its consumption channels (docs/deadlock.md). */
export interface NodeModel {
  readonly port: PortModel;
  readonly consumption: ConsumptionChannels;
}

/** Does `algorithm` send multidestination worms (path- or tree-based), which hold consumption channels? */
export function sendsMultidestinationWorms(algorithm: string): boolean {
  return Object.hasOwn(PATH_BASED_ALGORITHMS, algorithm) || Object.hasOwn(TREE_BASED_ALGORITHMS, algorithm);
}

/**
 * The node model a run of `algorithm` ('unicast' for unicast traffic) uses unless told otherwise
 * (docs/deadlock.md "Consumption channels"):
 * - the port model the algorithm was designed for (as `plan` and `verify` use), one-port for unicast;
 * - one consumption channel per incoming virtual channel for algorithms that send multidestination
 *   worms: such a worm holds the consumption channel of a destination while it moves on, so with
 *   fewer channels than VCs worms can wait for each other's consumption channels in a cycle
 *   (consumption-channel deadlock); with one per VC only the VC's holder ever asks for it, and
 *   the network's channel dependency graph alone decides. Unicast worms end at the consumption
 *   channel and never hold it while waiting, so they keep the port model's channels (seed 001
 *   section 1: one per node one-port, one per external channel all-port).
 */
export function defaultNodeModel(algorithm: string): NodeModel {
  if (algorithm === 'unicast') return { port: 'one', consumption: 'port' };
  const a = Object.hasOwn(MULTICAST_ALGORITHMS, algorithm)
    ? MULTICAST_ALGORITHMS[algorithm]
    : Object.hasOwn(PATH_BASED_ALGORITHMS, algorithm)
      ? PATH_BASED_ALGORITHMS[algorithm]
      : undefined;
  const port = a?.port ?? 'one';
  return { port, consumption: sendsMultidestinationWorms(algorithm) ? 'vc' : 'port' };
}
