import { defaultInjection } from '../../engine/input.ts';
import { WormcastError } from '../../errors.ts';
import { defaultNodeModel } from '../../multicast/node-model.ts';
import type { PortModel } from '../../multicast/types.ts';
import type { OptionKey, OptionValue } from './option-keys.ts';
import { simulationRouting, type SimulateConfig } from '../run/simulate.ts';
import type { MemoryEnvironment } from '../run/memory-estimate.ts';
import { destCountRange } from '../run/dest-count.ts';
import { resolveUnits, type ResolvedUnits } from './units.ts';

/**
 * The full configuration of one point: every option of `wormcast simulate` with the defaults it
 * would use filled in (docs/cli.md), so that two ways of writing the same run (a default left
 * out or written, the default routing named or not) are the same point, with the same store
 * key and the same replication seeds. `slots`, `inFlight` and `readyListAt` stay absent when not
 * given: simulate sizes the slots and the in-flight records from the traffic, and readyListAt
 * changes only the speed.
 */
export interface PointConfig {
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
  /** Injection rule (`--injection`), when given; absent: defaultInjection(algorithm) (src/engine/input.ts). */
  injection?: 'back-to-back' | 'after-tail';
  /** When a network VC is freed (`--vc-release`), when given; absent: tail-credit. */
  vcRelease?: 'tail-credit' | 'tail-sent';
  /** Cycles per network channel traversal (`--link-latency`), when given; absent: 1. */
  linkLatency?: number;
  /** dor on a torus: the direction of a tie at offset k/2 (`--tie-break`), when given; absent: plus. */
  tieBreak?: 'plus' | 'random';
  /** dor on a torus: the VC classes (`--dateline`), when given; absent: position. */
  dateline?: 'position' | 'booksim';
  cycles: number;
  warmup: number;
  drain: number;
  engine: 'wasm' | 'reference';
  process: 'bernoulli' | 'exponential' | 'uniform';
  self: boolean;
  watchdog: number;
  readyListAt?: number;
  slots?: number;
  /** Messages a streamed run may hold in flight (`--in-flight`); absent: simulate's default from the load. */
  inFlight?: number;
  /** Multicasts: each one's count drawn with this mean (`--dests-mean`; `dests` is then 0). */
  destsMean?: number;
  /** The seed units the point was given in and what they convert to (docs/units.md); absent: none given. */
  units?: ResolvedUnits;
  /** 'isolated': one multicast at a time in an empty network over `sets` random sets; absent: dynamic traffic. */
  traffic?: 'isolated';
  sets?: number;
}

/** Random sets of an isolated point when `sets` is not given. */
export const DEFAULT_ISOLATED_SETS = 100;

/** Options that describe dynamic traffic only: an isolated point refuses them. */
const DYNAMIC_ONLY = ['load', 'interarrivalUs', 'cycles', 'warmup', 'drain', 'process', 'self', 'inFlight'] as const;

/** `wormcast simulate`'s defaults (src/cli/commands/simulate.ts). */
export const SIMULATE_DEFAULTS = {
  algorithm: 'unicast',
  flits: 16,
  vcs: 1,
  buffer: 8,
  startup: 1,
  routerDelay: 1,
  vcLinks: false,
  cycles: 10_000,
  warmup: 1000,
  drain: 10_000,
  engine: 'wasm',
  process: 'bernoulli',
  self: false,
} as const;

/** The engine's default watchdog (src/engine/input.ts resolveOptions). */
export function defaultWatchdog(startup: number, routerDelay: number): number {
  return Math.max(1000, 4 * (startup + routerDelay + 2));
}

/**
 * Resolve a point's options (base merged with its grid values) into its full configuration.
 * Throws a WormcastError for a combination `simulate` would refuse: no topology or load, a
 * routing the topology or algorithm cannot use, dests out of range, load above flits.
 */
export function resolvePoint(o: Partial<Record<OptionKey, OptionValue>>): PointConfig {
  if (o.topology === undefined) throw new WormcastError('topology: missing; set it in base or grid (e.g. mesh:8x8)');
  const isolated = o.traffic === 'isolated';
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
    },
    SIMULATE_DEFAULTS.flits,
    (k) => k,
  );
  if (!isolated && o.load === undefined && units?.load === undefined)
    throw new WormcastError(
      'load: missing; set it (message flits per node per cycle), or interarrivalUs with units, in base or grid',
    );
  const algorithm = (o.algorithm as string | undefined) ?? SIMULATE_DEFAULTS.algorithm;
  const routing = simulationRouting(o.topology as string, algorithm, o.routing as string | undefined, {
    ...(o.tieBreak !== undefined ? { tieBreak: o.tieBreak as 'plus' | 'random' } : {}),
    ...(o.dateline !== undefined ? { dateline: o.dateline as 'position' | 'booksim' } : {}),
  });
  const t = routing.topology;
  const flits = (o.flits as number | undefined) ?? units?.flits ?? SIMULATE_DEFAULTS.flits;
  const load = isolated ? 0 : ((o.load as number | undefined) ?? units!.load!);
  if (load > flits)
    throw new WormcastError(
      o.load !== undefined
        ? `load: ${load} must be <= flits (${flits}): one message per node per cycle at most`
        : `interarrivalUs: ${o.interarrivalUs} us is load ${load} flits/node/cycle, above one message per node per cycle (${flits} flits)`,
    );
  if (!isolated && !(load >= 1e-9))
    throw new WormcastError(`interarrivalUs: ${o.interarrivalUs} us is load ${load}, below 1e-9 flits/node/cycle`);
  let dests = 0;
  let destsMean: number | undefined;
  if (algorithm !== 'unicast') {
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
  const model = defaultNodeModel(algorithm);
  const startup = (o.startup as number | undefined) ?? units?.startup ?? SIMULATE_DEFAULTS.startup;
  const routerDelay = (o.routerDelay as number | undefined) ?? SIMULATE_DEFAULTS.routerDelay;
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
    vcs: (o.vcs as number | undefined) ?? SIMULATE_DEFAULTS.vcs,
    buffer: (o.buffer as number | undefined) ?? SIMULATE_DEFAULTS.buffer,
    port: (o.port as PortModel | undefined) ?? model.port,
    consumption: (o.consumption as 'port' | 'vc' | undefined) ?? model.consumption,
    startup,
    routerDelay,
    vcLinks: (o.vcLinks as boolean | undefined) ?? SIMULATE_DEFAULTS.vcLinks,
    cycles: (o.cycles as number | undefined) ?? SIMULATE_DEFAULTS.cycles,
    warmup: (o.warmup as number | undefined) ?? SIMULATE_DEFAULTS.warmup,
    drain: (o.drain as number | undefined) ?? SIMULATE_DEFAULTS.drain,
    engine: (o.engine as 'wasm' | 'reference' | undefined) ?? SIMULATE_DEFAULTS.engine,
    process: (o.process as 'bernoulli' | 'exponential' | 'uniform' | undefined) ?? SIMULATE_DEFAULTS.process,
    self: (o.self as boolean | undefined) ?? SIMULATE_DEFAULTS.self,
    watchdog,
  };
  if (o.injection !== undefined) c.injection = o.injection as 'back-to-back' | 'after-tail';
  if (o.vcRelease !== undefined) c.vcRelease = o.vcRelease as 'tail-credit' | 'tail-sent';
  if (o.linkLatency !== undefined) c.linkLatency = o.linkLatency as number;
  if (o.tieBreak !== undefined) c.tieBreak = o.tieBreak as 'plus' | 'random';
  if (o.dateline !== undefined) c.dateline = o.dateline as 'position' | 'booksim';
  if (o.readyListAt !== undefined) c.readyListAt = o.readyListAt as number;
  if (o.slots !== undefined) c.slots = o.slots as number;
  if (o.inFlight !== undefined) c.inFlight = o.inFlight as number;
  if (destsMean !== undefined) c.destsMean = destsMean;
  if (units) c.units = units;
  if (isolated) {
    c.traffic = 'isolated';
    c.sets = (o.sets as number | undefined) ?? DEFAULT_ISOLATED_SETS;
  }
  return c;
}

/** The `simulate()` configuration of one replication of a point. */
export function simulateConfig(
  c: PointConfig,
  seed: number,
  measure = c.cycles,
  memory?: MemoryEnvironment,
): SimulateConfig & { inFlight?: number } {
  return {
    topology: c.topology,
    routing: c.routing,
    algorithm: c.algorithm,
    dests: c.dests,
    ...(c.destsMean !== undefined ? { destsMean: c.destsMean } : {}),
    load: c.load,
    flits: c.flits,
    process: c.process,
    self: c.self,
    warmup: c.warmup,
    measure,
    drain: c.drain,
    seed,
    engine: c.engine,
    options: {
      buffer: c.buffer,
      vcsPerClass: c.vcs,
      startup: c.startup,
      routerDelay: c.routerDelay,
      port: c.port,
      consumption: c.consumption,
      vcLinks: c.vcLinks,
      injection: c.injection ?? defaultInjection(c.algorithm),
      ...(c.vcRelease !== undefined ? { vcRelease: c.vcRelease } : {}),
      ...(c.linkLatency !== undefined ? { linkLatency: c.linkLatency } : {}),
      watchdog: c.watchdog,
      ...(c.readyListAt !== undefined ? { readyListAt: c.readyListAt } : {}),
      ...(c.slots !== undefined ? { slots: c.slots } : {}),
    },
    ...(c.tieBreak !== undefined ? { tieBreak: c.tieBreak } : {}),
    ...(c.dateline !== undefined ? { dateline: c.dateline } : {}),
    ...(memory ? { memory } : {}),
    ...(c.inFlight !== undefined ? { inFlight: c.inFlight } : {}),
  };
}

/** The `wormcast simulate` command line of one replication (to re-run it alone; docs/experiments.md). */
export function simulateCommand(c: PointConfig, seed: number, measure = c.cycles): string {
  const args = [
    `--topology ${c.topology}`,
    `--routing ${c.routing}`,
    `--algorithm ${c.algorithm}`,
    ...(c.algorithm === 'unicast'
      ? []
      : c.destsMean !== undefined
        ? [`--dests-mean ${c.destsMean}`]
        : [`--dests ${c.dests}`]),
    ...(c.traffic === 'isolated' ? [`--traffic isolated --sets ${c.sets}`] : [`--load ${c.load}`]),
    `--flits ${c.flits}`,
    `--vcs ${c.vcs}`,
    `--buffer ${c.buffer}`,
    `--port ${c.port}`,
    `--consumption ${c.consumption}`,
    `--startup ${c.startup}`,
    `--router-delay ${c.routerDelay}`,
    ...(c.vcLinks ? ['--vc-links'] : []),
    ...(c.injection !== undefined ? [`--injection ${c.injection}`] : []),
    ...(c.vcRelease !== undefined ? [`--vc-release ${c.vcRelease}`] : []),
    ...(c.linkLatency !== undefined ? [`--link-latency ${c.linkLatency}`] : []),
    ...(c.tieBreak !== undefined ? [`--tie-break ${c.tieBreak}`] : []),
    ...(c.dateline !== undefined ? [`--dateline ${c.dateline}`] : []),
    ...(c.traffic === 'isolated'
      ? []
      : [`--cycles ${measure}`, `--warmup ${c.warmup}`, `--drain ${c.drain}`, `--process ${c.process}`]),
    `--engine ${c.engine}`,
    ...(c.self ? ['--self'] : []),
    `--watchdog ${c.watchdog}`,
    ...(c.readyListAt !== undefined ? [`--ready-list-at ${c.readyListAt}`] : []),
    ...(c.slots !== undefined ? [`--slots ${c.slots}`] : []),
    ...(c.inFlight !== undefined ? [`--in-flight ${c.inFlight}`] : []),
    `--seed ${seed}`,
  ];
  return `wormcast simulate ${args.join(' ')} --json`;
}
