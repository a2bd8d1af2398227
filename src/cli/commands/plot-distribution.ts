import { WormcastError } from '../../errors.ts';
import type { StoredPoint } from '../../experiment/sweep/store.ts';
import {
  completeDistributionAxes,
  type DistributionAxes,
  distributionRows,
  distributionSpec,
} from '../../report/distribution-spec.ts';
import type { FigureFont } from '../../report/figure-font.ts';
import { svgToPdf } from '../../report/plot-pdf.ts';
import { svgToPng } from '../../report/plot-png.ts';
import { renderHtml, renderSvg } from '../../report/plot-svg.ts';
import type { FigureFormat } from '../figure-output.ts';

/*
 * `wormcast plot --kind cdf|histogram` (issue 23): the latency distributions of stored points,
 * drawn and rendered as `plot` draws its curves (the same renderers and output formats).
 */

/** The figure's bytes and the line `plot` prints about it. */
export async function drawDistribution(
  points: readonly StoredPoint[],
  requested: DistributionAxes,
  format: FigureFormat,
  font: FigureFont | undefined,
): Promise<{ data: string | Uint8Array; line: string }> {
  const { axes, auto } = completeDistributionAxes(points, requested);
  const rows = distributionRows(points, axes);
  if (rows.length === 0)
    throw new WormcastError(`plot --kind ${axes.kind}: no point has a completed message in its measured windows`);
  if (axes.logX && rows.some((r) => r.x <= 0))
    throw new WormcastError(`plot --log-x: a latency of ${rows.find((r) => r.x <= 0)!.x} cannot be on a log axis`);
  const spec = distributionSpec(rows, axes);
  const title = (spec.title as { text: string }).text;
  let data: string | Uint8Array;
  if (format === 'html') data = await renderHtml(spec, title);
  else {
    const svg = await renderSvg(spec);
    data = format === 'svg' ? svg : format === 'png' ? await svgToPng(svg, font!) : await svgToPdf(svg, title, font);
  }
  const series = new Set(rows.map((r) => `${r.facet}\u0000${r.series}`)).size;
  return {
    data,
    line: `plot: ${axes.kind === 'cdf' ? 'latency CDF' : 'latency histogram'} of ${points.length} point${points.length === 1 ? '' : 's'} (${series} line${series === 1 ? '' : 's'})${auto.length ? `; ${auto.join(' ')} (the grid varies them)` : ''}`,
  };
}
