import {
  MULTICAST_ALGORITHMS,
  ROUTINGS,
  SCENARIOS,
  TOPOLOGY_FORMS,
  WormcastError,
  optionEntry,
  parseIntIn,
  parseTopology,
  type Topology,
} from 'wormcast';
import { renderChart, sweepCharts } from './curves/chart.ts';
import { findKnee, FIRST_PROBE, kneeLoads, type Knee } from './curves/knee.ts';
import { defaultSettings, type PointView } from './curves/point.ts';
import { byId, el, errorText, fillSelect, onSubmit, table } from './dom.ts';
import { planOverlay, routeOverlay, simulationOverlay } from './draw/overlay.ts';
import { NetworkView } from './draw/view.ts';
import { exportButtons, toCsv, toJson } from './export.ts';
import { renderPlan, type PlanRequest, type PlanView } from './plan-panel.ts';
import { computeRoute, renderRoute, type RouteView } from './route-panel.ts';
import { Runner } from './runner.ts';
import {
  FORM_BOXES,
  FORM_OPTIONS,
  FORM_TRACE,
  FORM_WRITTEN,
  isCheckbox,
  optionFieldId,
  optionFields,
} from './form-options.ts';
import {
  MAX_MESSAGES,
  parseSimulationRequest,
  plannedCycles,
  requestValues,
  type SimulationRequest,
  type SimulationView,
} from './simulate-panel.ts';
import { latencyCharts, renderLatencyCharts } from './latency-chart.ts';
import { renderSimulation } from './simulate-result.ts';
import { isTrace, OWN_TRACE, TraceField, traceOf, traceWorkloads } from './trace-input.ts';
import { readState, URL_FIELDS, URL_TRACE_CHARS, writeState, type Panel, type UrlState } from './url-state.ts';
import { WatchPanel } from './watch/watch-view.ts';
import { WASM_URL, wasmBytes } from './wasm-source.ts';

/**
 * The browser app (docs/web.md): one shared topology field, the drawing of the network, and
 * three panels (unicast route, multicast plan, flit-level simulation). Plans and simulations
 * run in a Web Worker (src/web/runner.ts) with progress and a Cancel button; every action runs
 * inside onSubmit, which shows a WormcastError's message in the panel instead of throwing.
 * Every input lives in the URL (src/web/url-state.ts).
 */

const topologyInput = byId<HTMLInputElement>('topology');
const summary = byId<HTMLElement>('network-summary');
const routing = byId<HTMLSelectElement>('routing');
const algorithm = byId<HTMLSelectElement>('algorithm');
const planRouting = byId<HTMLSelectElement>('plan-routing');
const simWorkload = byId<HTMLSelectElement>('sim-workload');
const simAlgorithm = byId<HTMLSelectElement>('sim-algorithm');
const simRouting = byId<HTMLSelectElement>('sim-routing');
const outputs: Record<Panel, HTMLElement> = {
  route: byId('route-output'),
  plan: byId('plan-output'),
  sim: byId('simulate-output'),
};
const forms: Record<Panel, HTMLFormElement> = {
  route: byId('route-form'),
  plan: byId('plan-form'),
  sim: byId('simulate-form'),
};

const value = (id: string): string => byId<HTMLInputElement | HTMLSelectElement>(id).value;
const checked = (id: string): boolean => byId<HTMLInputElement>(id).checked;

const drawing = new NetworkView(byId('drawing'));
const runners = { plan: new Runner(), sim: new Runner(), watch: new Runner() };
/** The sweep's workers: two points at a time (the machines this runs on have two cores or more). */
const curveRunners = [new Runner(), new Runner()];
const watch = new WatchPanel(runners.watch, drawing);
/** The simulation form's own trace (paste or file), shown when the workload is that trace. */
const traceField = new TraceField();
/** The sweep on screen: its points and the rows of its two charts (read by the browser tests). */
const curves: { points?: PointView[]; latency?: unknown[]; throughput?: unknown[]; knee?: Knee } = {};
/** The knee search goes no higher: one flit per node per cycle fills a one-port node's injection channel. */
const MAX_KNEE_LOAD = 1;
/** The simulation's latency charts on screen (src/web/latency-chart.ts; read by the browser tests). */
let simCharts: ReturnType<typeof latencyCharts> = null;
/** The results on screen, by panel (cleared when the topology changes). */
const results: { route?: RouteView; plan?: PlanView; sim?: SimulationView } = {};
/** The panel whose result the drawing shows. */
let shown: Panel | undefined;
/** The topology spec the fields were last set for. */
let fieldsSpec = '';
/** While the URL's state is applied, nothing writes the URL. */
let restoring = false;
let restoreStep: number | undefined;
/** The panel the URL asked the drawing to show, and the panels the URL ran that have not finished. */
let restoreShow: Panel | undefined;
const restoreRuns = new Set<Panel>();

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
function clearResults(): void {
  for (const p of ['route', 'plan', 'sim'] as const) {
    if (p !== 'route') runners[p].cancel();
    delete results[p];
    outputs[p].replaceChildren();
    delete outputs[p].dataset.state;
  }
  shown = undefined;
  simCharts = null;
  watch.close();
}

/**
 * Re-rank the routing lists and set address placeholders for the topology in the field. A new
 * network also resets the address fields to its own first and last nodes (an address of the
 * old one may still parse, as another node: star 1234 is node 1234 of ccc:10) and clears the
 * results of the old one.
 */
function topologyChanged(): void {
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
  if (t.spec !== fieldsSpec) {
    if (fieldsSpec !== '' && !restoring) topologyDefaults(t);
    fieldsSpec = t.spec;
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
function topologyDefaults(t: Topology): void {
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
function picked(node: number, add: boolean): void {
  const t = drawing.topology;
  if (!t || t.spec !== fieldsSpec) return;
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

function algorithmChanged(): void {
  const a = Object.hasOwn(MULTICAST_ALGORITHMS, algorithm.value) ? MULTICAST_ALGORITHMS[algorithm.value] : undefined;
  const fam = a ? (a.topologies === 'any' ? 'any topology' : a.topologies.join(', ')) : '';
  byId('algorithm-summary').textContent = a ? `${a.summary}; runs on ${fam}; ${a.port}-port by design` : '';
}

/**
 * A seed scenario brings its own network and worms: the traffic fields do not apply. A trace is
 * the traffic on the network above: only the fields of its network and engine apply (docs/traffic.md
 * "Traces": algorithm for its multicasts, routing, seed, VCs, buffer, port model, engine rules).
 */
function workloadChanged(): void {
  const scenario = simWorkload.value !== '';
  const trace = isTrace(simWorkload.value);
  traceField.root.hidden = simWorkload.value !== OWN_TRACE;
  const traceFields = new Set([
    'sim-algorithm',
    'sim-routing',
    'sim-seed',
    'sim-vcs',
    'sim-buffer',
    'sim-port',
    ...FORM_TRACE.map(optionFieldId),
  ]);
  for (const id of [
    'sim-algorithm',
    'sim-routing',
    'sim-dests',
    'sim-load',
    'sim-flits',
    'sim-warmup',
    'sim-cycles',
    'sim-drain',
    'sim-seed',
    'sim-vcs',
    'sim-buffer',
    'sim-port',
    ...FORM_OPTIONS.map(optionFieldId),
  ]) {
    byId<HTMLInputElement>(id).disabled = scenario && !(trace && traceFields.has(id));
  }
}

/** The URL of the page's state: every field, the panels with results, the drawing's panel and step. */
function writeUrl(): void {
  if (restoring) return;
  const fields = new Map<string, string>();
  for (const id of URL_FIELDS) {
    const e = byId<HTMLInputElement | HTMLSelectElement>(id);
    if (id === 'sim-trace-text' && e.value.length > URL_TRACE_CHARS) continue;
    fields.set(id, e instanceof HTMLInputElement && e.type === 'checkbox' ? (e.checked ? '1' : '0') : e.value);
  }
  const run = (['route', 'plan', 'sim'] as const).filter((p) => results[p] !== undefined);
  const step = shown === 'plan' && results.plan && results.plan.steps > 1 ? drawing.currentStep : undefined;
  const watching = !watch.root.hidden && watch.frame ? watch.frame.asked : undefined;
  history.replaceState(
    null,
    '',
    writeState({
      fields,
      run,
      show: shown,
      step,
      ...(watching !== undefined ? { watch: watching } : {}),
      ...(curves.points ? { curves: true } : {}),
    }),
  );
}

/** Show a panel's result on the drawing (switching to its network: a scenario brings its own). */
function draw(panel: Panel): void {
  const v = results[panel];
  if (!v) return;
  const t = parseTopology(v.spec);
  drawing.setTopology(t);
  if (panel === 'route') {
    const r = v as RouteView;
    drawing.setOverlay(routeOverlay(t, r.src, r.dst, r.channels, `route: ${r.heading}`, r.faults));
  } else if (panel === 'plan') {
    drawing.setOverlay(planOverlay(v as PlanView), restoreStep);
    restoreStep = undefined;
  } else drawing.setOverlay(simulationOverlay(v as SimulationView, t.ports));
  shown = panel;
  writeUrl();
}

/** A "draw" button and the export buttons under a result. */
function resultTools(panel: Panel, base: string, json: () => string, csv: () => string): HTMLElement {
  const b = el('button', { type: 'button', class: 'small', 'data-testid': `${panel}-draw` }, 'show on the drawing');
  b.addEventListener('click', () => draw(panel));
  const tools = exportButtons(base, json, csv, `${panel}-export`);
  tools.prepend(b, ' ');
  return tools;
}

function planRequest(): PlanRequest {
  return {
    topology: topologyInput.value,
    algorithm: algorithm.value,
    routing: planRouting.value,
    source: value('plan-source'),
    dests: value('plan-dests'),
    port: value('plan-port'),
    seed: value('plan-seed'),
    check: checked('plan-check'),
  };
}

function simulationRequest(): SimulationRequest {
  const trace = traceOf(simWorkload.value, traceField.text.value, traceField.name);
  return {
    scenario: trace ? '' : simWorkload.value,
    ...(trace ? { trace } : {}),
    topology: topologyInput.value,
    routing: simRouting.value,
    algorithm: simAlgorithm.value,
    dests: value('sim-dests'),
    load: value('sim-load'),
    flits: value('sim-flits'),
    cycles: value('sim-cycles'),
    warmup: value('sim-warmup'),
    drain: value('sim-drain'),
    seed: value('sim-seed'),
    vcs: value('sim-vcs'),
    buffer: value('sim-buffer'),
    port: value('sim-port'),
    // a checkbox is 1 when checked, else the table's default (empty)
    ...Object.fromEntries(
      FORM_OPTIONS.map((k) => [k, isCheckbox(k) ? (checked(optionFieldId(k)) ? '1' : '') : value(optionFieldId(k))]),
    ),
  };
}

/** The fields made from the option table (src/web/form-options.ts): traffic and faults in view, the rest in folds. */
function setupOptions(): void {
  // the box in view is index.html's; each fold follows the one before it, closed
  let last: Element | undefined;
  for (const box of FORM_BOXES) {
    if (box.title === undefined) {
      last = byId(box.id);
      last.append(...optionFields(box.keys));
      continue;
    }
    const fold = el(
      'details',
      { class: 'fold', 'data-testid': `${box.id}-fold` },
      el('summary', {}, box.title),
      el('span', { id: box.id, class: 'rules' }, ...optionFields(box.keys)),
    );
    last!.after(fold);
    last = fold;
  }
  // the fields written in index.html say what they take in the table's words too (flits: a size mix, warm-up: auto)
  for (const key of FORM_WRITTEN) byId(optionFieldId(key)).title = optionEntry(key).help;
}

/** After a panel's run: draw its result (unless the URL asked for another panel's) and keep the URL. */
function finished(panel: Panel, state: string): void {
  const restored = restoreRuns.delete(panel);
  if (state === 'done') {
    // the runs a URL starts draw only the panel it names; any later run draws itself
    if (!restored || restoreShow === undefined || restoreShow === panel) draw(panel);
  } else delete results[panel];
  if (restoreRuns.size === 0) restoreShow = undefined;
  writeUrl();
}

function setup(): void {
  setupOptions();
  byId('topology-forms').textContent = `Forms: ${Object.values(TOPOLOGY_FORMS).join('; ')}`;
  const algorithms = Object.values(MULTICAST_ALGORITHMS);
  fillSelect(
    algorithm,
    algorithms.map((a) => [a.name, a.name]),
    'u-ccc',
  );
  fillSelect(
    simAlgorithm,
    [['unicast', 'unicast'], ...algorithms.map((a): [string, string] => [a.name, a.name])],
    'unicast',
  );
  fillSelect(
    simWorkload,
    [
      ['', 'random traffic on the network above'],
      ...traceWorkloads(),
      ...Object.keys(SCENARIOS).map((n): [string, string] => [n, `seed scenario ${n}`]),
    ],
    '',
  );
  simWorkload.closest('label')!.after(traceField.root);
  topologyChanged();
  algorithmChanged();
  workloadChanged();
  topologyInput.addEventListener('change', topologyChanged);
  algorithm.addEventListener('change', algorithmChanged);
  simWorkload.addEventListener('change', workloadChanged);
  for (const id of URL_FIELDS) byId(id).addEventListener('change', writeUrl);
  drawing.onStep = () => writeUrl();
  drawing.onPick = picked;
  byId('watch-box').append(watch.root);
  watch.onFrame = () => writeUrl();
  byId('sim-watch').addEventListener('click', () => {
    void watch.start(simulationRequest()).then(() => writeUrl());
  });
  onSubmit(
    byId<HTMLFormElement>('curve-form'),
    byId('curve-output'),
    (ctx) => sweep(ctx),
    'running the sweep… (in workers: the page stays usable)',
  );

  onSubmit(
    forms.route,
    outputs.route,
    async () => {
      const v = await computeRoute(
        {
          topology: topologyInput.value,
          routing: routing.value,
          from: value('route-from'),
          to: value('route-to'),
          lowFirst: checked('low-first'),
          shortest: checked('shortest'),
          faults: value('route-faults'),
          faultSeed: value('route-fault-seed'),
        },
        await wasmBytes(),
      );
      results.route = v;
      return [
        ...renderRoute(v),
        resultTools(
          'route',
          'wormcast-route',
          () => toJson(v),
          () =>
            toCsv(
              ['#', 'from', 'to', 'port', 'vc class'],
              v.hops.map((h, i) => [i + 1, h.from, h.to, h.port, h.vc]),
            ),
        ),
      ];
    },
    'routing…',
    (s) => finished('route', s),
  );

  onSubmit(
    forms.plan,
    outputs.plan,
    async (ctx) => {
      ctx.cancellable(() => runners.plan.cancel());
      const v = await runners.plan.run({ kind: 'plan', req: planRequest() });
      results.plan = v;
      return [
        ...renderPlan(v),
        resultTools(
          'plan',
          'wormcast-plan',
          () => toJson(v),
          () =>
            toCsv(
              ['id', 'step', 'from', 'to', 'kind', 'network', 'path', 'address field D'],
              v.rows.map((r) => [r.id, r.step, r.from, r.to, r.kind, r.network, r.path, r.address]),
            ),
        ),
      ];
    },
    'planning… (in a worker: the page stays usable)',
    (s) => finished('plan', s),
  );

  onSubmit(
    forms.sim,
    outputs.sim,
    async (ctx) => {
      ctx.cancellable(() => runners.sim.cancel());
      const req = simulationRequest();
      const total = plannedCycles(req);
      const v = await runners.sim.run({ kind: 'simulate', req }, (cycle) => {
        ctx.progress(
          total > 0
            ? `simulating: cycle ${cycle} of at most ${total} (${Math.min(100, (100 * cycle) / total).toFixed(0)}%)`
            : `simulating: cycle ${cycle}`,
        );
      });
      results.sim = v;
      const r = v.result;
      simCharts = latencyCharts(r, v.outcome);
      return [
        ...renderSimulation(v),
        ...(simCharts ? [renderLatencyCharts(simCharts)] : []),
        resultTools(
          'sim',
          'wormcast-simulation',
          () =>
            toJson({
              heading: v.heading,
              outcome: v.outcome,
              outcomeText: v.outcomeText,
              result: r,
              ...(v.timing ? { timing: v.timing } : {}),
            }),
          () =>
            toCsv(
              ['field', 'value'],
              [
                ['outcome', v.outcome],
                ['status', r.status],
                ['cycles', r.cycles],
                ['window from', r.window.from],
                ['window to', r.window.to],
                ['messages created', r.multicasts],
                ['messages completed', r.completed],
                ['mean latency (cycles)', r.meanLatency],
                ['max latency (cycles)', r.maxLatency],
                ['mean network latency (cycles)', r.meanNetworkLatency],
                ['mean completion (cycles)', r.meanCompletion],
                ['max completion (cycles)', r.maxCompletion],
                ['accepted (flits/node/cycle)', r.throughput],
                ['generated (flits/node/cycle)', r.generated],
                ['flit-hops', r.flitHops],
                ['mean channel utilisation', r.channelUtilisation.mean],
                ['max channel utilisation', r.channelUtilisation.max],
                ...Object.entries(r.latencyPercentiles ?? {}).map(([k, x]): [string, number] => [
                  `latency ${k} (cycles)`,
                  x,
                ]),
                ...(r.meanHops !== undefined ? [['mean hops', r.meanHops] as [string, number]] : []),
                ...(r.acceptedPerNode
                  ? [
                      ['accepted per node min (flits/node/cycle)', r.acceptedPerNode.min] as [string, number],
                      ['accepted per node max (flits/node/cycle)', r.acceptedPerNode.max] as [string, number],
                    ]
                  : []),
                ...(r.drainTime !== undefined ? [['drain time (cycles)', r.drainTime] as [string, number]] : []),
                ...(r.warmupAuto ? [['warm-up auto (cycles)', r.warmupAuto.warmup] as [string, number]] : []),
                ...Object.entries(r.counters).map(([k, x]): [string, number] => [`counter ${k}`, x]),
              ],
            ),
        ),
      ];
    },
    'simulating… (in a worker: the page stays usable)',
    (s) => finished('sim', s),
  );

  const example = (id: string, fill: () => void, submit: HTMLFormElement[]): void => {
    byId(id).addEventListener('click', () => {
      fill();
      writeUrl();
      for (const f of submit) f.requestSubmit();
    });
  };
  example('example-hc', () => {
    topologyInput.value = 'ccc:3';
    topologyChanged();
    routing.value = 'hc';
    byId<HTMLInputElement>('route-from').value = '(1,000)';
    byId<HTMLInputElement>('route-to').value = '(0,111)';
  }, [forms.route]);
  example('example-ucube', () => {
    topologyInput.value = 'hypercube:4';
    topologyChanged();
    algorithm.value = 'u-cube';
    algorithmChanged();
    planRouting.value = '';
    byId<HTMLInputElement>('plan-source').value = '0100';
    byId<HTMLInputElement>('plan-dests').value = '0001 0011 0101 0111 1000 1010 1011 1111';
    byId<HTMLSelectElement>('plan-port').value = '';
    // the route panel follows: seed 001's E-cube example, routed too (no old route left on screen)
    routing.value = 'ecube';
    byId<HTMLInputElement>('route-from').value = '0100';
    byId<HTMLInputElement>('route-to').value = '1011';
  }, [forms.route, forms.plan]);
  example('example-deadlock', () => {
    simWorkload.value = 'lin-fig-6.1';
    workloadChanged();
  }, [forms.sim]);

  const status = byId('wasm-status');
  wasmBytes().then(
    (b) => {
      status.textContent = `wasm module ${WASM_URL} loaded (${b.byteLength} bytes)`;
    },
    (e: unknown) => {
      status.className = 'error';
      status.textContent = errorText(e);
    },
  );
}

/** The options of `wormcast simulate` for the simulation form's random traffic at this load (experiment option keys). */
function pointValues(load: number): Record<string, string | number | boolean> {
  const req = simulationRequest();
  if (req.scenario !== '' || req.trace)
    throw new WormcastError(
      `curves: choose random traffic in the simulation panel (a ${req.trace ? 'trace' : 'seed scenario'} has no load)`,
    );
  // the same checks as a simulation of this load, and the same options
  parseSimulationRequest({ ...req, load: String(load) });
  return requestValues({ ...req, load: String(load) }).values;
}

/** The page's sweep: every load's point in the workers, two at a time, then the two charts. */
async function sweep(ctx: { progress(text: string): void; cancellable(cancel: () => void): void }): Promise<Node[]> {
  const settings = defaultSettings(
    parseIntIn(value('curve-reps'), 1, 20, 'replications'),
    parseIntIn(value('curve-seed'), 0, 2 ** 31 - 1, 'experiment seed'),
  );
  ctx.cancellable(() => curveRunners.forEach((r) => r.cancel()));
  const field = byId<HTMLInputElement>('curve-loads');
  if (/^\s*(auto)?\s*$/i.test(field.value)) {
    // the knee first (src/web/curves/knee.ts): single runs of the form's traffic, judged as the sweep judges a point
    // no higher than the page runs (MAX_MESSAGES): a larger network's search stops below that
    const { config, routing } = parseSimulationRequest({ ...simulationRequest(), load: String(FIRST_PROBE) });
    const cap = Math.min(
      MAX_KNEE_LOAD,
      (0.99 * MAX_MESSAGES * config.flits) / (routing.topology.nodes * (config.warmup + config.measure)),
    );
    const probe = async (load: number): Promise<boolean> => {
      ctx.progress(`finding the knee: one run at load ${load.toPrecision(3)}…`);
      const p = await curveRunners[0]!.run({
        kind: 'point',
        req: { values: pointValues(load), settings: defaultSettings(1, settings.seed) },
      });
      return p.summary.saturated || p.summary.incomplete.length > 0;
    };
    const knee = await findKnee(probe, cap);
    field.value = kneeLoads(knee, cap).join(' ');
    curves.knee = knee;
  }
  const loads = field.value
    .split(/[\s,;]+/)
    .filter((x) => x !== '')
    .map((x) => {
      const v = Number(x);
      if (!Number.isFinite(v) || v <= 0) throw new WormcastError(`curves: load '${x}' must be a positive number`);
      return v;
    });
  if (loads.length < 1 || loads.length > 12)
    throw new WormcastError(`curves: ${loads.length} loads; give 1..12 (separated by spaces or commas), or auto`);
  const values = loads.map(pointValues);
  const points: PointView[] = new Array(values.length);
  let next = 0;
  let done = 0;
  const report = (): void =>
    ctx.progress(`sweep: ${done} of ${values.length} points done (${settings.replications} replications each)`);
  report();
  // each worker takes the next point until none is left
  await Promise.all(
    curveRunners.map(async (runner) => {
      while (next < values.length) {
        const i = next++;
        points[i] = await runner.run({ kind: 'point', req: { values: values[i]!, settings } });
        done++;
        report();
      }
    }),
  );
  const { latency, throughput } = sweepCharts(points);
  Object.assign(curves, { points, latency: latency.rows, throughput: throughput.rows });
  writeUrl();
  const boxes = [
    el('div', { class: 'chart', 'data-testid': 'curve-latency' }),
    el('div', { class: 'chart', 'data-testid': 'curve-throughput' }),
  ];
  await Promise.all([renderChart(latency.spec, boxes[0]!), renderChart(throughput.spec, boxes[1]!)]);
  const f = (x: number | null | undefined, d: number): string =>
    x === null || x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(d);
  const rows = points.map((p) => {
    const l = p.summary.metrics.meanLatency;
    const t = p.summary.metrics.throughput;
    return [
      String(p.values.load),
      `${f(l?.mean, 2)} ± ${f(l?.halfWidth, 2)}`,
      `${f(t?.mean, 4)} ± ${f(t?.halfWidth, 4)}`,
      p.summary.incomplete.length === p.replications.length
        ? 'incomplete'
        : p.summary.saturated
          ? `saturated: ${p.summary.saturation[0] ?? ''}`
          : 'measured',
    ];
  });
  return [
    ...boxes,
    table(['load', 'latency (cycles), 95% CI', 'accepted (flits/node/cycle), 95% CI', 'point'], rows, {
      'data-testid': 'curve-table',
    }),
  ];
}

/** The errors of the URL's fields, by the panel that shows them. */
const urlErrors = new Map<Panel | 'curves', string>();

/** The panel a URL field belongs to (by its id's prefix). */
function panelOf(id: string): Panel | 'curves' {
  if (id.startsWith('plan-') || id === 'algorithm') return 'plan';
  if (id.startsWith('sim-')) return 'sim';
  if (id.startsWith('curve-')) return 'curves';
  return 'route';
}

/** Fill the fields from the URL and run the panels it names. */
function restore(state: UrlState): void {
  if (state.fields.size === 0 && state.run.length === 0 && state.watch === undefined && !state.curves) return;
  restoring = true;
  try {
    const set = (id: string, v: string): void => {
      const e = byId<HTMLInputElement | HTMLSelectElement>(id);
      if (e instanceof HTMLInputElement && e.type === 'checkbox') e.checked = v === '1';
      else e.value = v;
    };
    const topo = state.fields.get('topology');
    const before = fieldsSpec;
    if (topo !== undefined) set('topology', topo);
    topologyChanged();
    const t = drawing.topology;
    // another network than the page's own: its defaults first, then the fields the URL names
    if (t && t.spec === fieldsSpec && t.spec !== before) topologyDefaults(t);
    for (const [id, v] of state.fields) {
      if (id === 'topology') continue;
      const e = byId<HTMLInputElement | HTMLSelectElement>(id);
      // a value the list does not offer is an error of the URL, never silently another choice
      if (e instanceof HTMLSelectElement && ![...e.options].some((o) => o.value === v)) {
        const offered = [...e.options].map((o) => o.value || "''").join(', ');
        urlErrors.set(panelOf(id), `URL field ${id}: '${v}' is not one of ${offered}`);
        continue;
      }
      set(id, v);
    }
    algorithmChanged();
    workloadChanged();
  } finally {
    restoring = false;
  }
  for (const [panel, text] of urlErrors) {
    const out = panel === 'curves' ? byId('curve-output') : outputs[panel];
    out.replaceChildren(el('p', { class: 'error', role: 'alert', 'data-testid': 'url-error' }, text));
    out.dataset.state = 'error';
  }
  restoreStep = state.step;
  restoreShow = state.show !== undefined && state.run.includes(state.show) ? state.show : undefined;
  const runs = state.run.filter((p) => !urlErrors.has(p));
  for (const p of runs) restoreRuns.add(p);
  for (const p of runs) forms[p].requestSubmit();
  if (state.watch !== undefined && !urlErrors.has('sim')) void watch.start(simulationRequest(), state.watch);
  if (state.curves && !urlErrors.has('curves') && !urlErrors.has('sim'))
    byId<HTMLFormElement>('curve-form').requestSubmit();
}

// A failure outside a panel's action still lands in the page, never only in the console.
window.addEventListener('unhandledrejection', (ev) => {
  document.body.prepend(el('p', { class: 'error', role: 'alert' }, errorText(ev.reason)));
});

try {
  // read the URL before setup writes the defaults into it
  const state = readState(location.search);
  restoring = true;
  try {
    setup();
  } finally {
    restoring = false;
  }
  restore(state);
  writeUrl();
  // for the browser tests and the console: where a node is drawn, and the drawing itself
  (window as unknown as { wormcast: unknown }).wormcast = {
    drawing,
    screenOf: (address: string) => {
      const t = drawing.topology!;
      drawing.paintNow();
      return drawing.screenOf(t.parse(address));
    },
    results,
    watch,
    curves,
    latencyCharts: () => simCharts,
  };
} catch (e) {
  document.body.prepend(el('p', { class: 'error', role: 'alert' }, errorText(e)));
}
