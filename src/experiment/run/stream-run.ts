import { WormFeed } from '../../engine/feed.ts';
import { WasmEngine } from '../../engine/wasm.ts';
import { faultsJson } from '../../fault/fault-json.ts';
import type { FaultSet } from '../../fault/fault-set.ts';
import { faultyEventWorms } from './fault-events.ts';
import type { Prepared } from '../../engine/input.ts';
import type { Engine, EngineStatus, StreamCapacity, WormSpec } from '../../engine/types.ts';
import { planWorms } from '../../engine/plan-worms.ts';
import { findAlgorithm } from '../../engine/workload.ts';
import { normalizeDestinations } from '../../multicast/destinations.ts';
import type { RoutingFunction } from '../../routing/types.ts';
import {
  channelUtilisation,
  incompleteReason,
  type MeasuredWindow,
  type SimulationResult,
} from './simulation-result.ts';
import { hopCount, StreamStats } from './stream-stats.ts';
import { drainTimeOf } from './trace-run.ts';
import type { Window } from './stats.ts';
import type { TrafficEvent } from './traffic.ts';
import type { EventSource } from './traffic-stream.ts';

/** Cycles the host writes traffic ahead of the engine, and runs it between releases. */
export const FEED_CYCLES = 1024;

/**
 * The worms of one traffic event: a unicast worm, or the Plan of `algorithm` (its `after` relative
 * to its first worm). `routed` asks for the plan with explicit routes even where the algorithm
 * offers one without (buildUnrouted): a run with faults writes those (faultyEventWorms), and its
 * record capacities must be sized from them.
 */
export function eventWorms(
  e: TrafficEvent,
  algorithm: string,
  routing: RoutingFunction,
  flits: number,
  group: number,
  routed = false,
): WormSpec[] {
  // a size drawn from a mix (docs/traffic.md "Message sizes") is the event's own
  const size = e.flits ?? flits;
  if (algorithm === 'unicast')
    return [{ kind: 'unicast', src: e.src, dests: e.dests, flits: size, created: e.created, group }];
  // the engines route the worms of an algorithm that offers a plan without routes (dual-path)
  const alg = findAlgorithm(algorithm);
  const dests = normalizeDestinations(routing.topology, e.src, e.dests);
  const plan =
    alg.buildUnrouted && !routed ? alg.buildUnrouted(routing, e.src, dests) : alg.build(routing, e.src, dests);
  return planWorms(plan, e.created, size, group, 0);
}

/** Default in-flight capacity: messages created but not yet finished that a streamed run holds (docs/experiments.md). */
export const DEFAULT_IN_FLIGHT_CYCLES = 16_384;

/**
 * ... and at most this many per node. A stable network holds about lambda W messages per node
 * (Little's law: lambda messages per node per cycle, W cycles each in the system), so only a run
 * whose messages would spend more than 1024 / lambda cycles in it, deep past saturation, reaches
 * the bound; it binds only above lambda = 1/16 (16-flit messages past a load of 1, the most one
 * injection channel sends; 2-flit messages past 0.125). Without it a hopeless overload ran for
 * minutes: every message waiting at its source is a worm the engine visits each cycle, so the cost
 * grows with the square of the run (torus:8x8 at load 2 with 2-flit messages: 16,384 cycles of
 * traffic are a million messages, and 21,000 cycles took over 3 minutes; it now stops as saturated
 * at cycle 1,053, in under a second).
 */
export const DEFAULT_IN_FLIGHT_PER_NODE = 1024;

/**
 * Record capacities for a streamed run: room for `inFlight` messages (default: the messages
 * of DEFAULT_IN_FLIGHT_CYCLES cycles of traffic, at most DEFAULT_IN_FLIGHT_PER_NODE per node,
 * at least 4096, at most 2^21), each with the
 * worms, destination records and tree entries of the largest of `samples` (sample plans of the run's traffic).
 */
export function streamCapacity(
  nodes: number,
  load: number,
  flits: number,
  samples: readonly WormSpec[][],
  inFlight?: number,
): StreamCapacity {
  const perCycle = (nodes * load) / flits;
  const messages =
    inFlight ??
    Math.min(
      1 << 21,
      Math.max(4096, Math.ceil(Math.min(perCycle * DEFAULT_IN_FLIGHT_CYCLES, nodes * DEFAULT_IN_FLIGHT_PER_NODE))),
    );
  let worms = 1;
  let dests = 1;
  let tree = 0;
  let slots = 2;
  for (const ws of samples) {
    worms = Math.max(worms, ws.length);
    dests = Math.max(
      dests,
      ws.reduce((a, w) => a + w.dests.length, 0),
    );
    tree = Math.max(
      tree,
      ws.reduce((a, w) => a + (w.tree ? w.tree.length + 1 : 0), 0),
    );
    slots = Math.max(
      slots,
      ws.reduce((a, w) => a + (w.tree ? w.tree.length + 1 : 2), 0),
    );
  }
  return {
    worms: messages * worms,
    dests: messages * dests + dests,
    treeEntries: tree > 0 ? messages * tree + tree : 0,
    slots: Math.min(1 << 20, messages * slots),
  };
}

/** What a streamed run needs besides its engine. */
export interface StreamRun {
  routing: RoutingFunction;
  algorithm: string;
  flits: number;
  traffic: EventSource;
  /** The measurement window and the end of the drain. */
  window: Window;
  end: number;
  /**
   * The window ends with the run (process batch): a run that finished is measured up to the cycle
   * it stopped, not to window.to, and reports drainTime.
   */
  open?: boolean;
  /** Batch means over this many spans of the window (0: none). */
  batches?: number;
  /** Static faults: each event's worms are cut to what can be delivered first (src/experiment/run/fault-events.ts). */
  faults?: FaultSet;
  /**
   * The kernel retires the groups and takes their statistics (docs/traffic.md "Multicast groups
   * retired by the kernel"; the wasm engine only): the host reads no times back. Off, the host
   * reads each group's times and StreamStats adds them (SimulateHooks.hostTraffic).
   */
  kernelGroups?: boolean;
  /** Called with the engine's cycle after each stretch of at most FEED_CYCLES cycles (progress). */
  onCycle?: (cycle: number) => void;
  /**
   * Progress within a stretch as well (the CLI's): called every few thousand messages written or
   * summarised, and between pieces of the engine's run that take about PIECE_MS each. With it
   * the engine runs a stretch in pieces, which changes no result (Engine.runUntil runs up to a
   * cycle; the wasm engine itself calls its module in chunks).
   */
  onProgress?: (p: StreamProgress) => void;
}

/**
 * Where a streamed run is. On a network of 2^20 nodes at load 0.5 one stretch writes two million
 * messages and the engine needs seconds per cycle, so the stretch's end came 30 s after the start
 * with nothing printed (issue 25); these say what happens inside it.
 */
export interface StreamProgress {
  /** The engine's next cycle. */
  cycle: number;
  /** traffic: messages drawn, planned and written ahead, up to cycle `done` of `total`; run: the engine runs up to cycle `total`; results: `done` of `total` multicasts read back. */
  step: 'traffic' | 'run' | 'results';
  done: number;
  total: number;
}

/** Wall time the engine runs between two progress calls (about; the pieces adapt to the network). */
export const PIECE_MS = 250;

/** Messages written or summarised between two progress calls. */
const PROGRESS_EVERY = 4096;

/** engine.runUntil(until) in pieces of about PIECE_MS, reporting between them. */
export function runInPieces(engine: Engine, until: number, report: (p: StreamProgress) => void): EngineStatus {
  let piece = 1;
  for (;;) {
    const from = engine.cycle;
    const stop = Math.min(until, from + piece);
    const t0 = performance.now();
    const status = engine.runUntil(stop);
    const ms = performance.now() - t0;
    report({ cycle: engine.cycle, step: 'run', done: engine.cycle, total: until });
    if (status !== 'limit' || stop >= until) return status;
    // the next piece's length from this one's speed: a timing choice only, never a result
    piece = Math.max(1, Math.min(FEED_CYCLES, Math.round((piece * PIECE_MS) / Math.max(ms, 1))));
  }
}

/**
 * Run a streamed workload (issue 11): traffic is drawn, planned and written FEED_CYCLES ahead
 * of the engine, and each multicast's records are released, with its statistics taken, as soon
 * as all its worms are done; memory holds what is in flight, not the run. The statistics are
 * those of runWorkload (src/experiment/run/simulate.ts), which this mirrors. When the records are
 * full of messages still in flight, the run stops with status 'saturated': the network does not
 * keep up with the load (the capacity is option `inFlight`, `simulate --in-flight`).
 */
export function runStream(
  engine: Engine,
  prepared: Prepared,
  s: StreamRun,
  inFlight: number,
): SimulationResult & { batchMeans?: number[] } {
  const { routing, window } = s;
  const t = routing.topology;
  const kernel = s.kernelGroups && engine instanceof WasmEngine ? engine : undefined;
  kernel?.attachGroups({
    nodes: t.nodes,
    flits: s.flits,
    from: window.from,
    to: window.to,
    batches: s.batches ?? 0,
    groups: prepared.layout.sizes.worms,
    groupDests: WormFeed.groupDests(prepared),
  });
  const feed = new WormFeed(engine, routing, prepared, kernel);
  const stats = new StreamStats(window, s.flits, s.batches ?? 0, {
    nodes: t.nodes,
    hops: hopCount(routing, prepared.options.routeSeed),
  });
  const release = (): number => feed.release((g, times) => stats.add(g, times));
  let pending: { e: TrafficEvent; worms: WormSpec[] } | null = null;
  let group = 0;
  let undeliverable = 0;
  const report = s.onProgress;
  let status: EngineStatus = 'limit';
  let saturated = false;
  /** Write the events created before `upTo`; returns the creation cycle of the first one that did not fit, or Infinity. */
  const write = (upTo: number): number => {
    for (;;) {
      if (!pending) {
        if (s.traffic.peekTime() >= upTo) return Infinity;
        const e = s.traffic.take();
        if (s.faults) {
          const fe = faultyEventWorms(e, s.algorithm, routing, s.flits, group, s.faults);
          if (e.created >= window.from && e.created < window.to) undeliverable += fe.undeliverable;
          // nothing of it can be delivered: counted, not sent
          if (fe.worms.length === 0) continue;
          pending = { e: { ...e, dests: fe.dests }, worms: fe.worms };
        } else pending = { e, worms: eventWorms(e, s.algorithm, routing, s.flits, group) };
      }
      if (!feed.append(group, pending.e.created, pending.e.dests, pending.worms)) {
        if (release() === 0) {
          // nothing in flight and still no room: the records were sized for smaller messages, and
          // waiting would loop for ever with the engine idle (a bug, never a saturated network)
          if (feed.pending === 0)
            throw new Error(
              `stream-run: message ${group} (${pending.worms.length} worms) does not fit the run's empty records`,
            );
          return pending.e.created;
        }
        continue;
      }
      pending = null;
      group++;
      if (report && group % PROGRESS_EVERY === 0)
        report({ cycle: engine.cycle, step: 'traffic', done: s.traffic.peekTime(), total: upTo });
    }
  };
  // the host's clock: the engine's cycle, or later when the engine idles until the next message
  let clock = 0;
  const exhausted = (): boolean => pending === null && s.traffic.peekTime() === Infinity;
  const over = (): boolean =>
    saturated || (status !== 'limit' && status !== 'finished') || (status === 'finished' && exhausted());
  const ejected: number[] = [];
  for (const target of [window.from, window.to, s.end]) {
    while (!over() && Math.max(clock, engine.cycle) < target) {
      const now = Math.max(clock, engine.cycle);
      const stop = Math.min(target, now + FEED_CYCLES);
      const blocked = write(stop);
      const until = Math.min(stop, blocked);
      if (until <= engine.cycle) {
        // the records are full of messages in flight and the next one is due now
        saturated = true;
        break;
      }
      status = report ? runInPieces(engine, until, report) : engine.runUntil(until);
      release();
      s.onCycle?.(engine.cycle);
      // a run that finished what it had idles until the next message: nothing happens before it
      if (status === 'finished') clock = Math.min(until, s.traffic.peekTime());
    }
    // counters do not change once the run is over, so these are its values at the stop
    ejected.push(engine.counters().ejectedFlits);
  }
  const finished = status === 'finished' && !saturated && exhausted();
  const left = feed.pending;
  return streamOutcome(engine, s, stats, { status, saturated, finished, ejected, inFlight, undeliverable }, (to) => {
    // a finished engine has every worm done, so every group was retired when it was released
    if (finished && feed.pending > 0)
      throw new Error(`engine reported 'finished' but ${feed.pending} multicasts were never completed`);
    if (kernel) {
      feed.retireRest(to);
      stats.loadKernel(kernel.groupStats());
      return;
    }
    let summarised = 0;
    feed.remaining((g, times) => {
      stats.add(g, times, to);
      if (report && ++summarised % PROGRESS_EVERY === 0)
        report({ cycle: engine.cycle, step: 'results', done: summarised, total: left });
    });
  });
}

/** How a streamed run ended (runStream, runKernelStream). */
export interface StreamEnd {
  status: EngineStatus;
  /** The records were full of messages in flight when the next one was due. */
  saturated: boolean;
  /** Every message created and delivered. */
  finished: boolean;
  /** The ejected-flit counter at the window's start, end, and the run's end. */
  ejected: number[];
  inFlight: number;
  undeliverable: number;
}

/**
 * The result of a streamed run that stopped: the measured window (cut where a saturated,
 * deadlocked or stopped run ended), the messages left in flight given to `rest` with the window's
 * end (they count only when created before it), then the statistics.
 */
export function streamOutcome(
  engine: Engine,
  s: StreamRun,
  stats: StreamStats,
  e: StreamEnd,
  rest: (measuredTo: number) => void,
): SimulationResult & { batchMeans?: number[] } {
  const { routing, window } = s;
  const t = routing.topology;
  const { status, saturated, finished, inFlight } = e;
  const e0 = e.ejected[0]!;
  const e1 = e.ejected[1]!;
  // a finished run whose network emptied before the window's end (nothing created, or nothing
  // deliverable, after its last delivery) still ran to that end: the engine idled, the host's
  // clock went on. Open runs (batch, trace) end at their last delivery.
  const stopped = finished && !s.open ? Math.max(engine.cycle, window.to) : engine.cycle;
  // worms are named by their numbers in the run (Engine.deadlock), not the records they occupy
  const deadlock = status === 'deadlock' ? engine.deadlock() : null;
  const live = deadlock ? Math.min(stopped, deadlock.lastProgress + 1) : stopped;
  const to = saturated
    ? Math.max(window.from, Math.min(window.to, stopped))
    : finished && s.open
      ? Math.max(window.from, Math.min(window.to, stopped))
      : status === 'limit' || finished
        ? window.to
        : Math.max(window.from, Math.min(window.to, live));
  const measured: MeasuredWindow = { from: window.from, to, requestedTo: s.open ? null : window.to };
  rest(to);
  const st = stats.result(measured, t.nodes, e1 - e0);
  const counters = engine.counters();
  const slots = engine.slotUse();
  const channelFlits = engine.channelFlits();
  const finalStatus: EngineStatus = saturated ? 'saturated' : status;
  const incomplete = saturated
    ? `the network saturated at cycle ${stopped}: ${inFlight} messages were in flight or waiting to be sent (raise --in-flight, or lower the load): measured cycles ${window.from}..${to} of ${s.open ? 'the batch, measured whole to its last delivery' : `the requested ${window.from}..${window.to}`}`
    : incompleteReason(
        'measure',
        status,
        stopped,
        measured,
        st.multicasts,
        st.completed,
        slots,
        deadlock?.lastProgress,
        e.undeliverable,
      );
  return {
    status: finalStatus,
    incomplete,
    window: measured,
    meanLatency: st.meanLatency,
    maxLatency: st.maxLatency,
    meanNetworkLatency: st.meanNetworkLatency,
    meanCompletion: st.meanCompletion,
    maxCompletion: st.maxCompletion,
    throughput: st.accepted,
    generated: st.generated,
    flitHops: counters.flitHops,
    cycles: stopped,
    multicasts: st.multicasts,
    completed: st.completed,
    counters,
    channelUtilisation: channelUtilisation(channelFlits, stopped),
    slots,
    deadlock,
    ...stats.distribution(measured),
    channelFlits: Array.from(channelFlits),
    // NaN when nothing was delivered (null in JSON, '-' in text), not lastDelivery's -1
    ...(s.open ? { drainTime: drainTimeOf(stats.lastDelivery()) } : {}),
    ...(s.batches ? { batchMeans: stats.batchMeans() } : {}),
    ...(s.faults ? { faults: faultsJson(t, s.faults), undeliverable: e.undeliverable } : {}),
  };
}
