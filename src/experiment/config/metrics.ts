import type { SimulationResult } from '../run/simulate.ts';

/*
 * The per-run quantities an experiment can summarise with a confidence interval: the headline
 * numbers of `wormcast simulate --json` (docs/cli.md "Statistics"). Every replication's whole
 * JSON result is stored as well; these are the ones that get a mean and an interval.
 */

export const METRICS = [
  'meanLatency',
  'meanNetworkLatency',
  'meanCompletion',
  'maxLatency',
  'maxCompletion',
  'throughput',
  'generated',
  'flitHops',
  'vcWaitCycles',
  'sharingEvents',
  'channelUtilisation',
  'undeliverable',
  'drainTime',
  // streamed runs' distribution of message latency (latencyPercentiles of --json) and their mean
  // hops: the quantities of a tail-latency or a routing study (docs/traffic.md "What is measured")
  'p50Latency',
  'p90Latency',
  'p99Latency',
  'p999Latency',
  'meanHops',
] as const;

export type MetricName = (typeof METRICS)[number];

/** The metrics summarised when an experiment names none. */
export const DEFAULT_METRICS: readonly MetricName[] = [
  'meanLatency',
  'meanNetworkLatency',
  'meanCompletion',
  'throughput',
  'generated',
];

/**
 * Latency metrics: averages over the messages of a run, so that batch means within one run can
 * estimate their variance (src/experiment/run/confidence.ts), and a saturated point's value of them
 * is not a number to print (src/experiment/config/saturation.ts).
 */
export const LATENCY_METRICS: ReadonlySet<MetricName> = new Set([
  'meanLatency',
  'meanNetworkLatency',
  'meanCompletion',
  'maxLatency',
  'maxCompletion',
  'p50Latency',
  'p90Latency',
  'p99Latency',
  'p999Latency',
]);

/**
 * Metrics with batch means within a run: the engine keeps the mean message latency of each
 * batch of the window's creation time (SimulationResult.batchMeans), for meanLatency only.
 */
export const BATCH_METRICS = ['meanLatency'] as const;
export type BatchMetric = (typeof BATCH_METRICS)[number];

const PERCENTILE_OF = { p50Latency: 'p50', p90Latency: 'p90', p99Latency: 'p99', p999Latency: 'p999' } as const;

/** The value of `metric` in a run's result (NaN when the run has nothing to average). */
export function metricOf(r: SimulationResult, metric: MetricName): number {
  switch (metric) {
    case 'vcWaitCycles':
      return r.counters.vcWaitCycles;
    case 'sharingEvents':
      return r.counters.sharingEvents;
    case 'channelUtilisation':
      return r.channelUtilisation.mean;
    case 'drainTime':
      // the cycle of the last tail delivery: a batch (--process batch) or a trace; NaN for other runs
      return r.drainTime ?? Number.NaN;
    case 'p50Latency':
    case 'p90Latency':
    case 'p99Latency':
    case 'p999Latency':
      // the window's latencies (per destination); NaN when it completed none, and for a run that
      // reports no distribution (a plan's, a scenario's)
      return r.latencyPercentiles?.[PERCENTILE_OF[metric]] ?? Number.NaN;
    case 'meanHops':
      // unicast traffic's mean route length; NaN where the run does not report it
      return r.meanHops ?? Number.NaN;
    case 'undeliverable':
      // destinations no copy could reach (docs/faults.md); a run without faults loses none
      return r.undeliverable ?? 0;
    default:
      return r[metric];
  }
}
