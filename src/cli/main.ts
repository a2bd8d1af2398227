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

/** Build the `wormcast` command with every subcommand registered. */
export function buildProgram(): Command {
  const program = new Command('wormcast')
    .description('Multicast in wormhole-routed networks: hypercubes, CCC, meshes, tori, star graphs')
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  registerExample(program);
  registerTopology(program);
  registerRoute(program);
  registerAnalyze(program);
  registerPlan(program);
  registerDeadlock(program);
  registerVerify(program);
  registerSimulate(program);
  return program;
}

/** Run the CLI; user errors print one line (no stack trace) and exit with status 2. */
export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  for (const sub of program.commands) sub.exitOverride();
  try {
    await program.parseAsync(argv, { from: 'user' });
    return 0;
  } catch (e) {
    if (e instanceof CommanderError) return e.exitCode === 0 ? 0 : 2;
    if (e instanceof WormcastError) {
      process.stderr.write(`${e.message}\n`);
      return 2;
    }
    const msg = e instanceof Error ? e.message : String(e);
    process.stderr.write(`wormcast: internal error: ${msg}\n`);
    return 1;
  }
}
