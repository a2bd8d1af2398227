import type { Command } from 'commander';
import { WormcastError } from '../../errors.ts';
import { readStore } from '../../experiment/sweep/store.ts';
import { resultsTable, type TableFormat } from '../../report/results-table.ts';

/** `wormcast results <file>`: a sweep's result file as a table (docs/experiments.md "Results"). */
export function registerResults(program: Command): void {
  program
    .command('results')
    .description(
      "a sweep's result file as a table: one row per point, each metric's mean and confidence interval, saturated points marked",
    )
    .argument('<file>', 'result file written by wormcast sweep (JSON lines)')
    .option('--format <format>', 'csv | json | md', 'md')
    .option('--csv', 'the same as --format csv')
    .option('--experiment <name>', 'only the points of this experiment (a file may hold several)')
    .action((file: string, o: { format: string; csv?: boolean; experiment?: string }) => {
      const format = o.csv ? 'csv' : o.format;
      if (format !== 'csv' && format !== 'json' && format !== 'md')
        throw new WormcastError(`results --format '${format}': expected csv, json or md`);
      const contents = readStore(file, `results ${file}`);
      let points = [...contents.points.values()];
      if (points.length === 0 && contents.badLines.length === 0)
        throw new WormcastError(
          `results: ${file} holds no finished point${contents.tornBytes ? ' (only a torn last line)' : ''}; run wormcast sweep first`,
        );
      if (contents.badLines.length > 0)
        process.stderr.write(
          `wormcast: warning: ${file}: line${contents.badLines.length > 1 ? 's' : ''} ${contents.badLines.slice(0, 5).join(', ')}${contents.badLines.length > 5 ? ', ...' : ''} not a stored point; skipped\n`,
        );
      if (o.experiment !== undefined) {
        const names = [...new Set(points.map((p) => p.experiment))];
        points = points.filter((p) => p.experiment === o.experiment);
        if (points.length === 0)
          throw new WormcastError(
            `results --experiment '${o.experiment}': not in ${file}; it holds ${names.join(', ')}`,
          );
      }
      process.stdout.write(resultsTable(points, format as TableFormat));
    });
}
