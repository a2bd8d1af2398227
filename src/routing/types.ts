import type { FaultSet } from '../fault/fault-set.ts';
import type { Labelling } from '../labelling/types.ts';
import type { Topology } from '../topology/types.ts';

/** Route result meaning the header is at its destination (eject). */
export const DELIVER = -1;
/** Input VC class of a header injected by the local processor. */
export const INJECT = -1;

/** Pack an output port and VC class into one route word: (vc << 8) | port. */
export function pack(port: number, vc: number): number {
  return (vc << 8) | port;
}
export function portOf(word: number): number {
  return word & 0xff;
}
export function vcOf(word: number): number {
  return word >> 8;
}

/**
 * A unicast routing function: (current node, destination, input VC class) to the
 * output port and VC class, or DELIVER at the destination. vcIn is INJECT at the source.
 */
export interface RoutingFunction {
  readonly name: string;
  readonly topology: Topology;
  /** Names of the VC classes, indexed by the vc of a route word. */
  readonly vcClasses: readonly string[];
  /** True when every route is a shortest path. */
  readonly minimal: boolean;
  /** The labelling for label-based functions (label, hcm), else undefined. */
  readonly labelling?: Labelling;
  /**
   * wasm routing id (the `id` of its entry in src/routing/registry.ts, -1 for functions with no
   * wasm twin) and option word.
   */
  readonly wasmId: number;
  readonly wasmOption: number;
  /**
   * Routing functions that draw a choice per packet (dor with tieBreak 'random'): the number of
   * distinct keys they read; `route` then depends on `key` in 0..keys-1, the worm's own draw
   * (src/engine/worm-key.ts). Absent or 1: the route does not depend on the key.
   */
  readonly keys?: number;
  /**
   * True when the deadlock checker must follow each key on its own (the key is part of a header's
   * state: valiant's intermediate node). Taking the union over keys at each state, as it does for
   * dor's tie-break, would join routes of different keys that no worm takes, and find cycles
   * that are not there (src/analysis/deadlock-adaptive.ts).
   */
  readonly keyedStates?: boolean;
  /**
   * True when `route` reads `inPort`, the port (at the upstream node) of the channel the header
   * arrived by (dor with dateline 'booksim'); ignored when vcIn is INJECT. The engines pass it at
   * every router, the deadlock checker from the VC it expands.
   */
  readonly inPort?: boolean;
  /**
   * The fault set a fault-tolerant function routes around (docs/routing-faults.md), or, on a
   * fault-oblivious function of a faulty run (simulationRouting), the set the engines check that
   * no worm is routed against; the wasm host uploads its channel mask (src/wasm/module.ts).
   * Absent: no faults.
   */
  readonly faults?: FaultSet;
  route(node: number, dest: number, vcIn: number, key?: number, inPort?: number): number;
  /**
   * Adaptive routing functions (docs/model-flit.md "Adaptive routing: choices and selection"):
   * every admissible output (route words), in the function's fixed preference order, at a node that
   * is not the destination. `route` gives one of them, the default the function is deadlock-free
   * with on its own (the escape route of min-adaptive; the first choice of the turn models): what
   * a consumer that takes one route (plans, tracePath) follows. Absent: the one choice `route`.
   */
  choices?(node: number, dest: number, vcIn: number, key?: number, inPort?: number): readonly number[];
  /**
   * Duato's protocol: the VC classes of the escape sub-function (a deterministic, connected and
   * deadlock-free routing on these classes); the deadlock checker then argues by Duato's condition
   * (docs/routing-adaptive.md). Absent: no escape classes, the checker needs the whole graph acyclic.
   */
  readonly escapeClasses?: readonly number[];
  /**
   * Functions with choices: the selection function the engines pick with (src/routing/selection.ts,
   * RoutingOptions.selection; default 'first-free'), also in wasmOption as (id + 1) << 8.
   */
  readonly selection?: string;
}

/** The admissible outputs of r at node toward dest: its choices, or the one route word. */
export function admissible(
  r: RoutingFunction,
  node: number,
  dest: number,
  vcIn: number,
  key = 0,
  inPort = -1,
): readonly number[] {
  if (r.choices) return node === dest ? [DELIVER] : r.choices(node, dest, vcIn, key, inPort);
  return [r.route(node, dest, vcIn, key, inPort)];
}

/** One hop of a traced route. */
export interface Hop {
  from: number;
  to: number;
  port: number;
  vc: number;
}

/** Options every routing factory accepts (each uses what applies to it). */
export interface RoutingOptions {
  /** ecube: resolve from the lowest bit instead of the highest. */
  lowFirst?: boolean;
  /** label/hcm: a user-supplied Hamiltonian path or cycle (node ids, in order). */
  labelling?: Labelling;
  /**
   * hcm: drop the boundary rule of seed 003 section 3.1 (beta), so a worm keeps its
   * p-channel across the boundary; not deadlock-free, for the deadlock checker (wasm option bit 0).
   */
  dropBoundaryRule?: boolean;
  /**
   * label: choose only among the neighbours one hop closer to the destination (the
   * shortest-path reading of Lemma 6.4; wasm option bit 0). See docs/routing-dor-label.md.
   */
  shortest?: boolean;
  /**
   * dor on a torus: the direction taken when both ways round are equally long (offset k/2, k even):
   * 'plus' (default) always +; 'random' BookSim's choice, + or - per packet and dimension, from
   * bit d of the worm's key (wasm option bit 0). docs/model-flit.md "Routing keys".
   */
  tieBreak?: 'plus' | 'random';
  /**
   * dor on a torus: the VC classes. 'position' (default): class d0 while the dimension's wrap link
   * is ahead, d1 after it or when there is none (docs/routing-dor-label.md); 'booksim': BookSim's
   * dim_order_torus, decided when the header turns into a dimension (class p1 if its route in
   * that dimension crosses the wrap link, else p0) and kept for the whole dimension (wasm option
   * bit 1; reads the input port).
   */
  dateline?: 'position' | 'booksim';
  /**
   * Adaptive functions (those with choices): the selection function the engines pick among the
   * free choices with, by name (src/routing/selection.ts; default 'first-free').
   */
  selection?: string;
  /** dim-reversal, fault-ring, label-detour: the faults to route around (docs/routing-faults.md); default none. */
  faults?: FaultSet;
}

/**
 * What a routing factory returns: the routing function without its wasm id, which
 * createRouting (src/routing/registry.ts) takes from the registry's table, the one source of the
 * ids; a wasmId given here is replaced.
 */
export type RoutingDraft = Omit<RoutingFunction, 'wasmId'> & { readonly wasmId?: number };

/** A routing function factory: checks the topology it is given, with a clear error. */
export type RoutingFactory = (topology: Topology, options: RoutingOptions) => RoutingDraft;
