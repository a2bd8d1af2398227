import type { FaultsJson } from '../../fault/fault-json.ts';
import type { EngineCounters, EngineStatus } from '../../engine/types.ts';
import type { DeadlockReport, SlotUse } from '../../engine/results.ts';
import type { LatencyBins, LatencyPercentiles } from './latency-histogram.ts';
import type { RunTiming } from './run-timing.ts';

/*
 * What a simulation reports and why a run did not make its measurement: shared by the whole-run
 * path (simulate.ts) and the streamed path (stream-run.ts), which both build a SimulationResult.
 */

/**
 * What a run was asked to do, which decides whether it did it (SimulationResult.incomplete):
 * - 'measure': statistics over a measurement window of dynamic traffic; a deadlock, a stop for
 *   want of slots, or a window with no message created or none completed is not a measurement;
 * - 'finished' / 'deadlock': a single Plan or a seed scenario run to its end, expected to
 *   deliver everything ('finished') or, for a scenario that reproduces a seed's deadlock, to
 *   deadlock (docs/cli.md "Exit status of simulate").
 */
export type RunGoal = 'measure' | 'finished' | 'deadlock';

/** The cycles a run measured. */
export interface MeasuredWindow {
  /** Measured cycles [from, to); to === from when the run stopped before the window began. */
  from: number;
  to: number;
  /** The end of the window asked for; null for a window that ends with the run (a Plan, a scenario). */
  requestedTo: number | null;
}

/** What a simulation reports (JSON fields of `wormcast simulate --json`; docs/cli.md "Statistics"). */
export interface SimulationResult {
  status: EngineStatus;
  /**
   * Why the run did not make the measurement it was asked for (a deadlock, out of slots, no
   * message created in the window, none completed), or null when it did. The other fields
   * still describe what the run did, over the cycles it simulated.
   */
  incomplete: string | null;
  window: MeasuredWindow;
  meanLatency: number;
  maxLatency: number;
  meanNetworkLatency: number;
  meanCompletion: number;
  maxCompletion: number;
  /** Accepted load: flits delivered per node per cycle over the measured window (NaN when it is empty). */
  throughput: number;
  /** Generated load: flits the window's messages ask to deliver (message flits x destinations) per node per cycle. */
  generated: number;
  flitHops: number;
  cycles: number;
  /** Messages (multicasts or unicasts) created in the measured window, and how many of them completed. */
  multicasts: number;
  completed: number;
  counters: EngineCounters;
  /** Mean and maximum flits per cycle over the network channels that carried any. */
  channelUtilisation: { mean: number; max: number };
  /** The slot capacity (option `slots`, `--slots`) and the most slots live at once. */
  slots: SlotUse;
  deadlock: DeadlockReport | null;
  /**
   * Why the run counts as saturated under the default rule of docs/experiments.md "Saturation"
   * (empty: it does not): set by `wormcast simulate` and the library's simulate(options), which
   * then say so (exit 3, a warning); absent from the lower-level SimulateConfig form and from a
   * sweep's replications, which are judged by their experiment's own rule.
   */
  saturation?: string[];
  /**
   * Streamed runs (dynamic traffic; docs/traffic.md "What is measured"): latency percentiles of the
   * window's messages (per destination), their mean hops (unicast traffic), the flits accepted per
   * node per cycle of the window, and the flits each network channel carried over the run.
   */
  latencyPercentiles?: LatencyPercentiles;
  /** The distribution of those latencies: counts per bin of src/experiment/run/latency-histogram.ts, with the bins' edges. */
  latencyHistogram?: LatencyBins;
  meanHops?: number;
  acceptedPerNode?: { min: number; max: number; perNode: number[] };
  channelFlits?: number[];
  /**
   * Process batch (BookSim's sim_type = batch): the cycle the last message of the batch was
   * delivered, all of them created from cycle 0 on: the time to drain the batch.
   */
  drainTime?: number;
  /** --warmup auto: what MSER found in the pilot run (src/experiment/run/warmup-auto.ts). */
  warmupAuto?: import('./warmup-auto.ts').WarmupAuto;
  /** With faults (`--faults`, docs/faults.md): the fault set, in the topology's addresses. */
  faults?: FaultsJson;
  /**
   * With faults: destinations of the messages created in the measured window that no copy could
   * reach (counted before sending, never sent); the other statistics are over what was sent.
   */
  undeliverable?: number;
  /** With `batches`: the mean message latency of each span of the window's creation times (NaN: none completed). */
  batchMeans?: number[];
  /**
   * What simulate() cost (src/experiment/run/run-timing.ts): a non-enumerable property, absent from
   * JSON rows and equality, because timing is not a result.
   */
  readonly timing?: RunTiming;
}

/** The window of a Plan or a scenario run (every message is created at cycle 0): [0, RUN_END), cut where the run stops. */
export const RUN_END = 1 << 30;

/** The largest slot capacity (src/engine/input.ts resolveOptions). */
export const MAX_SLOTS = 1 << 25;

/** Why a run with this status, window and counts did not do what `goal` asked, or null. */
export function incompleteReason(
  goal: RunGoal,
  status: EngineStatus,
  stopped: number,
  window: MeasuredWindow,
  multicasts: number,
  completed: number,
  slots: SlotUse,
  lastProgress = stopped,
  undeliverable = 0,
): string | null {
  const stop =
    status === 'deadlock'
      ? `the network deadlocked at cycle ${stopped} (nothing moved after cycle ${lastProgress})`
      : status === 'out-of-slots'
        ? `the engine ran out of slots at cycle ${stopped} (all ${slots.capacity} in use: raise the slot capacity, --slots, up to ${MAX_SLOTS}, or lower the load)`
        : status === 'bad-route'
          ? `the routing function gave an invalid route at cycle ${stopped}`
          : null;
  if (goal !== 'measure') {
    if (status === goal) return null;
    if (stop) return goal === 'deadlock' ? `the seed expects a deadlock, but ${stop}` : stop;
    return goal === 'deadlock'
      ? `the seed expects a deadlock, but the run ${status === 'finished' ? 'finished' : `was still running at cycle ${stopped}`}`
      : `the run was still running at cycle ${stopped}`;
  }
  const asked = `${window.from}..${window.requestedTo ?? stopped}`;
  if (stop) {
    if (window.to <= window.from)
      return `${stop}, before the measurement window (cycles ${asked}) began: nothing was measured`;
    if (window.requestedTo !== null && window.to < window.requestedTo)
      return `${stop}: measured cycles ${window.from}..${window.to} of the requested ${asked}`;
    const left = multicasts - completed;
    return `${stop}, after the measurement window (cycles ${asked})${left > 0 ? `: ${left} of its ${multicasts} messages did not complete` : ', whose messages all completed'}`;
  }
  // messages whose every destination the faults cut off are not sent, and not counted as created
  if (multicasts === 0 && undeliverable > 0)
    return `no message created in the measurement window (cycles ${asked}) could be delivered: ${undeliverable} destinations are unreachable with the faults (--faults)`;
  if (multicasts === 0)
    return `no message was created in the measurement window (cycles ${asked}): raise --load or --cycles`;
  if (completed === 0)
    return `none of the ${multicasts} messages created in the measurement window (cycles ${asked}) completed by cycle ${stopped}: raise --drain, or lower the load`;
  return null;
}

/** Mean and maximum flits per cycle over the network channels that carried any, over `cycles` cycles. */
export function channelUtilisation(flits: ArrayLike<number>, cycles: number): { mean: number; max: number } {
  let used = 0;
  let sum = 0;
  let max = 0;
  for (let c = 0; c < flits.length; c++) {
    const f = flits[c]!;
    if (f > 0) {
      used++;
      sum += f;
      if (f > max) max = f;
    }
  }
  return { mean: used && cycles ? sum / used / cycles : 0, max: cycles ? max / cycles : 0 };
}
