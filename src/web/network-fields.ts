import { MULTICAST_ALGORITHMS, ROUTINGS, parseTopology, type Topology } from 'wormcast';
import { byId, errorText, fillSelect } from './dom.ts';
import {
  algorithm,
  drawing,
  forms,
  outputs,
  page,
  planRouting,
  results,
  routing,
  runners,
  simRouting,
  summary,
  topologyInput,
  value,
  watch,
} from './page.ts';
import { clearCurves } from './curves/sweep-panel.ts';
import { writeUrl } from './url-write.ts';

/*
 * The fields that follow the network (docs/web.md "The workbench"): the routing lists ranked for
 * its family, the address fields and the algorithm reset for a new network, nodes picked on the
 * drawing, and the algorithm's summary line.
 */

/** Whether the registry entry of routing `name` names topology family `kind`. */
export function fits(name: string, kind: string | undefined): boolean {
  const e = Object.hasOwn(ROUTINGS, name) ? ROUTINGS[name] : undefined;
  return e !== undefined && kind !== undefined && e.topologies.split(/,\s*/).some((x) => x.startsWith(kind));
}

/** Routing functions for a family first (those whose registry entry names it), then the rest. */
export function routingOptions(kind: string | undefined): Array<[string, string]> {
  const names = Object.keys(ROUTINGS);
  const sorted = [...names.filter((n) => fits(n, kind)), ...names.filter((n) => !fits(n, kind))];
  return sorted.map((n) => [n, `${n} (${ROUTINGS[n]!.topologies})`]);
}

/** The topology of the field, or undefined (its error shown in the summary line). */
export function currentTopology(): Topology | undefined {
  try {
    // spec forms are lower case; `torus:8X8` means torus:8x8 (the field then shows the canonical spec)
    const t = parseTopology(topologyInput.value.trim().toLowerCase());
    if (topologyInput.value !== t.spec) topologyInput.value = t.spec;
    summary.className = '';
    summary.textContent = `${t.spec}: ${t.nodes} nodes, degree ${t.ports}, diameter ${t.diameter}, ${t.links} links; addresses ${t.format(0)} .. ${t.format(t.nodes - 1)}`;
    return t;
  } catch (e) {
    summary.className = 'error';
    summary.textContent = errorText(e);
    return undefined;
  }
}

/** Forget the results of every panel (they belong to another network). */
export function clearResults(): void {
  for (const p of ['route', 'plan', 'sim'] as const) {
    if (p !== 'route') runners[p].cancel();
    delete results[p];
    outputs[p].replaceChildren();
    delete outputs[p].dataset.state;
  }
  page.shown = undefined;
  page.simCharts = null;
  watch.close();
  // the curves too: a sweep running on the old network stops (src/web/curves/sweep-panel.ts)
  clearCurves();
}

/**
 * Re-rank the routing lists and set address placeholders for the topology in the field. A new
 * network also resets the address fields to its own first and last nodes (an address of the
 * old one may still parse, as another node: star 1234 is node 1234 of ccc:10) and clears the
 * results of the old one.
 */
export function topologyChanged(): void {
  const t = currentTopology();
  const options = routingOptions(t?.kind);
  // a routing chosen for another family gives way to the first that fits (or the default)
  const keep = (select: HTMLSelectElement, fallback: string): string =>
    !t || fits(select.value, t.kind) ? select.value : fallback;
  fillSelect(routing, options, keep(routing, options[0]![0]));
  fillSelect(planRouting, [['', "algorithm's default"], ...options], keep(planRouting, ''));
  fillSelect(simRouting, [['', "algorithm's default"], ...options], keep(simRouting, ''));
  if (!t) {
    // the drawing (and the results) are of the last good network: say so rather than leave them unmarked
    drawing.setStale(summary.textContent ?? 'bad topology');
    for (const p of ['route', 'plan', 'sim'] as const) outputs[p].classList.add('stale');
    writeUrl();
    return;
  }
  for (const p of ['route', 'plan', 'sim'] as const) outputs[p].classList.remove('stale');
  drawing.setStale(null);
  for (const id of ['route-from', 'route-to', 'plan-source'])
    byId<HTMLInputElement>(id).placeholder = `${t.format(0)} .. ${t.format(t.nodes - 1)}`;
  if (t.spec !== page.fieldsSpec) {
    if (page.fieldsSpec !== '' && !page.restoring) topologyDefaults(t);
    page.fieldsSpec = t.spec;
    clearResults();
    drawing.setTopology(t);
  }
  writeUrl();
}

/**
 * The fields that depend on the network, set to its defaults: the addresses (its first and last
 * nodes, random:5), and a multicast algorithm that runs on its family when the one chosen does not.
 * A URL that names only some fields gets these for the rest (issue 24).
 */
export function topologyDefaults(t: Topology): void {
  byId<HTMLInputElement>('route-from').value = t.format(0);
  byId<HTMLInputElement>('route-to').value = t.format(t.nodes - 1);
  byId<HTMLInputElement>('plan-source').value = t.format(0);
  byId<HTMLInputElement>('plan-dests').value = `random:${Math.min(5, t.nodes - 1)}`;
  // loads found for another network are not this one's knee
  byId<HTMLInputElement>('curve-loads').value = 'auto';
  const runsOn = (name: string): boolean => {
    const a = Object.hasOwn(MULTICAST_ALGORITHMS, name) ? MULTICAST_ALGORITHMS[name] : undefined;
    return a !== undefined && (a.topologies === 'any' || a.topologies.includes(t.kind));
  };
  if (!runsOn(algorithm.value)) {
    // an algorithm made for this family (u-mesh on a mesh) before one that runs anywhere
    const names = Object.keys(MULTICAST_ALGORITHMS);
    const first = names.find((n) => runsOn(n) && MULTICAST_ALGORITHMS[n]!.topologies !== 'any') ?? names.find(runsOn);
    if (first) algorithm.value = first;
    planRouting.value = '';
  }
  algorithmChanged();
}

/**
 * A node picked on the drawing (click, tap, Enter): it becomes the source of the plan and the
 * route; picked with `add` (shift-click, long press, shift+Enter or d) it is added to the plan's
 * destinations (or taken out when it is one) and becomes the route's destination, and the plan is
 * made, so that clicking nodes builds a plan.
 */
export function picked(node: number, add: boolean): void {
  const t = drawing.topology;
  if (!t || t.spec !== page.fieldsSpec) return;
  const a = t.format(node);
  const dests = byId<HTMLInputElement>('plan-dests');
  const explicit = !/^\s*(all|random:.*)?\s*$/i.test(dests.value);
  if (!add) {
    byId<HTMLInputElement>('plan-source').value = a;
    byId<HTMLInputElement>('route-from').value = a;
    if (explicit) dests.value = '';
  } else {
    const list = explicit ? dests.value.split(/[;\s]+/).filter((x) => x !== '') : [];
    const i = list.findIndex((x) => t.parse(x) === node);
    if (i >= 0) list.splice(i, 1);
    else if (t.format(t.parse(value('plan-source'))) !== a) list.push(a);
    dests.value = list.join(' ');
    byId<HTMLInputElement>('route-to').value = a;
    if (list.length > 0) forms.plan.requestSubmit();
  }
  writeUrl();
}

export function algorithmChanged(): void {
  const a = Object.hasOwn(MULTICAST_ALGORITHMS, algorithm.value) ? MULTICAST_ALGORITHMS[algorithm.value] : undefined;
  const fam = a ? (a.topologies === 'any' ? 'any topology' : a.topologies.join(', ')) : '';
  byId('algorithm-summary').textContent = a ? `${a.summary}; runs on ${fam}; ${a.port}-port by design` : '';
}
