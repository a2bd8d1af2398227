import { WormcastError } from 'wormcast';
import { renderChart, sweepCharts } from './chart.ts';
import { findKnee, kneeLimit, kneeLoads, parseCurveLoads } from './knee.ts';
import { curveSettings, defaultSettings, type PointView } from './point.ts';
import { byId, el, table } from '../dom.ts';
import { curveRunners, curves, value } from '../page.ts';
import { Cancelled } from '../runner.ts';
import { parseSimulationRequest, requestValues } from '../simulate-panel.ts';
import { simulationRequest } from '../simulate-form.ts';
import { writeUrl } from '../url-write.ts';

/*
 * The curve panel (docs/web.md "Curves"): a sweep of the simulation form's random traffic over
 * loads, the knee found first when the loads are auto, drawn as `wormcast plot` draws a sweep.
 */

/** The options of `wormcast simulate` for the simulation form's random traffic at this load (experiment option keys). */
export function pointValues(load: number): Record<string, string | number | boolean> {
  const req = simulationRequest();
  if (req.scenario !== '' || req.trace)
    throw new WormcastError(
      `curves: choose random traffic in the simulation panel (a ${req.trace ? 'trace' : 'seed scenario'} has no load)`,
    );
  // the same checks as a simulation of this load, and the same options
  parseSimulationRequest({ ...req, load: String(load) });
  return requestValues({ ...req, load: String(load) }).values;
}

/**
 * Forget the curves on screen and stop a running sweep (a new topology: they are another network's).
 * The sweep's own check (`current`) stops it where no runner is pending, between points.
 */
export function clearCurves(): void {
  curves.generation++;
  for (const r of curveRunners) r.cancel();
  delete curves.points;
  delete curves.latency;
  delete curves.throughput;
  delete curves.knee;
  const out = byId('curve-output');
  out.replaceChildren();
  delete out.dataset.state;
}

/** The page's sweep: every load's point in the workers, two at a time, then the two charts. */
export async function sweep(ctx: {
  progress(text: string): void;
  cancellable(cancel: () => void): void;
}): Promise<Node[]> {
  // this sweep draws only while no newer sweep or topology has come (clearCurves)
  const generation = ++curves.generation;
  const current = (): void => {
    if (curves.generation !== generation) throw new Cancelled();
  };
  const settings = curveSettings(value('curve-reps'), value('curve-seed'));
  ctx.cancellable(() => {
    // a runner between two points has nothing pending to reject: the sweep's own check stops it
    curves.generation++;
    for (const r of curveRunners) r.cancel();
  });
  const field = byId<HTMLInputElement>('curve-loads');
  if (/^\s*(auto)?\s*$/i.test(field.value)) {
    // the knee first (src/web/curves/knee.ts): single runs of the form's traffic, judged as the sweep judges a point
    // no higher than the page runs (MAX_MESSAGES): a larger network's search stops below that
    const cap = kneeLimit(simulationRequest());
    const probe = async (load: number): Promise<boolean> => {
      ctx.progress(`finding the knee: one run at load ${load.toPrecision(3)}…`);
      const p = await curveRunners[0]!.run({
        kind: 'point',
        req: { values: pointValues(load), settings: defaultSettings(1, settings.seed) },
      });
      return p.summary.saturated || p.summary.incomplete.length > 0;
    };
    const knee = await findKnee(probe, cap);
    current();
    field.value = kneeLoads(knee, cap).join(' ');
    curves.knee = knee;
  }
  const loads = parseCurveLoads(field.value);
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
        current();
        const i = next++;
        points[i] = await runner.run({ kind: 'point', req: { values: values[i]!, settings } });
        done++;
        report();
      }
    }),
  );
  current();
  const { latency, throughput } = sweepCharts(points);
  Object.assign(curves, { points, latency: latency.rows, throughput: throughput.rows });
  writeUrl();
  const boxes = [
    el('div', { class: 'chart', 'data-testid': 'curve-latency' }),
    el('div', { class: 'chart', 'data-testid': 'curve-throughput' }),
  ];
  await Promise.all([renderChart(latency.spec, boxes[0]!), renderChart(throughput.spec, boxes[1]!)]);
  current();
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
