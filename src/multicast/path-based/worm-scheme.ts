import type { RoutingFunction } from '../../routing/types.ts';

/**
 * What multidestination worms a path-based multicast scheme can send (docs/deadlock.md):
 * legs moved by `routing` from the source to the first destination and from each destination
 * to the next, with intermediate reception (the worm keeps its channels at a destination).
 */
export interface WormScheme {
  /** Names the scheme in reports (the algorithm, or the routing function for unicast). */
  readonly name: string;
  /** Moves every leg; its VC classes are the classes of the graph. */
  readonly routing: RoutingFunction;
  /** The input classes a worm starts with at its source (INJECT, or a class naming its network). */
  readonly startClasses: readonly number[];
  /** May a worm starting at source a with start class k head first for b? Default: yes. */
  readonly first?: (a: number, b: number, k: number) => boolean;
  /**
   * The junction rule: may a worm that reached destination a on a VC of class k head for b next?
   * Absent for unicast routing (a worm ends at its one destination).
   */
  readonly next?: (a: number, b: number, k: number) => boolean;
  /**
   * A finer junction rule that also sees the node `from` the worm arrived from: used for the
   * junction edges when present (next must then allow whatever nextFrom allows, for some from).
   * Sorted MP/MC need it: whether b may follow a depends on how far round the cycle the worm is.
   */
  readonly nextFrom?: (a: number, b: number, k: number, from: number) => boolean;
}
