import { resultInUs, resultJson } from '../run/result-json.ts';
import { WormcastError } from '../../errors.ts';
import { meanInterval, relativeHalfWidth, type Interval } from '../run/confidence.ts';
import type { MemoryEnvironment } from '../run/memory-estimate.ts';
import { metricOf, type MetricName } from '../config/metrics.ts';
import type { OptionKey, OptionValue } from '../config/option-keys.ts';
import { simulateConfig, type PointConfig } from '../config/point-config.ts';
import { incompleteReason, pointSaturated, saturationReasons } from '../config/saturation.ts';
import type { RunUntil, SaturationRule, SeedMode, Statistics } from '../config/experiment-types.ts';
import { summarizePoint } from './point-summary.ts';
import { runIsolatedPoint } from './isolated-point.ts';
import { replicationSeeds } from './seeds.ts';
import { simulate, type SimulateConfig, type SimulationResult } from '../run/simulate.ts';

/*
 * One point of a sweep: its replications, run one after the other, and their summary. Runs in a
 * worker thread (src/experiment/sweep/pool.ts) or in the main thread; the outcome depends only on the
 * task, never on where or when it ran, so that any number of workers gives the same numbers.
 */

/** What decides a point's numbers besides its configuration. */
export interface PointSettings {
  seed: number;
  seeds: SeedMode;
  replications: number;
  statistics: Statistics;
  saturation: SaturationRule;
  runUntil: RunUntil | null;
}

export interface PointTask {
  index: number;
  values: Partial<Record<OptionKey, OptionValue>>;
  config: PointConfig;
  settings: PointSettings;
  /** The memory a run may use (checked before it starts); absent: no check. */
  memory?: MemoryEnvironment;
  /**
   * The trace's text, run instead of reading config.trace's file: a queue job carries it, since a
   * worker on another machine need not have the file (src/experiment/queue/queue-job.ts).
   */
  traceText?: string;
}

/** One replication as stored: its seed, window length and everything `simulate --json` prints. */
export interface ReplicationRecord {
  seed: number;
  /** Measured cycles asked for (the point's `cycles`, or longer under runUntil with batch means). */
  cycles: number;
  result: Record<string, unknown>;
  /** Mean message latency per batch of the window (null: the engine did not report them). */
  batchMeans: number[] | null;
  batchInterval: Interval | null;
  saturation: string[];
  incomplete: string | null;
}

/** How a runUntil point ended. */
export interface CiOutcome {
  method: 'replications' | 'batch-means';
  metric: MetricName;
  target: number;
  /** converged: below the target; cycle-cap: the cap was reached first; saturated: no interval can converge. */
  stop: 'converged' | 'cycle-cap' | 'saturated' | 'unavailable';
  relativeHalfWidth: number;
  /** Measured cycles of all the point's replications together. */
  measuredCycles: number;
}

export interface PointSummary {
  /** Mean and interval over replications of each metric the experiment names. */
  metrics: Partial<Record<MetricName, Interval>>;
  /** Batch means of every replication's window pooled (latency; null when none were reported). */
  batchMeans: Interval | null;
  saturated: boolean;
  /** Replications with a saturation reason, and the first one's reasons (the point's verdict: src/experiment/config/saturation.ts). */
  saturatedReplications: number;
  saturation: string[];
  /** Why replications measured nothing (deadlock, out of slots...); empty when all did. */
  incomplete: string[];
  ci: CiOutcome | null;
}

export interface PointOutcome {
  replications: ReplicationRecord[];
  summary: PointSummary;
}

/** simulate() with the engine's batch means asked for; the result's batchMeans, or null when the engine gives none. */
async function runOnce(
  task: PointTask,
  seed: number,
  measure: number,
): Promise<{ r: SimulationResult; batchMeans: number[] | null }> {
  const cfg: SimulateConfig & { batches?: number } = {
    ...simulateConfig(task.config, seed, measure, task.memory),
    ...(task.traceText !== undefined ? { traceText: task.traceText } : {}),
    batches: task.settings.statistics.batches,
  };
  const r = await simulate(cfg);
  const bm = (r as SimulationResult & { batchMeans?: number[] }).batchMeans;
  return { r, batchMeans: Array.isArray(bm) ? [...bm] : null };
}

/** Networks up to this many channels (and nodes) store their per-channel flits and per-node accepted throughput. */
export const STORED_ARRAY_LIMIT = 65_536;

/**
 * The arrays of a streamed run's result kept in the store (docs/traffic.md "What is measured"):
 * `channelFlits` and `acceptedPerNode.perNode`, for networks small enough that a row stays a few
 * hundred kilobytes (STORED_ARRAY_LIMIT entries); larger ones keep their min and max only.
 */
function storedArrays(r: SimulationResult): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (r.channelFlits && r.channelFlits.length <= STORED_ARRAY_LIMIT) out.channelFlits = r.channelFlits;
  const a = r.acceptedPerNode;
  if (a && a.perNode.length <= STORED_ARRAY_LIMIT)
    out.acceptedPerNode = {
      min: Math.round(a.min * 1e4) / 1e4,
      max: Math.round(a.max * 1e4) / 1e4,
      perNode: a.perNode.map((x) => Math.round(x * 1e6) / 1e6),
    };
  return out;
}

/** A replication with its result object (not stored: the record holds its JSON form). */
type Rep = ReplicationRecord & { raw: SimulationResult };

async function replication(task: PointTask, seed: number, measure: number): Promise<Rep> {
  const { r, batchMeans } = await runOnce(task, seed, measure);
  const st = task.settings;
  return {
    seed,
    cycles: measure,
    result: {
      ...resultJson(r),
      ...storedArrays(r),
      ...(batchMeans ? { batchMeans } : {}),
      // a point given in seed units with a cycle time: its latencies in microseconds too (docs/units.md)
      ...(task.config.units?.cycleUs !== undefined ? { inUs: resultInUs(r, task.config.units.cycleUs) } : {}),
    },
    batchMeans,
    batchInterval: batchMeans ? meanInterval(batchMeans, st.statistics.confidence) : null,
    saturation: saturationReasons(r, batchMeans, st.saturation),
    incomplete: incompleteReason(r),
    raw: r,
  };
}

/** Run a point: its replications (and, under runUntil, more of them or longer windows) and their summary. */
export async function runPoint(task: PointTask): Promise<PointOutcome> {
  // isolated multicasts: sets instead of a load (src/experiment/sweep/isolated-point.ts)
  if (task.config.traffic === 'isolated') return runIsolatedPoint(task);
  const st = task.settings;
  const c = task.config;
  const seeds = (from: number, to: number) => replicationSeeds(st.seed, c, st.seeds, from, to);
  const reps: Rep[] = [];
  let ci: CiOutcome | null = null;
  const ru = st.runUntil;
  if (ru && st.replications === 1) {
    // batch means within one run: double the window until its interval is narrow enough
    const [seed] = seeds(0, 1);
    let measure = c.cycles;
    for (;;) {
      const rep = await replication(task, seed!, measure);
      reps.length = 0;
      reps.push(rep);
      const rel = rep.batchInterval ? relativeHalfWidth(rep.batchInterval) : NaN;
      const stop = !rep.batchMeans
        ? 'unavailable'
        : pointSaturated([rep.saturation]) || rep.incomplete
          ? 'saturated'
          : rel <= ru.relativeHalfWidth
            ? 'converged'
            : measure * 2 > ru.maxCycles
              ? 'cycle-cap'
              : null;
      if (stop) {
        ci = {
          method: 'batch-means',
          metric: ru.metric,
          target: ru.relativeHalfWidth,
          stop,
          relativeHalfWidth: rel,
          measuredCycles: measure,
        };
        break;
      }
      measure *= 2;
    }
  } else {
    for (const seed of seeds(0, st.replications)) reps.push(await replication(task, seed, c.cycles));
    if (ru) {
      // more replications until the interval over them is narrow enough, or the cycle cap
      for (;;) {
        const rel = relativeHalfWidth(
          meanInterval(
            reps.map((x) => metricOf(x.raw, ru.metric)),
            st.statistics.confidence,
          ),
        );
        const measured = reps.length * c.cycles;
        const stop =
          pointSaturated(reps.map((x) => x.saturation)) || reps.some((x) => x.incomplete)
            ? 'saturated'
            : rel <= ru.relativeHalfWidth
              ? 'converged'
              : measured + c.cycles > ru.maxCycles
                ? 'cycle-cap'
                : null;
        if (stop) {
          ci = {
            method: 'replications',
            metric: ru.metric,
            target: ru.relativeHalfWidth,
            stop,
            relativeHalfWidth: rel,
            measuredCycles: measured,
          };
          break;
        }
        const [seed] = seeds(reps.length, reps.length + 1);
        reps.push(await replication(task, seed!, c.cycles));
      }
    }
  }
  const summary = summarizePoint(reps, st, ci);
  return { replications: reps.map(({ raw: _raw, ...rest }) => rest), summary };
}

/** A user error of a point (a run refused for memory...) carried across a worker boundary as data. */
export interface PointFailure {
  error: string;
}

/** runPoint, with a WormcastError turned into data (a worker's errors lose their class on the way). */
export async function runPointTask(task: PointTask): Promise<PointOutcome | PointFailure> {
  try {
    return await runPoint(task);
  } catch (e) {
    if (e instanceof WormcastError) return { error: e.message };
    throw e;
  }
}
