import { plotSpec, type PlotRow } from '../plot-spec.ts';
import type { FigureData } from './types.ts';

/*
 * A reproduction's curves as the Vega-Lite spec of src/report/plot-spec.ts (the sweep plots'
 * layout: a line per series, error bars, saturated points as crosses), titled with the seed's
 * axes and units, x reversed where the seed draws it decreasing.
 */

/** The plot rows of a figure: deadlocked points are drawn as saturated (crosses), points without a value are left out. */
export function figureRows(d: FigureData): PlotRow[] {
  const rows: PlotRow[] = [];
  for (const s of d.series) {
    for (const p of s.points) {
      if (!Number.isFinite(p.y)) continue;
      rows.push({
        x: p.x,
        y: p.y,
        mean: p.y,
        lo: p.lo ?? null,
        hi: p.hi ?? null,
        series: s.name,
        facet: '',
        state: p.state === undefined || p.state === 'measured' ? 'measured' : 'saturated',
        replications: 0,
      });
    }
  }
  const measured = rows.filter((r) => r.state === 'measured');
  if (measured.length > 0) {
    const top = Math.max(...measured.map((r) => r.hi ?? r.y)) * 1.25;
    for (const r of rows) if (r.state === 'saturated' && r.y > top) r.y = top;
  }
  return rows;
}

/** The figure's Vega-Lite spec (null when it has no curve: a table or a worked example). */
export function figureSpec(d: FigureData, title: string, legend = 'series'): Record<string, unknown> | null {
  const rows = figureRows(d);
  if (rows.length === 0) return null;
  const spec = plotSpec(rows, { x: d.xTitle, y: d.yTitle, series: legend, title });
  if (d.xReverse) {
    for (const layer of spec.layer as Array<{ encoding?: { x?: Record<string, unknown> } }>) {
      if (layer.encoding?.x) layer.encoding.x = { ...layer.encoding.x, scale: { reverse: true, zero: false } };
    }
  }
  return spec;
}

/** The figure's data as CSV: series, x, y, lo, hi, state (or the table). */
export function figureCsv(d: FigureData): string {
  const cell = (v: unknown) => {
    const s = v === null || v === undefined || (typeof v === 'number' && !Number.isFinite(v)) ? '' : String(v);
    return /[",\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines: string[] = [];
  if (d.series.length > 0) {
    lines.push(['series', d.xTitle, d.yTitle, 'lo', 'hi', 'state'].map(cell).join(','));
    for (const s of d.series)
      for (const p of s.points) lines.push([s.name, p.x, p.y, p.lo, p.hi, p.state ?? 'measured'].map(cell).join(','));
  }
  if (d.table) {
    if (lines.length > 0) lines.push('');
    lines.push(d.table.columns.map(cell).join(','));
    for (const r of d.table.rows) lines.push(r.map(cell).join(','));
  }
  return `${lines.join('\n')}\n`;
}
