import type { SimulationResult } from './simulation-result.ts';

/*
 * A simulation result as plain JSON (`wormcast simulate --json`, the result store's rows): numbers
 * rounded to 4 decimals, NaN (nothing to average) as null by JSON.stringify.
 */

function round(x: number): number {
  return Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : x;
}

/** The `--json` object (NaN, for a quantity with nothing to average, prints as null). */
export function resultJson(r: SimulationResult): Record<string, unknown> {
  return {
    status: r.status,
    incomplete: r.incomplete,
    window: r.window,
    meanLatency: round(r.meanLatency),
    maxLatency: r.maxLatency,
    meanNetworkLatency: round(r.meanNetworkLatency),
    meanCompletion: round(r.meanCompletion),
    maxCompletion: r.maxCompletion,
    accepted: round(r.throughput),
    generated: round(r.generated),
    throughput: round(r.throughput),
    flitHops: r.flitHops,
    cycles: r.cycles,
    multicasts: r.multicasts,
    completed: r.completed,
    vcWaitCycles: r.counters.vcWaitCycles,
    sameMulticastWaits: r.counters.sameMulticastWaits,
    sharingEvents: r.counters.sharingEvents,
    channelUtilisation: { mean: round(r.channelUtilisation.mean), max: round(r.channelUtilisation.max) },
    slots: r.slots,
    deadlock: r.deadlock,
    ...(r.saturation !== undefined ? { saturated: r.saturation.length > 0, saturation: r.saturation } : {}),
    // streamed runs only (docs/traffic.md "What is measured"); the arrays are simulate --json's own
    ...(r.latencyPercentiles ? { latencyPercentiles: r.latencyPercentiles } : {}),
    ...(r.latencyHistogram ? { latencyHistogram: r.latencyHistogram } : {}),
    ...(r.meanHops !== undefined ? { meanHops: round(r.meanHops) } : {}),
    ...(r.acceptedPerNode
      ? { acceptedPerNode: { min: round(r.acceptedPerNode.min), max: round(r.acceptedPerNode.max) } }
      : {}),
    ...(r.drainTime !== undefined ? { drainTime: r.drainTime } : {}),
    ...(r.warmupAuto ? { warmupAuto: r.warmupAuto } : {}),
    ...(r.batchMeans ? { batchMeans: r.batchMeans.map(round) } : {}),
    // only with --faults: the rows of runs without faults stay as they were
    ...(r.faults ? { faults: r.faults, undeliverable: r.undeliverable ?? 0 } : {}),
  };
}

/**
 * The latencies in microseconds when the run's units give a cycle time (docs/units.md): the JSON
 * field `inUs` (cycle-valued fields stay in cycles).
 */
export function resultInUs(r: SimulationResult, cycleUs: number): Record<string, number> {
  const us = (x: number) => round(x * cycleUs);
  return {
    cycleUs,
    meanLatency: us(r.meanLatency),
    maxLatency: us(r.maxLatency),
    meanNetworkLatency: us(r.meanNetworkLatency),
    meanCompletion: us(r.meanCompletion),
    maxCompletion: us(r.maxCompletion),
  };
}
