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
]);

/**
 * Metrics with batch means within a run: the engine keeps the mean message latency of each
 * batch of the window's creation time (SimulationResult.batchMeans), for meanLatency only.
 */
export const BATCH_METRICS = ['meanLatency'] as const;
export type BatchMetric = (typeof BATCH_METRICS)[number];

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
    case 'undeliverable':
      // destinations no copy could reach (docs/faults.md); a run without faults loses none
      return r.undeliverable ?? 0;
    default:
      return r[metric];
  }
}
