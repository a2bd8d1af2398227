import type { PointView } from './curves/point.ts';
import type { Knee } from './curves/knee.ts';
import { byId } from './dom.ts';
import { NetworkView } from './draw/view.ts';
import type { latencyCharts } from './latency-chart.ts';
import type { PlanView } from './plan-panel.ts';
import type { RouteView } from './route-panel.ts';
import { Runner } from './runner.ts';
import type { SimulationView } from './simulate-panel.ts';
import type { IsolatedView } from './isolated-run.ts';
import { TraceField } from './trace-input.ts';
import type { Panel } from './url-state.ts';
import { WatchPanel } from './watch/watch-view.ts';

/*
 * What the page's modules share (src/web/main.ts and the modules it wires): the elements of
 * index.html they all reach, the drawing, the workers, and the state of what is on screen.
 */

export const topologyInput = byId<HTMLInputElement>('topology');
export const summary = byId<HTMLElement>('network-summary');
export const routing = byId<HTMLSelectElement>('routing');
export const algorithm = byId<HTMLSelectElement>('algorithm');
export const planRouting = byId<HTMLSelectElement>('plan-routing');
export const simWorkload = byId<HTMLSelectElement>('sim-workload');
export const simAlgorithm = byId<HTMLSelectElement>('sim-algorithm');
export const simRouting = byId<HTMLSelectElement>('sim-routing');
export const outputs: Record<Panel, HTMLElement> = {
  route: byId('route-output'),
  plan: byId('plan-output'),
  sim: byId('simulate-output'),
};
export const forms: Record<Panel, HTMLFormElement> = {
  route: byId('route-form'),
  plan: byId('plan-form'),
  sim: byId('simulate-form'),
};

export const value = (id: string): string => byId<HTMLInputElement | HTMLSelectElement>(id).value;
export const checked = (id: string): boolean => byId<HTMLInputElement>(id).checked;

export const drawing = new NetworkView(byId('drawing'));
export const runners = { plan: new Runner(), sim: new Runner(), watch: new Runner() };
/** The sweep's workers: two points at a time (the machines this runs on have two cores or more). */
export const curveRunners = [new Runner(), new Runner()];
export const watch = new WatchPanel(runners.watch, drawing);
/** The simulation form's own trace (paste or file), shown when the workload is that trace. */
export const traceField = new TraceField();
/**
 * The sweep on screen: its points and the rows of its two charts (read by the browser tests), and
 * the number of the sweep that may draw (a new topology clears the curves and stops a running sweep).
 */
export const curves: {
  points?: PointView[];
  latency?: unknown[];
  throughput?: unknown[];
  knee?: Knee;
  generation: number;
} = { generation: 0 };
/** The results on screen, by panel (cleared when the topology changes). */
export const results: { route?: RouteView; plan?: PlanView; sim?: SimulationView | IsolatedView } = {};
/** The panels the URL ran that have not finished. */
export const restoreRuns = new Set<Panel>();

/** What is on screen and what the URL asked for, changed by the page's modules. */
export const page: {
  /** The simulation's latency charts on screen (src/web/latency-chart.ts; read by the browser tests). */
  simCharts: ReturnType<typeof latencyCharts>;
  /** The panel whose result the drawing shows. */
  shown: Panel | undefined;
  /** The topology spec the fields were last set for. */
  fieldsSpec: string;
  /** While the URL's state is applied, nothing writes the URL. */
  restoring: boolean;
  restoreStep: number | undefined;
  /** The panel the URL asked the drawing to show. */
  restoreShow: Panel | undefined;
} = {
  simCharts: null,
  shown: undefined,
  fieldsSpec: '',
  restoring: false,
  restoreStep: undefined,
  restoreShow: undefined,
};
