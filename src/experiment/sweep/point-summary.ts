import { meanInterval, type Interval } from '../run/confidence.ts';
import { metricOf, type MetricName } from '../config/metrics.ts';
import type { CiOutcome, PointSettings, PointSummary } from './point-run.ts';
import { pointSaturated } from '../config/saturation.ts';
import type { SimulationResult } from '../run/simulate.ts';

/** What the summary of a point needs of each replication. */
export interface SummarizedReplication {
  seed: number;
  batchMeans: number[] | null;
  saturation: string[];
  incomplete: string | null;
  raw: SimulationResult;
}

/**
 * A point's summary over its replications: an interval per metric (Student t), the batch-means
 * interval, the saturation verdict and the incomplete replications. Node-free, so that the
 * browser app's sweep (src/web/curves/point.ts) summarises exactly as `wormcast sweep` does.
 */
export function summarizePoint(
  reps: readonly SummarizedReplication[],
  st: Pick<PointSettings, 'statistics'>,
  ci: CiOutcome | null,
): PointSummary {
  const metrics: Partial<Record<MetricName, Interval>> = {};
  for (const m of st.statistics.metrics)
    metrics[m] = meanInterval(
      reps.map((x) => metricOf(x.raw, m)),
      st.statistics.confidence,
    );
  const batches = reps.flatMap((x) => x.batchMeans ?? []);
  const sat = reps.filter((x) => x.saturation.length > 0);
  const saturated = pointSaturated(reps.map((x) => x.saturation));
  return {
    metrics,
    batchMeans: batches.length > 0 ? meanInterval(batches, st.statistics.confidence) : null,
    saturated,
    saturatedReplications: sat.length,
    saturation: saturated ? sat[0]!.saturation : [],
    incomplete: reps.flatMap((x) => (x.incomplete ? [`seed ${x.seed}: ${x.incomplete}`] : [])),
    ci,
  };
}
