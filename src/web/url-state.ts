import { SIM_FIELDS } from './form-options.ts';

/**
 * Every input of the page in the URL (docs/web.md "Sharing and output"): the query string
 * holds each field by its id, `run` the panels whose results are shown (route, plan, sim) and
 * `step` the plan's step slider, `watch` the cycle of a watched run; opening the URL fills the fields and runs those panels, so
 * that a shared URL reproduces the same view and numbers.
 */

/** The fields kept in the URL, by element id. */
export const URL_FIELDS = [
  'topology',
  'routing',
  'route-from',
  'route-to',
  'low-first',
  'shortest',
  'route-faults',
  'route-fault-seed',
  'algorithm',
  'plan-routing',
  'plan-source',
  'plan-dests',
  'plan-seed',
  'plan-port',
  'plan-check',
  'sim-workload',
  ...SIM_FIELDS,
  // the simulation form's own trace (src/web/trace-input.ts), when short enough for a URL (URL_TRACE_CHARS)
  'sim-trace-text',
  'curve-loads',
  'curve-reps',
  'curve-seed',
] as const;

export type Panel = 'route' | 'plan' | 'sim';

/**
 * A pasted or loaded trace goes into the URL up to this many characters (a few hundred messages);
 * a longer one is left out (the URL would be too long to share), and a URL without it opens with
 * the trace field empty.
 */
export const URL_TRACE_CHARS = 16_000;

/** The state in a URL query. */
export interface UrlState {
  fields: Map<string, string>;
  run: Panel[];
  step: number | undefined;
  /** Which panel's result the drawing shows. */
  show: Panel | undefined;
  /** The cycle of the watched run on screen (the simulation fields name the run), or undefined. */
  watch?: number;
  /** The curves panel's sweep is on screen: opening the URL runs it again (same fields, same seeds, same numbers). */
  curves?: boolean;
}

const PANELS: readonly Panel[] = ['route', 'plan', 'sim'];

export function readState(search: string): UrlState {
  const q = new URLSearchParams(search);
  const fields = new Map<string, string>();
  for (const id of URL_FIELDS) {
    const v = q.get(id);
    if (v !== null) fields.set(id, v);
  }
  const run = (q.get('run') ?? '').split(',').filter((p): p is Panel => (PANELS as readonly string[]).includes(p));
  const step = q.has('step') ? Number(q.get('step')) : undefined;
  const show = q.get('show');
  const watch = q.has('watch') ? Number(q.get('watch')) : undefined;
  return {
    fields,
    run,
    step: Number.isInteger(step) ? step : undefined,
    show: (PANELS as readonly string[]).includes(show ?? '') ? (show as Panel) : undefined,
    ...(watch !== undefined && Number.isInteger(watch) && watch >= 0 ? { watch } : {}),
    ...(q.get('curves') === '1' ? { curves: true } : {}),
  };
}

export function writeState(s: UrlState): string {
  const q = new URLSearchParams();
  for (const [k, v] of s.fields) q.set(k, v);
  if (s.run.length > 0) q.set('run', s.run.join(','));
  if (s.show) q.set('show', s.show);
  if (s.step !== undefined) q.set('step', String(s.step));
  if (s.watch !== undefined) q.set('watch', String(s.watch));
  if (s.curves) q.set('curves', '1');
  return `?${q.toString()}`;
}
