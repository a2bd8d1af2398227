import { basename } from 'node:path';
import type { Command, Option } from 'commander';
import { parseIntIn, parseNumberIn, WormcastError } from '../../errors.ts';
import { readExperimentData } from '../../experiment/config/experiment-file.ts';
import { METRICS } from '../../experiment/config/metrics.ts';
import { optionEntry } from '../../experiment/config/option-table.ts';
import { didYouMean, optionValueError, parseExperiment } from '../../experiment/config/schema.ts';
import {
  BOOLEAN_OPTIONS,
  NUMERIC_OPTIONS,
  OPTION_KEYS,
  flagOf,
  isOptionKey,
  keyOf,
  type OptionKey,
  type OptionValue,
} from '../../experiment/config/options.ts';
import { defaultWorkers } from '../../experiment/sweep/pool.ts';
import { runSweep } from '../../experiment/sweep/sweep.ts';
import { tailSentDuatoPoints } from '../../experiment/sweep/duato-points.ts';
import { expandGrid } from '../../experiment/config/grid.ts';
import { sweepProgress } from '../../experiment/sweep/sweep-progress.ts';
import { IncompleteRunError } from '../exit-status.ts';
import { InterruptedError } from '../interrupted.ts';
import { nodeMemoryEnvironment } from '../memory-environment.ts';
import { OPTION_TABLE } from '../../experiment/config/option-table.ts';
import { commanderOption, optionFromText } from '../option-text.ts';

/*
 * `wormcast sweep [file]`: run an experiment (docs/experiments.md). The point options are the
 * options of `wormcast simulate` (both from the option table, docs/options.md),
 * without defaults here: what is not given comes from the file, or else from simulate's defaults
 * when the point is resolved (src/experiment/config/point-config.ts).
 */

interface SweepCliOptions {
  grid?: string[];
  name?: string;
  replications?: string;
  seed?: string;
  seeds?: string;
  batches?: string;
  confidence?: string;
  metrics?: string;
  until?: string;
  maxCycles?: string;
  out?: string;
  workers?: string;
  fresh?: boolean;
  quiet?: boolean;
  queue?: string;
  detach?: boolean;
  [option: string]: unknown;
}

/** The point options, as the option table defines them for simulate (flags and help), without their defaults. */
function pointOptions(): Option[] {
  return OPTION_TABLE.filter((e) => e.point).map((e) => commanderOption(e, false));
}

/** A command-line value of option `key` as the experiment holds it (numbers, booleans, strings). */
function cliValue(key: OptionKey, text: string, what: string): OptionValue {
  // as simulate reads it (a word such as warmup's auto, a size mix, the option's range): it was
  // read as any number 0..2^53 - 1, and that range was what the error line named
  if (NUMERIC_OPTIONS.has(key)) return optionFromText(key, text, what);
  if (BOOLEAN_OPTIONS.has(key)) {
    if (text === 'true') return true;
    if (text === 'false') return false;
    throw new WormcastError(`${what}: '${text}' must be true or false`);
  }
  return text;
}

/** `--grid load=0.01:0.2:0.01`, `--grid algorithm=dual-path,multi-path`, `--grid vcs=2`. */
export function parseGridArg(
  arg: string,
): [OptionKey, OptionValue | OptionValue[] | { from: number; to: number; step: number }] {
  const eq = arg.indexOf('=');
  if (eq <= 0)
    throw new WormcastError(
      `--grid '${arg}': expected option=values, e.g. load=0.01:0.2:0.01 or algorithm=dual-path,multi-path`,
    );
  const name = arg.slice(0, eq);
  const spec = arg.slice(eq + 1);
  const key = keyOf(name);
  if (key === 'seed')
    throw new WormcastError(
      `--grid seed: not an option of a point; use --seed (the experiment's seed) and --replications`,
    );
  if (!isOptionKey(key)) {
    const guess = didYouMean(
      name,
      OPTION_KEYS.map(flagOf).map((f) => f.slice(2)),
    );
    throw new WormcastError(
      `--grid ${name}: unknown option${guess ? ` (did you mean '${guess}'?)` : ''}; expected one of ${OPTION_KEYS.map((k) => flagOf(k).slice(2)).join(', ')}`,
    );
  }
  const what = `--grid ${name}`;
  if (spec === '') throw new WormcastError(`${what}: no value; e.g. ${name}=1,2,4`);
  // an on/off pair is alpha,beta: its comma separates grid values here, so no value can be one
  if (key === 'onoff')
    throw new WormcastError(
      `${what}: an on/off pair cannot be a value of --grid (its comma separates values); give one pair with --onoff, or vary them in an experiment file: grid: { onoff: ['0.01,0.05', '0.02,0.05'] }`,
    );
  // a size mix holds commas, which separate grid values here: mixes go in an experiment file
  if ((key === 'flits' && spec.includes(':') && spec.includes(',')) || (key === 'sizes' && spec.includes(',')))
    throw new WormcastError(
      `${what}: a size mix cannot be a value of --grid (its commas separate values); give one mix with --sizes, or vary them in an experiment file: grid: { sizes: ['4:1,16:1', '8:1,32:1'] }`,
    );
  if (NUMERIC_OPTIONS.has(key) && spec.includes(':')) {
    const parts = spec.split(':');
    if (parts.length !== 3)
      throw new WormcastError(`${what}: range '${spec}' must be from:to:step, e.g. 0.01:0.2:0.01`);
    // the ends in the option's range; the step only positive (a step of 0 is refused with the range)
    const v = optionEntry(key).value as { min: number; max: number };
    const [from, to, step] = parts.map((p, i) =>
      parseNumberIn(p, i < 2 ? v.min : 0, v.max, `${what} ${['from', 'to', 'step'][i]}`),
    ) as [number, number, number];
    return [key, { from, to, step }];
  }
  const values = spec.split(',').map((v) => cliValue(key, v.trim(), what));
  return [key, values.length === 1 ? values[0]! : values];
}

/** The experiment as plain data, from the file (if any) with the command line's options over it. */
function experimentData(file: string | undefined, o: SweepCliOptions, cmd: Command): unknown {
  const data = (file !== undefined ? readExperimentData(file) : { name: o.name ?? 'sweep' }) as Record<string, unknown>;
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return data;
  const base: Record<string, unknown> = { ...(data.base as Record<string, unknown> | undefined) };
  for (const key of OPTION_KEYS) {
    const v = cmd.getOptionValue(key) as string | boolean | undefined;
    if (v === undefined || cmd.getOptionValueSource(key) === 'default') continue;
    const value = typeof v === 'boolean' ? v : cliValue(key, v, flagOf(key));
    const bad = optionValueError(key, value, flagOf(key));
    if (bad) throw new WormcastError(bad);
    base[key] = value;
  }
  const grid: Record<string, unknown> = { ...(data.grid as Record<string, unknown> | undefined) };
  // a flag replaces the file's axis of its option, as it replaces the file's base value
  for (const key of Object.keys(base)) if (cmd.getOptionValueSource(key) === 'cli') delete grid[key];
  // an option given twice on the command line would lose one of its values in silence
  const axes = new Set<string>();
  for (const g of o.grid ?? []) {
    const [key, entry] = parseGridArg(g);
    const name = flagOf(key).slice(2);
    if (axes.has(key))
      throw new WormcastError(
        `--grid ${name}: given twice; give all its values in one (--grid ${name}=${(o.grid ?? [])
          .filter((x) => parseGridArg(x)[0] === key)
          .map((x) => x.slice(x.indexOf('=') + 1))
          .join(',')})`,
      );
    if (cmd.getOptionValueSource(key) === 'cli')
      throw new WormcastError(
        `--${name} and --grid ${name}: give one (the flag sets the value of every point, the grid axis varies it)`,
      );
    axes.add(key);
    grid[key] = entry;
  }
  const out: Record<string, unknown> = { ...data, base, grid };
  if (o.name !== undefined) out.name = o.name;
  if (o.replications !== undefined) out.replications = parseIntIn(o.replications, 1, 100_000, '--replications');
  if (o.seed !== undefined) out.seed = parseIntIn(o.seed, 0, 2 ** 32 - 1, '--seed');
  if (o.seeds !== undefined) out.seeds = o.seeds;
  const statistics: Record<string, unknown> = { ...(data.statistics as Record<string, unknown> | undefined) };
  if (o.batches !== undefined) statistics.batches = parseIntIn(o.batches, 2, 10_000, '--batches');
  if (o.confidence !== undefined) statistics.confidence = parseNumberIn(o.confidence, 0.5, 0.9999, '--confidence');
  if (o.metrics !== undefined) statistics.metrics = o.metrics.split(',').map((m) => metricName(m.trim()));
  if (Object.keys(statistics).length > 0) out.statistics = statistics;
  if (o.until !== undefined || o.maxCycles !== undefined) {
    const ru: Record<string, unknown> = { ...(data.runUntil as Record<string, unknown> | undefined) };
    if (o.until !== undefined) ru.relativeHalfWidth = parseNumberIn(o.until, 1e-6, 0.999, '--until');
    if (o.maxCycles !== undefined) ru.maxCycles = parseIntIn(o.maxCycles, 1, 2 ** 40, '--max-cycles');
    if (ru.relativeHalfWidth === undefined)
      throw new WormcastError('--max-cycles: give --until <fraction> too (the relative half-width to reach)');
    if (ru.maxCycles === undefined)
      throw new WormcastError("--until: give --max-cycles <N> too (the cap on a point's measured cycles)");
    out.runUntil = ru;
  }
  return out;
}

/** A name of --metrics, refused naming the flag (the schema's line would name statistics.metrics[i]). */
function metricName(m: string): string {
  if ((METRICS as readonly string[]).includes(m)) return m;
  const guess = didYouMean(m, METRICS);
  throw new WormcastError(
    `--metrics '${m}': not a metric${guess ? ` (did you mean '${guess}'?)` : ''}; expected one of ${METRICS.join(', ')}`,
  );
}

/** The default result file: `<experiment name>.results.jsonl` in the current directory. */
export function defaultOut(name: string): string {
  return `${name.replace(/[^A-Za-z0-9._-]+/g, '-').replace(/^-+|-+$/g, '') || 'sweep'}.results.jsonl`;
}

/** `wormcast sweep`. */
export function registerSweep(program: Command): void {
  const cmd = program
    .command('sweep')
    .description(
      'run an experiment: a grid of simulate points with replications, confidence intervals and saturation flags, on worker threads, into a result file; docs/experiments.md',
    )
    .argument('[file]', 'experiment file (YAML or JSON); without it, the grid and options come from the command line')
    .option(
      '--grid <option=values>',
      'a grid axis: load=0.01:0.2:0.01 (from:to:step), algorithm=dual-path,multi-path (list) or vcs=2; repeat for more axes',
      (v: string, prev: string[] | undefined) => [...(prev ?? []), v],
    )
    .option('--name <name>', "experiment name (default: the file's, or sweep)")
    .option('--replications <R>', 'independent runs per point (default 5)')
    .option('--seed <s>', "experiment seed, from which every replication's traffic seed is derived (default 1)")
    .option(
      '--seeds <mode>',
      'per-point (default) | common: the same traffic seeds at every point (common random numbers)',
    )
    .option('--batches <B>', 'batches of the batch-means interval within a run (default 10)')
    .option('--confidence <c>', 'confidence level of the intervals (default 0.95)')
    .option(
      '--metrics <list>',
      'metrics with intervals, comma-separated (default meanLatency,meanNetworkLatency,meanCompletion,throughput,generated)',
    )
    .option(
      '--until <fraction>',
      "run each point until the interval's half-width is below this fraction of the mean (seed 004: 0.05)...",
    )
    .option('--max-cycles <N>', '...or its measured cycles reach this cap')
    .option('--out <file>', 'result file, JSON lines (default <name>.results.jsonl); finished points in it are skipped')
    .option('--workers <N>', 'worker threads (default: the number of cores)')
    .option('--fresh', 'run every point again, even those already in the result file')
    .option('--quiet', 'no progress bar: one line per finished point')
    .option(
      '--queue <url>',
      'run the points on wormcast worker processes through this Redis queue, redis://[:PASSWORD@]HOST[:PORT][/DB]; docs/distributed.md',
    )
    .option(
      '--detach',
      'with --queue: enqueue the points and return; the same command without it collects the results',
    );
  for (const opt of pointOptions()) cmd.addOption(opt);
  cmd.action(async (file: string | undefined, o: SweepCliOptions, self: Command) => {
    const source = file ?? 'sweep';
    if (file === undefined && (o.grid === undefined || o.grid.length === 0) && o.topology === undefined) {
      throw new WormcastError(
        'sweep: give an experiment file, or --grid and the simulate options of the points (docs/experiments.md)',
      );
    }
    const experiment = parseExperiment(experimentData(file, o, self), source);
    // as simulate warns for one run: points whose deadlock freedom 'tail-sent' voids
    const duato = tailSentDuatoPoints(expandGrid(experiment, source));
    if (duato.length > 0)
      process.stderr.write(
        `wormcast: warning: sweep: ${duato.length} point${duato.length === 1 ? '' : 's'} (${duato.slice(0, 3).join('; ')}${duato.length > 3 ? '; ...' : ''}) ${duato.length === 1 ? 'is' : 'are'} deadlock-free by Duato's condition, which --vc-release tail-sent voids: ${duato.length === 1 ? 'it' : 'they'} may deadlock (docs/routing-adaptive.md)\n`,
      );
    const workers = o.workers === undefined ? defaultWorkers() : parseIntIn(o.workers, 1, 1024, '--workers');
    // a blank name would be a store named ' ' in the working directory (or ENOENT for '')
    if (o.out !== undefined && o.out.trim() === '')
      throw new WormcastError('sweep --out: an empty path; give a result file (e.g. --out sweep.results.jsonl)');
    const out =
      o.out ??
      defaultOut(file !== undefined && o.name === undefined ? experiment.name || basename(file) : experiment.name);
    if (o.detach && o.queue === undefined)
      throw new WormcastError('sweep --detach: give --queue redis://... too (a local sweep runs in this process)');
    if (o.queue !== undefined) {
      // bullmq and ioredis are optional peers: say which is missing before loading the queue's modules
      await (await import('../../experiment/queue/queue.ts')).loadQueuePackages();
      return (await import('./sweep-queue.ts')).sweepOnQueue(experiment, source, out, { ...o, queue: o.queue });
    }
    const env = nodeMemoryEnvironment();
    const ac = new AbortController();
    const onSigint = () => ac.abort();
    // the first Ctrl-C stops the sweep cleanly; a second one, unhandled, ends the process at once
    process.once('SIGINT', onSigint);
    let summary: Awaited<ReturnType<typeof runSweep>>;
    try {
      summary = await runSweep(experiment, source, {
        out,
        workers,
        fresh: o.fresh === true,
        progress: sweepProgress(o.quiet === true),
        signal: ac.signal,
        memory: { heapSizeLimit: env.heapSizeLimit, totalMemory: env.totalMemory / workers },
      });
    } finally {
      process.off('SIGINT', onSigint);
    }
    const done = summary.run + summary.stored;
    if (summary.interrupted) {
      throw new InterruptedError(
        `sweep interrupted: ${done} of ${summary.points} points finished and kept in ${out}; run the same command again to resume`,
      );
    }
    process.stdout.write(
      `sweep ${summary.experiment}: ${summary.points} point${summary.points === 1 ? '' : 's'} (${summary.run} run, ${summary.stored} already in ${out}); ${summary.saturated} saturated; results: wormcast results ${out}\n`,
    );
    if (summary.incomplete > 0) {
      throw new IncompleteRunError(
        `sweep: ${summary.incomplete} point${summary.incomplete === 1 ? ' has' : 's have'} runs that measured nothing (deadlock, out of slots, or no message in the window); 'wormcast results ${out}' shows which`,
      );
    }
  });
}
