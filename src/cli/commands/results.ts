import type { Command } from 'commander';
import { WormcastError } from '../../errors.ts';
import { resultsTable, type TableFormat } from '../../report/results-table.ts';
import { storedPoints } from '../stored-points.ts';

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
    .action((file: string, o: { format: string; csv?: boolean; experiment?: string }, cmd: Command) => {
      // both given and different: one of them would be dropped in silence (docs/cli.md)
      if (o.csv && cmd.getOptionValueSource('format') === 'cli' && o.format !== 'csv')
        throw new WormcastError(`results --csv and --format ${o.format}: give one (--csv is --format csv)`);
      const format = o.csv ? 'csv' : o.format;
      if (format !== 'csv' && format !== 'json' && format !== 'md')
        throw new WormcastError(`results --format '${format}': expected csv, json or md`);
      const points = storedPoints('results', file, o.experiment);
      process.stdout.write(resultsTable(points, format as TableFormat));
    });
}
