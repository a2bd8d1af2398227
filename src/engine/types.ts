import type { DeadlockReport, SlotUse, WormTimes } from './results.ts';
import type { RoutingFunction } from '../routing/types.ts';

/** One edge of an explicit tree worm: the tree node `node` is reached from tree node `parent`. */
export interface TreeEdge {
  /** Index of the parent in the edge list, or -1 for an edge leaving the source. */
  parent: number;
  /** Port of the parent's node the edge leaves by, and its VC class. */
  port: number;
  /** VC class of the routing function. */
  vc: number;
  /**
   * Which of the class's K VCs (option vcsPerClass) the edge takes, exactly. Omitted: the header
   * takes any free one of the K at this edge (the lowest-numbered), like unicast and path worms.
   */
  copy?: number;
}

/**
 * One worm the engine simulates (docs/model-flit.md "Worms and slots").
 * - unicast: dests has one node; path: the ordered destinations, delivered in passing;
 * - tree: `tree` gives the edges (each edge's end node is derived), and dests lists the tree
 *   nodes delivered (each must be the source or an edge's end).
 */
export interface WormSpec {
  kind: 'unicast' | 'path' | 'tree';
  src: number;
  dests: readonly number[];
  flits: number;
  /** Creation cycle; omit when `after` is given (software forwarding). */
  created?: number;
  /** Index (in the worm list) of the worm whose tail delivery at `src` starts this one. */
  after?: number;
  /** Multicast this worm belongs to (for same-multicast VC waits); default: its own index. */
  group?: number;
  tree?: readonly TreeEdge[];
}

/** Engine options (docs/model-flit.md). */
export interface EngineOptions {
  /** Buffer depth per VC in flits (B), default 8. */
  buffer?: number;
  /** Router delay in cycles (R), default 1. */
  routerDelay?: number;
  /** Startup cycles per send (S), default 1. */
  startup?: number;
  /** 'one' (default) or 'all'. */
  port?: 'one' | 'all';
  /**
   * Consumption (ejection) channels: 'port' (default) as the port model has them, one per node
   * one-port and one per incoming link all-port (seed 001 section 1); 'vc' one per incoming
   * virtual channel, so that a consumption channel is only ever requested by the holder of the
   * VC it belongs to (docs/deadlock.md "Consumption channels").
   */
  consumption?: 'port' | 'vc';
  /**
   * Virtual channels per VC class of the routing function (K, default 1): a header takes the
   * lowest-numbered free one of its class's K VCs (BookSim's 2 VCs on a mesh with dor: K = 2).
   */
  vcsPerClass?: number;
  /** Every VC its own physical link (no multiplexing), default false. */
  vcLinks?: boolean;
  /** Quiet cycles before a deadlock is declared; default max(1000, 4 (S + R + 2)). */
  watchdog?: number;
  /** Count flits per network channel, default true. */
  channelUse?: boolean;
  /** Slot capacity; default enough for every VC. */
  slots?: number;
  /**
   * How a cycle with multiplexed VCs is evaluated (docs/model-flit.md "Evaluation order"; the
   * results are the same either way). Cycles move the flits that are alone on their channels
   * during a walk over the worms (fastest while the live state fits the caches) until one starts
   * with at least this many live slots; from then on each slot is visited once and the moves
   * are performed from a ready list (fastest on large loaded networks), until a cycle starts with
   * fewer than half as many. Default 2048; 0 always uses the ready list. Not given, the walk is
   * also kept above 2048 while most live slots move (the same results, faster).
   */
  readyListAt?: number;
  /**
   * When the next worm of an injection queue may send (docs/model-flit.md "The source"):
   * 'back-to-back' (default) its header may cross the injection channel in the cycle after the
   * previous worm's tail did (its startup overlaps that worm's transmission; BookSim's source);
   * 'after-tail' it is granted the channel only after the previous tail has left the injection
   * buffer, and its startup begins then (one message at a time through the router, the seeds'
   * one-port model; wormcast's only rule before issue 15).
   */
  injection?: 'back-to-back' | 'after-tail';
  /**
   * When a network VC is freed (docs/model-flit.md "One cycle t" 4b): 'tail-credit' (default)
   * when the tail has left the VC's buffer, so that its credit is usable (no BookSim equivalent:
   * its `wait_for_tail_credit = 1` re-allocates later); 'tail-sent' (BookSim's default
   * `wait_for_tail_credit = 0`) when the tail has crossed into the
   * buffer: the next worm granted the VC queues its flits behind the previous one's in the same
   * buffer (B flits shared) and is routed only when they have all left.
   */
  vcRelease?: 'tail-credit' | 'tail-sent';
  /**
   * How the branches of a tree worm advance (docs/model-flit.md "Tree replication"): 'independent'
   * (default) each branch request is granted on its own and each move is ready on its own;
   * 'lockstep' (seed 004's trees) a routed slot's requests are granted together or not at all, and
   * a tree worm with a request not granted makes no move.
   */
  treeReplication?: 'independent' | 'lockstep';
  /**
   * A router's crossbar inputs (docs/model-flit.md "Arbitration"): 'per-vc' (default) every VC of
   * an input link may send a flit in the same cycle; 'per-port' one crossbar input per input port
   * (BookSim's input_speedup = 1): a separable allocator, input first, one iteration, lets at most
   * one VC of each input port (and of each node's injection port) send a flit per cycle. Needs
   * multiplexed VCs.
   */
  switch?: 'per-vc' | 'per-port';
  /**
   * With vcRelease 'tail-sent', when a header queued behind the tail of the VC's previous holder is
   * routed (docs/model-flit.md "One cycle t" 4b): 'router-delay' (default) R cycles after it reached
   * the front, the cycle after that tail left; 'pipelined' (BookSim's router) max(1, R - 1) cycles
   * after that tail left. Needs vcRelease 'tail-sent'.
   */
  queuedHeader?: 'router-delay' | 'pipelined';
  /**
   * Cycles a flit takes over a network channel, and its credit back (1..16; default 1). BookSim's
   * torus default is 2 (docs/model-flit.md "Time").
   */
  linkLatency?: number;
  /**
   * Cycles a credit takes beyond the link latency (-15..30, linkLatency + creditDelay 1..31;
   * default 0): a flit that leaves a network VC's buffer during t frees room its upstream sees from
   * t + linkLatency + creditDelay on. BookSim's router pipeline makes it 3, or -1 with the link
   * latency counted from the switch allocation (docs/model-flit.md "Time").
   */
  creditDelay?: number;
  /**
   * BookSim's ejection port (docs/model-flit.md "BookSim's router"): 'channels' (default) the
   * consumption channels of the port model (or one per incoming VC, `consumption`); 'vcs' every node
   * has V ejection VCs, a copy takes the lowest free one, and the flits into a node's ejection VCs
   * pass one per cycle, round-robin over them. Needs switch 'per-port'.
   */
  ejection?: 'channels' | 'vcs';
  /**
   * BookSim's VC allocation stage (docs/model-flit.md "BookSim's router"): a request granted in a
   * later cycle than the one it was made in passes its first flit from the cycle after its grant
   * ('next-cycle'), or in the grant's cycle ('same-cycle', default). Needs switch 'per-port'.
   */
  lateGrant?: 'same-cycle' | 'next-cycle';
  /**
   * BookSim's injection VCs (docs/model-flit.md "BookSim's router"): 'per-message' (default) every
   * message in the injection port has a buffer of its own; 'lanes' the port has V lanes of B flits,
   * a message takes the next lane round-robin and queues there behind earlier messages, and the
   * input stage serves the lanes round-robin. Needs switch 'per-port'.
   */
  injectionBuffer?: 'per-message' | 'lanes';
  /**
   * Who gets a free VC when several requests want one (docs/model-flit.md "BookSim's router"):
   * 'oldest-first' (default) the requests are served as step 2 meets them, oldest worm first;
   * 'round-robin' (BookSim's separable VC allocator) after every request of the cycle, per output VC
   * class round-robin over the requesting input VCs, from the one after the input it granted last.
   * Needs switch 'per-port'.
   */
  vcAllocator?: 'oldest-first' | 'round-robin';
  /**
   * Seed of the worms' routing keys, the per-packet draws of routing functions that make one
   * (dor with tieBreak 'random'): worm n's key is a hash of (routeSeed, n) (src/engine/worm-key.ts),
   * the same in both engines. Default 0; `wormcast simulate` passes the run's seed.
   */
  routeSeed?: number;
}

/**
 * Record capacities of a streamed run (src/engine/feed.ts): worms are written while it runs, into
 * records freed by finished multicasts, so the region holds what is in flight, not the whole run.
 */
export interface StreamCapacity {
  worms: number;
  dests: number;
  treeEntries: number;
  /** Slots beyond one per VC that the default slot capacity allows for (option `slots` overrides). */
  slots: number;
}

/** What an engine run is given. */
export interface EngineInput {
  routing: RoutingFunction;
  worms: readonly WormSpec[];
  options?: EngineOptions;
  /** A streamed run: the record capacities (the worms given are then the first ones, or none). */
  capacity?: StreamCapacity;
}

/** Per-run counters (docs/model-flit.md "Results"). */
export interface EngineCounters {
  flitHops: number;
  injectedFlits: number;
  ejectedFlits: number;
  vcWaitCycles: number;
  sameMulticastWaits: number;
  sharingEvents: number;
  grants: number;
}

/**
 * How a run ended. 'saturated' is never an engine's own status: a streamed run
 * (src/experiment/run/stream-run.ts) stops with it when its records are full of messages in flight.
 */
export type EngineStatus = 'running' | 'finished' | 'deadlock' | 'limit' | 'out-of-slots' | 'bad-route' | 'saturated';

/** Where the wasm engine's records of a worm go in a streamed run (src/engine/feed.ts chooses them). */
export interface WormPlace {
  /** Worm record, first destination record, first tree entry. */
  rec: number;
  dest: number;
  entry: number;
  /** Its multicast (WormSpec.group of a whole run). */
  group: number;
}

/**
 * The engine contract: both the WebAssembly engine and the JS reference implement it. Results
 * are read through these methods, never from an engine's memory, so the two engines are free to
 * keep their state as they like (the reference: plain objects; the wasm engine: one flat region).
 */
export interface Engine {
  readonly name: 'wasm' | 'reference';
  /** Simulate up to (not including) cycle `until`, or until finished or deadlocked. */
  runUntil(until: number): EngineStatus;
  /** The next cycle to simulate. */
  readonly cycle: number;
  counters(): EngineCounters;
  /**
   * Per-worm and per-destination results of worms first .. first + count - 1 (default: every
   * worm given); in a streamed run only worms not yet released by the feed may be asked for.
   */
  times(first?: number, count?: number): WormTimes;
  /** Flits carried by each network physical channel (empty when option channelUse is off). */
  channelFlits(): Int32Array;
  /** The slot capacity and the most slots live at once. */
  slotUse(): SlotUse;
  /** The wait-for graph of the stopped run and one cycle of it (worms named by their numbers). */
  deadlock(): DeadlockReport;
  /**
   * Streamed runs: add worms numbered on from those given so far (`after` counts from the first
   * of them), at the wasm engine's records `places` (one per worm; the reference ignores where).
   * A run that had finished goes on with them.
   */
  append(worms: readonly WormSpec[], places: readonly WormPlace[]): void;
  /**
   * Streamed runs: worms numbered below `upTo` are done and will not be asked for again (the feed
   * released their records); the reference drops them. Optional: the wasm engine reuses its
   * records through the feed's rings instead.
   */
  release?(upTo: number): void;
  /** The wasm engine's memory region (a copy-free view; valid until the next run call): the web app draws from it. */
  region?(): Uint8Array;
}
