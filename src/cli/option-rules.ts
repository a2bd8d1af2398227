import type { Command } from 'commander';
import { WormcastError } from '../errors.ts';
import { EXAMPLE_ARGS } from './example-args.ts';

/**
 * Options a mode of a command would ignore. An option the user typed that would have no effect
 * is an error (docs/cli.md, "Options that do not apply"), never silently dropped; defaults do not
 * count. Keys are commander's attribute names (`--router-delay` -> routerDelay).
 */
interface Rule {
  /** The command path, e.g. 'simulate'. */
  readonly command: string;
  /** The option that selects the mode (its attribute name). */
  readonly mode: string;
  /** Options the mode ignores: a list, or every option of the command but these (and the mode). */
  readonly ignored: readonly string[] | { readonly allBut: readonly string[] };
  /** Why, for the error line. */
  readonly reason: string;
}

/** `--example` sets these options itself (EXAMPLE_ARGS): a value the user gives would be overwritten. */
const EXAMPLE_SETS: readonly string[] = EXAMPLE_ARGS.filter((a) => a.startsWith('--')).map(attributeName);

/** simulate's options of generated traffic in seed units, drawn counts and isolated sets (docs/units.md). */
const SEED_TRAFFIC_OPTIONS: readonly string[] = [
  'destsMean',
  'interarrivalUs',
  'units',
  'messageBytes',
  'flitBytes',
  'channelMbps',
  'flitTimeNs',
  'traffic',
  'sets',
];

const RULES: readonly Rule[] = [
  {
    command: 'simulate',
    mode: 'scenario',
    // every option of simulate (the option table's and its modes') but these: docs/cli.md
    ignored: { allBut: ['engine', 'json'] },
    reason: 'a scenario brings its own network, worms and engine options',
  },
  {
    command: 'simulate',
    mode: 'plan',
    ignored: [
      'topology',
      'routing',
      'algorithm',
      'dests',
      'load',
      'cycles',
      'warmup',
      'drain',
      'seed',
      'process',
      'self',
      'example',
      ...SEED_TRAFFIC_OPTIONS,
      'startupUs',
      'faults',
      'faultSeed',
    ],
    reason: 'the plan file gives the network, the routing and the one multicast',
  },
  {
    command: 'simulate',
    mode: 'example',
    ignored: EXAMPLE_SETS,
    reason: `the example sets it (${EXAMPLE_ARGS.join(' ')})`,
  },
  {
    command: 'reproduce',
    mode: 'list',
    ignored: ['all', 'quick', 'workers', 'out', 'report'],
    reason: 'it lists the reproductions and runs none',
  },
  {
    command: 'sweep',
    mode: 'queue',
    ignored: ['workers'],
    reason: 'the points run on the wormcast worker processes; give them --concurrency',
  },
];

/** `--router-delay` -> routerDelay, as commander names option attributes. */
function attributeName(flag: string): string {
  return flag.replace(/^--/, '').replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
}

/** `routerDelay` -> `--router-delay`. */
function flagName(attribute: string): string {
  return `--${attribute.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}

/** Whether the user gave option `key` on the command line (not a default, not absent). */
function given(cmd: Command, key: string): boolean {
  const source = cmd.getOptionValueSource(key);
  return source !== undefined && source !== 'default' && cmd.getOptionValue(key) !== undefined;
}

/** The command's path below the program: 'simulate', 'analyze stepwise'. */
function commandPath(cmd: Command): string {
  const names: string[] = [];
  for (let c: Command | null = cmd; c?.parent; c = c.parent) names.unshift(c.name());
  return names.join(' ');
}

/** Options a command takes more than once by design: each use adds to a list (their help says "repeat"). */
const REPEATABLE: ReadonlySet<string> = new Set(['sweep --grid', 'plot --where']);

/**
 * An option given twice would keep one of its values in silence (commander takes the last): an
 * error naming it, unless the option collects its uses (REPEATABLE) or takes several values.
 * `argv`: the command line after the program name, as the user typed it.
 */
export function checkRepeatedOptions(cmd: Command, argv: readonly string[]): void {
  const path = commandPath(cmd);
  for (const o of cmd.options) {
    if (o.variadic || !o.long || REPEATABLE.has(`${path} ${o.long}`)) continue;
    const long = o.long;
    const short = o.short;
    let uses = 0;
    for (let i = 0; i < argv.length; i++) {
      const a = argv[i]!;
      if (a === '--') break;
      if (a === long || a.startsWith(`${long}=`) || (short !== undefined && a === short)) uses++;
      // an option's value is never read as an option (`--title --topology`)
      else if (a.startsWith('-')) continue;
      if ((a === long || a === short) && (o.required || o.optional) && !a.includes('=')) i++;
    }
    if (uses > 1)
      throw new WormcastError(
        `${path}: ${long} given ${uses} times; give it once (the value that counts would be unclear)`,
      );
  }
}

/** Throw a WormcastError when the action command `cmd` was given options its mode ignores. */
export function checkOptionRules(cmd: Command): void {
  const path = commandPath(cmd);
  for (const rule of RULES) {
    if (rule.command !== path || !given(cmd, rule.mode)) continue;
    const ignored =
      'allBut' in rule.ignored
        ? cmd.options
            .map((o) => o.attributeName())
            .filter((k) => k !== rule.mode && !(rule.ignored as { allBut: readonly string[] }).allBut.includes(k))
        : rule.ignored;
    const bad = ignored.filter((k) => given(cmd, k));
    if (bad.length > 0) {
      throw new WormcastError(
        `${path} ${flagName(rule.mode)}: ${bad.map(flagName).join(', ')} would be ignored (${rule.reason}); leave ${bad.length > 1 ? 'them' : 'it'} out`,
      );
    }
  }
  // ejection 'vcs' gives every node V ejection VCs in place of its consumption channels
  if (path === 'simulate' && cmd.getOptionValue('ejection') === 'vcs' && given(cmd, 'consumption')) {
    throw new WormcastError(
      'simulate: --consumption would be ignored: --ejection vcs gives every node V ejection VCs in place of its consumption channels (docs/model-flit.md "BookSim\'s router"); leave it out',
    );
  }
  // a batch is measured whole, from cycle 0 to its last delivery (docs/traffic.md "Processes"): a
  // window's --cycles, --warmup and --drain would be dropped
  if (path === 'simulate' && cmd.getOptionValue('process') === 'batch') {
    const bad = ['cycles', 'warmup', 'drain'].filter((k) => given(cmd, k));
    if (bad.length > 0)
      throw new WormcastError(
        `simulate --process batch: ${bad.map(flagName).join(', ')} would be ignored (a batch is measured whole, from cycle 0 until its last message is delivered); leave ${bad.length > 1 ? 'them' : 'it'} out`,
      );
  }
  // a unicast sends each message to one node: --dests would be ignored
  if (path === 'simulate' && cmd.getOptionValue('algorithm') === 'unicast' && given(cmd, 'dests')) {
    throw new WormcastError(
      'simulate: --dests applies to multicast algorithms; a unicast message has one destination (leave out --dests, or give --algorithm)',
    );
  }
  // --self lets a unicast source draw itself (uniform and hotspot draws): a multicast's set, a
  // ball of pattern near and a permutation never draw the source, so it would be ignored
  if (path === 'simulate' && given(cmd, 'self')) {
    const algorithm = cmd.getOptionValue('algorithm') as string | undefined;
    const pattern = (cmd.getOptionValue('pattern') as string | undefined) ?? 'uniform';
    if (algorithm !== undefined && algorithm !== 'unicast')
      throw new WormcastError(
        `simulate: --self would be ignored: a multicast (${algorithm}) draws its destinations among the other nodes; --self applies to unicast traffic (leave it out)`,
      );
    if (pattern !== 'uniform' && pattern !== 'hotspot')
      throw new WormcastError(
        `simulate: --self would be ignored with --pattern ${pattern}: ${pattern === 'near' ? 'a source draws among the nodes 1..radius hops from it' : 'a source sends to its image'}; --self applies to patterns uniform and hotspot (leave it out)`,
      );
  }
}
