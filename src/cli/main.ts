import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { WormcastError } from '../errors.ts';
import { errnoText } from '../experiment/config/output-file.ts';
import { registerCommands } from './lazy-commands.ts';
import { IncompleteRunError } from './exit-status.ts';
import { InterruptedError } from './interrupted.ts';

/**
 * The package version, from wormcast's package.json (`wormcast --version`): the nearest one above
 * this file whose name is wormcast, so it is found from src/cli/ and from a build in dist/.
 */
export function packageVersion(): string {
  let dir = new URL('.', import.meta.url);
  for (let depth = 0; depth < 8; depth++) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as {
        name?: unknown;
        version?: unknown;
      };
      if (pkg.name === 'wormcast' && typeof pkg.version === 'string') return pkg.version;
    } catch {
      // no package.json here: look one level up
    }
    dir = new URL('..', dir);
  }
  return 'unknown';
}

/**
 * Build the `wormcast` command: with only the subcommand `argv` names loaded (start-up time,
 * src/cli/lazy-commands.ts), or every subcommand without `argv`.
 */
export async function buildProgram(argv?: readonly string[]): Promise<Command> {
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
  await registerCommands(program, argv);
  // options given explicitly that the chosen mode would ignore are errors (src/cli/option-rules.ts)
  // (loaded when an action is about to run: option-rules.ts imports the simulate command's module)
  program.hook('preAction', async (root, action) => {
    const rules = await import('./option-rules.ts');
    // commander keeps the last of an option given twice: refused (docs/cli.md "Options that do not
    // apply"); rawArgs is the command line commander parsed (not in its typings)
    rules.checkRepeatedOptions(action, (root as unknown as { rawArgs: string[] }).rawArgs);
    rules.checkOptionRules(action);
  });
  return program;
}

/** One line for the terminal: control characters (newlines in a user's text) escaped. */
export function oneLine(message: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: escaping control characters keeps an error one line
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
  const text = e.message
    .replace(/^error: /, '')
    .split('\n')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .join(' ');
  return `wormcast: ${where}${text}`;
}

let epipeHandled = false;

/**
 * `wormcast route ... | head -1`: once the reader has gone, the next write fails with EPIPE.
 * That is the reader's choice, not an error of ours: exit at once with status 0, without a
 * stack trace (docs/cli.md). Any other failed write of the result (`> /dev/full`: ENOSPC; a
 * closed descriptor: EBADF) is one `wormcast:` line on stderr and exit 2: the output is not
 * whole. Installed once per process.
 */
export function exitQuietlyOnEpipe(): void {
  if (epipeHandled) return;
  epipeHandled = true;
  process.stdout.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') process.exit(0);
    process.stderr.write(`${oneLine(stdoutErrorLine(err))}\n`);
    process.exit(2);
  });
}

/** The line for a failed write to stdout. */
export function stdoutErrorLine(err: NodeJS.ErrnoException): string {
  return `wormcast: cannot write the output (stdout): ${errnoText(err)}; what was printed is incomplete`;
}

/**
 * Run the CLI and return its exit status (docs/cli.md): 0 done; 2 a user error, reported as one
 * line `wormcast: ...` on stderr (commander's own errors included); 1 an internal error (a bug).
 */
export async function main(argv: string[]): Promise<number> {
  exitQuietlyOnEpipe();
  const program = await buildProgram(argv);
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
      // the output was printed but the run did not do what was asked (docs/cli.md, simulate), or
      // a command stopped cleanly on Ctrl-C (sweep, src/cli/interrupted.ts: 130)
      return e instanceof IncompleteRunError || e instanceof InterruptedError ? e.exitCode : 2;
    }
    const msg = e instanceof Error ? e.message : String(e);
    process.stderr.write(`${oneLine(`wormcast: internal error: ${msg}`)}\n`);
    return 1;
  }
}
