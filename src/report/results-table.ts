import type { Interval } from '../experiment/run/confidence.ts';
import { formatInterval, metricState } from '../experiment/sweep/format.ts';
import type { MetricName } from '../experiment/config/metrics.ts';
import { simulateCommand } from '../experiment/config/point-config.ts';
import type { StoredPoint } from '../experiment/sweep/store.ts';

/*
 * `wormcast results`: a result file as a table (docs/experiments.md "Results"): one row per
 * point, in experiment and grid order; the grid's options, then each metric's mean and interval,
 * then the saturation flag. A saturated point's latency metrics are not written as numbers: in
 * CSV their cells say `saturated` (the measured lower bound is in <metric>_measured), in
 * Markdown `saturated (>= x)`, in JSON the interval stays with `"state": "saturated"`.
 */

export type TableFormat = 'csv' | 'json' | 'md';

/** The points of a store in table order: by experiment (first appearance), then grid index. */
export function orderPoints(points: Iterable<StoredPoint>): StoredPoint[] {
  const list = [...points];
  const firstSeen = new Map<string, number>();
  list.forEach((p, i) => {
    if (!firstSeen.has(p.experiment)) firstSeen.set(p.experiment, i);
  });
  return list.sort((a, b) => firstSeen.get(a.experiment)! - firstSeen.get(b.experiment)! || a.index - b.index);
}

/** The grid options that appear in the points, in order of first appearance. */
function gridColumns(points: readonly StoredPoint[]): string[] {
  const cols: string[] = [];
  for (const p of points) for (const k of Object.keys(p.values)) if (!cols.includes(k)) cols.push(k);
  return cols;
}

function metricColumns(points: readonly StoredPoint[]): MetricName[] {
  const cols: MetricName[] = [];
  for (const p of points)
    for (const k of Object.keys(p.summary.metrics) as MetricName[]) if (!cols.includes(k)) cols.push(k);
  return cols;
}

function csvCell(v: unknown): string {
  const s = v === null || v === undefined ? '' : String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function num(x: number | null | undefined): string {
  return x === null || x === undefined || !Number.isFinite(x) ? '' : String(Number(x.toPrecision(10)));
}

/** The table of `points` in a format. */
export function resultsTable(points: readonly StoredPoint[], format: TableFormat): string {
  const rows = orderPoints(points);
  const grid = gridColumns(rows);
  const metrics = metricColumns(rows);
  const multi = new Set(rows.map((p) => p.experiment)).size > 1;
  if (format === 'json') {
    return `${JSON.stringify(
      rows.map((p) => ({
        experiment: p.experiment,
        index: p.index,
        key: p.key,
        values: p.values,
        config: p.config,
        replications: p.replications.length,
        saturated: p.summary.saturated,
        saturation: p.summary.saturation,
        incomplete: p.summary.incomplete,
        ci: p.summary.ci,
        batchMeans: p.summary.batchMeans,
        metrics: Object.fromEntries(
          metrics.map((m) => [m, { ...(p.summary.metrics[m] as Interval | undefined), state: metricState(p, m) }]),
        ),
        seeds: p.replications.map((r) => r.seed),
        // each replication alone, as `wormcast simulate` runs it (docs/experiments.md "Seeds")
        commands: p.replications.map((r) => simulateCommand(p.config, r.seed, r.cycles)),
      })),
      null,
      2,
    )}\n`;
  }
  if (format === 'csv') {
    const head = [
      ...(multi ? ['experiment'] : []),
      'index',
      ...grid,
      'replications',
      ...metrics.flatMap((m) => [
        m,
        `${m}_halfWidth`,
        `${m}_lo`,
        `${m}_hi`,
        ...(metricsMarked(rows, m) ? [`${m}_measured`] : []),
      ]),
      'saturated',
      'incomplete',
      'ci_stop',
    ];
    const lines = [head.map(csvCell).join(',')];
    for (const p of rows) {
      const cells: unknown[] = [
        ...(multi ? [p.experiment] : []),
        p.index,
        ...grid.map((g) => (p.values as Record<string, unknown>)[g]),
        p.replications.length,
      ];
      for (const m of metrics) {
        const i = p.summary.metrics[m] as Interval | undefined;
        const state = metricState(p, m);
        if (state === 'ok') cells.push(num(i?.mean), num(i?.halfWidth), num(i?.lo), num(i?.hi));
        else cells.push(state, '', '', '');
        if (metricsMarked(rows, m)) cells.push(state === 'ok' ? '' : num(i?.mean));
      }
      cells.push(p.summary.saturated, p.summary.incomplete.length > 0, p.summary.ci?.stop ?? '');
      lines.push(cells.map(csvCell).join(','));
    }
    return `${lines.join('\n')}\n`;
  }
  const level = Math.round((rows[0]?.settings.statistics.confidence ?? 0.95) * 1000) / 10;
  const head = [
    ...(multi ? ['experiment'] : []),
    ...grid,
    'reps',
    ...metrics.map((m) => `${m} (${level}% CI)`),
    'saturated',
  ];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const p of rows) {
    const cells = [
      ...(multi ? [p.experiment] : []),
      ...grid.map((g) => String((p.values as Record<string, unknown>)[g] ?? '')),
      String(p.replications.length),
      ...metrics.map((m) => formatInterval(p, m)),
      p.summary.saturated
        ? `yes: ${p.summary.saturation[0] ?? ''}`
        : p.summary.incomplete.length > 0
          ? `incomplete: ${p.summary.incomplete[0]}`
          : 'no',
    ];
    lines.push(`| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** Whether any point marks metric `m` (then CSV has a <m>_measured column for the marked values). */
function metricsMarked(rows: readonly StoredPoint[], m: MetricName): boolean {
  return rows.some((p) => metricState(p, m) !== 'ok');
}
