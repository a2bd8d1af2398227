import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command, Option } from 'commander';
import fc from 'fast-check';
import { PATTERN_NAMES } from '../src/traffic/patterns.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXIT_INCOMPLETE } from '../src/cli/exit-status.ts';
import { buildProgram } from '../src/cli/main.ts';
import { SCENARIOS } from '../src/engine/scenarios.ts';
import { MULTICAST_ALGORITHMS } from '../src/multicast/registry.ts';
import { ROUTINGS } from '../src/routing/registry.ts';
import { TOPOLOGY_FAMILIES, parseTopology } from '../src/topology/registry.ts';
import { CLEAN_TARGETS, cleanLine } from './cli-fuzz-clean.ts';
import { runMain } from './cli-main.ts';

/**
 * The CLI contract of docs/cli.md under fuzzing (issue 10, "Done when"): commands and options
 * are read from the real commander definitions (buildProgram), values drawn from valid ones,
 * boundary values, malformed strings, Object.prototype names, huge, hex, negative, empty and
 * unicode text. Every case must end with exit 0 and well-formed output (JSON that parses with
 * --json), or exit 2 and exactly one line `wormcast: ...`; never exit 1, an internal error, a
 * stack trace, an escaping exception or a hang. Sizes stay small so a case takes milliseconds:
 * topologies of at most a few dozen nodes, simulations of at most a few hundred cycles.
 *
 * The cases are driven by quotas (issue 28), not drawn: every command and every mode of simulate
 * gets a fixed number of cases (QUOTAS), spread over its topologies in turn (those of every
 * registered family among them), and each case has a seed of its own. Of every ten cases of a
 * target two are clean (test/cli-fuzz-clean.ts: valid, compatible values that must run) and one
 * is refused (a clean line with an unknown option: exit 2); targets without a clean line fuzz
 * those too. So a new routing function or family changes the values inside some
 * cases, never how many cases each command gets nor whether a mode is reached: there is no floor
 * on a random count left to break. The flags and their values: validValue below, the one list.
 */

const RUNS = 3000;
const SEED = 20261123;
const CASE_MILLIS = 10_000;

/** A leaf command (one with an action): its path below the program and its definition. */
interface Leaf {
  readonly path: string[];
  readonly cmd: Command;
}

function leaves(cmd: Command, path: string[] = []): Leaf[] {
  const subs = cmd.commands.filter((c) => c.name() !== 'help');
  if (subs.length === 0) return [{ path, cmd }];
  return subs.flatMap((c) => leaves(c, [...path, c.name()]));
}

const PROGRAM = await buildProgram();
const LEAVES = leaves(PROGRAM);

/**
 * Networks small enough for every command (a tree algorithm's all-subsets check included): the
 * edge cases below, and the smallest sample of every family in src/topology/registry.ts.
 */
const SMALL_EDGES = [
  'hypercube:1',
  'hypercube:3',
  'ccc:3',
  'mesh:1x1',
  'mesh:1x3',
  'mesh:2x2',
  'mesh:3x3',
  'mesh:2x2x2',
  'torus:3x3',
  'star:3',
];
/** The samples of every registered family up to this size join MEDIUM. */
const MEDIUM_MAX_NODES = 36;
const FAMILY_SAMPLES = Object.values(TOPOLOGY_FAMILIES).map((f) => f.samples.map(parseTopology));
const SMALL = [
  ...new Set([
    ...SMALL_EDGES,
    // (a family without samples fails test/conformance-topology.test.ts, not the loading of this file)
    ...FAMILY_SAMPLES.filter((ts) => ts.length > 0).map((ts) => ts.reduce((a, b) => (b.nodes < a.nodes ? b : a)).spec),
  ]),
];
/** Larger, for everything but the deadlock checker of tree algorithms. */
const MEDIUM_EDGES = [
  'hypercube:4',
  'ccc:4',
  'mesh:4x4',
  'mesh:5x3',
  'mesh:2x3x2',
  'torus:4x4',
  'torus:4x3',
  'torus:3x3x3',
  'star:4',
];
const MEDIUM = [
  ...new Set([
    ...SMALL,
    ...MEDIUM_EDGES,
    ...FAMILY_SAMPLES.flat()
      .filter((t) => t.nodes <= MEDIUM_MAX_NODES)
      .map((t) => t.spec),
  ]),
];

const PROTO = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'];
/** Text a user might mistype, or an attacker try: for any option. */
const JUNK = [
  '',
  ' ',
  '-1',
  '-0',
  '+5',
  '0',
  '1',
  '.5',
  '5.',
  '1e3',
  '1e-3',
  '1e400',
  '-1e400',
  '0x10',
  '0b11',
  '0o17',
  'NaN',
  'Infinity',
  '-Infinity',
  '99999999999999999999999',
  '4294967296',
  '4294967295',
  '2147483648',
  '1073741824',
  '3.5',
  '1,5',
  '1_000',
  ...PROTO,
  '😀',
  'é',
  'ñ:3',
  '٣',
  '\u202e',
  'a\nb',
  'tab\there',
  '"quoted"',
  "'",
  '\\',
  'x'.repeat(300),
  'mesh:',
  'mesh:0x0',
  'mesh:4x',
  'torus:2x2',
  'hypercube:0',
  'hypercube:21',
  'ccc:2',
  'ccc:17',
  'star:10',
  'star:2',
  'mesh:100000x100000',
  'mesh:1x1x1x1',
  'random:',
  'random:-1',
  'random:0',
  'random:99999',
  'random:1.5',
  'all',
  'none',
  '0,0',
  '(0,000)',
  '#0',
  '#-1',
  '1234',
  '0000',
  ';',
  ';;',
  '0,0;0,0',
];

/** Files for --plan: a valid plan, malformed ones, a device, a directory, a missing path. */
let PLAN_FILES: string[] = [];

const addressOf = (spec: string): fc.Arbitrary<string> => {
  const t = parseTopology(spec);
  return fc.oneof(
    { weight: 12, arbitrary: fc.integer({ min: 0, max: t.nodes - 1 }).map((v) => t.format(v)) },
    { weight: 2, arbitrary: fc.integer({ min: 0, max: t.nodes - 1 }).map((v) => `#${v}`) },
    { weight: 1, arbitrary: fc.constantFrom(...JUNK) },
  );
};

const list = (a: fc.Arbitrary<string>, sep: string, max = 4): fc.Arbitrary<string> =>
  fc.array(a, { minLength: 1, maxLength: max }).map((xs) => xs.join(sep));
const int = (min: number, max: number): fc.Arbitrary<string> => fc.integer({ min, max }).map(String);
const decimal = (min: number, max: number): fc.Arbitrary<string> =>
  fc.double({ min, max, noNaN: true }).map((x) => String(Number(x.toPrecision(3))));
/** Mostly `valid`, now and then a boundary value (refused or at the edge). */
const mostly = (valid: fc.Arbitrary<string>, edge: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof({ weight: 9, arbitrary: valid }, { weight: 1, arbitrary: edge });

/** Valid and boundary values of an option, keyed by commander's attribute name. */
function validValue(command: string, key: string, topology: string): fc.Arbitrary<string> | undefined {
  const t = parseTopology(topology);
  const simulate = command === 'simulate';
  switch (key) {
    case 'topology':
      return fc.constant(topology);
    case 'routing': {
      // mostly one defined on this family (the registry's topologies text names it)
      const fits = Object.keys(ROUTINGS).filter((n) => ROUTINGS[n]!.topologies.includes(t.kind));
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...fits) },
        { weight: 1, arbitrary: fc.constantFrom(...Object.keys(ROUTINGS)) },
      );
    }
    case 'algorithm': {
      const all = Object.keys(MULTICAST_ALGORITHMS);
      const fits = all.filter((n) => {
        const a = MULTICAST_ALGORITHMS[n]!;
        return a.topologies === 'any' || a.topologies.includes(t.kind);
      });
      return fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...(simulate ? ['unicast'] : []), ...fits) },
        { weight: 1, arbitrary: fc.constantFrom(...all) },
      );
    }
    case 'algorithms':
      return list(
        fc.constantFrom('u-cube', 'maxport', 'combine', 'w-sort', 'separate', 'dual-path', 'x-first'),
        ',',
        3,
      );
    case 'from':
    case 'to':
    case 'source':
      return addressOf(topology);
    case 'dests':
      if (simulate) return int(0, t.nodes);
      return fc.oneof(
        fc.constant('all'),
        int(0, t.nodes).map((m) => `random:${m}`),
        list(addressOf(topology), ';', 5),
      );
    case 'cycle':
      return fc.oneof(
        list(addressOf(topology), ';', t.nodes + 1),
        fc.constant('0,0;1,0;1,1;0,1'),
        fc.constant('000 001 011 010 110 111 101 100'),
      );
    case 'load':
      return fc.oneof(decimal(0.001, 0.6), fc.constantFrom('1e-9', '0.000000001', '16', '0.5'));
    case 'flits':
      // a length, or a size mix (issue 29: --flits 4:1,16:1)
      return mostly(fc.oneof(int(1, 16), fc.constantFrom('4:1,16:1', '2:1')), fc.constantFrom('16777217', '4:x'));
    case 'vcs':
      return int(1, 4);
    case 'buffer':
      return int(1, 8);
    case 'startup':
      return int(0, 4);
    case 'routerDelay':
      return int(0, 4);
    case 'cycles':
      return int(1, 300);
    case 'warmup':
      return mostly(fc.oneof(int(0, 100), fc.constant('auto')), fc.constant('soon'));
    case 'drain':
      return int(0, 300);
    case 'watchdog':
      return int(1, 400);
    case 'readyListAt':
      return int(0, 64);
    // issue 27: BookSim's credit loop (linkLatency + creditDelay must be 1..31)
    case 'creditDelay':
      return int(-2, 4);
    case 'linkLatency':
      return int(1, 3);
    case 'slots':
      return int(0, 5000);
    case 'seed':
      return fc.oneof(int(0, 1000), fc.constantFrom('0', '4294967295', '4294967296', '2147483647', '2147483648'));
    case 'port':
      return fc.constantFrom('one', 'all');
    case 'engine':
      return fc.constantFrom('wasm', 'reference');
    case 'process':
      return fc.constantFrom('bernoulli', 'exponential', 'uniform');
    case 'holding':
      return fc.constantFrom('lock-step', 'branch');
    case 'enumeration':
      return fc.constantFrom('broadcast', ...(t.nodes <= 9 ? ['all-subsets'] : []));
    case 'pairs':
      return fc.constantFrom('all', 'distinct');
    case 'consumption':
      return fc.constantFrom('port', 'vc');
    case 'maxN':
    case 'minN':
      return int(2, 8);
    case 'n':
      return int(1, 6);
    case 'sets':
      return simulate
        ? fc.oneof({ weight: 6, arbitrary: int(1, 3) }, { weight: 1, arbitrary: fc.constant('0') })
        : int(0, 3);
    case 'sizes':
      // simulate: a message-size mix size:weight (issue 29); elsewhere a list of network sizes
      return simulate
        ? mostly(
            list(
              fc.tuple(int(1, 16), int(1, 3)).map(([a, w]) => `${a}:${w}`),
              ',',
              3,
            ),
            fc.constantFrom('4:0', '0:1', '4'),
          )
        : list(int(0, 70), ',', 3);
    case 'trials':
      return int(0, 5);
    case 'plan':
      return fc.constantFrom(...PLAN_FILES);
    case 'scenario':
      return fc.constantFrom(...Object.keys(SCENARIOS), ...PROTO, 'lin-fig-6', '');
    // issue 13: seed units, drawn destination counts, isolated multicasts (docs/units.md, docs/traffic.md)
    case 'destsMean':
      return mostly(int(1, t.nodes), fc.constantFrom('1', String(t.nodes - 1), '2.5'));
    case 'units':
      return mostly(fc.constantFrom('seed000', 'seed001', 'seed003', 'seed004'), fc.constant('seed002'));
    case 'interarrivalUs':
      return mostly(decimal(1, 3000), fc.constantFrom('0.4', '0.39', '0.025', '300', '1e11'));
    case 'messageBytes':
      return mostly(int(1, 512), fc.constantFrom('4096', '12.5'));
    case 'flitBytes':
      return mostly(int(1, 32), fc.constant('0'));
    case 'channelMbps':
      return mostly(decimal(0.5, 100), fc.constantFrom('2.2', '20'));
    case 'flitTimeNs':
      return mostly(decimal(1, 100), fc.constant('25'));
    case 'startupUs':
      return mostly(decimal(0, 3), fc.constantFrom('0', '1', '1e9'));
    case 'traffic':
      return fc.constantFrom('dynamic', 'isolated');
    // issue 15: the source's injection rule and the VC release rule
    case 'injection':
      return fc.constantFrom('back-to-back', 'after-tail');
    case 'vcRelease':
      return fc.constantFrom('tail-credit', 'tail-sent');
    // dor's tie-break on a torus (refused, exit 2, off dor or for multicasts)
    case 'tieBreak':
      return fc.constantFrom('plus', 'random');
    case 'dateline':
      return fc.constantFrom('position', 'booksim');
    // issue 29: traffic patterns and processes (docs/traffic.md); undefined ones are refused, exit 2
    case 'pattern':
      return fc.constantFrom(...PATTERN_NAMES);
    case 'hotspots':
      return list(
        addressOf(topology).map(() => '0'),
        ',',
        2,
      );
    case 'hotspotFraction':
      return mostly(decimal(0, 1), fc.constantFrom('1.5', '-0.1'));
    case 'onoff':
      return mostly(
        fc.tuple(decimal(0.01, 1), decimal(0.01, 1)).map(([a, b]) => `${a},${b}`),
        fc.constantFrom('0,1', '1'),
      );
    case 'batch':
      return mostly(int(1, 4), fc.constant('0'));
    case 'radius':
      return mostly(int(1, 4), fc.constant('0'));
    // issue 26: the selection among an adaptive function's choices
    case 'selection':
      return fc.constantFrom('first-free', 'random', 'most-credits');
    // issue 22: faults (docs/routing-faults.md)
    case 'faults':
      return fc.constantFrom('links:1', 'nodes:1', 'links:10%', 'none', 'link:0-1', 'node:0', 'links:-1');
    case 'faultSeed':
      return int(0, 100);
    // issue 29: a trace file (the example, or one that does not exist: exit 2)
    case 'trace':
      return mostly(fc.constant('examples/traces/binomial-broadcast-64.trace'), fc.constant('no-such.trace'));
    default:
      return undefined;
  }
}

/** A multicast algorithm, mostly one defined on the topology (the modes of issue 13 are about multicasts). */
function multicastAlgorithm(topology: string): fc.Arbitrary<string> {
  const kind = parseTopology(topology).kind;
  const all = Object.keys(MULTICAST_ALGORITHMS);
  const fits = all.filter((n) => {
    const a = MULTICAST_ALGORITHMS[n]!;
    return a.topologies === 'any' || a.topologies.includes(kind);
  });
  return fc.oneof(
    { weight: 9, arbitrary: fc.constantFrom(...fits) },
    { weight: 1, arbitrary: fc.constantFrom(...all) },
  );
}

/** A value for an option: mostly valid, sometimes junk or random unicode. */
function valueFor(command: string, key: string, topology: string): fc.Arbitrary<string> {
  const valid = validValue(command, key, topology);
  const bad = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...JUNK) },
    { weight: 1, arbitrary: fc.string({ maxLength: 6, unit: 'grapheme' }) },
    { weight: 1, arbitrary: int(-5, 100) },
  );
  return valid ? fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: bad }) : bad;
}

/** Options that bound a run's work: a simulation always gets a short window (docs/cli.md). */
const BUDGET: Record<string, string[]> = {
  simulate: ['cycles', 'warmup', 'drain', 'sets'],
  'analyze reed': ['maxN'],
  'analyze stepwise': ['n', 'sets'],
};
/** The seed-unit options of simulate (docs/units.md "As options"). */
const UNIT_OPTIONS = ['units', 'messageBytes', 'flitBytes', 'channelMbps', 'flitTimeNs', 'startupUs'];
/** Options of dynamic traffic only: --traffic isolated refuses them. */
// (tieBreak random and dateline booksim are refused for isolated multicasts as well)
const DYNAMIC_ONLY = [
  'load',
  'interarrivalUs',
  'cycles',
  'warmup',
  'drain',
  'process',
  'self',
  'inFlight',
  'tieBreak',
  'dateline',
];
/** simulate's modes and the options each one uses (the rest would be ignored: exit 2, tried now and then). */
const MODE_USES: Record<string, readonly string[]> = {
  scenario: ['engine', 'json'],
  plan: [
    'flits',
    'vcs',
    'buffer',
    'port',
    'startup',
    'routerDelay',
    'vcLinks',
    'watchdog',
    'readyListAt',
    'slots',
    'engine',
    'json',
    'consumption',
  ],
  example: [
    'algorithm',
    'cycles',
    'warmup',
    'drain',
    'seed',
    'engine',
    'process',
    'port',
    'startup',
    'watchdog',
    'json',
    'vcLinks',
    'readyListAt',
    'slots',
  ],
};

/** Options that apply to few combinations (one routing function, tree algorithms...): given less often. */
const RARE = [
  'port',
  'holding',
  'enumeration',
  'lowFirst',
  'shortest',
  'dropBoundaryRule',
  'oneClass',
  'cycle',
  'consumption',
  'self',
  'vcLinks',
  'readyListAt',
  'slots',
  'watchdog',
  'vcs',
  'tieBreak',
  'dateline',
];

const attr = (o: Option): string => o.attributeName();

/**
 * One command line of a leaf, on `topology` (for its addresses) and, for simulate, in `mode`: a
 * subset of its options with valid values, then 0, 1 or 2 of those values (or the arguments)
 * replaced by malformed text.
 */
function commandLine(leaf: Leaf, topology: string, mode: string): fc.Arbitrary<string[]> {
  const name = leaf.path.join(' ');
  // the seed modes choose the algorithm first, and the destination count to go with it (a unicast
  // refuses --dests and --dests-mean, a multicast needs one of them): the rest is left to chance
  const picks = fc.tuple(
    mode === 'units'
      ? fc.oneof(fc.constant('unicast'), multicastAlgorithm(topology))
      : mode === 'isolated'
        ? fc.oneof(
            { weight: 1, arbitrary: fc.constant('unicast') },
            { weight: 6, arbitrary: multicastAlgorithm(topology) },
          )
        : fc.constant(''),
    fc.noBias(fc.nat(99)),
  );
  return picks.chain(([alg, roll]) => {
    const seedMode = mode === 'units' || mode === 'isolated';
    // the count options of a seed mode: mostly the one the algorithm needs, now and then a contradiction
    const count =
      alg === 'unicast'
        ? roll < 90
          ? 'none'
          : roll < 95
            ? 'dests'
            : 'destsMean'
        : roll < 60
          ? 'dests'
          : roll < 92
            ? 'destsMean'
            : roll < 96
              ? 'both'
              : 'none';
    const options = leaf.cmd.options.filter((o) => o.long !== '--help' && o.long !== '--version');
    const parts = options.map((o) => {
      const key = attr(o);
      const takesValue = o.required || o.optional;
      let p = o.mandatory ? 0.99 : RARE.includes(key) ? 0.1 : 0.3;
      if (name === 'simulate') {
        const generated = mode === 'none' || mode === 'units' || mode === 'isolated';
        const seedOption = UNIT_OPTIONS.includes(key) || key === 'interarrivalUs' || key === 'destsMean';
        if (['scenario', 'plan', 'example'].includes(key)) p = key === mode ? 1 : 0.01;
        else if (!generated) p = MODE_USES[mode]!.includes(key) ? p : 0.01;
        else if (key === 'traffic') p = mode === 'isolated' ? 1 : 0.03;
        else if (mode === 'isolated' && DYNAMIC_ONLY.includes(key)) p = 0.01;
        else if (key === 'sets') p = mode === 'isolated' ? 0.97 : 0.01;
        else if (BUDGET[name]!.includes(key) || key === 'topology') p = 0.97;
        else if (key === 'load') p = mode === 'none' ? 0.98 : 0.02;
        else if (key === 'interarrivalUs' && mode === 'units') p = 0.9;
        else if (key === 'units' && mode !== 'none') p = mode === 'units' ? 0.8 : 0.2;
        else if (seedMode && (key === 'dests' || key === 'destsMean')) p = count === key || count === 'both' ? 1 : 0;
        else if (key === 'destsMean') p = 0.05;
        else if (seedOption) p = mode === 'none' ? 0.02 : 0.12;
        else if (seedMode && key === 'algorithm') p = alg === 'unicast' ? 0.5 : 1;
      } else if (BUDGET[name]?.includes(key)) p = 0.97;
      else if (name === 'deadlock' && (key === 'routing' || key === 'algorithm')) p = 0.6;
      // unbiased: fast-check's default bias favours small numbers, which would put nearly every option in
      const present = fc.noBias(fc.nat(999)).map((x) => x < p * 1000);
      const flag = fc.constantFrom(o.long ?? o.short!, ...(o.short ? [o.short] : []));
      const valid = !takesValue
        ? fc.constant('')
        : name === 'simulate' && key === 'traffic' && mode === 'isolated'
          ? fc.constant('isolated')
          : name === 'simulate' && key === 'algorithm' && seedMode
            ? fc.constant(alg)
            : (validValue(name, key, topology) ?? valueFor(name, key, topology));
      const bad = takesValue ? valueFor(name, key, topology) : fc.constant('');
      return fc
        .tuple(present, flag, valid, bad)
        .map(([here, f, v, b]) => ({ here, flag: f, takesValue: !!takesValue, valid: v, bad: b }));
    });
    const args = leaf.cmd.registeredArguments.map(() => fc.tuple(fc.constant(topology), fc.constantFrom(...JUNK)));
    const corrupt = fc.array(fc.nat(), { minLength: 1, maxLength: 2 });
    const extra = fc.oneof(
      { weight: 15, arbitrary: fc.constant<string[]>([]) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(['--unknown-option'], ['--jsn'], ['stray'], ['--json', '--json'], ['--'], ['-x']),
      },
    );
    return fc
      .tuple(
        fc.tuple(...parts),
        fc.tuple(...args),
        fc.oneof({ weight: 6, arbitrary: fc.constant<number[]>([]) }, { weight: 4, arbitrary: corrupt }),
        extra,
        fc.boolean(),
      )
      .map(([ps, as, bad, ex, reverse]) => {
        const slots = ps.length + as.length;
        const broken = new Set(bad.map((b) => (slots > 0 ? b % slots : 0)));
        const words: string[][] = ps
          .filter((x, i) => x.here || broken.has(i))
          .map((x) => {
            const i = ps.indexOf(x);
            if (!x.takesValue) return [x.flag];
            const v = broken.has(i) ? x.bad : x.valid;
            return x.flag.startsWith('--') && v.startsWith('-') ? [`${x.flag}=${v}`] : [x.flag, v];
          });
        if (reverse) words.reverse();
        const positional = as
          .map(([good, junk], k) => (broken.has(ps.length + k) ? junk : good))
          .filter((a) => !a.startsWith('-'));
        // reproduce --all runs every reproduction (minutes, and writes figures): kept only where
        // --list or ids refuse it, so that a case stays a case
        const runsAll =
          name === 'reproduce' &&
          positional.length === 0 &&
          words.some((w) => w[0] === '--all') &&
          !words.some((w) => w[0] === '--list');
        const kept = runsAll ? words.filter((w) => w[0] !== '--all') : words;
        return [...leaf.path, ...positional, ...kept.flat(), ...ex];
      });
  });
}

/** Bare or unknown commands, and help and version. */
const BARE: readonly string[][] = [
  [],
  ['analyze'],
  ['nope'],
  ['constructor'],
  ['__proto__'],
  ['help', 'plan'],
  ['--version'],
  ['--help'],
  ['plan', '--help'],
  ['toString', '--json'],
];

/** simulate's modes (dynamic, seed units, isolated, scenario, plan, example) and each one's cases. */
const SIMULATE_QUOTA: Record<string, number> = {
  none: 150,
  units: 120,
  isolated: 150,
  scenario: 50,
  plan: 50,
  example: 50,
};
const BARE_QUOTA = 60;

/** What a case exercises: a leaf (by path) in a mode ('none' but for simulate), or the bare commands. */
interface Target {
  readonly key: string;
  readonly leaf: Leaf | null;
  readonly mode: string;
  readonly topologies: readonly string[];
}

const TARGETS: readonly Target[] = [
  ...LEAVES.flatMap((leaf) => {
    const path = leaf.path.join(' ');
    const modes = path === 'simulate' ? Object.keys(SIMULATE_QUOTA) : ['none'];
    return modes.map((mode) => ({
      key: `${path} ${mode}`,
      leaf,
      mode,
      topologies: path === 'deadlock' ? SMALL : MEDIUM,
    }));
  }),
  { key: 'bare', leaf: null, mode: 'none', topologies: [''] },
];

/** Cases per target, RUNS in all: simulate's modes and the bare commands as above, the other leaves share the rest evenly. */
const QUOTAS: ReadonlyMap<string, number> = (() => {
  const fixed = (t: Target): number | undefined =>
    t.leaf === null ? BARE_QUOTA : t.leaf.path.join(' ') === 'simulate' ? SIMULATE_QUOTA[t.mode] : undefined;
  const shared = TARGETS.filter((t) => fixed(t) === undefined);
  const rest = RUNS - TARGETS.reduce((sum, t) => sum + (fixed(t) ?? 0), 0);
  return new Map(
    TARGETS.map((t) => {
      const i = shared.indexOf(t);
      return [t.key, fixed(t) ?? Math.floor(rest / shared.length) + (i < rest % shared.length ? 1 : 0)];
    }),
  );
})();

/** clean: must run (test/cli-fuzz-clean.ts); refused: a clean line with an unknown option, exit 2; fuzz: the contract only. */
type Flavour = 'clean' | 'refused' | 'fuzz';

interface Case {
  readonly target: Target;
  readonly topology: string;
  readonly flavour: Flavour;
  readonly seed: number;
}

/** The schedule: each target's quota of cases, its topologies in turn, of every ten two clean and one refused. */
const CASES: readonly Case[] = TARGETS.flatMap((target) =>
  Array.from({ length: QUOTAS.get(target.key)! }, (_, j) => ({
    target,
    topology: target.topologies[j % target.topologies.length]!,
    flavour: (j % 10 < 2 ? 'clean' : j % 10 === 5 ? 'refused' : 'fuzz') as Flavour,
  })),
).map((c, i) => ({ ...c, seed: SEED + i }));

const UNKNOWN_OPTIONS = ['--unknown-option', '--jsn', '-x'];

/** The command line of a case, and whether it is clean (or refused) after all: targets with no clean line fuzz instead. */
function caseLine(c: Case): { argv: string[]; flavour: Flavour } {
  const { target, topology, seed } = c;
  const clean = target.leaf && c.flavour !== 'fuzz' ? cleanLine(target.key, topology, seed, PLAN_FILES[0]!) : undefined;
  if (clean)
    return c.flavour === 'clean'
      ? { argv: clean, flavour: 'clean' }
      : { argv: [...clean, UNKNOWN_OPTIONS[seed % UNKNOWN_OPTIONS.length]!], flavour: 'refused' };
  const arbitrary = target.leaf ? commandLine(target.leaf, topology, target.mode) : fc.constantFrom(...BARE);
  return { argv: fc.sample(arbitrary, { seed, numRuns: 1 })[0]!, flavour: 'fuzz' };
}

/** The contract of one run (docs/cli.md); returns a description of the breach, or undefined. */
function breach(
  argv: string[],
  r: { status: number; stdout: string; stderr: string; millis: number },
): string | undefined {
  if (r.millis > CASE_MILLIS) return `took ${Math.round(r.millis)} ms`;
  if (/internal error/.test(r.stderr) || /\n\s+at /.test(r.stderr))
    return `internal error or stack trace: ${r.stderr.slice(0, 400)}`;
  if (r.status === 0) {
    const help = argv.includes('--help') || argv[0] === 'help' || argv.includes('--version') || argv.includes('-V');
    if (!help && argv.includes('--json')) {
      const lines = r.stdout.split('\n').filter((l) => l !== '');
      if (lines.length === 0) return 'exit 0 with --json printed nothing';
      for (const l of lines) {
        try {
          JSON.parse(l);
        } catch {
          return `exit 0 with --json printed a line that is not JSON: ${l.slice(0, 200)}`;
        }
      }
    } else if (r.stdout.trim() === '') return 'exit 0 printed nothing';
    return undefined;
  }
  if (r.status === 2) {
    if (!/^wormcast: [^\n]*\n$/.test(r.stderr))
      return `exit 2 without exactly one 'wormcast: ' line: ${JSON.stringify(r.stderr.slice(0, 400))}`;
    return undefined;
  }
  if (r.status === EXIT_INCOMPLETE && argv[0] === 'simulate') {
    // a simulation that printed its result but did not complete the measurement (docs/cli.md)
    // (a pre-run warning, e.g. a cyclic dependency graph, may come first)
    if (!/^(wormcast: warning: [^\n]*\n)+$/.test(r.stderr))
      return `exit ${r.status} without 'wormcast: warning: ' lines only: ${JSON.stringify(r.stderr.slice(0, 400))}`;
    if (r.stdout.trim() === '') return `exit ${r.status} printed no result`;
    if (argv.includes('--json')) {
      try {
        JSON.parse(r.stdout);
      } catch {
        return `exit ${r.status} with --json printed no JSON: ${r.stdout.slice(0, 200)}`;
      }
    }
    return undefined;
  }
  return `exit ${r.status}: ${r.stderr.slice(0, 400)}`;
}

describe('CLI fuzz (docs/cli.md contract)', () => {
  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wormcast-fuzz-'));
    const plan = await runMain([
      'plan',
      '--topology',
      'mesh:4x4',
      '--algorithm',
      'dual-path',
      '--source',
      '1,1',
      '--dests',
      '0,0;3,3;2,0',
      '--json',
    ]);
    expect(plan.status).toBe(0);
    const write = (name: string, text: string): string => {
      const p = join(dir, name);
      writeFileSync(p, text);
      return p;
    };
    const p = JSON.parse(plan.stdout) as { messages: Array<{ after: number | null; kind: string }> };
    PLAN_FILES = [
      write('ok.json', plan.stdout),
      write('bom.json', `\ufeff${plan.stdout}`),
      write('empty.json', ''),
      write('array.json', '[]'),
      write('banana.json', JSON.stringify({ ...p, messages: p.messages.map((m) => ({ ...m, kind: 'banana' })) })),
      write(
        'cycle.json',
        JSON.stringify({ ...p, messages: p.messages.map((m, i) => ({ ...m, after: (i + 1) % p.messages.length })) }),
      ),
      '/dev/null',
      dir,
      join(dir, 'missing.json'),
    ];
  });

  it('the definitions give every command and its options', () => {
    expect(LEAVES.map((l) => l.path.join(' '))).toEqual(
      expect.arrayContaining([
        'example',
        'topology',
        'route',
        'analyze reed',
        'analyze stepwise',
        'plan',
        'deadlock',
        'verify',
        'simulate',
      ]),
    );
  });

  it('the quotas give every command, every mode of simulate and every registered family its cases, RUNS in all', () => {
    expect(CASES.length).toBe(RUNS);
    for (const t of TARGETS) {
      const mine = CASES.filter((c) => c.target === t);
      expect([t.key, mine.length]).toEqual([t.key, QUOTAS.get(t.key)]);
      if (t.leaf === null) continue;
      // each case's topology in turn: every family of the registry is among them
      expect(mine.length, t.key).toBeGreaterThanOrEqual(t.topologies.length);
      expect(new Set(mine.map((c) => parseTopology(c.topology).kind))).toEqual(new Set(Object.keys(TOPOLOGY_FAMILIES)));
    }
    expect(TARGETS.map((t) => t.key)).toEqual(expect.arrayContaining(CLEAN_TARGETS));
  });

  it(`${RUNS} seeded command lines: exit 0 with well-formed output, or exit 2 with one wormcast: line; clean lines run, refused ones exit 2`, async () => {
    const seen = { 0: 0, 2: 0 } as Record<number, number>;
    // the clean lines that ran, by target and, for simulate's seed modes, by count option
    const ran = new Set<string>();
    const made: Record<Flavour, number> = { clean: 0, refused: 0, fuzz: 0 };
    for (const c of CASES) {
      const { argv, flavour } = caseLine(c);
      made[flavour]++;
      const r = await runMain(argv, CASE_MILLIS);
      seen[r.status] = (seen[r.status] ?? 0) + 1;
      const line = `wormcast ${argv.map((a) => JSON.stringify(a)).join(' ')}`;
      const why = breach(argv, r);
      if (why) throw new Error(`${line}: ${why}`);
      if (flavour === 'clean') {
        const ok = r.status === 0 || (r.status === EXIT_INCOMPLETE && argv[0] === 'simulate');
        if (!ok) throw new Error(`${line}: a clean line exited ${r.status}: ${r.stderr.slice(0, 400)}`);
        ran.add(c.target.key);
        if (argv.includes('--dests-mean')) ran.add(`${c.target.key} --dests-mean`);
      }
      if (flavour === 'refused' && r.status !== 2) throw new Error(`${line}: an unknown option exited ${r.status}`);
    }
    // every command and simulate mode with a clean line ran in earnest (the issue-13 modes too)
    expect([...ran].sort()).toEqual(
      [...CLEAN_TARGETS, 'simulate isolated --dests-mean'].filter((k) => QUOTAS.has(k.replace(/ --.*/, ''))).sort(),
    );
    // both outcomes in earnest: at least the clean lines ran and the refused ones were refused
    expect((seen[0] ?? 0) + (seen[EXIT_INCOMPLETE] ?? 0)).toBeGreaterThanOrEqual(made.clean);
    expect(seen[2]).toBeGreaterThanOrEqual(made.refused);
  }, 180_000);
});
