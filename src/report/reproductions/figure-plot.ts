import { formatNumber } from '../../experiment/sweep/format.ts';
import { placeOffScale, plotSpec, type PlotRow } from '../plot-spec.ts';
import type { FigureData } from './types.ts';

/*
 * A reproduction's curves as the Vega-Lite spec of src/report/plot-spec.ts (the sweep plots'
 * layout: a line per series, error bars), titled with the seed's axes and units, x reversed where
 * the seed draws it decreasing, y over the seed's range where the entry gives it. A point without a
 * value is never drawn as one (issue 27): a saturated latency (a lower bound, labelled `>= v`) and a
 * deadlocked point (a diamond labelled `deadlock`) sit in the band above the curves, as in the
 * sweep plots.
 */

/** The plot rows of a figure; a measured point without a finite y is left out. */
export function figureRows(d: FigureData): PlotRow[] {
  const rows: PlotRow[] = [];
  for (const s of d.series) {
    for (const p of s.points) {
      const state = p.state ?? 'measured';
      const finite = Number.isFinite(p.y);
      if (state === 'measured' && !finite) continue;
      rows.push({
        x: p.x,
        y: finite ? p.y : 0,
        mean: finite ? p.y : null,
        lo: state === 'measured' ? (p.lo ?? null) : null,
        hi: state === 'measured' ? (p.hi ?? null) : null,
        series: s.name,
        facet: '',
        state,
        label:
          state === 'measured'
            ? ''
            : state === 'deadlock'
              ? 'deadlock'
              : finite
                ? `>= ${formatNumber(p.y)}`
                : 'saturated',
        replications: 0,
      });
    }
  }
  // the figures' non-measured points are latencies past saturation or deadlocks: none is a value
  placeOffScale(rows, true, false);
  return rows;
}

type Layer = { mark?: unknown; encoding?: Record<string, Record<string, unknown> | undefined> };

/** The figure's Vega-Lite spec (null when it has no curve: a table or a worked example). */
export function figureSpec(d: FigureData, title: string, legend = 'series'): Record<string, unknown> | null {
  const rows = figureRows(d);
  if (rows.length === 0) return null;
  const spec = plotSpec(rows, { x: d.xTitle, y: d.yTitle, series: legend, title });
  const layers = spec.layer as Layer[];
  if (d.xReverse) {
    for (const layer of layers) {
      if (layer.encoding?.x) layer.encoding.x = { ...layer.encoding.x, scale: { reverse: true, zero: false } };
    }
  }
  // the seed's y axis (e.g. 0-3000 in seed 004 Fig. 7.1, where multiple one-to-one leaves the top):
  // curves beyond it are clipped as in the seed; a figure with a band of markers keeps its own axis
  if (d.yRange && !rows.some((r) => r.offScale)) {
    const scale = { type: 'linear', domain: d.yRange, nice: false, zero: false };
    for (const layer of layers) {
      for (const k of ['y'] as const) {
        const e = layer.encoding?.[k];
        if (e && e.field !== undefined) layer.encoding![k] = { ...e, scale };
      }
      if (typeof layer.mark === 'object' && layer.mark !== null) layer.mark = { ...layer.mark, clip: true };
      else if (typeof layer.mark === 'string') layer.mark = { type: layer.mark, clip: true };
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
