import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Interval } from '../../experiment/run/confidence.ts';
import { metricState } from '../../experiment/sweep/format.ts';
import type { MetricName } from '../../experiment/config/metrics.ts';
import type { OptionKey, OptionValue } from '../../experiment/config/options.ts';
import { parseExperiment } from '../../experiment/config/schema.ts';
import { readStore, type StoredPoint } from '../../experiment/sweep/store.ts';
import { runSweep } from '../../experiment/sweep/sweep.ts';
import type { SweepProgress } from '../../experiment/sweep/sweep-progress.ts';
import type { FigurePoint, RunContext, Series } from './types.ts';

/*
 * A simulation figure as an experiment of the batch layer (docs/experiments.md): its grid runs
 * through runSweep into a result store under the output directory, so a second run of the same
 * figure is free, and the stored points become the figure's curves.
 */

export interface SweepFigure {
  /** The experiment's name (and store file). */
  name: string;
  base: Partial<Record<OptionKey, OptionValue>>;
  /** The option that makes the curves (e.g. algorithm), with the seed's name of each value. */
  series: {
    key: OptionKey;
    values: Array<{ value: OptionValue; name: string; base?: Partial<Record<OptionKey, OptionValue>> }>;
  };
  /** The option on the x axis, its values, and the x the seed plots for each (e.g. inter-arrival us for a load). */
  x: { key: OptionKey; values: OptionValue[]; plotted: (v: OptionValue) => number };
  /** The plotted y of a metric value (e.g. cycles -> us). */
  y: { metric: MetricName; scale: (v: number) => number };
  replications: number;
  seed?: number;
}

const silent: SweepProgress = { start() {}, started() {}, finished() {}, stop() {} };

/** The state a stored point is drawn in. */
function stateOf(p: StoredPoint, m: MetricName): FigurePoint['state'] {
  if (p.summary.incomplete.length > 0)
    return p.summary.incomplete.some((s) => s.includes('deadlock')) ? 'deadlock' : 'saturated';
  return metricState(p, m) === 'saturated' ? 'saturated' : 'measured';
}

/** Run (or read back) every curve of the figure. Each series value is its own experiment (its own base). */
export async function sweepFigure(ctx: RunContext, f: SweepFigure): Promise<Series[]> {
  mkdirSync(ctx.dir, { recursive: true });
  const out: Series[] = [];
  for (const s of f.series.values) {
    const name = `${f.name}-${String(s.value)}`;
    const e = parseExperiment(
      {
        name,
        base: { ...f.base, ...(s.base ?? {}), [f.series.key]: s.value },
        grid: { [f.x.key]: f.x.values },
        replications: f.replications,
        seed: f.seed ?? 1,
        seeds: 'common',
        statistics: { metrics: [f.y.metric, 'throughput', 'generated'] },
      },
      name,
    );
    const file = join(ctx.dir, `${f.name}.results.jsonl`);
    const t0 = performance.now();
    const sum = await runSweep(e, name, { out: file, workers: ctx.workers, fresh: false, progress: silent });
    ctx.log(
      `  ${name}: ${sum.points} points (${sum.run} run, ${sum.stored} stored) ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const stored = [...readStore(file).points.values()].filter((p) => p.experiment === name);
    const points: FigurePoint[] = [];
    for (const v of f.x.values) {
      const p = stored.filter((q) => q.values[f.x.key] === v).at(-1);
      if (!p) continue;
      const i = p.summary.metrics[f.y.metric] as Interval | undefined;
      const mean = i?.mean ?? NaN;
      const state = stateOf(p, f.y.metric);
      const ok = state === 'measured' && i && i.halfWidth !== null && Number.isFinite(i.halfWidth);
      points.push({
        x: f.x.plotted(v),
        y: Number.isFinite(mean) ? f.y.scale(mean) : NaN,
        lo: ok ? f.y.scale(i!.lo!) : null,
        hi: ok ? f.y.scale(i!.hi!) : null,
        state,
      });
    }
    out.push({ name: s.name, points });
  }
  return out;
}
