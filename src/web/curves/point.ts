import {
  DEFAULT_METRICS,
  WasmEngine,
  optionEntry,
  parseIntIn,
  replicationIncomplete,
  resolvePoint,
  saturationReasons,
  simulate,
  summarizePoint,
  simulateConfig,
  type PointConfig,
  type PointOutcome,
  type PointSettings,
  type SimulationResult,
} from 'wormcast';
import type { CycleProgress } from '../progress-engine.ts';
import { replicationSeeds } from './seeds.ts';

/*
 * One point of the page's latency-load sweep (docs/web.md "Curves"), computed in a run worker as
 * src/experiment/sweep/point-run.ts runPoint computes a point of `wormcast sweep` without runUntil: the
 * configuration resolved by the experiment layer (resolvePoint), the replication seeds of
 * src/experiment/sweep/seeds.ts (./seeds.ts: the same derivation over SubtleCrypto), simulate() with
 * the statistics' batch means, each replication's saturation reasons and the point's intervals.
 * point-run.ts itself cannot run here: it imports node:crypto (through seeds.ts) and the CLI's
 * JSON writer; this file reuses its pure parts (confidence, saturation, metrics).
 */

/** A point: the options of `wormcast simulate` (experiment option keys: load, dests, ...) and the experiment's settings. */
export interface PointRequest {
  values: Record<string, string | number | boolean>;
  settings: PointSettings;
}

/** One replication, as a stored point keeps it (without the whole JSON result). */
export interface PointReplication {
  seed: number;
  cycles: number;
  batchMeans: number[] | null;
  saturation: string[];
  incomplete: string | null;
}

/** A point's outcome, shaped as the store's (src/experiment/sweep/store.ts StoredPoint) for plotRows. */
export interface PointView {
  values: Record<string, string | number | boolean>;
  config: PointConfig;
  settings: PointSettings;
  replications: PointReplication[];
  summary: PointOutcome['summary'];
  ms: number;
}

/** The settings of a default experiment (src/experiment/config/schema.ts defaults) with this many replications and seed. */
export function defaultSettings(replications: number, seed: number): PointSettings {
  return {
    seed,
    seeds: 'per-point',
    replications,
    statistics: { metrics: [...DEFAULT_METRICS], confidence: 0.95, batches: 10 },
    saturation: { throughputTolerance: 0.02, latencyGrowth: 0.25 },
    runUntil: null,
  };
}

/**
 * The settings of the curve panel's fields: 1 to 20 replications and an experiment seed in the
 * range of `wormcast sweep --seed` (the option table's seed, 0..2^32 - 1; the page took at most
 * 2^31 - 1, so a sweep the CLI ran could not be run again here).
 */
export function curveSettings(replications: string, seed: string): PointSettings {
  const range = optionEntry('seed').value as { min: number; max: number };
  return defaultSettings(
    parseIntIn(replications, 1, 20, 'replications'),
    parseIntIn(seed, range.min, range.max, 'experiment seed'),
  );
}

/** Run a point's replications on the page's wasm bytes. */
export async function computePoint(
  req: PointRequest,
  wasm: BufferSource,
  progress?: CycleProgress,
): Promise<PointView> {
  const t0 = performance.now();
  const st = req.settings;
  if (st.runUntil) throw new Error('runUntil is not supported by the page sweep');
  const config = resolvePoint(req.values as Parameters<typeof resolvePoint>[0]);
  const seeds = await replicationSeeds(st.seed, config, st.seeds, 0, st.replications);
  const reps: Array<PointReplication & { raw: SimulationResult }> = [];
  for (const seed of seeds) {
    const cfg = { ...simulateConfig(config, seed, config.cycles), batches: st.statistics.batches };
    const r = await simulate(cfg, { engine: (input) => WasmEngine.create(input, wasm), onCycle: progress });
    const bm = (r as SimulationResult & { batchMeans?: number[] }).batchMeans;
    const batchMeans = Array.isArray(bm) ? [...bm] : null;
    reps.push({
      seed,
      cycles: config.cycles,
      batchMeans,
      saturation: saturationReasons(r, batchMeans, st.saturation),
      incomplete: replicationIncomplete(r),
      raw: r,
    });
  }
  const summary: PointOutcome['summary'] = summarizePoint(reps, st, null);
  return {
    values: req.values,
    config,
    settings: st,
    replications: reps.map(({ raw: _raw, ...rest }) => rest),
    summary,
    ms: performance.now() - t0,
  };
}
