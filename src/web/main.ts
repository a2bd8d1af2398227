import { MULTICAST_ALGORITHMS, ROUTINGS, SCENARIOS, TOPOLOGY_FORMS, parseTopology, type Topology } from 'wormcast';
import { byId, el, errorText, fillSelect, onSubmit } from './dom.ts';
import { computePlan, renderPlan } from './plan-panel.ts';
import { computeRoute, renderRoute } from './route-panel.ts';
import { computeSimulation, renderSimulation } from './simulate-panel.ts';
import { WASM_URL, wasmBytes } from './wasm-source.ts';

/**
 * The browser app (docs/web.md): one shared topology field and three panels (unicast route,
 * multicast plan, flit-level simulation). Every action runs inside onSubmit, which shows a
 * WormcastError's message in the panel instead of throwing.
 */

const topologyInput = byId<HTMLInputElement>('topology');
const summary = byId<HTMLElement>('network-summary');
const routing = byId<HTMLSelectElement>('routing');
const algorithm = byId<HTMLSelectElement>('algorithm');
const planRouting = byId<HTMLSelectElement>('plan-routing');
const simWorkload = byId<HTMLSelectElement>('sim-workload');
const simAlgorithm = byId<HTMLSelectElement>('sim-algorithm');
const simRouting = byId<HTMLSelectElement>('sim-routing');

const value = (id: string): string => byId<HTMLInputElement | HTMLSelectElement>(id).value;
const checked = (id: string): boolean => byId<HTMLInputElement>(id).checked;

/** Whether the registry entry of routing `name` names topology family `kind`. */
function fits(name: string, kind: string | undefined): boolean {
  const e = Object.hasOwn(ROUTINGS, name) ? ROUTINGS[name] : undefined;
  return e !== undefined && kind !== undefined && e.topologies.split(/,\s*/).some((x) => x.startsWith(kind));
}

/** Routing functions for a family first (those whose registry entry names it), then the rest. */
function routingOptions(kind: string | undefined): Array<[string, string]> {
  const names = Object.keys(ROUTINGS);
  const sorted = [...names.filter((n) => fits(n, kind)), ...names.filter((n) => !fits(n, kind))];
  return sorted.map((n) => [n, `${n} (${ROUTINGS[n]!.topologies})`]);
}

/** The topology of the field, or undefined (its error shown in the summary line). */
function currentTopology(): Topology | undefined {
  try {
    const t = parseTopology(topologyInput.value);
    summary.className = '';
    summary.textContent = `${t.spec}: ${t.nodes} nodes, degree ${t.ports}, diameter ${t.diameter}, ${t.links} links; addresses ${t.format(0)} .. ${t.format(t.nodes - 1)}`;
    return t;
  } catch (e) {
    summary.className = 'error';
    summary.textContent = errorText(e);
    return undefined;
  }
}

/** Re-rank the routing lists and set address placeholders for the topology in the field. */
function topologyChanged(): void {
  const t = currentTopology();
  const options = routingOptions(t?.kind);
  // a routing chosen for another family gives way to the first that fits (or the default)
  const keep = (select: HTMLSelectElement, fallback: string): string => (!t || fits(select.value, t.kind) ? select.value : fallback);
  fillSelect(routing, options, keep(routing, options[0]![0]));
  fillSelect(planRouting, [['', "algorithm's default"], ...options], keep(planRouting, ''));
  fillSelect(simRouting, [['', "algorithm's default"], ...options], keep(simRouting, ''));
  if (t) {
    for (const id of ['route-from', 'route-to', 'plan-source']) byId<HTMLInputElement>(id).placeholder = `${t.format(0)} .. ${t.format(t.nodes - 1)}`;
  }
}

function algorithmChanged(): void {
  const a = Object.hasOwn(MULTICAST_ALGORITHMS, algorithm.value) ? MULTICAST_ALGORITHMS[algorithm.value] : undefined;
  const fam = a ? (a.topologies === 'any' ? 'any topology' : a.topologies.join(', ')) : '';
  byId('algorithm-summary').textContent = a ? `${a.summary}; runs on ${fam}; ${a.port}-port by design` : '';
}

/** A seed scenario brings its own network and worms: the traffic fields do not apply. */
function workloadChanged(): void {
  const scenario = simWorkload.value !== '';
  for (const id of ['sim-algorithm', 'sim-routing', 'sim-dests', 'sim-load', 'sim-flits', 'sim-warmup', 'sim-cycles', 'sim-drain', 'sim-seed', 'sim-vcs', 'sim-buffer', 'sim-port']) {
    byId<HTMLInputElement>(id).disabled = scenario;
  }
}

function setup(): void {
  byId('topology-forms').textContent = `Forms: ${Object.values(TOPOLOGY_FORMS).join('; ')}`;
  const algorithms = Object.values(MULTICAST_ALGORITHMS);
  fillSelect(algorithm, algorithms.map((a) => [a.name, a.name]), 'u-ccc');
  fillSelect(simAlgorithm, [['unicast', 'unicast'], ...algorithms.map((a): [string, string] => [a.name, a.name])], 'unicast');
  fillSelect(simWorkload, [['', 'random traffic on the network above'], ...Object.keys(SCENARIOS).map((n): [string, string] => [n, `seed scenario ${n}`])], '');
  topologyChanged();
  algorithmChanged();
  workloadChanged();
  topologyInput.addEventListener('change', topologyChanged);
  algorithm.addEventListener('change', algorithmChanged);
  simWorkload.addEventListener('change', workloadChanged);

  onSubmit(byId('route-form'), byId('route-output'), async () => renderRoute(await computeRoute({
    topology: topologyInput.value, routing: routing.value, from: value('route-from'), to: value('route-to'),
    lowFirst: checked('low-first'), shortest: checked('shortest'),
  }, await wasmBytes())));

  onSubmit(byId('plan-form'), byId('plan-output'), () => renderPlan(computePlan({
    topology: topologyInput.value, algorithm: algorithm.value, routing: planRouting.value, source: value('plan-source'),
    dests: value('plan-dests'), port: value('plan-port'), seed: value('plan-seed'), check: checked('plan-check'),
  })));

  onSubmit(byId('simulate-form'), byId('simulate-output'), async () => renderSimulation(await computeSimulation({
    scenario: simWorkload.value, topology: topologyInput.value, routing: simRouting.value, algorithm: simAlgorithm.value,
    dests: value('sim-dests'), load: value('sim-load'), flits: value('sim-flits'), cycles: value('sim-cycles'),
    warmup: value('sim-warmup'), drain: value('sim-drain'), seed: value('sim-seed'), vcs: value('sim-vcs'),
    buffer: value('sim-buffer'), port: value('sim-port'),
  }, await wasmBytes())), 'simulating…');

  const example = (id: string, fill: () => void, form: string): void => {
    byId(id).addEventListener('click', () => {
      fill();
      byId<HTMLFormElement>(form).requestSubmit();
    });
  };
  example('example-hc', () => {
    topologyInput.value = 'ccc:3';
    topologyChanged();
    routing.value = 'hc';
    byId<HTMLInputElement>('route-from').value = '(1,000)';
    byId<HTMLInputElement>('route-to').value = '(0,111)';
  }, 'route-form');
  example('example-ucube', () => {
    topologyInput.value = 'hypercube:4';
    topologyChanged();
    algorithm.value = 'u-cube';
    algorithmChanged();
    planRouting.value = '';
    byId<HTMLInputElement>('plan-source').value = '0100';
    byId<HTMLInputElement>('plan-dests').value = '0001 0011 0101 0111 1000 1010 1011 1111';
    byId<HTMLSelectElement>('plan-port').value = '';
    // keep the route panel consistent with the new topology: seed 001's E-cube example
    routing.value = 'ecube';
    byId<HTMLInputElement>('route-from').value = '0100';
    byId<HTMLInputElement>('route-to').value = '1011';
  }, 'plan-form');
  example('example-deadlock', () => {
    simWorkload.value = 'lin-fig-6.1';
    workloadChanged();
  }, 'simulate-form');

  const status = byId('wasm-status');
  wasmBytes().then(
    (b) => { status.textContent = `wasm module ${WASM_URL} loaded (${b.byteLength} bytes)`; },
    (e: unknown) => { status.className = 'error'; status.textContent = errorText(e); },
  );
}

// A failure outside a panel's action still lands in the page, never only in the console.
window.addEventListener('unhandledrejection', (ev) => {
  document.body.prepend(el('p', { class: 'error', role: 'alert' }, errorText(ev.reason)));
});

try {
  setup();
} catch (e) {
  document.body.prepend(el('p', { class: 'error', role: 'alert' }, errorText(e)));
}
