import type { Command } from 'commander';
import { join } from 'node:path';
import { parseIntIn, WormcastError } from '../../errors.ts';
import { defaultWorkers } from '../../experiment/sweep/pool.ts';
import { findReproduction, REPRODUCTIONS } from '../../report/reproductions/index.ts';
import { writeReport } from '../../report/reproductions/report.ts';
import { comparisonText, runReproduction, type ReproductionOutcome } from '../../report/reproductions/run.ts';
import type { Reproduction } from '../../report/reproductions/types.ts';
import { makeOutputDir } from '../output-dir.ts';

interface ReproduceOptions {
  list?: boolean;
  all?: boolean;
  quick?: boolean;
  workers?: string;
  out?: string;
  report?: string;
}

/** `wormcast reproduce`: the seeds' figures, tables and worked examples regenerated (docs/reproductions.md). */
export function registerReproduce(program: Command): void {
  program
    .command('reproduce')
    .description(
      "regenerate a figure, table or worked example of the seeds: data (JSON, CSV), an SVG laid out like the seed's, and the seed's claims checked; docs/reproductions.md",
    )
    .argument('[ids...]', "ids from 'wormcast reproduce --list' (e.g. 004-fig7.8)")
    .option('--list', 'list every reproduction with its caption')
    .option('--all', 'run every reproduction')
    .option('--quick', 'reduced sets and cycles (what CI runs)')
    .option('--workers <N>', 'worker threads for simulation figures (default: the number of cores)')
    .option('--out <dir>', 'where data, plots and result stores go (default reproductions/)')
    .option(
      '--report <dir>',
      'also write <dir>/reproductions.md with each figure under <dir>/figures/ (implies the figures go to <dir>/figures/)',
    )
    .action(async (ids: string[], o: ReproduceOptions) => {
      if (o.list) {
        // the other options are refused by src/cli/option-rules.ts; ids would be ignored too
        if (ids.length > 0)
          throw new WormcastError(
            `reproduce --list: the ids ${ids.join(', ')} would be ignored (--list lists every reproduction); leave them out, or run them without --list`,
          );
        const w = Math.max(...REPRODUCTIONS.map((r) => r.id.length));
        process.stdout.write(
          `${REPRODUCTIONS.map((r) => `${r.id.padEnd(w)}  ${r.kind.padEnd(14)}  ${r.caption}`).join('\n')}\n`,
        );
        return;
      }
      // '' would mean the current directory to some calls and no directory to others
      for (const [flag, dir] of [
        ['--out', o.out],
        ['--report', o.report],
      ] as const)
        if (dir !== undefined && dir.trim() === '')
          throw new WormcastError(`reproduce ${flag}: an empty path; give a directory (e.g. ${flag} reproductions)`);
      if (o.all && ids.length > 0) throw new WormcastError('reproduce: give ids or --all, not both');
      if (!o.all && ids.length === 0)
        throw new WormcastError("reproduce: give an id, --all or --list ('wormcast reproduce --list' lists the ids)");
      // each id once, in the order given
      const chosen: Reproduction[] = o.all ? [...REPRODUCTIONS] : [...new Set(ids)].map(findReproduction);
      const workers = o.workers === undefined ? defaultWorkers() : parseIntIn(o.workers, 0, 256, '--workers');
      const quick = o.quick === true;
      const outDir = o.report !== undefined ? join(o.report, 'figures') : (o.out ?? 'reproductions');
      // result stores of simulation figures: kept apart from the committed figures
      const ctx = {
        quick,
        workers,
        dir: join(o.out ?? (o.report !== undefined ? 'reproductions' : outDir), 'stores'),
        log: (s: string) => process.stderr.write(`${s}\n`),
      };
      // before any figure runs: a path that cannot be a directory is a user error
      const outGiven = o.report !== undefined ? `--report ${o.report}` : `--out ${outDir}`;
      makeOutputDir(outDir, outGiven);
      makeOutputDir(ctx.dir, o.out !== undefined ? `--out ${o.out}` : outGiven);
      const outcomes: ReproductionOutcome[] = [];
      const t0 = performance.now();
      for (const r of chosen) {
        process.stderr.write(`reproduce ${r.id}${quick ? ' (quick)' : ''}...\n`);
        const out = await runReproduction(r, ctx, outDir);
        outcomes.push(out);
        process.stdout.write(`${comparisonText(r, out)}\n\n`);
      }
      const total = (performance.now() - t0) / 1000;
      if (o.report !== undefined) {
        const file = writeReport(o.report, chosen, outcomes, { quick, workers, seconds: total });
        process.stdout.write(`report: ${file}\n`);
      }
      // a claim that comes out otherwise than its entry says is a regression or a stale entry
      const bad = outcomes.filter((x) => x.checks.some((c) => !c.asExpected));
      const counts = (['reproduced', 'partly reproduced', 'not reproduced'] as const)
        .map((v) => `${outcomes.filter((x) => x.verdict === v).length} ${v}`)
        .join(', ');
      process.stdout.write(
        `${outcomes.length} reproduction(s) in ${total.toFixed(1)} s: ${counts}${bad.length > 0 ? `; UNEXPECTED (a claim did not come out as its entry says): ${bad.map((x) => x.id).join(', ')}` : ''}\n`,
      );
    });
}
