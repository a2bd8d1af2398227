import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { WormcastError } from '../errors.ts';
import { registerAnalyze } from './commands/analyze.ts';
import { registerExample } from './commands/example.ts';
import { registerDeadlock } from './commands/deadlock.ts';
import { registerPlan } from './commands/plan.ts';
import { registerRoute } from './commands/route.ts';
import { registerTopology } from './commands/topology.ts';
import { registerVerify } from './commands/verify.ts';
import { registerSimulate } from './commands/simulate.ts';
import { checkOptionRules } from './option-rules.ts';

/** The package version, from package.json (`wormcast --version`). */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
  return typeof pkg.version === 'string' ? pkg.version : '0.0.0';
}

/** Build the `wormcast` command with every subcommand registered. */
export function buildProgram(): Command {
  const program = new Command('wormcast')
    .description('Multicast in wormhole-routed networks: hypercubes, CCC, meshes, tori, star graphs')
    .version(packageVersion(), '-V, --version', 'print the version of wormcast')
    .exitOverride()
    // Commander's own error text ("error: unknown option ...", sometimes a second line "(Did you
    // mean ...?)") and the help it prints after a missing subcommand go nowhere: main() turns the
    // CommanderError into the one `wormcast: ...` line of docs/cli.md. Help asked for (--help,
    // `wormcast help`) goes to stdout as usual.
    .configureOutput({ writeErr: () => {}, outputError: () => {} });
  // subcommands copy these settings when they are created
  registerExample(program);
  registerTopology(program);
  registerRoute(program);
  registerAnalyze(program);
  registerPlan(program);
  registerDeadlock(program);
  registerVerify(program);
  registerSimulate(program);
  // options given explicitly that the chosen mode would ignore are errors (src/cli/option-rules.ts)
  program.hook('preAction', (_program, action) => checkOptionRules(action));
  return program;
}

/** One line for the terminal: control characters (newlines in a user's text) escaped. */
export function oneLine(message: string): string {
  return message.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (c) => JSON.stringify(c).slice(1, -1));
}

/** The deepest command `argv` names (`wormcast analyze reed ...` -> reed), for error lines. */
function commandNamed(program: Command, argv: readonly string[]): Command {
  let cmd = program;
  for (const token of argv) {
    if (token.startsWith('-')) continue;
    const sub = cmd.commands.find((c) => c.name() === token || c.aliases().includes(token));
    if (!sub) break;
    cmd = sub;
  }
  return cmd;
}

/** The `wormcast: ...` line for a CommanderError (unknown option or command, missing option...). */
function commanderLine(program: Command, argv: readonly string[], e: CommanderError): string {
  const cmd = commandNamed(program, argv);
  const path: string[] = [];
  for (let c: Command | null = cmd; c && c !== program; c = c.parent) path.unshift(c.name());
  const where = path.length > 0 ? `${path.join(' ')}: ` : '';
  if (e.code === 'commander.help') {
    // a command that needs a subcommand was given none (`wormcast`, `wormcast analyze`)
    const subs = cmd.commands.map((c) => c.name()).filter((n) => n !== 'help');
    return `wormcast: ${where}give a command: ${subs.join(', ')} ('wormcast ${[...path, '--help'].join(' ')}' describes them)`;
  }
  const text = e.message.replace(/^error: /, '').split('\n').map((s) => s.trim()).filter((s) => s !== '').join(' ');
  return `wormcast: ${where}${text}`;
}

let epipeHandled = false;

/**
 * `wormcast route ... | head -1`: once the reader has gone, the next write fails with EPIPE.
 * That is the reader's choice, not an error of ours: exit at once with status 0, without a
 * stack trace (docs/cli.md). Installed once per process.
 */
export function exitQuietlyOnEpipe(): void {
  if (epipeHandled) return;
  epipeHandled = true;
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    throw err;
  });
}

/**
 * Run the CLI and return its exit status (docs/cli.md): 0 done; 2 a user error, reported as one
 * line `wormcast: ...` on stderr (commander's own errors included); 1 an internal error (a bug).
 */
export async function main(argv: string[]): Promise<number> {
  exitQuietlyOnEpipe();
  const program = buildProgram();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help, --version and `wormcast help` end with exit code 0 and their text on stdout
      if (e.exitCode === 0) return 0;
      process.stderr.write(`${oneLine(commanderLine(program, argv, e))}\n`);
      return 2;
    }
    if (e instanceof WormcastError) {
      process.stderr.write(`${oneLine(e.message)}\n`);
      return 2;
    }
    const msg = e instanceof Error ? e.message : String(e);
    process.stderr.write(`${oneLine(`wormcast: internal error: ${msg}`)}\n`);
    return 1;
  }
}
