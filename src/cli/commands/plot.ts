import { basename } from 'node:path';
import type { Command } from 'commander';
import { WormcastError } from '../../errors.ts';
import { inputProblemLine, readInputText } from '../../experiment/config/input-file.ts';
import { METRICS } from '../../experiment/config/metrics.ts';
import { writeFileWhole } from '../../experiment/config/output-file.ts';
import { OPTION_KEYS } from '../../experiment/config/options.ts';
import { didYouMean } from '../../experiment/config/schema.ts';
import { readStore } from '../../experiment/sweep/store.ts';
import { plotRows, plotSpec, type PlotAxes } from '../../report/plot-spec.ts';
import { renderHtml, renderSvg } from '../../report/plot-svg.ts';
import { orderPoints } from '../../report/results-table.ts';

/** A reference curve is a few hundred x,y lines: 16 MiB is far more than any needs. */
const MAX_REFERENCE_BYTES = 16 << 20;

/** The x,y pairs of a reference curve file. */
function readReference(path: string): Array<[number, number]> {
  const text = readInputText(path, {
    limit: MAX_REFERENCE_BYTES,
    problem: (p) =>
      p.kind === 'unreadable'
        ? `plot --reference: cannot read ${path} (${p.code})`
        : inputProblemLine(`plot --reference ${path}`, 'a curve file (lines x,y)')(p),
  });
  const points: Array<[number, number]> = [];
  let header = false;
  text.split(/\r?\n/).forEach((line, i) => {
    const t = line.trim();
    if (t === '' || t.startsWith('#')) return;
    const [a, b] = t.split(',').map((c) => Number(c.trim()));
    if (Number.isFinite(a) && Number.isFinite(b)) points.push([a!, b!]);
    else if (header || points.length > 0)
      throw new WormcastError(`plot --reference ${path}: line ${i + 1} '${t.slice(0, 40)}' is not x,y`);
    else header = true;
  });
  if (points.length === 0) throw new WormcastError(`plot --reference ${path}: no x,y line`);
  return points;
}

/** Check that `name` is one of `known` (an option, a metric), with a did-you-mean. */
function pick(name: string, known: readonly string[], flag: string, what: string): string {
  if (known.includes(name)) return name;
  const guess = didYouMean(name, known);
  throw new WormcastError(
    `plot ${flag} '${name}': not ${what}${guess ? ` (did you mean '${guess}'?)` : ''}; expected one of ${known.join(', ')}`,
  );
}

/** `wormcast plot <results>`: a sweep's results as an SVG figure or an interactive HTML page (docs/experiments.md "Plots"). */
export function registerPlot(program: Command): void {
  program
    .command('plot')
    .description(
      "plot a sweep's result file: y against x, a line per series, panels per facet, confidence intervals as error bars, saturated points marked; SVG or interactive HTML",
    )
    .argument('<results>', 'result file written by wormcast sweep')
    .option('--x <option>', 'x axis: an option of the points', 'load')
    .option('--y <metric>', `y axis: ${METRICS.join(' | ')}`, 'meanLatency')
    .option('--series <option>', 'one line per value of this option')
    .option('--facet <option>', 'one panel per value of this option')
    .option('--experiment <name>', 'only the points of this experiment')
    .option('--title <text>', 'figure title')
    .option(
      '--reference <csv>',
      "another simulator's curve to draw beside the points: lines x,y (a header line and # comments are skipped)",
    )
    .option('--reference-label <text>', 'its name in the legend (default: the file name)')
    .requiredOption('-o, --output <file>', 'fig.svg (static) or fig.html (interactive page, no network needed)')
    .action(
      async (
        file: string,
        o: {
          x: string;
          y: string;
          series?: string;
          facet?: string;
          experiment?: string;
          title?: string;
          reference?: string;
          referenceLabel?: string;
          output: string;
        },
      ) => {
        const axes: PlotAxes = {
          x: pick(o.x, OPTION_KEYS, '--x', 'an option of the points'),
          y: pick(o.y, METRICS, '--y', 'a metric'),
          ...(o.series !== undefined
            ? { series: pick(o.series, OPTION_KEYS, '--series', 'an option of the points') }
            : {}),
          ...(o.facet !== undefined ? { facet: pick(o.facet, OPTION_KEYS, '--facet', 'an option of the points') } : {}),
          ...(o.title !== undefined ? { title: o.title } : {}),
          ...(o.reference !== undefined
            ? {
                reference: {
                  label: o.referenceLabel ?? basename(o.reference).replace(/\.csv$/i, ''),
                  points: readReference(o.reference),
                },
              }
            : {}),
        };
        const html = /\.html?$/i.test(o.output);
        if (!html && !/\.svg$/i.test(o.output))
          throw new WormcastError(`plot -o '${o.output}': the file name must end in .svg or .html`);
        const stored = readStore(file, `plot ${file}`);
        let points = orderPoints(stored.points.values());
        if (o.experiment !== undefined) points = points.filter((p) => p.experiment === o.experiment);
        if (points.length === 0)
          throw new WormcastError(
            `plot: ${file} holds no finished point${o.experiment !== undefined ? ` of experiment '${o.experiment}'` : ''}; run wormcast sweep first`,
          );
        const missing = points.find((p) => !(axes.y in p.summary.metrics));
        if (missing)
          throw new WormcastError(
            `plot --y ${axes.y}: the points have no interval of it; their metrics are ${Object.keys(missing.summary.metrics).join(', ')} (statistics.metrics of the experiment)`,
          );
        const rows = plotRows(points, { ...axes, interactive: html });
        if (rows.length === 0)
          throw new WormcastError(
            points.every((p) => p.config.traffic === 'isolated')
              ? `plot: no point has a value of ${axes.y}: the points are isolated multicasts (traffic: isolated), which have no load, so no ${axes.y}; plot a latency, e.g. --y meanLatency`
              : `plot: no point has a value of ${axes.y} (every run measured nothing)`,
          );
        const spec = plotSpec(rows, { ...axes, interactive: html });
        const text = html ? renderHtml(spec, axes.title ?? `${axes.y} against ${axes.x}`) : await renderSvg(spec);
        writeFileWhole(o.output, text, `plot -o ${o.output}`);
        const saturated = rows.filter((r) => r.state === 'saturated').length;
        process.stdout.write(
          `plot: ${rows.length} points${saturated ? ` (${saturated} saturated, marked)` : ''} -> ${o.output}\n`,
        );
      },
    );
}
