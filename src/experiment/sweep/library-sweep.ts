import { WormcastError } from '../../errors.ts';
import { readExperimentData } from '../config/experiment-file.ts';
import { isOptionKey, OPTION_KEYS } from '../config/options.ts';
import { didYouMean, parseExperiment } from '../config/schema.ts';
import type { MemoryEnvironment } from '../run/memory-estimate.ts';
import { defaultWorkers } from './pool.ts';
import type { StoredPoint } from './store.ts';
import { type AbortSignalLike, runSweep, type SweepOutcome } from './sweep.ts';
import type { SweepProgress } from './sweep-progress.ts';

/*
 * The library's sweep() (issue 23): what `wormcast sweep` runs (docs/experiments.md), from an
 * experiment file's path or from one object holding the command's keys: the simulate options of
 * the points (as `base`), `grid`, `replications`, `seed`, `seeds`, `batches`, `confidence`,
 * `metrics`, `until`, `maxCycles`, `name`, and where and how to run (`out`, `workers`, `fresh`).
 * The keys of an experiment file (`base`, `statistics`, `runUntil`, `saturation`, `description`)
 * are accepted too. The experiment is validated by the CLI's schema, so that a point and its
 * stored row are the ones `wormcast sweep` makes with the same keys.
 */

/** How a sweep runs: not part of its numbers. */
export interface SweepRunOptions {
  /** Result file (JSON lines), as `--out`: finished points are appended, stored ones skipped. Without it, nothing is written. */
  out?: string;
  /** Worker threads (default: the cores, as the CLI); 0 runs every point in this thread. */
  workers?: number;
  /** Run every point again, even those already in `out`. */
  fresh?: boolean;
  /** Called with each point as it finishes (`done` counts the points run now, of `total` to run). */
  onPoint?: (point: StoredPoint, done: number, total: number) => void;
  /** Aborted: stop; finished points stay in `out`, and the result says `interrupted`. */
  signal?: AbortSignalLike;
  /** The memory a run may use (per worker); default: the engine's limits of this process. */
  memory?: MemoryEnvironment;
}

/** A sweep given as `wormcast sweep`'s keys (and an experiment file's). */
export interface SweepSpec extends Omit<SweepRunOptions, 'onPoint' | 'signal' | 'memory'> {
  name?: string;
  description?: string;
  /** What varies: option -> a value, a list, or a range {from, to, step} (docs/experiments.md "File format"). */
  grid?: Record<string, unknown>;
  replications?: number;
  seed?: number;
  seeds?: 'per-point' | 'common';
  batches?: number;
  confidence?: number;
  metrics?: string[];
  /** `--until`: run each point until the interval's relative half-width is below this... */
  until?: number;
  /** ...or its measured cycles reach this cap (`--max-cycles`). */
  maxCycles?: number;
  base?: Record<string, unknown>;
  statistics?: Record<string, unknown>;
  runUntil?: Record<string, unknown>;
  saturation?: Record<string, unknown>;
  /** Any simulate option (docs/options.md) for every point: `topology`, `load`, `algorithm`, ... */
  [option: string]: unknown;
}

/** What sweep() returns: `wormcast sweep`'s summary and the rows it stores, in grid order. */
export type SweepResult = SweepOutcome;

const RUN_KEYS = ['out', 'workers', 'fresh'] as const;
const EXPERIMENT_KEYS = ['name', 'description', 'grid', 'replications', 'seed', 'seeds', 'base', 'statistics'];
const FLAG_KEYS = ['batches', 'confidence', 'metrics', 'until', 'maxCycles', 'runUntil', 'saturation'];

/** The experiment as plain data (what parseExperiment checks), from a spec of the CLI's keys. */
function experimentData(spec: SweepSpec): Record<string, unknown> {
  const out: Record<string, unknown> = { name: 'sweep' };
  const base: Record<string, unknown> = { ...(spec.base as Record<string, unknown> | undefined) };
  for (const [key, value] of Object.entries(spec)) {
    if (value === undefined || (RUN_KEYS as readonly string[]).includes(key) || FLAG_KEYS.includes(key)) continue;
    if (EXPERIMENT_KEYS.includes(key)) {
      if (key !== 'base') out[key] = value;
    } else if (isOptionKey(key)) base[key] = value;
    else {
      const known = [...EXPERIMENT_KEYS, ...FLAG_KEYS, ...RUN_KEYS, ...OPTION_KEYS];
      const guess = didYouMean(key, known);
      throw new WormcastError(
        `sweep: ${key}: unknown key${guess ? ` (did you mean '${guess}'?)` : ''}; expected a simulate option (docs/options.md) or one of ${[...EXPERIMENT_KEYS, ...FLAG_KEYS, ...RUN_KEYS].join(', ')}`,
      );
    }
  }
  out.base = base;
  const statistics: Record<string, unknown> = { ...(spec.statistics as Record<string, unknown> | undefined) };
  if (spec.batches !== undefined) statistics.batches = spec.batches;
  if (spec.confidence !== undefined) statistics.confidence = spec.confidence;
  if (spec.metrics !== undefined) statistics.metrics = spec.metrics;
  if (Object.keys(statistics).length > 0) out.statistics = statistics;
  if (spec.saturation !== undefined) out.saturation = spec.saturation;
  if (spec.runUntil !== undefined || spec.until !== undefined || spec.maxCycles !== undefined) {
    const ru: Record<string, unknown> = { ...(spec.runUntil as Record<string, unknown> | undefined) };
    if (spec.until !== undefined) ru.relativeHalfWidth = spec.until;
    if (spec.maxCycles !== undefined) ru.maxCycles = spec.maxCycles;
    out.runUntil = ru;
  }
  return out;
}

/** A progress that calls `onPoint` with each finished point. */
function callbackProgress(onPoint: SweepRunOptions['onPoint']): SweepProgress {
  let done = 0;
  let total = 0;
  return {
    start: (t) => {
      total = t;
    },
    started: () => {},
    finished: (p) => onPoint?.(p, ++done, total),
    stop: () => {},
  };
}

/**
 * Run a sweep as `wormcast sweep` does: `experiment` is an experiment file's path (YAML or JSON)
 * or an object of the command's keys; `run` overrides the object's `out`, `workers` and `fresh`.
 * Resolves with the summary and every point's stored row (its replications, means, confidence
 * intervals, saturation and incompleteness) in grid order; a bad key or value throws a WormcastError.
 */
export async function sweep(experiment: string | SweepSpec, run: SweepRunOptions = {}): Promise<SweepResult> {
  let source = 'sweep';
  let data: unknown;
  let spec: SweepSpec = {};
  if (typeof experiment === 'string') {
    source = experiment;
    data = readExperimentData(experiment);
  } else {
    if (experiment === null || typeof experiment !== 'object' || Array.isArray(experiment))
      throw new WormcastError(
        'sweep: expected an experiment file path or an object of sweep keys (docs/experiments.md)',
      );
    spec = experiment;
    data = experimentData(spec);
  }
  const e = parseExperiment(data, source);
  const out = run.out ?? spec.out;
  const workers = run.workers ?? spec.workers ?? defaultWorkers();
  if (!Number.isInteger(workers) || workers < 0 || workers > 1024)
    throw new WormcastError(`sweep: workers: ${workers} must be an integer 0..1024 (0: in this thread)`);
  return runSweep(e, source, {
    out,
    workers,
    fresh: (run.fresh ?? spec.fresh) === true,
    progress: callbackProgress(run.onPoint),
    ...(run.signal ? { signal: run.signal } : {}),
    ...(run.memory ? { memory: run.memory } : {}),
  });
}
