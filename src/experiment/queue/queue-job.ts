import { z } from 'zod';
import { WormcastError } from '../../errors.ts';
import { expandGrid, type Point } from '../config/grid.ts';
import type { MemoryEnvironment } from '../run/memory-estimate.ts';
import type { PointOutcome, PointTask } from '../sweep/point-run.ts';
import { parseExperiment, type Experiment } from '../config/schema.ts';
import { pointKey } from '../sweep/store.ts';
import { pointSettings } from '../sweep/sweep.ts';
import { readTraceFile, TRACE_FILE_MAX_BYTES } from '../../traffic/trace-file.ts';

/*
 * One job of the distributed queue: one point, as an experiment file of that one point (the
 * options that define it, the experiment's base with the point's grid values, as `base`; no grid;
 * the sweep's settings), and for a point with a trace the trace's text, which a worker on another
 * machine need not have as a file. A worker validates it with the
 * same zod schema as an experiment file (src/experiment/config/schema.ts) and checks that the job's id is
 * the store key of what it would run (src/experiment/sweep/store.ts pointKey): a worker never runs what
 * is not a wormcast point, and a result is never stored under another point's key.
 */

/** The job's name in BullMQ (all jobs of the queue are points). */
export const JOB_NAME = 'point';

/** What a job carries. */
export interface PointJob {
  v: 1;
  /** The engine version the sweep's keys were made with: a worker of another version refuses the job. */
  engineVersion: string;
  /** The point's grid values as text (`load=0.05 algorithm=dual-path`), for the worker's log. */
  label: string;
  /** An experiment file of this one point. */
  experiment: Record<string, unknown>;
  /** The text of the point's trace file (a point with a trace only): the worker runs it. */
  trace?: string;
}

/**
 * The job of point `p` of experiment `e`. Its base is what the sweep resolved the point from
 * (src/experiment/config/grid.ts), not the resolved configuration: that one holds what resolving
 * filled in (load 0 for isolated traffic and traces, their windows) which an experiment file may
 * not give, so every job of an isolated or trace sweep was refused until 2026-11-27.
 */
export function pointJob(e: Experiment, p: Point, label: string, engineVersion: string): PointJob {
  const s = pointSettings(e);
  return {
    v: 1,
    engineVersion,
    label,
    ...(p.config.trace !== undefined ? { trace: readTraceFile(p.config.trace) } : {}),
    experiment: {
      name: e.name,
      base: { ...e.base, ...p.values },
      replications: s.replications,
      seed: s.seed,
      seeds: s.seeds,
      statistics: s.statistics,
      saturation: s.saturation,
      ...(s.runUntil ? { runUntil: s.runUntil } : {}),
    },
  };
}

const jobSchema = z.strictObject({
  v: z.literal(1),
  engineVersion: z.string().min(1).max(200),
  label: z.string().max(2000),
  experiment: z.record(z.string(), z.unknown()),
  trace: z.string().max(TRACE_FILE_MAX_BYTES).optional(),
});

/** A job's id as a message shows it (it comes from whoever wrote to the queue). */
export function shownId(id: string | undefined): string {
  const s = JSON.stringify((id ?? '').slice(0, 40));
  return s.slice(1, -1);
}

/** A job a worker has checked: the task to run and its label. */
export interface CheckedJob {
  task: PointTask;
  label: string;
}

/**
 * Check a job taken from the queue before anything of it runs; a WormcastError says what is wrong
 * (`job 1f2e...: not a wormcast point: experiment.base.load: 'x' must be a number`).
 */
export function checkJob(
  id: string | undefined,
  name: string,
  data: unknown,
  engineVersion: string,
  memory?: MemoryEnvironment,
): CheckedJob {
  const where = `job ${shownId(id)}`;
  const bad = (what: string) => new WormcastError(`${where}: not a wormcast point: ${what}`);
  if (name !== JOB_NAME) throw bad(`the job's name is '${shownId(name)}', not '${JOB_NAME}'`);
  if (id === undefined || !/^[0-9a-f]{32}$/.test(id))
    throw bad('its id is not a point key (32 hex digits of the configuration hash)');
  const r = jobSchema.safeParse(data);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw bad(`${issue.path.map(String).join('.') || 'payload'}: ${issue.message}`);
  }
  const job = r.data;
  let e: Experiment;
  try {
    e = parseExperiment(job.experiment, 'experiment');
  } catch (err) {
    if (err instanceof WormcastError) throw bad(err.message.replace(/^wormcast: /, ''));
    throw err;
  }
  if (e.grid.length > 0) throw bad('its experiment has a grid; a job is one point');
  if (job.engineVersion !== engineVersion) {
    throw new WormcastError(
      `${where}: made for engine ${job.engineVersion}, but this worker runs ${engineVersion}; run the same wormcast version and build on every machine (docs/distributed.md)`,
    );
  }
  let points: Point[];
  try {
    points = expandGrid(e, 'experiment');
  } catch (err) {
    if (err instanceof WormcastError) throw bad(err.message.replace(/^wormcast: /, ''));
    throw err;
  }
  const p = points[0]!;
  const settings = pointSettings(e);
  // a trace's point runs the text the job carries (its file is the sweeping machine's)
  if ((p.config.trace !== undefined) !== (job.trace !== undefined))
    throw bad(
      p.config.trace !== undefined
        ? "its point has a trace but not the trace's text"
        : 'it has a trace but its point none',
    );
  if (pointKey(p.config, settings, engineVersion, job.trace) !== id)
    throw bad('its id is not the configuration hash of its payload');
  return {
    task: {
      index: 0,
      values: {},
      config: p.config,
      settings,
      ...(memory ? { memory } : {}),
      ...(job.trace !== undefined ? { traceText: job.trace } : {}),
    },
    label: job.label,
  };
}

/** Whether a job's return value has the shape of a point's outcome (a worker's answer is checked before it is stored). */
export function isPointOutcome(x: unknown): x is PointOutcome {
  const o = x as PointOutcome;
  return (
    o !== null &&
    typeof o === 'object' &&
    Array.isArray(o.replications) &&
    o.replications.length > 0 &&
    o.summary !== null &&
    typeof o.summary === 'object' &&
    typeof o.summary.saturated === 'boolean' &&
    Array.isArray(o.summary.incomplete) &&
    typeof o.summary.metrics === 'object'
  );
}
