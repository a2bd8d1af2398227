import { ReferenceEngine } from '../../engine/reference.ts';
import { prepare } from '../../engine/input.ts';
import type { Engine, EngineInput, EngineOptions, EngineStatus, StreamCapacity, WormSpec } from '../../engine/types.ts';
import { WasmEngine } from '../../engine/wasm.ts';
import { findAlgorithm, type Workload } from '../../engine/workload.ts';
import { WormcastError } from '../../errors.ts';
import type { FaultSet } from '../../fault/fault-set.ts';
import { DEFAULT_FAULT_SEED, parseFaults } from '../../fault/parse-faults.ts';
import { DEFAULT_ROUTING, routingFor, routingNameFor } from '../../multicast/registry.ts';
import { createRouting } from '../../routing/registry.ts';
import type { RoutingFunction } from '../../routing/types.ts';
import { parseTopology } from '../../topology/registry.ts';
import {
  checkMemory,
  estimateMemory,
  memoryLimits,
  SAMPLE_EVENTS,
  trafficShape,
  type MemoryEnvironment,
  type MemoryEstimate,
} from './memory-estimate.ts';
import { summarize, type RunStats, type Window } from './stats.ts';
import { eventWorms, runStream, type StreamProgress, type StreamRun, streamCapacity } from './stream-run.ts';
import { kernelTrafficApplies, runKernelStream } from './kernel-run.ts';
import { autoWarmup, PILOT_BATCHES } from './warmup-auto.ts';
import { drainTimeOf, lastDelivery, traceWorkload } from './trace-run.ts';
import { parseTrace, readTraceFile } from '../../traffic/trace-file.ts';
import { groupRegionBytes } from '../../engine/kernel-groups.ts';
import { generatorRegionBytes } from '../../engine/kernel-traffic.ts';
import type { ArrivalProcess, TrafficSpec } from './traffic.ts';
import { arrivalSpec } from './arrival-options.ts';
import { TrafficStream } from './traffic-stream.ts';
import { unicastPattern } from './unicast-pattern.ts';
import { workloadDistribution } from './workload-distribution.ts';
import { parseSizeMix } from './message-sizes.ts';
import type { PatternName } from '../../traffic/patterns.ts';
import { destCountRange } from './dest-count.ts';
import { attachTiming, cpuMs, setTiming } from './run-timing.ts';
import { randomDestinations } from '../../multicast/destinations.ts';
import { mulberry32 } from '../../random.ts';
import {
  channelUtilisation,
  incompleteReason,
  RUN_END,
  type MeasuredWindow,
  type RunGoal,
  type SimulationResult,
} from './simulation-result.ts';

export {
  channelUtilisation,
  incompleteReason,
  MAX_SLOTS,
  RUN_END,
  type MeasuredWindow,
  type RunGoal,
  type SimulationResult,
} from './simulation-result.ts';

/** Sample messages planned before a streamed run to size its records (src/experiment/run/stream-run.ts). */
const STREAM_SAMPLES = 32;

/** A dynamic-traffic simulation (the `wormcast simulate` options). */
export interface SimulateConfig {
  topology: string;
  /** Routing function; default: the algorithm's (or the topology family's) default. */
  routing?: string;
  /** 'unicast' or a multicast algorithm name. */
  algorithm: string;
  /** Destinations per multicast (ignored for unicast). */
  dests: number;
  /** Draw each multicast's count with this mean instead (src/experiment/run/dest-count.ts); `dests` is then ignored. */
  destsMean?: number;
  /** Offered load, message flits per node per cycle. */
  load: number;
  flits: number;
  process?: ArrivalProcess;
  /** Message sizes drawn from a mix, `4:1,16:1` (size:weight; docs/traffic.md "Message sizes"), instead of `flits`. */
  sizes?: string;
  /** Process onoff: `alpha,beta` (src/experiment/run/arrival-options.ts). */
  onoff?: string;
  /** Process batch: messages each node sends. */
  batch?: number;
  /** Unicast sources may address themselves (BookSim convention). */
  self?: boolean;
  /** Unicast traffic's pattern (docs/traffic.md "Patterns"); default uniform. */
  pattern?: PatternName;
  /** Pattern hotspot: the hot node ids, `0,9,27`. */
  hotspots?: string;
  /** Pattern hotspot: the fraction of messages sent to a hot node (the rest uniform); default 1. */
  hotspotFraction?: number;
  /** --warmup auto: the warm-up is the truncation point MSER-5 finds in a pilot run of `measure` cycles (warmup is then ignored). */
  warmupAuto?: boolean;
  /** A trace file replayed instead of generated traffic (docs/traffic.md "Traces"); `traceText` its text when already read. */
  trace?: string;
  traceText?: string;
  /** Pattern near: destinations within this many hops of the source. */
  radius?: number;
  warmup: number;
  measure: number;
  /** Extra cycles after the window for its messages to complete. */
  drain: number;
  seed: number;
  engine: 'wasm' | 'reference';
  /** Engine options; `slots` is the slot capacity (`--slots`). routeSeed defaults to `seed`. */
  options: EngineOptions;
  /** dor on a torus: the direction of a tie at offset k/2 (`--tie-break`; RoutingOptions.tieBreak); default plus. */
  tieBreak?: 'plus' | 'random';
  /** dor on a torus: the VC classes (`--dateline`; RoutingOptions.dateline); default position. */
  dateline?: 'position' | 'booksim';
  /** Adaptive routing functions: the selection (`--selection`; RoutingOptions.selection); default first-free. */
  selection?: string;
  /**
   * The process's memory (Node: v8 heap limit, machine memory): when given, a run whose
   * estimated memory exceeds the limits (src/experiment/run/memory-estimate.ts) is refused with a
   * WormcastError before any traffic is generated. Absent: no check.
   */
  memory?: MemoryEnvironment;
  /**
   * Messages a run may hold in flight (created and not finished, or written ahead of the
   * engine): the capacity of a streamed run (src/experiment/run/stream-run.ts); default from the
   * load, DEFAULT_IN_FLIGHT_CYCLES of traffic. A run that needs more stops as 'saturated'.
   */
  inFlight?: number;
  /** Batch means over this many equal spans of the window (SimulationResult.batchMeans); 0 or absent: none. */
  batches?: number;
  /** Static faults (`--faults`, docs/faults.md); absent or 'none': none. */
  faults?: string;
  /** Seed of random faults (`--fault-seed`), default DEFAULT_FAULT_SEED. */
  faultSeed?: number;
}

/** What a caller may plug into a run (not part of its configuration). */
export interface SimulateHooks {
  /** Builds the engine (default makeEngine(config.engine)): the browser app's wasm bytes, progress reports. */
  engine?: (input: EngineInput) => Promise<Engine>;
  /** Called once the configuration is checked, just before the run starts (the CLI's warnings). */
  onStart?: () => void;
  /** Called with the engine's cycle as the run goes (at most every 1024 cycles): progress. */
  onCycle?: (cycle: number) => void;
  /** Progress within the run's stretches too (StreamRun.onProgress): the CLI's, for networks where a stretch takes long. */
  onProgress?: (p: StreamProgress) => void;
  /**
   * Write every message from the host even where the kernel could draw them (docs/traffic.md
   * "Traffic drawn by the kernel"): the differential tests and the bench's before/after.
   */
  hostTraffic?: boolean;
}

/** Build the engine of the chosen kind. */
export async function makeEngine(kind: 'wasm' | 'reference', input: EngineInput): Promise<Engine> {
  return kind === 'wasm' ? WasmEngine.create(input) : new ReferenceEngine(input);
}

/** The routing functions with choices, which take a selection (docs/routing-adaptive.md). */
const ADAPTIVE_ROUTINGS = [
  'west-first',
  'north-last',
  'negative-first',
  'planar-adaptive',
  'min-adaptive',
  'label-adaptive (algorithm adaptive-dual-path)',
];

/** dor's BookSim rules on a torus (RoutingOptions.tieBreak, .dateline), as simulate takes them. */
export interface DorRules {
  tieBreak?: 'plus' | 'random';
  dateline?: 'position' | 'booksim';
  /** Not dor's: the selection of an adaptive routing function (RoutingOptions.selection). */
  selection?: string;
}

/** The routing function a simulation uses. */
export function simulationRouting(
  topologySpec: string,
  algorithm: string,
  routing?: string,
  dor: DorRules = {},
  faults?: FaultSet,
): RoutingFunction {
  const t = parseTopology(topologySpec);
  const tieBreak = dor.tieBreak ?? 'plus';
  const dateline = dor.dateline ?? 'position';
  if (tieBreak !== 'plus' || dateline !== 'position') {
    // the engine applies them to the unicast worms it routes by dor; ignored elsewhere, so refused there
    const flag = tieBreak !== 'plus' ? `--tie-break ${tieBreak}` : `--dateline ${dateline}`;
    const name = routing ?? (algorithm === 'unicast' ? DEFAULT_ROUTING[t.kind] : undefined);
    if (algorithm !== 'unicast' || name !== 'dor')
      throw new WormcastError(
        `${flag}: applies to unicast traffic routed by dor (a torus), not ${algorithm === 'unicast' ? `routing ${name}` : `algorithm ${algorithm}`}`,
      );
    // with faults too: the function carries them for the engines' check (it returned without them,
    // so a dead channel went unchecked)
    return withFaults(createRouting('dor', t, { tieBreak, dateline }), faults);
  }
  if (dor.selection !== undefined && dor.selection !== 'first-free') {
    // the engines select among the choices of unicast and path worms; refused where nothing would read it
    const name =
      algorithm === 'unicast'
        ? (routing ?? DEFAULT_ROUTING[t.kind])
        : routingNameFor(findAlgorithm(algorithm), t, routing);
    const r = createRouting(name, t);
    if (!r.choices)
      throw new WormcastError(
        `--selection ${dor.selection}: applies to traffic routed by an adaptive function (${ADAPTIVE_ROUTINGS.join(', ')}), not ${algorithm === 'unicast' ? `routing ${name}` : `algorithm ${algorithm}`}`,
      );
    return withFaults(createRouting(name!, t, { selection: dor.selection, ...(faults ? { faults } : {}) }), faults);
  }
  // a fault-tolerant routing function routes around the faults; the others ignore them, and carry
  // them only for the engines to check that no worm is given a dead channel (docs/faults.md)
  const options = faults ? { faults } : {};
  const made =
    algorithm === 'unicast'
      ? createRouting(routing ?? DEFAULT_ROUTING[t.kind], t, options)
      : faults
        ? createRouting(routingNameFor(findAlgorithm(algorithm), t, routing), t, options)
        : routingFor(findAlgorithm(algorithm), t, routing);
  return withFaults(made, faults);
}

/**
 * A routing function of a faulty run: with the fault set the engines check against (a fault-
 * oblivious function carries it for that check only). An adaptive function is refused: the engines
 * select among its choices as the run goes, and the faults analysis (src/experiment/run/
 * fault-events.ts) follows one route, so a worm could be given a dead channel.
 */
function withFaults(r: RoutingFunction, faults: FaultSet | undefined): RoutingFunction {
  if (!faults) return r;
  refuseFaultRouting(r);
  return r.faults ? r : { ...r, faults };
}

/**
 * Refuse routing function r for a run with faults (withFaults above says why); resolvePoint asks
 * it too, so that a sweep refuses such a point before anything runs, not when its turn comes.
 */
export function refuseFaultRouting(r: RoutingFunction): void {
  if (r.choices)
    throw new WormcastError(
      `--faults: routing ${r.name} is adaptive and its selection could take a dead channel; with faults use a deterministic routing or a fault-tolerant one (dim-reversal, fault-ring)`,
    );
  // a per-worm draw (valiant's intermediate node, o1turn's XY or YX, dor's random tie-break): each
  // worm routes under its own key while the faults analysis follows the route of key 0, so worms
  // were given dead channels (the reference engine stopped with an internal error, the release
  // wasm build carried their flits over the dead links)
  if (!r.faults && (r.keys ?? 1) > 1)
    throw new WormcastError(
      `--faults: routing ${r.name}${r.name === 'dor' ? ' with --tie-break random' : ''} draws a route per worm, which could take a dead channel; with faults use a deterministic routing or a fault-tolerant one (dim-reversal, fault-ring)`,
    );
}

/** Cycles per piece of a whole run reported as it goes (runWorkload's onCycle). */
const PROGRESS_PIECE = 4096;

/**
 * Run an engine over a workload: warm-up, measurement window, drain; the ejected-flit
 * counter read at the window's ends gives the accepted throughput. Latencies count the
 * messages created in the window. A run that stops early (deadlock, out of slots) is measured
 * over the cycles it simulated: the window is cut where it stopped (for a deadlock, after the
 * last cycle in which anything moved), and is empty when it stopped before the window began. A run that finished measures the whole window (nothing was
 * left to happen in it), except for a Plan or a scenario (goal 'finished' or 'deadlock'), whose
 * window ends with the run.
 */
export function runWorkload(
  engine: Engine,
  routing: RoutingFunction,
  w: Workload,
  window: Window,
  end: number,
  goal: RunGoal = 'measure',
  onCycle?: (cycle: number) => void,
  /** The engine's option routeSeed (the worms' routing keys, for the hops of a keyed routing function). */
  routeSeed = 0,
): SimulationResult {
  // with a progress callback the engine runs in pieces (the same cycles: runUntil stops at a cycle
  // boundary and resumes from the region's state; test/simulate-progress.test.ts)
  const runTo = (until: number): EngineStatus => {
    if (!onCycle) return engine.runUntil(until);
    let st: EngineStatus = 'limit';
    while (st === 'limit' && engine.cycle < until) {
      st = engine.runUntil(Math.min(until, engine.cycle + PROGRESS_PIECE));
      onCycle(engine.cycle);
    }
    return st === 'limit' && engine.cycle < until ? engine.runUntil(until) : st;
  };
  let status = runTo(window.from);
  const e0 = engine.counters().ejectedFlits;
  if (status === 'limit') status = runTo(window.to);
  const e1 = engine.counters().ejectedFlits;
  if (status === 'limit' && end > window.to) status = runTo(end);
  const t = routing.topology;
  // cycles [0, stopped) were simulated
  const stopped = engine.cycle;
  const deadlock = status === 'deadlock' ? engine.deadlock() : null;
  // a deadlocked network froze after its last progress: the watchdog's quiet cycles measure nothing
  const live = deadlock ? Math.min(stopped, deadlock.lastProgress + 1) : stopped;
  // a Plan or a scenario: the window ends with the run
  const open = goal !== 'measure';
  const to =
    status === 'limit'
      ? window.to
      : status === 'finished'
        ? open
          ? Math.max(window.from, stopped)
          : window.to
        : Math.max(window.from, Math.min(window.to, live));
  const measured: MeasuredWindow = { from: window.from, to, requestedTo: open ? null : window.to };
  const times = engine.times();
  if (status === 'finished') {
    // 'finished' promises every copy delivered: never report a run that lost a worm as complete
    const lost = times.destTail.findIndex((x) => x < 0);
    if (lost >= 0)
      throw new Error(
        `engine reported 'finished' but destination record ${lost} (node ${times.destNode[lost]}) was never delivered`,
      );
  }
  // a message started by a delivery (created -1: a trace's after:K) counts from its activation
  const wk: Workload = w.created.some((c) => c < 0)
    ? { ...w, created: w.created.map((c, k) => (c >= 0 ? c : times.activated[w.firstWorm[k]!]!)) }
    : w;
  const stats: RunStats = summarize(wk, times, measured, t.nodes, e1 - e0);
  const counters = engine.counters();
  const cycles = stopped;
  const slots = engine.slotUse();
  const channelFlits = engine.channelFlits();
  return {
    status,
    incomplete: incompleteReason(
      goal,
      status,
      stopped,
      measured,
      stats.multicasts,
      stats.completed,
      slots,
      deadlock?.lastProgress,
    ),
    window: measured,
    meanLatency: stats.meanLatency,
    maxLatency: stats.maxLatency,
    meanNetworkLatency: stats.meanNetworkLatency,
    meanCompletion: stats.meanCompletion,
    maxCompletion: stats.maxCompletion,
    throughput: stats.accepted,
    generated: stats.generated,
    flitHops: counters.flitHops,
    cycles,
    multicasts: stats.multicasts,
    completed: stats.completed,
    counters,
    channelUtilisation: channelUtilisation(channelFlits, cycles),
    slots,
    deadlock,
    ...workloadDistribution(wk, times, routing, window, measured, routeSeed),
    channelFlits: Array.from(channelFlits),
  };
}

/** Generate the traffic, build the worms and run them (docs/validation.md shows it against BookSim). */
export async function simulate(c: SimulateConfig, hooks: SimulateHooks = {}): Promise<SimulationResult> {
  return (await simulateWith(c, hooks)).result;
}

/** How a streamed run of `c` is laid out: its traffic, record capacities and memory estimate. */
export interface StreamPlan {
  spec: TrafficSpec;
  capacity: StreamCapacity;
  /** Messages the run may hold in flight (option inFlight, or the default from the load). */
  inFlight: number;
  estimate: MemoryEstimate;
}

/**
 * Lay out a streamed run (traffic is drawn as the run goes, src/experiment/run/traffic-stream.ts;
 * the engine holds what is in flight): capacities from the load and sample plans of the run's
 * first messages, and the memory that takes, which does not depend on the run's length.
 */
export function planStream(c: SimulateConfig, routing: RoutingFunction): StreamPlan {
  const t = routing.topology;
  const cycles = c.warmup + c.measure;
  const spec: TrafficSpec = {
    nodes: t.nodes,
    load: c.load,
    flits: c.flits,
    dests: c.algorithm === 'unicast' ? 0 : c.dests,
    ...(c.algorithm !== 'unicast' && c.destsMean !== undefined ? { destsMean: c.destsMean } : {}),
    ...arrivalSpec(c),
    cycles,
    seed: c.seed,
    self: c.self,
  };
  const pattern = unicastPattern(c, t);
  if (pattern) spec.pattern = pattern;
  const mix = c.sizes !== undefined ? parseSizeMix(c.sizes) : undefined;
  if (mix) spec.sizes = mix;
  // a mix's messages per cycle follow its mean size; its records and memory its largest
  const meanFlits = mix ? mix.mean : c.flits;
  const maxFlits = mix ? mix.max : c.flits;
  const sampler = new TrafficStream(spec);
  const samples: WormSpec[][] = [];
  // a run with faults writes each multicast's plan with its routes (faultyEventWorms), cut: the
  // samples are those plans uncut, which have at least its worms, records and tree entries
  const routed = c.faults !== undefined && c.faults.trim() !== 'none';
  for (let k = 0; k < STREAM_SAMPLES && sampler.peekTime() !== Infinity; k++)
    samples.push(eventWorms(sampler.take(), c.algorithm, routing, c.flits, k, routed));
  // a drawn count: room for the largest count it can draw (one sample of that size)
  const m = spec.destsMean !== undefined ? destCountRange(spec.destsMean, t.nodes - 1).hi : c.dests;
  if (spec.destsMean !== undefined) {
    const rand = mulberry32(0x5eed);
    const src = Math.floor(rand() * t.nodes);
    const e = { created: 0, src, dests: [...randomDestinations(t, src, m, rand)] };
    samples.push(eventWorms(e, c.algorithm, routing, c.flits, samples.length, routed));
  }
  // a batch may have every node's messages in flight at once
  const batchMessages = spec.batch !== undefined ? Math.min(1 << 21, Math.max(4096, t.nodes * spec.batch)) : undefined;
  const capacity = streamCapacity(t.nodes, c.load, meanFlits, samples, c.inFlight ?? batchMessages);
  let perMessage = 1;
  for (const x of samples) perMessage = Math.max(perMessage, x.length);
  const inFlight = Math.round(capacity.worms / perMessage);
  const shape = trafficShape(routing, c.algorithm, m, c.load * (maxFlits / meanFlits), maxFlits, cycles, SAMPLE_EVENTS);
  const estimate = estimateMemory(routing, { ...shape, events: inFlight }, c.options);
  // the statistics region beside the engine's (docs/traffic.md): the generator of the kernel's
  // unicast traffic, or the rings of the multicast groups the kernel retires (room for MSER's pilot)
  const statsBytes =
    c.algorithm === 'unicast'
      ? generatorRegionBytes(t.nodes, PILOT_BATCHES)
      : groupRegionBytes({
          nodes: t.nodes,
          flits: c.flits,
          from: 0,
          to: 0,
          batches: PILOT_BATCHES,
          groups: capacity.worms,
          groupDests: 2 * capacity.dests,
        });
  return {
    spec,
    capacity,
    inFlight,
    estimate: {
      ...estimate,
      engineBytes: estimate.engineBytes + statsBytes,
      nativeBytes: estimate.nativeBytes + statsBytes,
    },
  };
}

/** simulate(), also returning the routing function used (to name the channels of a report). */
export async function simulateWith(
  c: SimulateConfig,
  hooks: SimulateHooks = {},
): Promise<{ result: SimulationResult; routing: RoutingFunction }> {
  if (c.warmupAuto) return simulateWarmupAuto(c, hooks);
  if (c.trace !== undefined) return simulateTraceRun(c, hooks);
  const start = cpuMs();
  if (c.faultSeed !== undefined && c.faults === undefined)
    throw new WormcastError('simulate: --fault-seed applies with --faults only');
  const faults =
    c.faults === undefined || c.faults.trim() === 'none'
      ? undefined
      : parseFaults(parseTopology(c.topology), c.faults, c.faultSeed ?? DEFAULT_FAULT_SEED);
  const routing = simulationRouting(c.topology, c.algorithm, c.routing, routingRules(c), faults);
  const t = routing.topology;
  if (c.algorithm !== 'unicast' && c.destsMean !== undefined) destCountRange(c.destsMean, t.nodes - 1);
  else if (c.algorithm !== 'unicast' && (c.dests < 1 || c.dests >= t.nodes)) {
    throw new WormcastError(`simulate: --dests ${c.dests} must be 1..${t.nodes - 1} for a multicast on ${t.spec}`);
  }
  const cycles = c.warmup + c.measure;
  const plan = planStream(c, routing);
  const { spec, capacity, inFlight } = plan;
  // refuse what cannot fit before the run: the in-flight messages, not the run's, are in memory
  if (c.memory)
    checkMemory(plan.estimate, memoryLimits(c.memory, c.engine), 'simulate', 'in flight at most (--in-flight)');
  // the worms' routing keys follow the run's seed unless given (docs/model-flit.md "Routing keys")
  const input = { routing, worms: [], options: { routeSeed: c.seed, ...c.options }, capacity };
  const prepared = prepare(input);
  const engine = await (hooks.engine ? hooks.engine(input) : makeEngine(c.engine, input));
  hooks.onStart?.();
  const runStart = cpuMs();
  const traffic = new TrafficStream(spec);
  const run: StreamRun & { traffic: TrafficStream } = {
    routing,
    algorithm: c.algorithm,
    flits: c.flits,
    traffic,
    // a batch is measured whole, from cycle 0 until its last message is delivered
    ...(spec.batch !== undefined
      ? { window: { from: 0, to: RUN_END }, end: RUN_END, open: true }
      : { window: { from: c.warmup, to: cycles }, end: cycles + c.drain }),
    batches: c.batches,
    ...(faults ? { faults } : {}),
    // a multicast's plan is built on the host, its statistics taken by the kernel (docs/traffic.md
    // "Multicast groups retired by the kernel")
    kernelGroups: !hooks.hostTraffic,
    onCycle: hooks.onCycle,
    onProgress: hooks.onProgress,
  };
  // unicast traffic is drawn, retired and measured by the kernel (docs/traffic.md "Traffic drawn
  // by the kernel"); the host writes every other run's messages (and any run when asked to)
  const result =
    !hooks.hostTraffic &&
    engine instanceof WasmEngine &&
    kernelTrafficApplies(c.algorithm, faults !== undefined, engine, c.pattern)
      ? runKernelStream(engine, prepared, run, inFlight)
      : runStream(engine, prepared, run, inFlight);
  const runEnd = cpuMs();
  // the run is over and its result read: the engine's instance serves the process's next run
  if (engine instanceof WasmEngine && !hooks.engine) engine.recycle();
  return { result: attachTiming(result, start, runStart, runEnd), routing };
}

/** `hooks`' progress reports with their cycles counted from `offset` on (a run after --warmup auto's pilot). */
function progressFrom(hooks: SimulateHooks, offset: number): Pick<SimulateHooks, 'onCycle' | 'onProgress'> {
  const { onCycle, onProgress } = hooks;
  return {
    ...(onCycle ? { onCycle: (cycle: number) => onCycle(offset + cycle) } : {}),
    ...(onProgress
      ? {
          onProgress: (p: StreamProgress) =>
            onProgress(
              // a results step counts multicasts read back, the others cycles
              p.step === 'results'
                ? { ...p, cycle: offset + p.cycle }
                : { ...p, cycle: offset + p.cycle, done: offset + p.done, total: offset + p.total },
            ),
        }
      : {}),
  };
}

/**
 * `--warmup auto` (docs/traffic.md "Automatic warm-up"): a pilot run of the same traffic from
 * cycle 0 for `measure` cycles, its latency batch means over PILOT_BATCHES spans of creation time,
 * the MSER truncation of them; then the run with that warm-up (the same seed: the same traffic).
 */
async function simulateWarmupAuto(
  c: SimulateConfig,
  hooks: SimulateHooks,
): Promise<{ result: SimulationResult; routing: RoutingFunction }> {
  if (c.process === 'batch')
    throw new WormcastError('--warmup auto: a batch (--process batch) is measured whole, from cycle 0');
  const batches = Math.max(4, Math.min(PILOT_BATCHES, c.measure));
  // the pilot reports its cycles, and the run counts on from the pilot's end: a long pilot was
  // silent (100,000,000 cycles on mesh:4x4: nothing for 24 s, then '1 cycles in 24 s')
  const pilot = await simulateWith(
    { ...c, warmupAuto: false, warmup: 0, batches },
    {
      ...(hooks.engine ? { engine: hooks.engine } : {}),
      ...(hooks.hostTraffic ? { hostTraffic: true } : {}),
      ...progressFrom(hooks, 0),
    },
  );
  const means = (pilot.result as SimulationResult & { batchMeans?: number[] }).batchMeans ?? [];
  const auto = autoWarmup(means, pilot.result.maxCompletion, c.measure, batches);
  const run = await simulateWith(
    { ...c, warmupAuto: false, warmup: auto.warmup },
    { ...hooks, ...progressFrom(hooks, pilot.result.cycles) },
  );
  const result: SimulationResult = { ...run.result, warmupAuto: auto };
  // timing is non-enumerable (run-timing.ts), so the spread left it behind (no `timing` in --json):
  // the run's, the pilot's whole cost counted in its set-up (finding the warm-up is set-up work)
  const t = run.result.timing;
  const p = pilot.result.timing;
  if (t) setTiming(result, { ...t, setupCpuMs: t.setupCpuMs + (p ? p.setupCpuMs + p.runCpuMs : 0) });
  return { result, routing: run.routing };
}

/**
 * A trace (docs/traffic.md "Traces") through simulate(): its messages written into the engine at
 * once and replayed by its triggers; the result's drainTime is the cycle of the last tail
 * delivery. The text is `c.traceText`, else the file `c.trace` read through Node's fs (reached
 * without a static import, so that this module stays loadable in a browser).
 */
async function simulateTraceRun(
  c: SimulateConfig,
  hooks: SimulateHooks,
): Promise<{ result: SimulationResult; routing: RoutingFunction }> {
  const start = cpuMs();
  const routing = simulationRouting(c.topology, c.algorithm, c.routing, routingRules(c));
  const text = c.traceText ?? readTraceFile(c.trace!);
  const w = traceWorkload(parseTrace(text, routing.topology, c.trace), c.algorithm, routing);
  const input = { routing, worms: w.worms, options: { routeSeed: c.seed, ...c.options } };
  const engine = await (hooks.engine ? hooks.engine(input) : makeEngine(c.engine, input));
  hooks.onStart?.();
  const runStart = cpuMs();
  const result = replayTrace(engine, routing, w, hooks.onCycle, input.options.routeSeed);
  const runEnd = cpuMs();
  if (engine instanceof WasmEngine && !hooks.engine) engine.recycle();
  return { result: attachTiming(result, start, runStart, runEnd), routing };
}

/**
 * Replay a trace's workload (traceWorkload) on its engine to the end: the run's result with
 * drainTime, the cycle of its last tail delivery (simulate({ trace }) and `simulate --trace`).
 */
export function replayTrace(
  engine: Engine,
  routing: RoutingFunction,
  w: Workload,
  onCycle?: (cycle: number) => void,
  routeSeed = 0,
): SimulationResult {
  const r = runWorkload(engine, routing, w, { from: 0, to: RUN_END }, RUN_END, 'finished', onCycle, routeSeed);
  return { ...r, drainTime: drainTimeOf(lastDelivery(engine.times().destTail)) };
}

/** The routing rules of a run (dor's tie-break and dateline, an adaptive function's selection), as given. */
function routingRules(c: SimulateConfig): DorRules {
  return {
    ...(c.tieBreak !== undefined ? { tieBreak: c.tieBreak } : {}),
    ...(c.dateline !== undefined ? { dateline: c.dateline } : {}),
    ...(c.selection !== undefined ? { selection: c.selection } : {}),
  };
}
