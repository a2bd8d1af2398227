import { SEED_MAX } from '../../errors.ts';
import type { EngineOptions } from '../../engine/types.ts';
import { MULTICAST_ALGORITHMS } from '../../multicast/registry.ts';
import { MAX_SLOTS } from '../run/simulation-result.ts';
import type { SimulateConfig } from '../run/simulate.ts';
import { UNIT_PRESET_FIELDS } from './units.ts';
import { PATTERN_NAMES } from '../../traffic/patterns.ts';
import { ARRIVAL_PROCESSES } from '../run/traffic.ts';

/*
 * The one option table (issue 28): every option of `wormcast simulate`, of an experiment's points
 * and of the library's simulate() is one entry here. Commander's flags (src/cli/commands/simulate.ts),
 * the experiment keys and their schemas (options.ts), the grid's numeric and boolean sets, point
 * resolution and its mapping into the engine (point-config.ts), the browser form
 * (src/web/simulate-panel.ts) and docs/options.md are derived from it. A value's kind and range
 * are plain data, not zod schemas, so that the package's public types do not reach zod's
 * (test/package.test.ts); options.ts builds the schemas from them.
 *
 * Adding an option: an entry here, the field of EngineOptions (src/engine/types.ts), its
 * resolution in src/engine/input.ts and place in src/engine/layout.ts, and the two engines
 * (docs/options.md "Adding an option").
 */

/** What values an option takes; the ranges are inclusive. */
export type ValueSpec =
  | {
      readonly kind: 'string';
      /** Node ids: an experiment file may also give an integer or a list of integers (hotspots: [0, 9]). */
      readonly ids?: true;
    }
  | {
      readonly kind: 'int';
      readonly min: number;
      readonly max: number;
      /** Words taken besides an integer (warmup: auto). */
      readonly words?: readonly string[];
      /** A size mix `size:weight,...` taken besides an integer (flits: `--flits 4:1,16:1`, the option sizes). */
      readonly mix?: true;
    }
  | { readonly kind: 'number'; readonly min: number; readonly max: number }
  | { readonly kind: 'enum'; readonly values: readonly string[] }
  | { readonly kind: 'boolean' };

/** What a figure or table says of an option's values: its title, unit and whether it is a time in cycles. */
export interface OptionQuantity {
  readonly title: string;
  readonly note?: string;
  readonly unit: string;
  readonly time?: true;
}

/** The sections of docs/options.md, in the order of the help. */
export type OptionGroup = 'traffic' | 'network' | 'engine rules' | 'run' | 'units' | 'isolated';

/** One option. */
export interface OptionEntry {
  /** Its key in experiment files and the library (commander's attribute name). */
  readonly key: string;
  /** The command-line flag when it is not `--` + the key in kebab case. */
  readonly flag?: string;
  /** The value's placeholder in the help (`<N>`); none for a boolean flag. */
  readonly placeholder?: string;
  readonly value: ValueSpec;
  /** The help line of `wormcast simulate --help`. */
  readonly help: string;
  /** Its name in words, for headings and the browser form (an engine rule has one). */
  readonly label?: string;
  /**
   * An engine rule in a run's heading and its JSON `rules`: always, or only when not its default
   * (a rule added later leaves the runs that do not use it printed as before).
   */
  readonly report?: 'always' | 'not-default';
  /** The value used when none is given, when it is a plain value. */
  readonly default?: string | number | boolean;
  /** False: the help does not show `default`, and commander leaves the option unset (`--sets`). */
  readonly cliDefault?: false;
  /** A default derived from the other options, in words (docs/options.md). */
  readonly derived?: string;
  readonly group: OptionGroup;
  /** An option of an experiment's points (false: `seed`, which the experiment derives per replication). */
  readonly point: boolean;
  /** A point holds it only when given (its absence is the engine's or the routing's default). */
  readonly givenOnly?: true;
  /** Its title and unit on a figure's axis or a table's column (src/report/quantities.ts). */
  readonly quantity?: OptionQuantity;
  /** The EngineOptions field it is passed as. */
  readonly engine?: keyof EngineOptions;
  /** The SimulateConfig field it is passed as (the engine's options are `engine`). */
  readonly run?: keyof SimulateConfig;
}

/** `1..16` */
export function rangeText(v: ValueSpec): string {
  return v.kind === 'int' || v.kind === 'number' ? `${v.min}..${v.max}` : '';
}

const int = (min: number, max: number) => ({ kind: 'int', min, max }) as const;
const num = (min: number, max: number) => ({ kind: 'number', min, max }) as const;
const oneOf = <const T extends readonly string[]>(...values: T) => ({ kind: 'enum', values }) as const;
const STRING = { kind: 'string' } as const;
const BOOLEAN = { kind: 'boolean' } as const;

/** 'unicast' or a multicast algorithm of src/multicast/registry.ts. */
export const ALGORITHM_NAMES: readonly string[] = ['unicast', ...Object.keys(MULTICAST_ALGORITHMS)];

/** Seed units in microseconds, Mbytes/s or ns: plain numbers far beyond any network. */
const UNIT_NUMBER = num(1e-9, 1e12);
const LINK_LATENCY = int(1, 16);
const SLOTS = int(16, MAX_SLOTS);
const IN_FLIGHT = int(16, 1 << 22);

/** Every option, in the order `wormcast simulate --help` lists them. */
export const OPTION_TABLE = [
  {
    key: 'topology',
    quantity: { title: 'Network', unit: '' },
    placeholder: '<spec>',
    value: STRING,
    help: 'e.g. mesh:8x8, torus:16x16, ccc:10, hypercube:6',
    group: 'network',
    point: true,
    run: 'topology',
  },
  {
    key: 'routing',
    quantity: { title: 'Routing function', unit: '' },
    placeholder: '<name>',
    value: STRING,
    help: "routing function (default: the algorithm's or the family's)",
    derived: "the algorithm's routing, or the topology family's for unicast",
    group: 'network',
    point: true,
    run: 'routing',
  },
  {
    key: 'faults',
    placeholder: '<list>',
    value: STRING,
    help: "static faults, items joined by ';': link:A-B | node:A | links:N | nodes:N | links:P% | nodes:P% (docs/faults.md)",
    derived: 'none',
    group: 'network',
    point: true,
    givenOnly: true,
    run: 'faults',
    quantity: { title: 'Faults', note: 'static faulty links and nodes (docs/faults.md)', unit: '' },
  },
  {
    key: 'faultSeed',
    placeholder: '<s>',
    value: int(0, SEED_MAX),
    help: 'seed of the random faults of --faults (default 1)',
    derived: '1 (with --faults)',
    group: 'network',
    point: true,
    givenOnly: true,
    run: 'faultSeed',
  },
  {
    key: 'algorithm',
    quantity: { title: 'Algorithm', unit: '' },
    placeholder: '<name>',
    value: { kind: 'enum', values: ALGORITHM_NAMES },
    help: `unicast | ${Object.keys(MULTICAST_ALGORITHMS).join(' | ')}`,
    default: 'unicast',
    group: 'traffic',
    point: true,
    run: 'algorithm',
  },
  {
    key: 'dests',
    quantity: { title: 'Destinations', note: 'per multicast', unit: '' },
    placeholder: '<m>',
    value: int(1, 1 << 24),
    help: 'destinations per multicast',
    group: 'traffic',
    point: true,
    run: 'dests',
  },
  {
    key: 'destsMean',
    quantity: { title: 'Mean destinations', note: 'per multicast', unit: '' },
    placeholder: '<m>',
    value: int(1, 1 << 24),
    help: 'destinations drawn per multicast with this mean (uniform over mean-w..mean+w; docs/traffic.md), instead of --dests',
    group: 'traffic',
    point: true,
    run: 'destsMean',
  },
  {
    key: 'load',
    quantity: { title: 'Offered load', unit: 'flits/node/cycle' },
    placeholder: '<rate>',
    value: num(1e-9, 1 << 24),
    help: 'offered load: message flits per node per cycle',
    group: 'traffic',
    point: true,
    run: 'load',
  },
  {
    key: 'interarrivalUs',
    quantity: { title: 'Mean inter-arrival time', note: 'per node', unit: 'µs' },
    placeholder: '<T>',
    value: UNIT_NUMBER,
    help: 'mean inter-arrival time per node in microseconds, instead of --load (needs a cycle time: --units, --channel-mbps or --flit-time-ns; docs/units.md)',
    group: 'units',
    point: true,
  },
  {
    key: 'flits',
    quantity: { title: 'Message length', unit: 'flits' },
    placeholder: '<L>',
    value: { ...int(1, 1 << 24), mix: true },
    help: 'flits per message, or a size mix size:weight,... (e.g. 4:1,16:1: the option sizes)',
    default: 16,
    group: 'traffic',
    point: true,
    run: 'flits',
  },
  {
    key: 'sizes',
    placeholder: '<mix>',
    value: STRING,
    help: 'message sizes drawn per message, size:weight in flits, e.g. 4:1,16:1, instead of --flits (which then is the largest size; the load counts the mean size)',
    group: 'traffic',
    point: true,
    givenOnly: true,
    run: 'sizes',
  },
  {
    key: 'units',
    placeholder: '<preset>',
    value: { kind: 'enum', values: Object.keys(UNIT_PRESET_FIELDS) },
    help: "a seed's units: seed000 | seed001 | seed003 | seed004 (docs/units.md)",
    group: 'units',
    point: true,
  },
  {
    key: 'messageBytes',
    quantity: { title: 'Message size', unit: 'bytes' },
    placeholder: '<B>',
    value: int(1, 1 << 30),
    help: 'message size in bytes, instead of --flits (needs --flit-bytes or --units)',
    group: 'units',
    point: true,
  },
  {
    key: 'flitBytes',
    placeholder: '<b>',
    value: int(1, 1 << 20),
    help: 'bytes per flit',
    group: 'units',
    point: true,
  },
  {
    key: 'channelMbps',
    placeholder: '<S>',
    value: UNIT_NUMBER,
    help: 'channel speed in Mbytes/s: one cycle is flit bytes / S microseconds',
    group: 'units',
    point: true,
  },
  {
    key: 'flitTimeNs',
    placeholder: '<t>',
    value: UNIT_NUMBER,
    help: 'time of one flit on one channel in ns (the cycle), instead of --channel-mbps',
    group: 'units',
    point: true,
  },
  {
    key: 'vcs',
    quantity: { title: 'Virtual channels', note: 'per class', unit: '' },
    placeholder: '<k>',
    value: int(1, 64),
    help: 'virtual channels per VC class of the routing function',
    default: 1,
    group: 'network',
    point: true,
    engine: 'vcsPerClass',
  },
  {
    key: 'buffer',
    quantity: { title: 'Buffer', note: 'per virtual channel', unit: 'flits' },
    placeholder: '<B>',
    value: int(1, 1 << 20),
    help: 'flits of buffer per VC',
    default: 8,
    group: 'network',
    point: true,
    engine: 'buffer',
  },
  {
    key: 'port',
    quantity: { title: 'Port model', unit: '' },
    placeholder: '<model>',
    value: oneOf('one', 'all'),
    help: "one | all (default: the algorithm's own, as plan and verify use; one for unicast)",
    derived: "the algorithm's own port model (src/multicast/node-model.ts defaultNodeModel); one for unicast",
    group: 'network',
    point: true,
    engine: 'port',
  },
  {
    key: 'consumption',
    quantity: { title: 'Consumption channels', unit: '' },
    placeholder: '<which>',
    value: oneOf('port', 'vc'),
    help: 'consumption channels: port (one per node one-port, one per incoming link all-port) | vc (one per incoming virtual channel); default vc for path- and tree-based algorithms, port otherwise (docs/deadlock.md)',
    derived: 'vc for path- and tree-based algorithms, port otherwise (defaultNodeModel)',
    group: 'network',
    point: true,
    engine: 'consumption',
  },
  {
    key: 'startup',
    quantity: { title: 'Startup latency', unit: 'cycles', time: true },
    placeholder: '<c>',
    value: int(0, 1 << 24),
    help: 'cycles of software overhead per send',
    default: 1,
    group: 'network',
    point: true,
    engine: 'startup',
  },
  {
    key: 'startupUs',
    quantity: { title: 'Startup latency', unit: 'µs' },
    placeholder: '<t>',
    value: num(0, 1e12),
    help: 'software overhead per send in microseconds, instead of --startup',
    group: 'units',
    point: true,
  },
  {
    key: 'routerDelay',
    quantity: { title: 'Router delay', unit: 'cycles', time: true },
    placeholder: '<R>',
    value: int(0, 1 << 16),
    help: 'cycles a header spends in each router',
    default: 1,
    group: 'network',
    point: true,
    engine: 'routerDelay',
  },
  {
    key: 'vcLinks',
    value: BOOLEAN,
    help: 'every VC its own physical link (no multiplexing)',
    default: false,
    group: 'network',
    point: true,
    engine: 'vcLinks',
  },
  {
    key: 'injection',
    placeholder: '<rule>',
    value: oneOf('back-to-back', 'after-tail'),
    help: "back-to-back (a message's header may follow the previous tail into the injection channel) | after-tail (the next message starts only after the previous tail left the source's router: the seeds' one-port model); default back-to-back for unicast, after-tail for multicast algorithms and plans (docs/model-flit.md)",
    derived:
      'back-to-back for unicast, after-tail for multicast algorithms and plans (src/engine/input.ts defaultInjection)',
    label: 'injection',
    report: 'always',
    group: 'engine rules',
    point: true,
    givenOnly: true,
    engine: 'injection',
  },
  {
    key: 'vcRelease',
    placeholder: '<rule>',
    value: oneOf('tail-credit', 'tail-sent'),
    help: "when a network VC is freed: tail-credit (its tail has left the buffer; no BookSim equivalent) | tail-sent (its tail has come in, the next holder queues behind; BookSim's default); default tail-credit (docs/model-flit.md)",
    default: 'tail-credit',
    cliDefault: false,
    label: 'VC release',
    report: 'always',
    group: 'engine rules',
    point: true,
    givenOnly: true,
    engine: 'vcRelease',
  },
  {
    key: 'tieBreak',
    placeholder: '<rule>',
    value: oneOf('plus', 'random'),
    help: "dor on a torus, both ways round equally long (offset k/2): plus (always +) | random (+ or - per packet and dimension, BookSim's dor_next_torus; drawn from the run's seed); default plus; unicast traffic only (docs/model-flit.md)",
    default: 'plus',
    cliDefault: false,
    label: 'dor tie-break',
    group: 'engine rules',
    point: true,
    givenOnly: true,
    run: 'tieBreak',
  },
  {
    key: 'dateline',
    placeholder: '<rule>',
    value: oneOf('position', 'booksim'),
    help: "dor's VC classes on a torus: position (d0 while the dimension's wrap link is ahead, d1 after it or with none) | booksim (BookSim's dim_order_torus: p1 for the whole dimension if its route there crosses the wrap link, else p0); default position; unicast traffic only (docs/model-flit.md)",
    default: 'position',
    cliDefault: false,
    label: 'dateline',
    group: 'engine rules',
    point: true,
    givenOnly: true,
    run: 'dateline',
  },
  {
    key: 'selection',
    placeholder: '<rule>',
    value: oneOf('first-free', 'random', 'most-credits'),
    help: "adaptive routing functions (west-first, north-last, negative-first, planar-adaptive, min-adaptive; label-adaptive under algorithm adaptive-dual-path): which free choice a header takes: first-free (the first in the function's order) | random (drawn from the worm's key) | most-credits (the most free buffer flits downstream over its channel's VCs); default first-free (docs/model-flit.md \"Adaptive routing\")",
    default: 'first-free',
    cliDefault: false,
    label: 'selection',
    group: 'engine rules',
    point: true,
    givenOnly: true,
    run: 'selection',
  },
  {
    key: 'linkLatency',
    quantity: { title: 'Link latency', unit: 'cycles', time: true },
    placeholder: '<N>',
    value: LINK_LATENCY,
    help: `cycles a flit and its credit take over a network channel, ${rangeText(LINK_LATENCY)} (BookSim's torus default is 2); default 1 (docs/model-flit.md)`,
    default: 1,
    cliDefault: false,
    label: 'link latency',
    report: 'not-default',
    group: 'engine rules',
    point: true,
    givenOnly: true,
    engine: 'linkLatency',
  },
  {
    key: 'treeReplication',
    placeholder: '<rule>',
    value: oneOf('independent', 'lockstep'),
    help: "tree-based multicast: how a tree worm's branches advance: independent (each branch request granted on its own, each branch moves on within its buffers) | lockstep (seed 004's trees: a router's branch requests granted together or not at all, and a tree with a request not granted stops whole); default independent (docs/model-flit.md \"Tree replication\")",
    default: 'independent',
    cliDefault: false,
    label: 'tree replication',
    report: 'not-default',
    group: 'engine rules',
    point: true,
    givenOnly: true,
    engine: 'treeReplication',
  },
  {
    key: 'switch',
    placeholder: '<rule>',
    value: oneOf('per-vc', 'per-port'),
    help: 'a router\'s crossbar inputs: per-vc (every VC of an input link may send a flit in the same cycle) | per-port (one per input port, BookSim\'s input_speedup = 1: a separable input-first allocator, one iteration, lets one VC of each input port send a flit per cycle; needs multiplexed VCs); default per-vc (docs/model-flit.md "Arbitration")',
    default: 'per-vc',
    cliDefault: false,
    label: 'switch',
    report: 'not-default',
    group: 'engine rules',
    point: true,
    givenOnly: true,
    engine: 'switch',
  },
  {
    key: 'queuedHeader',
    placeholder: '<rule>',
    value: oneOf('router-delay', 'pipelined'),
    help: "with --vc-release tail-sent, when a header queued in a VC's buffer behind the previous holder's tail is routed: router-delay (R cycles after it reaches the front, the cycle after that tail left) | pipelined (BookSim's router: max(1, R - 1) cycles after that tail left, its route stage starting the cycle after the tail's switch allocation); default router-delay (docs/model-flit.md \"One cycle t\" 4b)",
    default: 'router-delay',
    cliDefault: false,
    label: 'queued header',
    report: 'not-default',
    group: 'engine rules',
    point: true,
    givenOnly: true,
    engine: 'queuedHeader',
  },
  {
    key: 'creditDelay',
    quantity: { title: 'Credit delay', unit: 'cycles', time: true },
    placeholder: '<N>',
    value: int(-15, 30),
    help: 'cycles a credit takes beyond the link latency, -15..30 (link latency + this 1..31): a flit leaving a network VC\'s buffer in cycle t frees room its upstream sees from t + link latency + this on; BookSim\'s router pipeline makes it 3 (or -1 with its switch and channel stages counted in the link latency); default 0 (docs/model-flit.md "Time")',
    default: 0,
    cliDefault: false,
    label: 'credit delay',
    report: 'not-default',
    group: 'engine rules',
    point: true,
    givenOnly: true,
    engine: 'creditDelay',
  },
  {
    key: 'ejection',
    placeholder: '<rule>',
    value: oneOf('channels', 'vcs'),
    help: 'BookSim\'s ejection port: channels (the consumption channels of --consumption) | vcs (V ejection VCs per node, a copy takes any free one, and their flits pass one per cycle, round-robin); needs --switch per-port; default channels (docs/model-flit.md "BookSim\'s router")',
    default: 'channels',
    cliDefault: false,
    label: 'ejection',
    report: 'not-default',
    group: 'engine rules',
    point: true,
    givenOnly: true,
    engine: 'ejection',
  },
  {
    key: 'lateGrant',
    placeholder: '<rule>',
    value: oneOf('same-cycle', 'next-cycle'),
    help: "a request granted its VC after waiting: same-cycle (its first flit may pass in the grant's cycle) | next-cycle (from the cycle after: BookSim's VC allocation stage before switch allocation); needs --switch per-port; default same-cycle (docs/model-flit.md \"BookSim's router\")",
    default: 'same-cycle',
    cliDefault: false,
    label: 'late grant',
    report: 'not-default',
    group: 'engine rules',
    point: true,
    givenOnly: true,
    engine: 'lateGrant',
  },
  {
    key: 'injectionBuffer',
    placeholder: '<rule>',
    value: oneOf('per-message', 'lanes'),
    help: "the injection port's buffers: per-message (every message its own) | lanes (BookSim's injection VCs: V lanes of B flits, a message takes the next lane round-robin and queues behind the earlier messages there, and the port serves the lanes round-robin); needs --switch per-port; default per-message (docs/model-flit.md \"BookSim's router\")",
    default: 'per-message',
    cliDefault: false,
    label: 'injection buffer',
    report: 'not-default',
    group: 'engine rules',
    point: true,
    givenOnly: true,
    engine: 'injectionBuffer',
  },
  {
    key: 'vcAllocator',
    placeholder: '<rule>',
    value: oneOf('oldest-first', 'round-robin'),
    help: 'who gets a free VC several requests want: oldest-first (served as the cycle meets them, oldest message first) | round-robin (BookSim\'s separable allocator: after every request of the cycle, per output VC class, by input VC from the one after the input it granted last); needs --switch per-port; default oldest-first (docs/model-flit.md "BookSim\'s router")',
    default: 'oldest-first',
    cliDefault: false,
    label: 'VC allocator',
    report: 'not-default',
    group: 'engine rules',
    point: true,
    givenOnly: true,
    engine: 'vcAllocator',
  },
  {
    key: 'cycles',
    quantity: { title: 'Measured window', unit: 'cycles' },
    placeholder: '<N>',
    value: int(1, 1 << 30),
    help: 'measurement window in cycles',
    default: 10_000,
    group: 'run',
    point: true,
    run: 'measure',
  },
  {
    key: 'warmup',
    placeholder: '<N>',
    value: { ...int(0, 1 << 30), words: ['auto'] },
    help: 'warm-up cycles before the window, or auto: the truncation point MSER-5 finds in a pilot run (docs/traffic.md "Automatic warm-up")',
    default: 1000,
    group: 'run',
    point: true,
    run: 'warmup',
  },
  {
    key: 'drain',
    placeholder: '<N>',
    value: int(0, 1 << 30),
    help: 'cycles after the window for its messages to complete',
    default: 10_000,
    group: 'run',
    point: true,
    run: 'drain',
  },
  {
    key: 'seed',
    placeholder: '<s>',
    value: int(0, SEED_MAX),
    help: 'traffic seed',
    default: 1,
    group: 'run',
    // an experiment derives each replication's seed from its own (src/experiment/sweep/seeds.ts)
    point: false,
    run: 'seed',
  },
  {
    key: 'engine',
    placeholder: '<kind>',
    value: oneOf('wasm', 'reference'),
    help: 'wasm | reference',
    default: 'wasm',
    group: 'run',
    point: true,
    run: 'engine',
  },
  {
    key: 'process',
    placeholder: '<kind>',
    value: oneOf(...ARRIVAL_PROCESSES),
    help: "bernoulli | exponential | uniform | onoff | batch inter-arrival per node (uniform: gaps uniform on [0, twice the mean), seed 004 section 8.2; onoff: BookSim's two-state Markov source, --onoff; batch: every node sends --batch messages, the result is the time to drain them)",
    default: 'bernoulli',
    group: 'traffic',
    point: true,
    run: 'process',
  },
  {
    key: 'onoff',
    placeholder: '<alpha,beta>',
    value: STRING,
    help: 'process onoff: the probabilities per cycle that an off source turns on (alpha) and an on source turns off (beta); the on state sends at load / flits x (alpha + beta) / alpha',
    group: 'traffic',
    point: true,
    givenOnly: true,
    run: 'onoff',
  },
  {
    key: 'batch',
    placeholder: '<N>',
    value: int(1, 1 << 24),
    help: 'process batch: messages each node sends (BookSim sim_type = batch); the run ends when all are delivered and reports drainTime',
    group: 'traffic',
    point: true,
    givenOnly: true,
    run: 'batch',
  },
  {
    key: 'self',
    value: BOOLEAN,
    help: 'unicast sources may address themselves (BookSim convention)',
    default: false,
    group: 'traffic',
    point: true,
    run: 'self',
  },
  {
    key: 'pattern',
    placeholder: '<name>',
    value: oneOf(...PATTERN_NAMES),
    help: `unicast destinations: ${PATTERN_NAMES.join(' | ')} (BookSim's names; docs/traffic.md "Patterns"); refused where a pattern is undefined; default uniform`,
    default: 'uniform',
    cliDefault: false,
    group: 'traffic',
    point: true,
    givenOnly: true,
    run: 'pattern',
  },
  {
    key: 'hotspots',
    placeholder: '<ids>',
    value: { kind: 'string', ids: true },
    help: 'pattern hotspot: the hot node ids, e.g. 0,9,27',
    group: 'traffic',
    point: true,
    givenOnly: true,
    run: 'hotspots',
  },
  {
    key: 'hotspotFraction',
    placeholder: '<F>',
    value: num(0, 1),
    help: 'pattern hotspot: the fraction of messages sent to a hot node, the rest uniform; default 1',
    default: 1,
    cliDefault: false,
    group: 'traffic',
    point: true,
    givenOnly: true,
    run: 'hotspotFraction',
  },
  {
    key: 'trace',
    placeholder: '<file>',
    value: STRING,
    help: 'replay a trace instead of generated traffic: one message per line, at src dests flits, at a cycle or after:K (docs/traffic.md "Traces")',
    group: 'traffic',
    point: true,
    givenOnly: true,
    run: 'trace',
  },
  {
    key: 'radius',
    placeholder: '<d>',
    value: int(1, 1 << 20),
    help: 'pattern near: destinations drawn uniformly among the nodes within d hops of the source (unicast or multicast)',
    group: 'traffic',
    point: true,
    givenOnly: true,
    run: 'radius',
  },
  {
    key: 'watchdog',
    placeholder: '<W>',
    value: int(2, 1 << 30),
    help: 'quiet cycles before a deadlock is declared',
    derived: "max(1000, 4 (startup + routerDelay + 2)); at least startup + routerDelay + 2 (the engine's floor)",
    group: 'run',
    point: true,
    engine: 'watchdog',
  },
  {
    key: 'readyListAt',
    placeholder: '<n>',
    value: int(0, 1 << 30),
    help: 'live slots from which a cycle is evaluated with the ready list instead of the walk (same results; 0 = always; not given: 2048, and the walk kept above while most slots move); with one VC per link, kernel traffic walks several worms at once from 32 times as many',
    default: 2048,
    cliDefault: false,
    group: 'run',
    point: true,
    givenOnly: true,
    engine: 'readyListAt',
  },
  {
    key: 'slots',
    placeholder: '<N>',
    value: SLOTS,
    help: `slot capacity: live VC requests and holdings at once (${rangeText(SLOTS)}; default enough for every VC and worm, at most 4194304); a run that needs more stops with status out-of-slots`,
    derived: 'enough for every VC and worm, at most 4194304',
    group: 'run',
    point: true,
    givenOnly: true,
    engine: 'slots',
  },
  {
    key: 'inFlight',
    placeholder: '<N>',
    value: IN_FLIGHT,
    help: `messages the run may hold in flight or waiting to be sent (${rangeText(IN_FLIGHT)}; default: about 16384 cycles of traffic, at most 1024 per node, at least 4096); a run that needs more stops as saturated (traffic is generated as the run goes, docs/experiments.md)`,
    derived: 'about 16384 cycles of traffic, at most 1024 per node, at least 4096',
    group: 'run',
    point: true,
    givenOnly: true,
    run: 'inFlight',
  },
  {
    key: 'traffic',
    placeholder: '<kind>',
    value: oneOf('dynamic', 'isolated'),
    help: 'dynamic | isolated (one multicast at a time in an empty network, averaged over --sets random sets)',
    default: 'dynamic',
    group: 'isolated',
    point: true,
  },
  {
    key: 'sets',
    placeholder: '<N>',
    value: int(1, 1 << 24),
    help: 'random sets of --traffic isolated (default 100)',
    default: 100,
    cliDefault: false,
    group: 'isolated',
    point: true,
  },
] as const satisfies readonly OptionEntry[];

type EngineRuleEntry = Extract<(typeof OPTION_TABLE)[number], { group: 'engine rules' }>;

/** An engine rule's key. */
export type EngineRuleKey = EngineRuleEntry['key'];

/** The engine rules (docs/options.md "engine rules"): what the browser form offers beyond the traffic. */
export const ENGINE_RULES: readonly (OptionEntry & { readonly key: EngineRuleKey })[] = OPTION_TABLE.filter(
  (e): e is EngineRuleEntry => e.group === 'engine rules',
);

/** Any option's key. */
export type TableKey = (typeof OPTION_TABLE)[number]['key'];

/** The value type of a spec: numbers, booleans, an enum's words, strings. */
export type SpecValue<S> = S extends { kind: 'int' | 'number' }
  ? number
  : S extends { kind: 'boolean' }
    ? boolean
    : S extends { kind: 'enum'; values: readonly (infer V extends string)[] }
      ? V
      : string;

/** The table's options as a typed object, every key optional (the library's simulate() takes it). */
export type TableOptions = {
  -readonly [E in (typeof OPTION_TABLE)[number] as E['key']]?: SpecValue<E['value']>;
};

const BY_KEY: ReadonlyMap<string, OptionEntry> = new Map(OPTION_TABLE.map((e) => [e.key, e]));

/** The entry of `key` (every key of the table has one). */
export function optionEntry(key: TableKey): OptionEntry {
  return BY_KEY.get(key)!;
}

/** `routerDelay` -> `--router-delay`, for messages that speak of the command line. */
export function flagOf(key: string): string {
  const e = BY_KEY.get(key);
  return e?.flag ?? `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
}
