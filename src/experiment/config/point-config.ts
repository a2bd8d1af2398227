import { defaultInjection } from '../../engine/input.ts';
import { DEFAULT_FAULT_SEED, parseFaults } from '../../fault/parse-faults.ts';
import { WormcastError } from '../../errors.ts';
import { defaultNodeModel } from '../../multicast/node-model.ts';
import type { PortModel } from '../../multicast/types.ts';
import type { EngineOptions } from '../../engine/types.ts';
import type { OptionKey, OptionValue } from './option-keys.ts';
import { flagOf, OPTION_TABLE, optionEntry, type SpecValue } from './option-table.ts';
import { refuseFaultRouting, simulationRouting, type SimulateConfig } from '../run/simulate.ts';
import type { MemoryEnvironment } from '../run/memory-estimate.ts';
import { destCountRange } from '../run/dest-count.ts';
import { smallestBall, unicastPattern } from '../run/unicast-pattern.ts';
import { arrivalSpec } from '../run/arrival-options.ts';
import { parseSizeMix } from '../run/message-sizes.ts';
import type { ArrivalProcess } from '../run/traffic.ts';
import { resolveUnits, type ResolvedUnits } from './units.ts';

type GivenOnlyEntry = Extract<(typeof OPTION_TABLE)[number], { givenOnly: true }>;

/**
 * The options a point holds only when given (option-table.ts `givenOnly`): the engine rules, dor's
 * torus rules and the capacities, whose absence is the engine's (or the routing's) default, so
 * that a point written before an option existed keeps its store key.
 */
export type GivenOnlyOptions = {
  -readonly [E in GivenOnlyEntry as E['key']]?: SpecValue<E['value']>;
};

/**
 * The full configuration of one point: every option of `wormcast simulate` with the defaults it
 * would use filled in (docs/options.md), so that two ways of writing the same run (a default left
 * out or written, the default routing named or not) are the same point, with the same store
 * key and the same replication seeds. The GivenOnlyOptions stay absent when not given: simulate
 * sizes the slots and the in-flight records from the traffic, readyListAt changes only the speed.
 */
export interface PointConfig extends GivenOnlyOptions {
  topology: string;
  routing: string;
  algorithm: string;
  /** Destinations per multicast; 0 for unicast. */
  dests: number;
  load: number;
  flits: number;
  vcs: number;
  buffer: number;
  port: PortModel;
  consumption: 'port' | 'vc';
  startup: number;
  routerDelay: number;
  vcLinks: boolean;
  cycles: number;
  /** Cycles, or 'auto': MSER-5 on a pilot run (docs/traffic.md "Automatic warm-up"). */
  warmup: number | 'auto';
  drain: number;
  engine: 'wasm' | 'reference';
  process: ArrivalProcess;
  self: boolean;
  watchdog: number;
  /** Multicasts: each one's count drawn with this mean (`--dests-mean`; `dests` is then 0). */
  destsMean?: number;
  /** The seed units the point was given in and what they convert to (docs/units.md); absent: none given. */
  units?: ResolvedUnits;
  /** 'isolated': one multicast at a time in an empty network over `sets` random sets; absent: dynamic traffic. */
  traffic?: 'isolated';
  sets?: number;
}

/** Random sets of an isolated point when `sets` is not given. */
export const DEFAULT_ISOLATED_SETS = optionEntry('sets').default as number;

/** Options that describe dynamic traffic only: an isolated point refuses them. */
const DYNAMIC_ONLY = [
  'load',
  'interarrivalUs',
  'cycles',
  'warmup',
  'drain',
  'process',
  'self',
  'inFlight',
  'pattern',
  'hotspots',
  'hotspotFraction',
  'radius',
  'onoff',
  'batch',
  // every isolated multicast is `flits` long: a size mix was dropped (the CLI ran the default 16
  // flits, a sweep's point the mix's largest)
  'sizes',
] as const;

/**
 * Options a run with a trace refuses (docs/traffic.md "Traces"): the trace is the traffic, so no
 * load, pattern, process or window. One list for resolvePoint and `simulate --trace`, which had
 * refused seven of them and run with the others unused.
 */
export const TRACE_REFUSED: readonly OptionKey[] = [
  ...new Set<OptionKey>([
    ...DYNAMIC_ONLY,
    'dests',
    'destsMean',
    'sizes',
    // every line of a trace gives its message's flits: a run-wide size was dropped unused
    'flits',
    'messageBytes',
    'interarrivalUs',
    'sets',
    'faults',
    'traffic',
  ]),
];

/** The value of `key` in `o`, else the table's default (a key whose entry has a plain default). */
function given<T extends OptionValue>(o: Partial<Record<OptionKey, OptionValue>>, key: OptionKey): T {
  return (o[key] ?? optionEntry(key).default) as T;
}

/** Option self changes a run: unicast traffic drawn uniform or hotspot (not a trace, not isolated sets). */
function selfApplies(algorithm: string, pattern: string | undefined, fixedTraffic: boolean): boolean {
  return (
    !fixedTraffic &&
    algorithm === 'unicast' &&
    (pattern === undefined || pattern === 'uniform' || pattern === 'hotspot')
  );
}

/** The engine's default watchdog (src/engine/input.ts resolveOptions). */
export function defaultWatchdog(startup: number, routerDelay: number): number {
  return Math.max(1000, 4 * (startup + routerDelay + 2));
}

/**
 * Resolve a point's options (base merged with its grid values) into its full configuration.
 * Throws a WormcastError for a combination `simulate` would refuse: no topology or load, a
 * routing the topology or algorithm cannot use, dests out of range, load above flits.
 */
export function resolvePoint(given0: Partial<Record<OptionKey, OptionValue>>): PointConfig {
  // `flits: 4:1,16:1` is the size mix of option sizes (docs/traffic.md "Message sizes")
  let o = given0;
  if (typeof o.flits === 'string') {
    if (o.sizes !== undefined)
      throw new WormcastError(`flits ${o.flits} and sizes ${o.sizes} both give the message sizes: give one of them`);
    const { flits, ...rest } = o;
    o = { ...rest, sizes: flits };
  }
  if (o.topology === undefined) throw new WormcastError('topology: missing; set it in base or grid (e.g. mesh:8x8)');
  const isolated = o.traffic === 'isolated';
  // a trace is the traffic (docs/traffic.md "Traces"): no load, pattern, process or window
  const traced = o.trace !== undefined;
  if (traced) {
    const bad = TRACE_REFUSED.filter((k) => o[k] !== undefined);
    if (bad.length > 0)
      throw new WormcastError(
        `${bad.join(', ')}: ${bad.length > 1 ? 'do' : 'does'} not apply with a trace (the trace is the traffic); leave ${bad.length > 1 ? 'them' : 'it'} out`,
      );
  }
  if (isolated) {
    const bad = DYNAMIC_ONLY.filter((k) => o[k] !== undefined);
    if (bad.length > 0)
      throw new WormcastError(
        `${bad.join(', ')}: ${bad.length > 1 ? 'do' : 'does'} not apply to traffic: isolated (one multicast at a time in an empty network); leave ${bad.length > 1 ? 'them' : 'it'} out`,
      );
    if (o.tieBreak === 'random')
      throw new WormcastError('tieBreak: random applies to dynamic unicast traffic, not to traffic: isolated');
    if (o.dateline === 'booksim')
      throw new WormcastError('dateline: booksim applies to dynamic unicast traffic, not to traffic: isolated');
  } else if (o.sets !== undefined)
    throw new WormcastError('sets: applies to traffic: isolated only (the random sets of isolated multicasts)');
  if (o.dests !== undefined && o.destsMean !== undefined)
    throw new WormcastError(
      `dests ${o.dests} and destsMean ${o.destsMean} both give the destinations per multicast: give one of them`,
    );
  const mix = o.sizes !== undefined ? parseSizeMix(o.sizes as string) : undefined;
  const units = resolveUnits(
    {
      units: o.units as string | undefined,
      interarrivalUs: o.interarrivalUs as number | undefined,
      messageBytes: o.messageBytes as number | undefined,
      flitBytes: o.flitBytes as number | undefined,
      channelMbps: o.channelMbps as number | undefined,
      flitTimeNs: o.flitTimeNs as number | undefined,
      startupUs: o.startupUs as number | undefined,
      load: o.load as number | undefined,
      flits: o.flits as number | undefined,
      startup: o.startup as number | undefined,
      ...(mix ? { sizes: { mean: mix.mean, max: mix.max } } : {}),
    },
    optionEntry('flits').default as number,
    (k) => k,
  );
  if (!isolated && !traced && o.load === undefined && units?.load === undefined)
    throw new WormcastError(
      'load: missing; set it (message flits per node per cycle), or interarrivalUs with units, in base or grid',
    );
  const algorithm = given<string>(o, 'algorithm');
  const routing = simulationRouting(o.topology as string, algorithm, o.routing as string | undefined, {
    ...(o.tieBreak !== undefined ? { tieBreak: o.tieBreak as 'plus' | 'random' } : {}),
    ...(o.dateline !== undefined ? { dateline: o.dateline as 'position' | 'booksim' } : {}),
    ...(o.selection !== undefined ? { selection: o.selection as string } : {}),
  });
  // refused before anything runs, as the run would (a fault-tolerant function has no faults here)
  if (o.faults !== undefined) refuseFaultRouting(routing);
  const t = routing.topology;
  // the fault list against the network, as the run reads it: a sweep checks every point before
  // any runs (a bad list of one point was found only when it ran, after the others had started)
  if (o.faultSeed !== undefined && o.faults === undefined)
    throw new WormcastError('faultSeed: applies with faults only (the seed of their random items)');
  if (o.faults !== undefined && (o.faults as string).trim() !== 'none')
    parseFaults(t, o.faults as string, (o.faultSeed as number | undefined) ?? DEFAULT_FAULT_SEED);
  if (mix && (o.flits !== undefined || units?.flits !== undefined) && (o.flits ?? units?.flits) !== mix.max)
    throw new WormcastError(
      `sizes ${o.sizes}: gives the message sizes; leave out ${o.flits !== undefined ? `flits (${o.flits})` : 'messageBytes'}`,
    );
  // with a size mix, flits is its largest size: the bound of the load below is per message, the mean's
  const flits = mix ? mix.max : ((o.flits as number | undefined) ?? units?.flits ?? given<number>(o, 'flits'));
  const load = isolated || traced ? 0 : ((o.load as number | undefined) ?? units!.load!);
  if (mix && load > mix.mean)
    throw new WormcastError(
      `load: ${load} must be <= the mean size of sizes ${o.sizes} (${mix.mean} flits): one message per node per cycle at most`,
    );
  if (load > flits)
    throw new WormcastError(
      o.load !== undefined
        ? `load: ${load} must be <= flits (${flits}): one message per node per cycle at most`
        : `interarrivalUs: ${o.interarrivalUs} us is load ${load} flits/node/cycle, above one message per node per cycle (${flits} flits)`,
    );
  if (!isolated && !traced && !(load >= 1e-9))
    throw new WormcastError(`interarrivalUs: ${o.interarrivalUs} us is load ${load}, below 1e-9 flits/node/cycle`);
  let dests = 0;
  let destsMean: number | undefined;
  if (algorithm !== 'unicast' && !traced) {
    if (o.destsMean !== undefined) {
      destsMean = o.destsMean as number;
      try {
        destCountRange(destsMean, t.nodes - 1);
      } catch {
        throw new WormcastError(`destsMean: ${destsMean} must be 1..${t.nodes - 1} for a multicast on ${t.spec}`);
      }
    } else {
      if (o.dests === undefined)
        throw new WormcastError(
          `dests: missing; a multicast (${algorithm}) needs dests, 1..${t.nodes - 1} on ${t.spec} (or destsMean, a mean to draw them with)`,
        );
      dests = o.dests as number;
      if (dests >= t.nodes)
        throw new WormcastError(`dests: ${dests} must be 1..${t.nodes - 1} for a multicast on ${t.spec}`);
    }
  } else if (isolated) dests = 1;
  if (!isolated && !traced)
    arrivalSpec({
      process: o.process as string | undefined,
      onoff: o.onoff as string | undefined,
      batch: o.batch as number | undefined,
    });
  if (!isolated && !traced)
    unicastPattern(
      {
        algorithm,
        pattern: o.pattern as string | undefined,
        hotspots: o.hotspots as string | undefined,
        hotspotFraction: o.hotspotFraction as number | undefined,
        radius: o.radius as number | undefined,
      },
      t,
    );
  // pattern near: a source whose ball is smaller than a message's count stopped the run when it
  // first sent, so the same point ran with one seed and was refused with another (mesh:8x8,
  // dual-path, dests 3, radius 1: a corner has 2 neighbours); the smallest ball is node 0's
  if (!isolated && !traced && o.pattern === 'near' && o.radius !== undefined) {
    const m = algorithm === 'unicast' ? 1 : destsMean !== undefined ? destCountRange(destsMean, t.nodes - 1).hi : dests;
    const ball = smallestBall(t, o.radius as number, m);
    if (ball < m)
      throw new WormcastError(
        `pattern near: node 0 has ${ball} nodes within radius ${o.radius}, fewer than the ${m} destinations ${destsMean !== undefined ? `destsMean ${destsMean} may draw (up to ${m}; lower destsMean` : `a message needs (lower dests`} or raise radius)`,
      );
  }
  const model = defaultNodeModel(algorithm);
  const startup = (o.startup as number | undefined) ?? units?.startup ?? given<number>(o, 'startup');
  const routerDelay = given<number>(o, 'routerDelay');
  const minWatch = startup + routerDelay + 2;
  const watchdog = (o.watchdog as number | undefined) ?? defaultWatchdog(startup, routerDelay);
  if (watchdog < minWatch)
    throw new WormcastError(
      `watchdog: ${watchdog} must be >= startup + routerDelay + 2 = ${minWatch} (the engine's floor)`,
    );
  const c: PointConfig = {
    topology: t.spec,
    routing: routing.name,
    algorithm,
    dests,
    load,
    flits,
    vcs: given(o, 'vcs'),
    buffer: given(o, 'buffer'),
    port: (o.port as PortModel | undefined) ?? model.port,
    consumption: (o.consumption as 'port' | 'vc' | undefined) ?? model.consumption,
    startup,
    routerDelay,
    vcLinks: given(o, 'vcLinks'),
    cycles: given(o, 'cycles'),
    warmup: given(o, 'warmup'),
    drain: given(o, 'drain'),
    engine: given(o, 'engine'),
    process: given(o, 'process'),
    // self lets a unicast source draw itself (uniform and hotspot draws); elsewhere it changes
    // nothing, so a point says false there, as it says dests 0 for unicast: a grid over patterns
    // or algorithms with a base self: true (the command line refuses --self given alone where it
    // does not apply, src/cli/option-rules.ts, and a point's re-run command carries no --self)
    self: selfApplies(algorithm, o.pattern as string | undefined, isolated || traced) && given<boolean>(o, 'self'),
    watchdog,
  };
  for (const e of OPTION_TABLE) {
    const v = 'givenOnly' in e ? o[e.key] : undefined;
    if (v !== undefined) (c as unknown as Record<string, OptionValue>)[e.key] = v;
  }
  if (destsMean !== undefined) c.destsMean = destsMean;
  if (units) c.units = units;
  if (isolated) {
    c.traffic = 'isolated';
    c.sets = (o.sets as number | undefined) ?? DEFAULT_ISOLATED_SETS;
  }
  return c;
}

/** The `simulate()` configuration of one replication of a point: each option where its table entry maps it. */
export function simulateConfig(
  c: PointConfig,
  seed: number,
  measure = c.cycles,
  memory?: MemoryEnvironment,
): SimulateConfig & { inFlight?: number } {
  const point = c as unknown as Record<string, OptionValue | undefined>;
  const options: Record<string, OptionValue> = {};
  const run: Record<string, unknown> = {};
  for (const e of OPTION_TABLE) {
    const v = e.key === 'cycles' ? measure : e.key === 'seed' ? seed : point[e.key];
    if (v === undefined) continue;
    if ('engine' in e) options[e.engine] = v;
    else if ('run' in e) run[e.run] = v;
  }
  // --warmup auto: the run finds its own (SimulateConfig.warmupAuto)
  if (run.warmup === 'auto') {
    run.warmup = 0;
    run.warmupAuto = true;
  }
  // the one default derived when the point is run, not stored with it (points before the option keep their key)
  options.injection ??= defaultInjection(c.algorithm);
  return {
    ...(run as Omit<SimulateConfig, 'options'>),
    options: options as EngineOptions,
    ...(memory ? { memory } : {}),
  };
}

/**
 * `v` as one shell word: as it is when it holds only characters no shell reads specially, else in
 * single quotes (a fault list joins its items with ';', a trace path may hold blanks or quotes).
 */
function shellWord(v: string): string {
  return /^[A-Za-z0-9_.,:+\-/=@%]+$/.test(v) ? v : `'${v.replace(/'/g, "'\\''")}'`;
}

/** The `wormcast simulate` command line of one replication (to re-run it alone; docs/experiments.md). */
export function simulateCommand(c: PointConfig, seed: number, measure = c.cycles): string {
  // a trace is the traffic: simulate --trace refuses the options of generated traffic and its window
  const traced = c.trace !== undefined;
  const args = [
    `--topology ${shellWord(c.topology)}`,
    `--routing ${shellWord(c.routing)}`,
    `--algorithm ${c.algorithm}`,
    ...(c.algorithm === 'unicast' || traced
      ? []
      : c.destsMean !== undefined
        ? [`--dests-mean ${c.destsMean}`]
        : [`--dests ${c.dests}`]),
    ...(c.traffic === 'isolated' ? [`--traffic isolated --sets ${c.sets}`] : traced ? [] : [`--load ${c.load}`]),
    ...(traced ? [] : [`--flits ${c.flits}`]),
    `--vcs ${c.vcs}`,
    `--buffer ${c.buffer}`,
    `--port ${c.port}`,
    `--consumption ${c.consumption}`,
    `--startup ${c.startup}`,
    `--router-delay ${c.routerDelay}`,
    ...(c.vcLinks ? ['--vc-links'] : []),
    ...OPTION_TABLE.filter((e) => 'givenOnly' in e && c[e.key] !== undefined).map(
      (e) => `${flagOf(e.key)} ${shellWord(String(c[e.key as keyof GivenOnlyOptions]))}`,
    ),
    // a batch is measured whole: simulate refuses a window beside it
    ...(c.traffic === 'isolated' || traced
      ? []
      : c.process === 'batch'
        ? [`--process ${c.process}`]
        : [`--cycles ${measure}`, `--warmup ${c.warmup}`, `--drain ${c.drain}`, `--process ${c.process}`]),
    `--engine ${c.engine}`,
    ...(c.self ? ['--self'] : []),
    `--watchdog ${c.watchdog}`,
    `--seed ${seed}`,
  ];
  return `wormcast simulate ${args.join(' ')} --json`;
}
