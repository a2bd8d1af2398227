import type { Command } from 'commander';
import { parseIntIn, SEED_MAX, WormcastError } from '../errors.ts';
import { noFaults, type FaultSet } from '../fault/fault-set.ts';
import { DEFAULT_FAULT_SEED, FAULTS_FORM, parseFaults } from '../fault/parse-faults.ts';
import type { Topology } from '../topology/types.ts';

/** The options `--faults` and `--fault-seed` of topology, route and deadlock (docs/faults.md). */
export interface FaultOptions {
  faults?: string;
  faultSeed?: string;
}

export function addFaultOptions(cmd: Command): Command {
  return cmd
    .option('--faults <list>', `static faults: ${FAULTS_FORM}`)
    .option('--fault-seed <n>', `seed of the random faults of --faults (default ${DEFAULT_FAULT_SEED})`);
}

/** The fault set the options name on t; none without --faults. */
export function faultSetOf(t: Topology, opts: FaultOptions): FaultSet {
  if (opts.faults === undefined) {
    // an option that does not apply is an error, never silently dropped (docs/cli.md)
    if (opts.faultSeed !== undefined) throw new WormcastError('--fault-seed applies with --faults only');
    return noFaults(t);
  }
  const seed =
    opts.faultSeed === undefined ? DEFAULT_FAULT_SEED : parseIntIn(opts.faultSeed, 0, SEED_MAX, '--fault-seed');
  return parseFaults(t, opts.faults, seed);
}
