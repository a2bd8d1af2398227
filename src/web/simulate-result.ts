import { warmupAutoText } from 'wormcast';
import { el, inAppWords } from './dom.ts';
import type { SimulationView } from './simulate-panel.ts';

/*
 * A simulation's result as page content (docs/web.md "What the page shows"): the outcome line,
 * the metrics in the CLI's words and the deadlock report; every number is the run's own.
 */

/** A number for the page: two decimals, '-' for none (NaN when nothing completed). */
function f(x: number, digits = 2): string {
  return Number.isFinite(x) ? x.toFixed(digits) : '-';
}

/** A count or percentile for the page: as it is, '-' for none (NaN when nothing completed, as the CLI prints it). */
function n(x: number): string {
  return Number.isFinite(x) ? String(x) : '-';
}

/** The run's metric rows: [data-metric key, the words, the value], in the CLI's words (DOM-free: tested in Node). */
export function metricRows(v: SimulationView): Array<[string, string, string]> {
  const r = v.result;
  const rows: Array<[string, string, string]> = [
    [
      'status',
      'status',
      `${r.status} at cycle ${r.cycles}; ${r.completed} of ${r.multicasts} messages measured completed`,
    ],
    [
      'window',
      'measured cycles',
      `${r.window.from}..${r.window.to}${r.window.requestedTo !== null && r.window.requestedTo !== r.window.to ? ` (asked ${r.window.from}..${r.window.requestedTo})` : ''}`,
    ],
    // a maximum over no latency is nothing to tell either ('-', as the mean), not 0
    [
      'mean-latency',
      'latency in cycles (creation to tail delivery)',
      `mean ${f(r.meanLatency)}, max ${Number.isFinite(r.meanLatency) ? r.maxLatency : '-'}`,
    ],
    ['network-latency', 'network latency in cycles (injection to tail delivery)', `mean ${f(r.meanNetworkLatency)}`],
    [
      'completion',
      'multicast completion in cycles',
      `mean ${f(r.meanCompletion)}, max ${Number.isFinite(r.meanCompletion) ? r.maxCompletion : '-'}`,
    ],
    ['throughput', 'throughput (flits/node/cycle)', `${f(r.throughput, 4)} accepted, ${f(r.generated, 4)} generated`],
    [
      'traffic',
      'flit-hops',
      `${r.flitHops}; VC-wait cycles ${r.counters.vcWaitCycles}; physical-channel sharing events ${r.counters.sharingEvents}`,
    ],
    [
      'utilisation',
      'channel utilisation (flits/cycle)',
      `mean ${f(r.channelUtilisation.mean, 3)}, max ${f(r.channelUtilisation.max, 3)}`,
    ],
  ];
  // the streamed runs' fields (docs/traffic.md "What is measured"), shown when the run has them
  const p = r.latencyPercentiles;
  if (p)
    rows.push([
      'percentiles',
      'latency percentiles (cycles)',
      `p50 ${n(p.p50)}, p90 ${n(p.p90)}, p99 ${n(p.p99)}, p99.9 ${n(p.p999)}, max ${n(p.max)}`,
    ]);
  if (r.meanHops !== undefined) rows.push(['hops', 'hops per message (mean)', f(r.meanHops)]);
  // BookSim prints the min and max of the per-node accepted rate: a hot spot's study needs both
  const a = r.acceptedPerNode;
  if (a)
    rows.push(['accepted-per-node', 'accepted per node (flits/node/cycle)', `min ${f(a.min, 4)}, max ${f(a.max, 4)}`]);
  if (r.drainTime !== undefined)
    rows.push(['drain-time', 'drain time (the cycle of the last tail delivery)', f(r.drainTime, 0)]);
  const w = r.warmupAuto;
  if (w) rows.push(['warmup-auto', 'warm-up auto (MSER, docs/traffic.md)', warmupAutoText(w, 'the cycles')]);
  if (r.faults) {
    const x = r.faults;
    rows.push([
      'faults',
      'faults',
      `${x.links.length} links, ${x.nodes.length} nodes (${x.deadLinks} links dead); ${r.undeliverable ?? 0} destinations undeliverable`,
    ]);
  }
  // timing is what this run cost here, not a result: shown last, in the clock it was taken with
  const c = v.timing;
  if (c)
    rows.push([
      'timing',
      `cost (${c.clock === 'wall' ? 'wall clock' : 'CPU'} ms)`,
      `set-up ${c.setupCpuMs.toFixed(1)}, run ${c.runCpuMs.toFixed(1)}; ${Number.isFinite(c.flitHopsPerCpuSecond) ? `${(c.flitHopsPerCpuSecond / 1e6).toPrecision(3)} M flit-hops/s` : 'run too short to time'}`,
    ]);
  return rows;
}

/** The run as page content: outcome, status, latency, throughput, traffic, and the deadlock report if any. */
export function renderSimulation(v: SimulationView): Node[] {
  const r = v.result;
  const rows = metricRows(v);
  const ok = v.outcome === 'finished';
  return [
    el('p', { class: 'heading', 'data-testid': 'sim-heading' }, v.heading),
    // only a run that delivered what it measured is green (docs/cli.md "Exit status of simulate")
    el(
      'p',
      {
        class: `outcome ${ok ? 'check ok' : 'check bad'}`,
        role: ok ? 'status' : 'alert',
        'data-testid': 'sim-outcome',
        'data-outcome': v.outcome,
      },
      v.outcomeText,
    ),
    ...(r.incomplete
      ? [el('p', { class: 'check bad', 'data-testid': 'sim-incomplete' }, `Incomplete: ${inAppWords(r.incomplete)}`)]
      : []),
    el(
      'dl',
      { class: 'metrics', 'data-testid': 'sim-metrics' },
      ...rows.flatMap(([key, k, val]) => [el('dt', {}, k), el('dd', { 'data-metric': key }, val)]),
    ),
    v.deadlock
      ? el(
          'div',
          { class: 'deadlock', role: 'alert', 'data-testid': 'sim-deadlock' },
          ...v.deadlock.map((line) => el('p', {}, line)),
        )
      : el(
          'p',
          { class: ok ? 'check ok' : 'check warn', 'data-testid': 'sim-deadlock' },
          ok ? 'deadlock: none' : 'deadlock: none detected',
        ),
  ];
}
