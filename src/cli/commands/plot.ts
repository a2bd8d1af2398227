import { basename } from 'node:path';
import type { Command } from 'commander';
import { parseIntIn, WormcastError } from '../../errors.ts';
import { inputProblemLine, readInputText } from '../../experiment/config/input-file.ts';
import { METRICS } from '../../experiment/config/metrics.ts';
import { OPTION_KEYS } from '../../experiment/config/options.ts';
import { didYouMean } from '../../experiment/config/schema.ts';
import type { StoredPoint } from '../../experiment/sweep/store.ts';
import { completeAxes } from '../../report/plot-axes.ts';
import { svgToPdf } from '../../report/plot-pdf.ts';
import { figureFont, findFigureFont } from '../../report/figure-font.ts';
import { svgToPng } from '../../report/plot-png.ts';
import { plotRows, plotSpec, type PlotAxes } from '../../report/plot-spec.ts';
import { renderHtml, renderSvg } from '../../report/plot-svg.ts';
import type { TimeUnit } from '../../report/quantities.ts';
import { orderPoints } from '../../report/results-table.ts';
import { storedPoints } from '../stored-points.ts';
import { figureFormat, writeFigureFile } from '../figure-output.ts';
import { drawDistribution } from './plot-distribution.ts';

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

const PLOT_KINDS = ['curve', 'cdf', 'histogram'] as const;

/** The points whose option has the value (or one of the values) of `--where option=value[,value...]`; none is an error listing the values there are. */
function pointsWhere(points: StoredPoint[], where: string): StoredPoint[] {
  const eq = where.indexOf('=');
  if (eq <= 0) throw new WormcastError(`plot --where '${where}': expected option=value, e.g. algorithm=dual-path`);
  const key = pick(where.slice(0, eq), [...OPTION_KEYS, 'experiment'], '--where', 'an option of the points');
  const value = where.slice(eq + 1);
  const optionText = (p: StoredPoint) =>
    String(
      key === 'experiment'
        ? p.experiment
        : ((p.config as unknown as Record<string, unknown>)[key] ?? (p.values as Record<string, unknown>)[key]),
    );
  // a list picks each of its values (a value that itself holds commas, hotspots 0,63, matches whole)
  const values = new Set([value, ...value.split(',').map((v) => v.trim())]);
  const kept = points.filter((p) => values.has(optionText(p)));
  if (kept.length === 0)
    throw new WormcastError(
      `plot --where ${key}=${value}: no point has it; ${key} is ${[...new Set(points.map(optionText))].slice(0, 20).join(', ')}`,
    );
  return kept;
}

/** The time unit of the figure: --time-unit, else microseconds when every point has a cycle time. */
function timeUnitOf(points: readonly StoredPoint[], asked: string | undefined): TimeUnit {
  const withUnits = points.every((p) => p.config.units?.cycleUs !== undefined);
  if (asked === 'us' && !withUnits)
    throw new WormcastError(
      'plot --time-unit us: some points have no cycle time (they were not given in seed units: docs/units.md); use --time-unit cycles',
    );
  return (asked as TimeUnit | undefined) ?? (withUnits ? 'us' : 'cycles');
}

/** A positive whole number of pixels for --width / --height. */
function pixels(text: string | undefined, flag: string): number | undefined {
  return text === undefined ? undefined : parseIntIn(text, 50, 10_000, `plot ${flag}`);
}

interface PlotCliOptions {
  kind: string;
  where?: string[];
  bins?: string;
  x: string;
  y: string;
  series?: string;
  facet?: string;
  experiment?: string;
  title?: string;
  xTitle?: string;
  yTitle?: string;
  logX?: boolean;
  logY?: boolean;
  width?: string;
  height?: string;
  timeUnit?: string;
  font?: string;
  reference?: string;
  referenceLabel?: string;
  output: string;
}

/** `wormcast plot <results>`: a sweep's results as an SVG, PNG or PDF figure or an interactive HTML page (docs/experiments.md "Plots"). */
export function registerPlot(program: Command): void {
  program
    .command('plot')
    .description(
      "plot a sweep's result file: y against x, a line per series, panels per facet, confidence intervals as error bars, saturated and deadlocked points marked; SVG, PNG, PDF or interactive HTML",
    )
    .argument('<results>', 'result file written by wormcast sweep')
    .option(
      '--kind <kind>',
      'curve: y against x (default) | cdf | histogram: the latency distribution of each point, a line per series',
      'curve',
    )
    .option(
      '--where <option=value>',
      'only the points whose option has this value (or one of these), e.g. algorithm=dual-path or load=0.1,0.3; repeat for more options',
      (v: string, prev: string[] | undefined) => [...(prev ?? []), v],
    )
    .option('--bins <n>', 'bins of --kind histogram (default 30)')
    .option('--x <option>', 'x axis: an option of the points', 'load')
    .option('--y <metric>', `y axis: ${METRICS.join(' | ')}`, 'meanLatency')
    .option('--series <option>', 'one line per value of this option (default: an option the grid varies besides x)')
    .option('--facet <option>', 'one panel per value of this option (default: a second option the grid varies)')
    .option('--experiment <name>', 'only the points of this experiment')
    .option('--title <text>', 'figure title')
    .option('--x-title <text>', "x axis title (default: the option's name and unit)")
    .option('--y-title <text>', "y axis title (default: the metric's name and unit)")
    .option('--log-x', 'logarithmic x axis')
    .option('--log-y', 'logarithmic y axis')
    .option('--width <px>', 'width of one panel in pixels (default 420)')
    .option('--height <px>', 'height of one panel in pixels (default 280)')
    .option(
      '--time-unit <unit>',
      'cycles | us: latencies in cycles or in microseconds of the seed units the points were given in (default: us when every point has a cycle time, else cycles)',
    )
    .option(
      '--font <file>',
      'a .ttf/.otf font for the text of a PNG or PDF, embedded in the PDF (default: DejaVu Sans, Liberation Sans or Arial)',
    )
    .option(
      '--reference <csv>',
      "another simulator's curve to draw beside the points: lines x,y (a header line and # comments are skipped)",
    )
    .option('--reference-label <text>', 'its name in the legend (default: the file name)')
    .requiredOption(
      '-o, --output <file>',
      'fig.svg, fig.png, fig.pdf (static) or fig.html (interactive page, no network needed)',
    )
    .action(async (file: string, o: PlotCliOptions, cmd: Command) => {
      const format = figureFormat(o.output, 'plot', ['svg', 'png', 'pdf', 'html']);
      const options = [...OPTION_KEYS, 'experiment'];
      if (o.timeUnit !== undefined && o.timeUnit !== 'cycles' && o.timeUnit !== 'us')
        throw new WormcastError(`plot --time-unit '${o.timeUnit}': expected cycles or us`);
      if (!(PLOT_KINDS as readonly string[]).includes(o.kind))
        throw new WormcastError(`plot --kind '${o.kind}': expected one of ${PLOT_KINDS.join(', ')}`);
      if (o.kind !== 'curve')
        for (const flag of ['x', 'y', 'reference'])
          if (cmd.getOptionValueSource(flag) === 'cli')
            throw new WormcastError(
              `plot --${flag}: not an option of --kind ${o.kind}, whose x is the latency and y the fraction of deliveries`,
            );
      if (o.kind !== 'histogram' && o.bins !== undefined)
        throw new WormcastError('plot --bins: only with --kind histogram');
      const requested: PlotAxes = {
        x: pick(o.x, OPTION_KEYS, '--x', 'an option of the points'),
        y: pick(o.y, METRICS, '--y', 'a metric'),
        ...(o.series !== undefined ? { series: pick(o.series, options, '--series', 'an option of the points') } : {}),
        ...(o.facet !== undefined ? { facet: pick(o.facet, options, '--facet', 'an option of the points') } : {}),
        ...(o.title !== undefined ? { title: o.title } : {}),
        ...(o.xTitle !== undefined ? { xTitle: o.xTitle } : {}),
        ...(o.yTitle !== undefined ? { yTitle: o.yTitle } : {}),
        ...(o.logX ? { logX: true } : {}),
        ...(o.logY ? { logY: true } : {}),
        ...(o.width !== undefined ? { width: pixels(o.width, '--width') } : {}),
        ...(o.height !== undefined ? { height: pixels(o.height, '--height') } : {}),
        ...(o.reference !== undefined
          ? {
              reference: {
                label: o.referenceLabel ?? basename(o.reference).replace(/\.csv$/i, ''),
                points: readReference(o.reference),
              },
            }
          : {}),
      };
      // a PNG needs a font file; a PDF embeds one when found, else uses Helvetica
      const font = format === 'png' ? figureFont(o.font) : format === 'pdf' ? findFigureFont(o.font) : undefined;
      let points = orderPoints(storedPoints('plot', file, o.experiment));
      for (const w of o.where ?? []) points = pointsWhere(points, w);
      if (o.kind === 'cdf' || o.kind === 'histogram') {
        const timeUnit = timeUnitOf(points, o.timeUnit);
        const { data, line } = await drawDistribution(
          points,
          {
            kind: o.kind,
            ...(o.series !== undefined
              ? { series: pick(o.series, options, '--series', 'an option of the points') }
              : {}),
            ...(o.facet !== undefined ? { facet: pick(o.facet, options, '--facet', 'an option of the points') } : {}),
            ...(o.title !== undefined ? { title: o.title } : {}),
            ...(o.xTitle !== undefined ? { xTitle: o.xTitle } : {}),
            ...(o.yTitle !== undefined ? { yTitle: o.yTitle } : {}),
            ...(o.logX ? { logX: true } : {}),
            ...(o.logY ? { logY: true } : {}),
            ...(o.width !== undefined ? { width: pixels(o.width, '--width') } : {}),
            ...(o.height !== undefined ? { height: pixels(o.height, '--height') } : {}),
            ...(o.bins !== undefined ? { bins: parseIntIn(o.bins, 2, 1000, 'plot --bins') } : {}),
            timeUnit,
            interactive: format === 'html',
          },
          format,
          font,
        );
        writeFigureFile(o.output, data, 'plot');
        process.stdout.write(`${line} -> ${o.output}\n`);
        return;
      }
      const missing = points.find((p) => !(requested.y in p.summary.metrics));
      if (missing)
        throw new WormcastError(
          `plot --y ${requested.y}: the points have no interval of it; their metrics are ${Object.keys(missing.summary.metrics).join(', ')} (statistics.metrics of the experiment)`,
        );
      const { axes: completed, auto } = completeAxes(points, requested, cmd.getOptionValueSource('x') === 'cli');
      const axes: PlotAxes = {
        ...completed,
        timeUnit: timeUnitOf(points, o.timeUnit),
        confidence: points[0]!.settings.statistics.confidence,
        interactive: format === 'html',
      };
      const rows = plotRows(points, axes);
      if (rows.length === 0 || rows.every((r) => r.mean === null && r.state === 'measured'))
        throw new WormcastError(
          points.every((p) => p.config.traffic === 'isolated')
            ? `plot: no point has a value of ${axes.y}: the points are isolated multicasts (traffic: isolated), which have no load, so no ${axes.y}; plot a latency, e.g. --y meanLatency`
            : `plot: no point has a value of ${axes.y} (every run measured nothing)`,
        );
      if (axes.logX && rows.some((r) => typeof r.x !== 'number' || r.x <= 0))
        throw new WormcastError(
          `plot --log-x: every x must be a number above 0; ${axes.x} has ${rows.find((r) => typeof r.x !== 'number' || r.x <= 0)!.x}`,
        );
      if (axes.logY && rows.some((r) => r.state === 'measured' && r.y <= 0))
        throw new WormcastError(
          `plot --log-y: every value must be above 0; ${axes.y} is ${rows.find((r) => r.y <= 0)!.y} at ${axes.x} ${rows.find((r) => r.y <= 0)!.x}`,
        );
      const spec = plotSpec(rows, axes);
      const title = typeof spec.title === 'object' ? (spec.title as { text: string }).text : String(spec.title);
      let data: string | Uint8Array;
      if (format === 'html') data = await renderHtml(spec, title);
      else {
        const svg = await renderSvg(spec);
        data =
          format === 'svg' ? svg : format === 'png' ? await svgToPng(svg, font!) : await svgToPdf(svg, title, font);
      }
      writeFigureFile(o.output, data, 'plot');
      const count = (state: string) => rows.filter((r) => r.state === state).length;
      const marked = (['saturated', 'deadlock', 'incomplete'] as const)
        .filter((s) => count(s) > 0)
        .map((s) => `${count(s)} ${s}`);
      const offScale = rows.filter((r) => r.offScale).length;
      process.stdout.write(
        `plot: ${rows.length} points${marked.length ? ` (${marked.join(', ')}: marked${offScale ? `; ${offScale} without a value, drawn above the curves` : ''})` : ''}${auto.length ? `; ${auto.join(' ')} (the grid varies them)` : ''} -> ${o.output}\n`,
      );
    });
}
