import { Help, type Command } from 'commander';

/** A subcommand whose module is loaded only when the command line names it. */
export interface LazyCommand {
  /** Its line in `wormcast --help`: the term (name, `[options]`, arguments)... */
  readonly term: string;
  /** ...and the description. */
  readonly summary: string;
  /** Load the module; its register function adds the command to the program. */
  readonly load: () => Promise<(program: Command) => void>;
}

/**
 * Every subcommand, in the order of `wormcast --help`. Start-up time is mostly the loading of
 * modules, and a command's module loads most of the library (its registries; `simulate` also
 * zod), so only the command named on the command line is loaded: `wormcast --help` under
 * 150 ms and `wormcast topology ccc:10` under 300 ms (docs/package.md, bench/cli-startup.ts).
 * The help of `wormcast` itself is made from these lines; test/cli-lazy.test.ts holds each one
 * equal to what the command's own definition gives.
 */
export const COMMANDS: Readonly<Record<string, LazyCommand>> = {
  example: {
    term: 'example',
    summary: "run the built-in example: the seeds' networks and one route per routing function",
    load: async () => (await import('./commands/example.ts')).registerExample,
  },
  topology: {
    term: 'topology [options] <spec>',
    summary: 'node count, degree, diameter and link count of a topology; with --faults, what the faults disconnect',
    load: async () => (await import('./commands/topology.ts')).registerTopology,
  },
  route: {
    term: 'route [options]',
    summary: 'the path a unicast routing function takes, with the VC class of every hop',
    load: async () => (await import('./commands/route.ts')).registerRoute,
  },
  analyze: {
    term: 'analyze',
    summary: "analytic results of the seeds, recomputed by enumeration (reed: seed 002's CCC routing analysis)",
    load: async () => (await import('./commands/analyze.ts')).registerAnalyze,
  },
  plan: {
    term: 'plan [options]',
    summary:
      'the multicast tree of an algorithm: who sends to whom, at which step, over which channels, and its step count',
    load: async () => (await import('./commands/plan.ts')).registerPlan,
  },
  deadlock: {
    term: 'deadlock [options]',
    summary:
      'check deadlock freedom: the channel dependency graph of a routing function, or of a path- or tree-based multicast algorithm; acyclic or one cycle',
    load: async () => (await import('./commands/deadlock.ts')).registerDeadlock,
  },
  verify: {
    term: 'verify [options]',
    summary:
      'check contention-freedom (seed 001 Definition 4) on many random multicasts; mean steps with and without physical-link sharing',
    load: async () => (await import('./commands/verify.ts')).registerVerify,
  },
  simulate: {
    term: 'simulate [options]',
    summary:
      'flit-level wormhole simulation: dynamic traffic, one plan (--plan) or a seed scenario (--scenario); docs/model-flit.md',
    load: async () => (await import('./commands/simulate.ts')).registerSimulate,
  },
  sweep: {
    term: 'sweep [options] [file]',
    summary:
      'run an experiment: a grid of simulate points with replications, confidence intervals and saturation flags, on worker threads, into a result file; docs/experiments.md',
    load: async () => (await import('./commands/sweep.ts')).registerSweep,
  },
  reproduce: {
    term: 'reproduce [options] [ids...]',
    summary:
      "regenerate a figure, table or worked example of the seeds: data (JSON, CSV), an SVG laid out like the seed's, and the seed's claims checked; docs/reproductions.md",
    load: async () => (await import('./commands/reproduce.ts')).registerReproduce,
  },
  worker: {
    term: 'worker [options]',
    summary:
      'run the points of distributed sweeps (wormcast sweep --queue): take them from the queue, run them on worker threads, hand the results back through Redis; docs/distributed.md',
    load: async () => (await import('./commands/worker.ts')).registerWorker,
  },
  results: {
    term: 'results [options] <file>',
    summary:
      "a sweep's result file as a table: one row per point, each metric's mean and confidence interval, saturated points marked",
    load: async () => (await import('./commands/results.ts')).registerResults,
  },
  plot: {
    term: 'plot [options] <results>',
    summary:
      "plot a sweep's result file: y against x, a line per series, panels per facet, confidence intervals as error bars, saturated and deadlocked points marked; SVG, PNG, PDF or interactive HTML",
    load: async () => (await import('./commands/plot.ts')).registerPlot,
  },
  report: {
    term: 'report [options] <results>',
    summary:
      "a sweep's result file as one self-contained HTML page: configuration, engine version, the results table with each point's status, interactive plots with confidence intervals",
    load: async () => (await import('./commands/report.ts')).registerReport,
  },
};

/**
 * The subcommand `argv` runs or asks help for: its first word (`wormcast topology ...`), or the
 * second after `help`. Undefined when the first word is an option (`--help`, `--version`), is
 * missing or names no command: then no command module is needed.
 */
export function commandOf(argv: readonly string[]): string | undefined {
  const word = argv[0] === 'help' ? argv[1] : argv[0];
  return word !== undefined && Object.hasOwn(COMMANDS, word) ? word : undefined;
}

/**
 * Add the subcommands `argv` needs to `program`: the one it names, fully registered (its module
 * loaded); or, when it names none, every subcommand as a stub that has only its help line (for
 * `wormcast --help`, the list of commands and "did you mean" suggestions). Without `argv`, every
 * subcommand is registered (all modules loaded).
 */
export async function registerCommands(program: Command, argv?: readonly string[]): Promise<void> {
  const named = argv === undefined ? undefined : commandOf(argv);
  if (argv === undefined || named !== undefined) {
    for (const [name, c] of Object.entries(COMMANDS))
      if (named === undefined || name === named) (await c.load())(program);
    return;
  }
  for (const [name, c] of Object.entries(COMMANDS)) program.command(name).description(c.summary);
  const plain = new Help();
  program.configureHelp({ subcommandTerm: (cmd) => COMMANDS[cmd.name()]?.term ?? plain.subcommandTerm(cmd) });
}
