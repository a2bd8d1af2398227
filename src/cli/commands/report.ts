import { basename } from 'node:path';
import type { Command } from 'commander';
import { engineVersion } from '../../experiment/sweep/engine-version.ts';
import { reportPage, reportPlots } from '../../report/report-page.ts';
import { compileSpec, vegaBrowserBuild } from '../../report/plot-svg.ts';
import { figureFormat, writeFigureFile } from '../figure-output.ts';
import { storedPoints } from '../stored-points.ts';

/** `wormcast report <store> -o report.html`: the store as one self-contained page for a paper's artifact (docs/experiments.md "Report"). */
export function registerReport(program: Command): void {
  program
    .command('report')
    .description(
      "a sweep's result file as one self-contained HTML page: configuration, engine version, the results table with each point's status, interactive plots with confidence intervals",
    )
    .argument('<results>', 'result file written by wormcast sweep')
    .requiredOption('-o, --output <file>', 'report.html')
    .action(async (file: string, o: { output: string }) => {
      figureFormat(o.output, 'report', ['html']);
      const points = storedPoints('report', file);
      const plots = reportPlots(points);
      const compiled = await Promise.all(plots.map((p) => (p.spec ? compileSpec(p.spec) : null)));
      const page = reportPage(
        { file: basename(file), points, version: engineVersion() },
        plots,
        compiled,
        await vegaBrowserBuild(),
      );
      writeFigureFile(o.output, page, 'report');
      const drawn = compiled.filter(Boolean).length;
      const experiments = new Set(points.map((p) => p.experiment)).size;
      process.stdout.write(
        `report: ${points.length} points of ${experiments} experiment${experiments === 1 ? '' : 's'}, ${drawn} plot${drawn === 1 ? '' : 's'} -> ${o.output}\n`,
      );
    });
}
