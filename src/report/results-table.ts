import type { Interval } from '../experiment/run/confidence.ts';
import { formatNumber } from '../experiment/sweep/format.ts';
import type { MetricName } from '../experiment/config/metrics.ts';
import { simulateCommand } from '../experiment/config/point-config.ts';
import type { StoredPoint } from '../experiment/sweep/store.ts';
import { isValue, metricValue, pointStatus } from './point-status.ts';
import { unitOf } from './quantities.ts';

/*
 * `wormcast results`: a result file as a tidy table (docs/experiments.md "Results", issue 23): one
 * row per point, in experiment and grid order; the grid's options, the replications, the point's
 * status (ok, saturated, deadlock, incomplete: src/report/point-status.ts), then per metric its
 * mean and the confidence interval's low and high ends and half-width, then the reason for a
 * status other than ok. A metric column holds only numbers: a value that is not one (a saturated
 * point's latency, a deadlocked point's anything) is an empty cell in CSV and Markdown and null
 * in JSON, and the measured mean of such a point (a lower bound when saturated) is in
 * <metric>_measured. CSV, JSON and Markdown have the same columns; JSON adds the intervals' n
 * and sd, the seeds and the commands that rerun each replication. Stored points are read, never
 * changed.
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

/** A finite number to 10 significant digits, else null (an empty cell, JSON null). */
function num(x: number | null | undefined): number | null {
  return x === null || x === undefined || !Number.isFinite(x) ? null : Number(x.toPrecision(10));
}

/** One row of the tidy table: column name to a number, a string, a boolean or null. */
export type Row = Record<string, string | number | boolean | null>;

/** The columns and rows every format writes (`units`: each metric's unit, for headers and JSON). */
export function tidyRows(rows: readonly StoredPoint[]): { columns: string[]; table: Row[]; metrics: MetricName[] } {
  const grid = gridColumns(rows);
  const metrics = metricColumns(rows);
  const multi = new Set(rows.map((p) => p.experiment)).size > 1;
  const statuses = rows.map((p) => pointStatus(p));
  const marked = (m: MetricName) => rows.some((_, k) => !isValue(statuses[k]!.status, m));
  const columns = [
    ...(multi ? ['experiment'] : []),
    'index',
    ...grid,
    'replications',
    'status',
    ...metrics.flatMap((m) => [m, `${m}_lo`, `${m}_hi`, `${m}_halfWidth`, ...(marked(m) ? [`${m}_measured`] : [])]),
    'ci_stop',
    'reason',
  ];
  const table = rows.map((p, k) => {
    const { status, reason } = statuses[k]!;
    const row: Row = {
      ...(multi ? { experiment: p.experiment } : {}),
      index: p.index,
      ...Object.fromEntries(
        grid.map((g) => [g, ((p.values as Record<string, unknown>)[g] ?? null) as string | number | boolean | null]),
      ),
      replications: p.replications.length,
      status,
    };
    for (const m of metrics) {
      const i = metricValue(p, m, status);
      row[m] = num(i?.mean);
      row[`${m}_lo`] = num(i?.lo);
      row[`${m}_hi`] = num(i?.hi);
      row[`${m}_halfWidth`] = num(i?.halfWidth);
      if (marked(m)) row[`${m}_measured`] = i ? null : num((p.summary.metrics[m] as Interval | undefined)?.mean);
    }
    row.ci_stop = p.summary.ci?.stop ?? null;
    row.reason = reason;
    return row;
  });
  return { columns, table, metrics };
}

/** The table of `points` in a format. */
export function resultsTable(points: readonly StoredPoint[], format: TableFormat): string {
  const rows = orderPoints(points);
  const { columns, table, metrics } = tidyRows(rows);
  if (format === 'json') {
    return `${JSON.stringify(
      table.map((row, k) => {
        const p = rows[k]!;
        return {
          ...row,
          key: p.key,
          values: p.values,
          config: p.config,
          units: Object.fromEntries(metrics.map((m) => [m, unitOf(m, 'cycles')])),
          saturation: p.summary.saturation,
          incomplete: p.summary.incomplete,
          ci: p.summary.ci,
          batchMeans: p.summary.batchMeans,
          // every interval as stored, with n and sd (the columns above hold only values)
          intervals: Object.fromEntries(metrics.map((m) => [m, p.summary.metrics[m] ?? null])),
          seeds: p.replications.map((r) => r.seed),
          // each replication alone, as `wormcast simulate` runs it (docs/experiments.md "Seeds")
          commands: p.replications.map((r) => simulateCommand(p.config, r.seed, r.cycles)),
        };
      }),
      (_k, v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? null : v),
      2,
    )}\n`;
  }
  if (format === 'csv') {
    const lines = [columns.map(csvCell).join(',')];
    for (const row of table) lines.push(columns.map((c) => csvCell(row[c])).join(','));
    return `${lines.join('\n')}\n`;
  }
  // Markdown: the same columns, the metrics' units in the header, numbers at a precision that suits them
  const level = Math.round((rows[0]?.settings.statistics.confidence ?? 0.95) * 1000) / 10;
  const header = (c: string): string => {
    const m = metrics.find((x) => c === x || c.startsWith(`${x}_`));
    if (!m) return c;
    const unit = unitOf(m, 'cycles');
    const part = c.slice(m.length);
    const what =
      part === '' ? 'mean' : part === '_lo' ? `${level}% CI low` : part === '_hi' ? `${level}% CI high` : part.slice(1);
    return `${m} ${what}${unit ? ` [${unit}]` : ''}`;
  };
  const cell = (c: string, row: Row): string => {
    const v = row[c];
    if (v === null || v === undefined) return '';
    if (typeof v !== 'number' || c === 'index' || c === 'replications' || !metrics.some((m) => c.startsWith(m)))
      return String(v);
    const m = metrics.find((x) => c === x || c.startsWith(`${x}_`))!;
    return formatNumber(v, (row[m] as number | null) ?? (row[`${m}_measured`] as number | null) ?? v);
  };
  const lines = [`| ${columns.map(header).join(' | ')} |`, `|${columns.map(() => '---').join('|')}|`];
  for (const row of table) lines.push(`| ${columns.map((c) => cell(c, row).replace(/\|/g, '\\|')).join(' | ')} |`);
  return `${lines.join('\n')}\n`;
}
