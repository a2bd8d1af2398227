import type { IsolatedResult } from 'wormcast';
import { el, inAppWords } from './dom.ts';
import type { IsolatedView } from './isolated-run.ts';

/*
 * An isolated run's result as page content, in the words of `wormcast simulate --traffic isolated`
 * (src/cli/commands/simulate-isolated.ts): means and 95 % intervals over the random sets.
 */

type Interval = IsolatedResult['latency'];

/** `12.34 ± 0.56`, the mean alone for one set, '-' when no set finished. */
function interval(i: Interval): string {
  if (!Number.isFinite(i.mean)) return '-';
  return Number.isFinite(i.halfWidth) ? `${i.mean.toFixed(2)} ± ${i.halfWidth.toFixed(2)}` : i.mean.toFixed(2);
}

/** The rows of the result: key (data-metric), words, value. */
export function isolatedRows(v: IsolatedView): Array<[string, string, string]> {
  const r = v.result;
  return [
    ['sets', 'random sets done', `${r.sets} of ${v.setsAsked}`],
    ['mean-latency', 'latency in cycles (creation to tail delivery, mean over the destinations)', interval(r.latency)],
    ['network-latency', 'network latency in cycles (source queueing excluded)', interval(r.networkLatency)],
    ['completion', 'completion in cycles (the latest destination)', interval(r.completion)],
    ['traffic', 'flit-hops', interval(r.flitHops)],
    ['destinations', 'destinations', interval(r.destinations)],
    ...(r.faults
      ? [
          [
            'faults',
            'faults',
            `${r.faults.links.length} links, ${r.faults.nodes.length} nodes (${r.faults.deadLinks} links dead); ${r.undeliverable ?? 0} destinations undeliverable`,
          ] as [string, string, string],
        ]
      : []),
    ['timing', 'run (wall clock ms)', v.ms.toFixed(1)],
  ];
}

/** The run as page content: heading, whether every set finished, the intervals over the sets. */
export function renderIsolated(v: IsolatedView): Node[] {
  const r = v.result;
  const ok = r.incomplete === undefined;
  return [
    el('p', { class: 'heading', 'data-testid': 'sim-heading' }, v.heading),
    el(
      'p',
      {
        class: `outcome ${ok ? 'check ok' : 'check bad'}`,
        role: ok ? 'status' : 'alert',
        'data-testid': 'sim-outcome',
        'data-outcome': ok ? 'finished' : 'incomplete',
      },
      ok
        ? `finished: ${r.sets} isolated multicasts, mean and 95 % confidence interval over the sets (the CLI's)`
        : `incomplete: ${inAppWords(r.incomplete ?? '')}`,
    ),
    el(
      'dl',
      { class: 'metrics', 'data-testid': 'sim-metrics' },
      ...isolatedRows(v).flatMap(([key, k, val]) => [el('dt', {}, k), el('dd', { 'data-metric': key }, val)]),
    ),
  ];
}
