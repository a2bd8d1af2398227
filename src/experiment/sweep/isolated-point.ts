import { WormcastError } from '../../errors.ts';
import { meanInterval, type Interval } from '../run/confidence.ts';
import { runIsolated, type IsolatedResult } from '../run/isolated.ts';
import type { MetricName } from '../config/metrics.ts';
import { simulateConfig } from '../config/point-config.ts';
import type { PointOutcome, PointTask, ReplicationRecord } from './point-run.ts';
import { replicationSeeds } from './seeds.ts';

/*
 * A sweep point of isolated multicasts (`traffic: isolated`, docs/units.md "Isolated multicasts"):
 * each replication runs `sets` random sets with its own seed; the point's intervals are over all
 * the sets of all its replications (each set is one independent observation), not over the
 * replications' means. There is no load: throughput and the other dynamic-traffic metrics have
 * no value (NaN, printed as '-').
 */

/** Which per-set series gives each metric; the rest have none in isolated mode. */
const PER_SET: Partial<Record<MetricName, keyof IsolatedResult['perSet']>> = {
  meanLatency: 'latency',
  meanNetworkLatency: 'networkLatency',
  meanCompletion: 'completion',
  maxCompletion: 'completion',
  maxLatency: 'completion',
  flitHops: 'flitHops',
};

const round = (x: number): number => (Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : x);
const interval = (i: Interval) => ({
  mean: round(i.mean),
  halfWidth: round(i.halfWidth),
  lo: round(i.lo),
  hi: round(i.hi),
  n: i.n,
});

/** The stored result of one replication of isolated multicasts (its means and intervals over its sets). */
export function isolatedResultJson(r: IsolatedResult): Record<string, unknown> {
  return {
    traffic: 'isolated',
    sets: r.sets,
    meanLatency: round(r.latency.mean),
    meanNetworkLatency: round(r.networkLatency.mean),
    meanCompletion: round(r.completion.mean),
    flitHops: round(r.flitHops.mean),
    destinations: round(r.destinations.mean),
    latency: interval(r.latency),
    networkLatency: interval(r.networkLatency),
    completion: interval(r.completion),
    ...(r.faults ? { faults: r.faults, undeliverable: r.undeliverable ?? 0 } : {}),
  };
}

/** Run an isolated point: its replications' sets, pooled into the point's intervals. */
export async function runIsolatedPoint(task: PointTask): Promise<PointOutcome> {
  const c = task.config;
  const st = task.settings;
  if (st.runUntil)
    throw new WormcastError(
      'runUntil: does not apply to traffic: isolated (its intervals are over the random sets: raise sets)',
    );
  const seeds = replicationSeeds(st.seed, c, st.seeds, 0, st.replications);
  const reps: ReplicationRecord[] = [];
  const pooled: IsolatedResult['perSet'] = {
    latency: [],
    networkLatency: [],
    completion: [],
    flitHops: [],
    destinations: [],
  };
  for (const seed of seeds) {
    const sim = simulateConfig(c, seed);
    const r = await runIsolated({
      topology: c.topology,
      algorithm: c.algorithm,
      routing: c.routing,
      dests: c.dests,
      ...(c.destsMean !== undefined ? { destsMean: c.destsMean } : {}),
      sets: c.sets ?? 1,
      flits: c.flits,
      seed,
      engine: c.engine,
      options: sim.options,
      confidence: st.statistics.confidence,
      // a set that does not finish makes the replication incomplete (its finished sets still count),
      // as a dynamic replication that deadlocked: the sweep goes on and ends with exit 3
      stopOnIncomplete: true,
      ...(c.faults !== undefined ? { faults: c.faults, faultSeed: c.faultSeed } : {}),
    });
    for (const k of Object.keys(pooled) as Array<keyof typeof pooled>) pooled[k].push(...r.perSet[k]);
    reps.push({
      seed,
      cycles: 0,
      result: isolatedResultJson(r),
      batchMeans: null,
      batchInterval: null,
      saturation: [],
      incomplete: r.incomplete ?? null,
    });
  }
  const metrics: Partial<Record<MetricName, Interval>> = {};
  for (const m of st.statistics.metrics) {
    const series = PER_SET[m];
    metrics[m] = meanInterval(series ? pooled[series] : [], st.statistics.confidence);
  }
  return {
    replications: reps,
    summary: {
      metrics,
      batchMeans: null,
      saturated: false,
      saturatedReplications: 0,
      saturation: [],
      incomplete: reps.flatMap((x) => (x.incomplete ? [`seed ${x.seed}: ${x.incomplete}`] : [])),
      ci: null,
    },
  };
}
