import type { MetricName } from '../experiment/config/metrics.ts';
import { OPTION_TABLE, type OptionEntry } from '../experiment/config/option-table.ts';

/*
 * What a figure's or a table's reader needs to know of a number: its title and its unit (issue 23).
 * wormcast counts time in cycles (one flit over one channel) and load in message flits per node per
 * cycle (docs/units.md); a point given in a seed's units carries its cycle time, and its times can
 * then be shown in microseconds. No Node import: the browser app can use the same titles.
 */

export interface Quantity {
  /** Sentence case and short, as a paper's axis says it. */
  title: string;
  /** What exactly is measured, for a tooltip or a table's legend. */
  note?: string;
  /** The unit in wormcast's own terms ('' when the number is a count or a name). */
  unit: string;
  /** A time in cycles: shown in microseconds when the points carry a cycle time and it is asked for. */
  time?: true;
}

export const METRIC_QUANTITIES: Record<MetricName, Quantity> = {
  meanLatency: {
    title: 'Mean latency',
    note: 'creation to tail delivery, per destination',
    unit: 'cycles',
    time: true,
  },
  meanNetworkLatency: {
    title: 'Mean network latency',
    note: 'injection to tail delivery, per destination',
    unit: 'cycles',
    time: true,
  },
  meanCompletion: {
    title: 'Mean completion time',
    note: 'creation to the last destination, per multicast',
    unit: 'cycles',
    time: true,
  },
  maxLatency: { title: 'Maximum latency', note: 'creation to tail delivery', unit: 'cycles', time: true },
  maxCompletion: { title: 'Maximum completion time', note: 'per multicast', unit: 'cycles', time: true },
  throughput: { title: 'Accepted throughput', note: 'flits delivered', unit: 'flits/node/cycle' },
  generated: { title: 'Generated traffic', note: 'flits created in the window', unit: 'flits/node/cycle' },
  flitHops: { title: 'Flit-hops', unit: 'flit-hops' },
  // summed over every worm's waits: a count of cycles, not a time a reader compares with latency
  vcWaitCycles: { title: 'Virtual-channel waits', note: 'cycles worms waited for a VC, summed', unit: 'cycles' },
  sharingEvents: { title: 'Channel sharing events', note: 'physical channel shared by two worms', unit: '' },
  channelUtilisation: { title: 'Channel utilisation', note: 'mean over channels', unit: 'fraction of cycles' },
  drainTime: {
    title: 'Drain time',
    note: 'the cycle of the last tail delivery: a batch or a trace',
    unit: 'cycles',
    time: true,
  },
  p50Latency: {
    title: 'Median latency',
    note: 'p50, creation to tail delivery, per destination',
    unit: 'cycles',
    time: true,
  },
  p90Latency: {
    title: '90th percentile latency',
    note: 'creation to tail delivery, per destination',
    unit: 'cycles',
    time: true,
  },
  p99Latency: {
    title: '99th percentile latency',
    note: 'creation to tail delivery, per destination',
    unit: 'cycles',
    time: true,
  },
  p999Latency: {
    title: '99.9th percentile latency',
    note: 'creation to tail delivery, per destination',
    unit: 'cycles',
    time: true,
  },
  meanHops: { title: 'Mean hops', note: 'channels per route, unicast traffic', unit: 'hops' },
  undeliverable: {
    title: 'Undeliverable destinations',
    note: 'of the messages created in the window, no copy could reach them (docs/faults.md)',
    unit: 'destinations',
  },
};

/** The options a figure's x axis, series or panels are most often drawn over. */
/** The options a figure's x axis, series or panels are drawn over: their titles from the option table. */
export const OPTION_QUANTITIES: Partial<Record<string, Quantity>> = {
  ...Object.fromEntries(
    (OPTION_TABLE as readonly OptionEntry[]).flatMap((e) => (e.quantity ? [[e.key, { ...e.quantity }]] : [])),
  ),
  experiment: { title: 'Experiment', unit: '' },
};

/** The time unit of a figure or table: wormcast's cycles, or microseconds in the seed's units. */
export type TimeUnit = 'cycles' | 'us';

/** The quantity of a metric or option name (an unknown name is its own title, with no unit). */
export function quantityOf(name: string): Quantity {
  return METRIC_QUANTITIES[name as MetricName] ?? OPTION_QUANTITIES[name] ?? { title: name, unit: '' };
}

/** The unit shown for `name` in `timeUnit` ('' when it has none). */
export function unitOf(name: string, timeUnit: TimeUnit): string {
  const q = quantityOf(name);
  return q.time && timeUnit === 'us' ? 'µs' : q.unit;
}

/** `Mean latency (creation to tail delivery), cycles`: an axis title with its unit. */
export function axisTitle(name: string, timeUnit: TimeUnit): string {
  const unit = unitOf(name, timeUnit);
  return unit ? `${quantityOf(name).title} [${unit}]` : quantityOf(name).title;
}
