import { WormcastError } from '../../errors.ts';
import { engineVersion as currentEngineVersion } from './engine-version.ts';
import { expandGrid, pointLabel, type Point } from '../config/grid.ts';
import type { MemoryEnvironment } from '../run/memory-estimate.ts';
import type { PointFailure, PointOutcome, PointSettings, PointTask } from './point-run.ts';
import { inProcessRunner, workerPool, type PointRunner } from './pool.ts';
import type { Experiment } from '../config/experiment-types.ts';
import { MemoryStore, pointKey, ResultStore, type PointStore, type StoredPoint } from './store.ts';
import type { SweepProgress } from './sweep-progress.ts';
import { pointStatus } from './point-status.ts';
import { refuseTraceMulticasts } from '../run/trace-run.ts';
import { parseTrace, readTraceFile } from '../../traffic/trace-file.ts';
import { parseTopology } from '../../topology/registry.ts';

/*
 * A sweep (docs/experiments.md): expand the experiment into points, skip those the result file
 * already holds, run the rest on the worker pool (at most one point per worker at a time, in
 * grid order), append each finished point to the file at once, and report progress.
 */

/**
 * What a sweep uses of an AbortSignal: structural, so that the package's types name no global of
 * the DOM or of Node (a consumer with `lib: ["es2022"]` and no @types/node has neither).
 */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

export interface SweepOptions {
  /** Result file (JSON lines); undefined: the points are kept in memory only (the library's sweep()). */
  out: string | undefined;
  /** Worker threads; 0: every point in this thread (tests). */
  workers: number;
  /** Run every point again, even those already stored. */
  fresh: boolean;
  progress: SweepProgress;
  /** Aborted: stop (Ctrl-C); finished points stay stored. */
  signal?: AbortSignalLike;
  /** The memory a run may use (per worker). */
  memory?: MemoryEnvironment;
  /** The engine version of the keys (default: this installation's). */
  engineVersion?: string;
}

export interface SweepSummary {
  experiment: string;
  points: number;
  /** Points run now, and points found already stored. */
  run: number;
  stored: number;
  /** Points whose status is saturated (src/report/point-status.ts: not a deadlocked or incomplete one). */
  saturated: number;
  /** Points with a replication that measured nothing (deadlock, out of slots). */
  incomplete: number;
  interrupted: boolean;
  /** The result file, or null when the points were kept in memory. */
  out: string | null;
}

/** What runSweep returns: the summary, and the stored point of every grid point that has one (run now or found stored), in grid order. */
export interface SweepOutcome extends SweepSummary {
  rows: StoredPoint[];
}

/** The settings of an experiment that decide a point's numbers. */
export function pointSettings(e: Experiment): PointSettings {
  return {
    seed: e.seed,
    seeds: e.seeds,
    replications: e.replications,
    statistics: e.statistics,
    saturation: e.saturation,
    runUntil: e.runUntil,
  };
}

function isFailure(x: PointOutcome | PointFailure): x is PointFailure {
  return typeof (x as PointFailure).error === 'string';
}

/**
 * Read and check the trace of every point that has one before any point runs (docs/experiments.md
 * "Resolution": a point simulate would refuse is an error before anything runs): a line that is
 * not a message of the point's topology, or a multicast line at a unicast point, was found only
 * when the point's turn came, after the points before it had run and been stored.
 */
export function checkTracePoints(points: readonly Point[], source: string): void {
  const seen = new Set<string>();
  for (const p of points) {
    const c = p.config;
    if (c.trace === undefined) continue;
    const what = `${c.trace}\n${c.topology}\n${c.algorithm === 'unicast'}`;
    if (seen.has(what)) continue;
    seen.add(what);
    try {
      refuseTraceMulticasts(parseTrace(readTraceFile(c.trace), parseTopology(c.topology), c.trace), c.algorithm);
    } catch (err) {
      if (err instanceof WormcastError)
        throw new WormcastError(`${source}: point ${pointLabel(p.values)}: ${err.message.replace(/^wormcast: /, '')}`);
      throw err;
    }
  }
}

/** Run an experiment (`source` names it in errors). Resolves when every point is stored, or after an interruption. */
export async function runSweep(e: Experiment, source: string, o: SweepOptions): Promise<SweepOutcome> {
  const points = expandGrid(e, source);
  checkTracePoints(points, source);
  const settings = pointSettings(e);
  const version = o.engineVersion ?? currentEngineVersion();
  const store: PointStore = o.out === undefined ? new MemoryStore() : ResultStore.open(o.out);
  const keyed = points.map((p) => ({ p, key: pointKey(p.config, settings, version) }));
  const todo = keyed.filter(({ key }) => o.fresh || !store.get(key));
  const summary: SweepOutcome = {
    experiment: e.name,
    points: points.length,
    run: 0,
    stored: points.length - todo.length,
    saturated: 0,
    incomplete: 0,
    interrupted: false,
    out: o.out ?? null,
    rows: [],
  };
  for (const { key } of keyed) {
    const s = store.get(key);
    if (!o.fresh && s) {
      // saturated as `results` and `plot` call it: a deadlocked or incomplete point is that instead
      if (pointStatus(s).status === 'saturated') summary.saturated++;
      if (s.summary.incomplete.length > 0) summary.incomplete++;
    }
  }
  const workers = o.workers === 0 ? 1 : Math.max(1, Math.min(o.workers, todo.length));
  const runner: PointRunner =
    todo.length === 0 ? inProcessRunner() : o.workers === 0 ? inProcessRunner() : workerPool(workers);
  const abort = new AbortController();
  const onAbort = () => abort.abort();
  o.signal?.addEventListener('abort', onAbort);
  if (o.signal?.aborted) abort.abort();
  o.progress.start(todo.length, summary.stored, workers);
  let failure: Error | undefined;
  let next = 0;
  const runOne = async (p: Point, key: string): Promise<void> => {
    const label = pointLabel(p.values);
    const task: PointTask = {
      index: p.index,
      values: p.values,
      config: p.config,
      settings,
      ...(o.memory ? { memory: o.memory } : {}),
    };
    o.progress.started(label);
    const t0 = performance.now();
    const out = await runner.run(task, abort.signal);
    if (isFailure(out)) throw new WormcastError(`${source}: point ${label}: ${out.error.replace(/^wormcast: /, '')}`);
    const stored: StoredPoint = {
      v: 1,
      key,
      experiment: e.name,
      index: p.index,
      values: p.values,
      config: p.config,
      settings,
      engineVersion: version,
      replications: out.replications,
      summary: out.summary,
      run: { wallMs: Math.round(performance.now() - t0), finishedAt: new Date().toISOString() },
    };
    // abandoned after an abort: a result that arrives late is still a finished point
    store.append(stored, `point ${label}`);
    summary.run++;
    if (pointStatus(stored).status === 'saturated') summary.saturated++;
    if (out.summary.incomplete.length > 0) summary.incomplete++;
    o.progress.finished(stored, label);
  };
  // `workers` lanes, each taking the next point in grid order when its last one is done
  const lane = async (): Promise<void> => {
    while (!abort.signal.aborted && next < todo.length) {
      const { p, key } = todo[next++]!;
      try {
        await runOne(p, key);
      } catch (err) {
        if (abort.signal.aborted) return;
        failure ??= err as Error;
        abort.abort();
        return;
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: workers }, lane));
  } finally {
    o.signal?.removeEventListener('abort', onAbort);
    o.progress.stop();
    await runner.destroy().catch(() => undefined);
    store.close();
  }
  if (failure) throw failure;
  for (const { key } of keyed) {
    const s = store.get(key);
    if (s) summary.rows.push(s);
  }
  summary.interrupted = o.signal?.aborted === true && summary.run + summary.stored < summary.points;
  return summary;
}
