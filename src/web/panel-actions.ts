import { byId, el, errorText, onSubmit, type RunContext } from './dom.ts';
import { isIsolated } from './isolated-run.ts';
import { isolatedRows, renderIsolated } from './isolated-result.ts';
import { parseTopology } from 'wormcast';
import { planOverlay, routeOverlay, simulationOverlay } from './draw/overlay.ts';
import { exportButtons, toCsv, toJson } from './export.ts';
import { latencyCharts, renderLatencyCharts } from './latency-chart.ts';
import { algorithmChanged, topologyChanged } from './network-fields.ts';
import {
  algorithm,
  checked,
  drawing,
  forms,
  outputs,
  page,
  planRouting,
  restoreRuns,
  results,
  routing,
  runners,
  simWorkload,
  topologyInput,
  value,
} from './page.ts';
import { renderPlan, type PlanRequest, type PlanView } from './plan-panel.ts';
import { computeRoute, renderRoute, type RouteView } from './route-panel.ts';
import { plannedCycles, type SimulationRequest, type SimulationView } from './simulate-panel.ts';
import { renderSimulation } from './simulate-result.ts';
import { simulationRequest, workloadChanged } from './simulate-form.ts';
import type { Panel } from './url-state.ts';
import { writeUrl } from './url-write.ts';
import { WASM_URL, wasmBytes } from './wasm-source.ts';

/*
 * The panels' actions (docs/web.md "What the page shows"): each form's submit runs its panel
 * through onSubmit (src/web/dom.ts), shows the result with its exports and draws it; the seed
 * examples fill and submit the forms.
 */

/** Show a panel's result on the drawing (switching to its network: a scenario brings its own). */
export function draw(panel: Panel): void {
  const v = results[panel];
  if (!v) return;
  const t = parseTopology(v.spec);
  drawing.setTopology(t);
  if (panel === 'route') {
    const r = v as RouteView;
    drawing.setOverlay(routeOverlay(t, r.src, r.dst, r.channels, `route: ${r.heading}`, r.faults));
  } else if (panel === 'plan') {
    drawing.setOverlay(planOverlay(v as PlanView), page.restoreStep);
    page.restoreStep = undefined;
  } else if ('isolated' in v) {
    // isolated multicasts leave no channel use to draw (each set ran in an engine of its own): the network alone
    drawing.setOverlay(null);
  } else drawing.setOverlay(simulationOverlay(v as SimulationView, t.ports));
  page.shown = panel;
  writeUrl();
}

/** A "draw" button and the export buttons under a result. */
export function resultTools(panel: Panel, base: string, json: () => string, csv: () => string): HTMLElement {
  const b = el('button', { type: 'button', class: 'small', 'data-testid': `${panel}-draw` }, 'show on the drawing');
  b.addEventListener('click', () => draw(panel));
  const tools = exportButtons(base, json, csv, `${panel}-export`);
  tools.prepend(b, ' ');
  return tools;
}

export function planRequest(): PlanRequest {
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

/** After a panel's run: draw its result (unless the URL asked for another panel's) and keep the URL. */
export function finished(panel: Panel, state: string): void {
  const restored = restoreRuns.delete(panel);
  if (state === 'done') {
    // the runs a URL starts draw only the panel it names; any later run draws itself
    if (!restored || page.restoreShow === undefined || page.restoreShow === panel) draw(panel);
  } else delete results[panel];
  if (restoreRuns.size === 0) page.restoreShow = undefined;
  writeUrl();
}

/** Isolated multicasts in the simulation panel's worker: their intervals, the sets done as progress. */
async function isolatedRun(req: SimulationRequest, ctx: RunContext): Promise<Node[]> {
  const v = await runners.sim.run({ kind: 'isolated', req }, (done) =>
    ctx.progress(`isolated multicasts: ${done} sets done`),
  );
  results.sim = v;
  page.simCharts = null;
  return [
    ...renderIsolated(v),
    resultTools(
      'sim',
      'wormcast-isolated',
      () => toJson({ heading: v.heading, traffic: 'isolated', result: v.result }),
      () =>
        toCsv(
          ['field', 'value'],
          isolatedRows(v).map(([, words, value]) => [words, value]),
        ),
    ),
  ];
}

/** The panels' submit actions, the seed examples and the wasm status line. */
export function setupPanels(): void {
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
      if (isIsolated(req)) return isolatedRun(req, ctx);
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
      page.simCharts = latencyCharts(r, v.outcome);
      return [
        ...renderSimulation(v),
        ...(page.simCharts ? [renderLatencyCharts(page.simCharts)] : []),
        resultTools(
          'sim',
          'wormcast-simulation',
          () =>
            toJson({
              heading: v.heading,
              outcome: v.outcome,
              outcomeText: v.outcomeText,
              saturation: v.saturation,
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
    // the seed's route, without ecube's or label's own boxes (which another routing refuses)
    byId<HTMLInputElement>('low-first').checked = false;
    byId<HTMLInputElement>('shortest').checked = false;
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
    byId<HTMLInputElement>('low-first').checked = false;
    byId<HTMLInputElement>('shortest').checked = false;
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
