import type { MetricName } from '../experiment/config/metrics.ts';
import { formatNumber } from '../experiment/sweep/format.ts';
import type { StoredPoint } from '../experiment/sweep/store.ts';
import { completeAxes, varyingOptions } from './plot-axes.ts';
import { plotRows, plotSpec, type PlotAxes } from './plot-spec.ts';
import { htmlEscape as esc, scriptSafe } from './plot-svg.ts';
import { quantityOf, unitOf } from './quantities.ts';
import { orderPoints, tidyRows } from './results-table.ts';

/*
 * `wormcast report <store> -o report.html` (issue 23): a result store as the one page a reader of
 * a paper opens from its artifact: for each experiment its configuration (what every point
 * shares, what the grid varies, the statistics and the saturation rule), the engine version the
 * numbers come from, the tidy table of `wormcast results` with each point's status, and
 * interactive plots (hover for the interval and status, drag and wheel to zoom) drawn by vega
 * from its minified build inlined in the page: no network, no CDN, one file.
 */

export interface ReportSource {
  /** The store's file name as the page shows it. */
  file: string;
  points: readonly StoredPoint[];
  /** The engine version of the wormcast that wrote the page (the points carry their own). */
  version: string;
}

/** A plot of the page: its Vega spec (compiled by the caller) or why there is none. */
export interface ReportPlot {
  experiment: string;
  title: string;
  spec: Record<string, unknown> | null;
  note?: string;
}

/** The Vega-Lite specs of an experiment's plots: each latency and throughput metric against the grid's first numeric option. */
export function reportPlots(points: readonly StoredPoint[]): ReportPlot[] {
  const out: ReportPlot[] = [];
  for (const [experiment, pts] of byExperiment(points)) {
    const varying = varyingOptions(pts).filter((k) => k !== 'experiment');
    const x = varying.find((k) => pts.every((p) => typeof (p.values as Record<string, unknown>)[k] === 'number'));
    if (!x) {
      out.push({ experiment, title: '', spec: null, note: 'no numeric option varies in the grid: no plot' });
      continue;
    }
    const metrics = Object.keys(pts[0]!.summary.metrics) as MetricName[];
    for (const y of metrics.filter((m) => m === 'meanLatency' || m === 'throughput' || m === 'meanCompletion')) {
      let axes: PlotAxes;
      try {
        axes = completeAxes(pts, { x, y }).axes;
      } catch (e) {
        out.push({ experiment, title: y, spec: null, note: (e as Error).message.replace(/^wormcast: /, '') });
        continue;
      }
      const withUnits = pts.every((p) => p.config.units?.cycleUs !== undefined);
      const full: PlotAxes = {
        ...axes,
        timeUnit: withUnits ? 'us' : 'cycles',
        confidence: pts[0]!.settings.statistics.confidence,
        interactive: true,
        width: 480,
        height: 300,
      };
      const rows = plotRows(pts, full);
      const spec = plotSpec(rows, full);
      out.push({ experiment, title: (spec.title as { text: string }).text, spec });
    }
  }
  return out;
}

function byExperiment(points: readonly StoredPoint[]): Map<string, StoredPoint[]> {
  const m = new Map<string, StoredPoint[]>();
  for (const p of orderPoints(points)) {
    if (!m.has(p.experiment)) m.set(p.experiment, []);
    m.get(p.experiment)!.push(p);
  }
  return m;
}

/** What every point of an experiment shares: its configuration apart from the grid. */
function sharedConfig(pts: readonly StoredPoint[]): Array<[string, string]> {
  const first = pts[0]!.config as unknown as Record<string, unknown>;
  return Object.keys(first)
    .filter((k) =>
      pts.every(
        (p) => JSON.stringify((p.config as unknown as Record<string, unknown>)[k]) === JSON.stringify(first[k]),
      ),
    )
    .map((k) => [k, typeof first[k] === 'object' ? JSON.stringify(first[k]) : String(first[k])]);
}

function definitionList(pairs: ReadonlyArray<readonly [string, string]>): string {
  return `<table class="config">${pairs.map(([k, v]) => `<tr><th>${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>`;
}

/** The tidy table of `wormcast results` as HTML: numbers right-aligned, each row classed by its status. */
function resultsHtml(pts: readonly StoredPoint[]): string {
  const { columns, table, metrics } = tidyRows(pts);
  const metricOf = (c: string) => metrics.find((m) => c === m || c.startsWith(`${m}_`));
  const head = columns.map((c) => {
    const m = metricOf(c);
    const unit = m ? unitOf(m, 'cycles') : '';
    const tip = m ? `${quantityOf(m).title}${quantityOf(m).note ? ` (${quantityOf(m).note})` : ''}` : '';
    return `<th${tip ? ` title="${esc(tip)}"` : ''}>${esc(c)}${unit ? `<br><small>${esc(unit)}</small>` : ''}</th>`;
  });
  const body = table.map((row) => {
    const cells = columns.map((c) => {
      const v = row[c];
      const m = metricOf(c);
      if (v === null || v === undefined) return '<td></td>';
      if (typeof v === 'number')
        return `<td class="num">${esc(m ? formatNumber(v, (row[m] as number | null) ?? v) : String(v))}</td>`;
      return `<td${c === 'status' || c === 'reason' ? ` class="${c}"` : ''}>${esc(String(v))}</td>`;
    });
    return `<tr class="status-${esc(String(row.status))}">${cells.join('')}</tr>`;
  });
  return `<div class="scroll"><table class="results"><thead><tr>${head.join('')}</tr></thead><tbody>${body.join('\n')}</tbody></table></div>`;
}

/** The page. `compiled` are the Vega specs of `plots` (null where a plot has none); `vegaJs` is vega's minified build. */
export function reportPage(
  src: ReportSource,
  plots: readonly ReportPlot[],
  compiled: readonly (object | null)[],
  vegaJs: string,
): string {
  const groups = byExperiment(src.points);
  const engines = [...new Set(src.points.map((p) => p.engineVersion))];
  const finished = src.points
    .map((p) => p.run.finishedAt)
    .filter(Boolean)
    .sort();
  const sections: string[] = [];
  let plotIndex = 0;
  for (const [name, pts] of groups) {
    const st = pts[0]!.settings;
    const grid = varyingOptions(pts)
      .filter((k) => k !== 'experiment')
      .map(
        (k) => [k, [...new Set(pts.map((p) => String((p.values as Record<string, unknown>)[k])))].join(', ')] as const,
      );
    const counts = ['ok', 'saturated', 'deadlock', 'incomplete']
      .map((s) => [s, tidyRows(pts).table.filter((r) => r.status === s).length] as const)
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${n} ${s}`)
      .join(', ');
    const figures: string[] = [];
    for (const [k, plot] of plots.entries()) {
      if (plot.experiment !== name) continue;
      figures.push(
        compiled[k]
          ? `<figure><div class="plot" id="plot-${plotIndex}" data-plot="${k}"></div></figure>`
          : `<p class="note">${esc(plot.note ?? '')}</p>`,
      );
      if (compiled[k]) plotIndex++;
    }
    sections.push(`<section class="experiment" data-experiment="${esc(name)}">
<h2>Experiment ${esc(name)}</h2>
<p>${pts.length} point${pts.length === 1 ? '' : 's'} (${esc(counts)}), ${st.replications} replication${st.replications === 1 ? '' : 's'} each, ${Math.round(st.statistics.confidence * 1000) / 10}% confidence intervals (Student t over replications).</p>
<h3>Configuration</h3>
<div class="cols"><div><h4>Shared by every point</h4>${definitionList(sharedConfig(pts))}</div>
<div><h4>Grid</h4>${definitionList(grid)}<h4>Statistics and saturation rule</h4>${definitionList([
      ['seed', `${st.seed} (${st.seeds})`],
      ['replications', String(st.replications)],
      ['metrics', st.statistics.metrics.join(', ')],
      ['confidence', String(st.statistics.confidence)],
      ['saturation', JSON.stringify(st.saturation)],
      ['runUntil', st.runUntil ? JSON.stringify(st.runUntil) : 'none'],
    ])}</div></div>
<h3>Plots</h3>
${figures.join('\n')}
<h3>Results</h3>
<p class="legend">status: <b>ok</b> a measured value; <b>saturated</b> past saturation (a latency is only a lower bound and is left out of its column; <code>_measured</code> holds it); <b>deadlock</b>, <b>incomplete</b>: a run measured nothing the point asked for (no value). Hover a header for what it measures.</p>
${resultsHtml(pts)}
</section>`);
  }
  const specs = compiled.filter((c): c is object => c !== null);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>wormcast report: ${esc(src.file)}</title>
<style>
body { font-family: sans-serif; margin: 1.5em auto; max-width: 75em; padding: 0 1em; color: #222; }
table { border-collapse: collapse; font-size: 0.85em; }
th, td { border: 1px solid #ddd; padding: 0.2em 0.5em; vertical-align: top; }
th { background: #f5f5f5; text-align: left; }
td.reason { min-width: 30em; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
tr.status-saturated td.status { background: #fff1d6; }
tr.status-deadlock td.status, tr.status-incomplete td.status { background: #fde0e0; }
.scroll { overflow-x: auto; }
.cols { display: flex; gap: 2em; flex-wrap: wrap; }
.note, .legend { color: #555; font-size: 0.9em; }
figure { margin: 1em 0; }
</style>
<script>${scriptSafe(vegaJs)}</script>
</head>
<body>
<h1>wormcast results: ${esc(src.file)}</h1>
<table class="config provenance">
<tr><th>store</th><td>${esc(src.file)}</td></tr>
<tr><th>engine version</th><td class="engine-version">${engines.map(esc).join('<br>')}</td></tr>
<tr><th>points finished</th><td>${esc(finished.length ? `${finished[0]} .. ${finished.at(-1)}` : '-')}</td></tr>
<tr><th>page written by</th><td>wormcast ${esc(src.version)}${engines.every((e) => e === src.version) ? ' (the same engine)' : ' (another engine than the points: rerunning them may give other numbers)'}</td></tr>
</table>
<p class="note">Times are in cycles (one flit over one channel), load in flits per node per cycle (docs/units.md); points given in a seed's units are plotted in microseconds. Every replication can be rerun alone: <code>wormcast results ${esc(src.file)} --format json</code> lists its command.</p>
${sections.join('\n')}
<script>
const specs = ${scriptSafe(JSON.stringify(specs))};
Promise.all(specs.map((spec, i) =>
  new vega.View(vega.parse(spec), { renderer: 'svg', container: '#plot-' + i, hover: true }).runAsync()
)).then(() => { document.body.dataset.plots = 'drawn'; },
  (e) => { document.body.dataset.plots = 'failed: ' + e.message; });
</script>
</body>
</html>
`;
}
