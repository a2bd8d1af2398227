import {
  RUN_END,
  ReferenceEngine,
  WasmEngine,
  WormcastError,
  DEFAULT_FAULT_SEED,
  buildFaultSet,
  parseFaults,
  parseTopology,
  type FaultSet,
  cycleWormLine,
  deadlockSummary,
  getScenario,
  isDecimal,
  optionEntry,
  parseIntIn,
  parseSizeMix,
  resolvePoint,
  runSaturation,
  runWorkload,
  simulate,
  simulateConfig,
  simulationRouting,
  type Engine,
  type RoutingFunction,
  type RunTiming,
  type PointConfig,
  type SimulateConfig,
  type SimulationResult,
  ENGINE_RULES,
  type TableKey,
  type Topology,
  type Workload,
} from 'wormcast';
import { inAppWords } from './dom.ts';
import { FORM_OPTIONS, FORM_RULES, FORM_TRACE, optionWords, type FormOptionKey } from './form-options.ts';
import { withProgress, type CycleProgress } from './progress-engine.ts';
import { readSnapshot } from './watch/snapshot.ts';

/**
 * What the simulation form asks for (the options of `wormcast simulate`), as the form's
 * strings; '' means the CLI's default. `scenario` non-empty runs that seed scenario instead.
 */
export interface TrafficRequest {
  scenario: string;
  topology: string;
  routing: string;
  algorithm: string;
  dests: string;
  load: string;
  flits: string;
  cycles: string;
  warmup: string;
  drain: string;
  seed: string;
  vcs: string;
  buffer: string;
  port: string;
}

/** A trace to replay (docs/traffic.md "Traces"): its name (in its errors: `NAME:LINE: ...`) and text. */
export interface TraceRequest {
  name: string;
  text: string;
}

/**
 * A request with the option-table fields the form sets (absent or '': the option's default;
 * src/web/form-options.ts); with `trace`, that trace is the traffic (src/web/trace-input.ts).
 */
export type SimulationRequest = TrafficRequest & { [K in FormOptionKey]?: string } & { trace?: TraceRequest };

/**
 * How a run ended, for the page's label: 'finished' (every message measured was delivered;
 * the only outcome shown green), 'saturated' (the drain ended with messages of the window
 * undelivered, or the run is saturated by the rule `wormcast simulate` judges it with, runSaturation:
 * the offered load is beyond what the network accepts), 'deadlock', or
 * 'incomplete' (any other run that did not make its measurement, src/experiment/run/simulate.ts
 * incompleteReason).
 */
export type Outcome = 'finished' | 'saturated' | 'deadlock' | 'incomplete';

/** A channel of a deadlock's wait-for cycle, for the drawing: node and port (-1 off the network). */
export interface CycleChannel {
  node: number;
  port: number;
  kind: string;
  /** `worm 0 waits for network channel 001 dim 1 vc c` */
  label: string;
}

/** A finished run, ready to show. */
export interface SimulationView {
  heading: string;
  /** The network the run used (a scenario brings its own). */
  spec: string;
  result: SimulationResult;
  /** The deadlock report in words (the CLI's lines), or null. */
  deadlock: string[] | null;
  outcome: Outcome;
  /** `delivered 32159 of 128145 messages created in the window (25.1%)`, and why when not all. */
  outcomeText: string;
  /**
   * Why the run counts as saturated by the rule `wormcast simulate` judges a run with (runSaturation:
   * its SATURATED line, exit 3; the library's simulate(options) result.saturation); empty if it does not.
   */
  saturation: string[];
  /** Flits carried by each physical channel (node * ports + port) over the run. */
  channelFlits: Int32Array;
  /** The wait-for cycle's channels (empty without a deadlock). */
  cycleChannels: CycleChannel[];
  /** After a deadlock: each network VC held when the run stopped, as [node * ports + port, worm] (the trees and worms involved). */
  deadlockHeld: Array<[number, number]>;
  /** Wall time of the run in milliseconds (where it ran: the worker, or Node). */
  ms?: number;
  /**
   * What simulate() measured of its cost (setup, run phase, flit-hops per second; wall clock in a
   * browser): the result's non-enumerable `timing`, made a plain field so that it crosses postMessage.
   */
  timing?: RunTiming;
  /** With faults: the dead channels (node * ports + port) and the faulty nodes, 1 each (docs/faults.md). */
  faults?: FaultMasks;
}

/** A fault set as the drawing needs it: a channel mask and a node mask. */
export interface FaultMasks {
  channels: Uint8Array;
  nodes: Uint8Array;
}

/** The masks of a run's fault set (its `faults` field, in addresses), or undefined without faults. */
export function faultMasks(t: Topology, f: SimulationResult['faults']): FaultMasks | undefined {
  if (!f) return undefined;
  const set = buildFaultSet(
    t,
    f.links.map(([a, b]) => [t.parse(a), t.parse(b)] as const),
    f.nodes.map((v) => t.parse(v)),
  );
  return { channels: set.channelMask, nodes: set.nodeMask };
}

/**
 * The browser runs the engine on the page's thread, so a run is kept interactive: at most
 * this many messages (expected from load, size and window) and this many cycles per phase.
 */
export const MAX_MESSAGES = 200_000;
export const MAX_PHASE_CYCLES = 1_000_000;
/** The longest trace text the page takes (characters; about 400,000 lines): the CLI reads files up to 64 MB. */
export const MAX_TRACE_CHARS = 8 << 20;

/**
 * A decimal number of the form in [min, max], as the CLI reads one (isDecimal, docs/cli.md
 * "Numbers"): Number() alone took '0x10' as 16 and '0b1' as 1, which the CLI refuses.
 */
function num(text: string, min: number, max: number, what: string): number {
  const v = Number(text.trim());
  if (!isDecimal(text) || !Number.isFinite(v) || v < min || v > max)
    throw new WormcastError(`${what}: '${text}' must be a number ${min}..${max}`);
  return v;
}

/** An option's value from the form's text, in the option table's range (docs/options.md); `what` names the field. */
function tableValue(key: TableKey, text: string, what: string): string | number | boolean {
  const v = optionEntry(key).value;
  // a checkbox's text is 1 (checked) or empty (the table's default, false)
  if (v.kind === 'boolean') {
    if (text === '1' || text === '0') return text === '1';
    throw new WormcastError(`${what} '${text}': expected 1 (on) or 0 (off)`);
  }
  if (v.kind === 'int') return parseIntIn(text, v.min, v.max, what);
  if (v.kind === 'number') return num(text, v.min, v.max, what);
  if (v.kind === 'enum' && !v.values.includes(text))
    throw new WormcastError(`${what} '${text}': expected ${v.values.join(' or ')}`);
  return text;
}

/**
 * An integer field that also takes its option's words (warmup: auto) or a size mix (flits:
 * 4:1,16:1), as the option table's spec says (docs/options.md); `max` is the page's bound. A bad
 * value is one line naming the field and every form it takes.
 */
function intOrWords(key: TableKey, text: string, what: string, max: number): number | string {
  const v = optionEntry(key).value;
  const t = text.trim();
  if (v.kind !== 'int') return tableValue(key, t, what) as number | string;
  if (v.words?.includes(t)) return t;
  if (v.mix && t.includes(':')) {
    try {
      parseSizeMix(t);
    } catch (e) {
      throw new WormcastError(`${what}: ${(e as Error).message.replace(/^wormcast: sizes: /, '')}`);
    }
    return t;
  }
  try {
    return parseIntIn(t, v.min, max, what);
  } catch (e) {
    const other = [...(v.words ?? []), ...(v.mix ? ['a size mix size:weight,... (e.g. 4:1,16:1)'] : [])];
    if (other.length === 0) throw e;
    throw new WormcastError(`${(e as Error).message}, or ${other.join(' or ')}`);
  }
}

/** The deadlock report as the CLI words it: the summary of src/engine/results.ts deadlockSummary. */
export function deadlockLines(r: SimulationResult, routing: RoutingFunction): string[] | null {
  if (!r.deadlock) return null;
  const d = deadlockSummary(r.deadlock, routing);
  return [d.head, ...d.cycle, d.waiting];
}

/** The outcome of a run and its words (delivered of created, and why the run is not a measurement). */
export function outcomeOf(r: SimulationResult, saturation: readonly string[] = []): { outcome: Outcome; text: string } {
  const share = r.multicasts > 0 ? ` (${((100 * r.completed) / r.multicasts).toFixed(1)}%)` : '';
  const delivered = `delivered ${r.completed} of ${r.multicasts} messages created in the ${r.window.requestedTo === null ? 'run' : 'measurement window'}${share}`;
  if (r.status === 'deadlock') return { outcome: 'deadlock', text: `deadlock at cycle ${r.cycles}: ${delivered}` };
  // the library words its reasons with the CLI's flags ('raise --drain'); the page names its fields
  if (r.incomplete) return { outcome: 'incomplete', text: `incomplete: ${delivered}; ${inAppWords(r.incomplete)}` };
  if (r.completed < r.multicasts) {
    return {
      outcome: 'saturated',
      text: `saturated: ${delivered} by cycle ${r.cycles}; the rest were still in the network when the drain ended (the offered load exceeds what the network accepts, or raise the drain)`,
    };
  }
  // every message delivered in the drain, yet saturated by the CLI's rule (accepted < generated,
  // latency still growing: src/experiment/config/saturation.ts): `wormcast simulate` exits 3 on it
  if (saturation.length > 0)
    return {
      outcome: 'saturated',
      text: `saturated: ${delivered}, but ${saturation.join('; ')}: its latencies are lower bounds, not steady-state values (lower the load)`,
    };
  return { outcome: 'finished', text: `${r.status === 'finished' ? 'finished' : 'measured'}: ${delivered}` };
}

/** The view of a run: outcome, channel use and the deadlock cycle's channels. */
export function viewOf(
  heading: string,
  result: SimulationResult,
  routing: RoutingFunction,
  engine: Engine,
  saturation: string[] = [],
): SimulationView {
  const t = routing.topology;
  const { outcome, text } = outcomeOf(result, saturation);
  const faults = faultMasks(t, result.faults);
  const cycleChannels: CycleChannel[] = [];
  if (result.deadlock) {
    const d = result.deadlock;
    d.worms.forEach((_, i) => {
      const c = d.channels[i]!;
      const node = t.parse(c.node);
      // the CLI's words: a wait for the VC, or under 'tail-sent' a wait behind the next worm's flits
      cycleChannels.push({
        node,
        port: c.kind === 'network' ? c.port : -1,
        kind: c.kind,
        label: cycleWormLine(d, i, routing),
      });
    });
  }
  return {
    heading,
    spec: t.spec,
    result,
    deadlock: deadlockLines(result, routing),
    outcome,
    outcomeText: text,
    saturation,
    channelFlits: engine.channelFlits(),
    cycleChannels,
    // the VCs held are read off the wasm engine's region; the reference engine's run draws the cycle alone
    deadlockHeld:
      result.deadlock && engine instanceof WasmEngine
        ? readSnapshot(engine.region())
            .held.filter((h) => h.kind === 'network')
            .map((h): [number, number] => [h.node * t.ports + h.port, h.worm])
        : [],
    ...(faults ? { faults } : {}),
  };
}

/** The engine of a run, reporting its cycle when asked to. */
function tracked<E extends Engine>(engine: E, progress?: CycleProgress): E {
  return progress ? withProgress(engine, progress) : engine;
}

/** Run one seed scenario (src/engine/scenarios.ts): its worms, created at cycle 0, until they finish or deadlock. */
async function runScenario(name: string, wasm: BufferSource, progress?: CycleProgress): Promise<SimulationView> {
  const s = getScenario(name);
  const groups = [...new Set(s.worms.map((w) => w.group ?? 0))];
  const w: Workload = {
    worms: s.worms,
    flits: s.worms[0]?.flits ?? 1,
    created: new Int32Array(groups.length),
    firstWorm: Int32Array.from([...groups.map((g) => s.worms.findIndex((x) => (x.group ?? 0) === g)), s.worms.length]),
    dests: groups.map((g) => [...new Set(s.worms.filter((x) => (x.group ?? 0) === g).flatMap((x) => x.dests))]),
  };
  const engine = await WasmEngine.create({ routing: s.routing, worms: s.worms, options: s.options }, wasm);
  const result = runWorkload(tracked(engine, progress), s.routing, w, { from: 0, to: RUN_END }, RUN_END, s.expect);
  return viewOf(`${s.name}: ${s.title}`, result, s.routing, engine);
}

/** A random-traffic request checked and turned into the `simulate()` configuration `wormcast simulate` would use. */
export interface ParsedRequest {
  config: SimulateConfig;
  routing: RoutingFunction;
  heading: string;
  /** The run's faults (the form's faults and fault seed), as simulate() draws them. */
  faults?: FaultSet;
}

/**
 * The options of `wormcast simulate` (experiment keys, docs/options.md) a random-traffic request
 * asks for, checked with the form's words (bad input throws a WormcastError), and its seed.
 */
export function requestValues(req: SimulationRequest): {
  values: Record<string, string | number | boolean>;
  seed: number;
} {
  const algorithm = req.algorithm.trim();
  const routing = simulationRouting(req.topology, algorithm, req.routing === '' ? undefined : req.routing);
  const t = routing.topology;
  // isolated multicasts have no load and no window: those fields are not read (src/web/isolated-run.ts)
  const isolated = (req.traffic ?? '').trim() === 'isolated';
  // flits, load and destinations left empty give way to the seed units (message bytes, inter-arrival
  // time) and to a mean number of destinations; the run says which it lacks when none is given
  const flits = req.flits.trim() === '' ? undefined : intOrWords('flits', req.flits, 'flits', 1 << 16);
  // a size mix's load counts its mean size (docs/traffic.md "Message sizes")
  const most = flits === undefined ? 1 << 24 : typeof flits === 'number' ? flits : parseSizeMix(flits).mean;
  const load =
    isolated || req.load.trim() === '' ? undefined : num(req.load, 1e-9, most, 'load (flits per node per cycle)');
  const runWindow: Record<string, string | number> = isolated
    ? {}
    : {
        warmup: intOrWords('warmup', req.warmup, 'warm-up cycles', MAX_PHASE_CYCLES),
        cycles: parseIntIn(req.cycles, 1, MAX_PHASE_CYCLES, 'cycles'),
        drain: parseIntIn(req.drain, 0, MAX_PHASE_CYCLES, 'drain cycles'),
      };
  const seed = tableValue('seed', req.seed, 'seed') as number;
  const values: Record<string, string | number | boolean> = {
    topology: req.topology,
    algorithm,
    ...(req.routing !== '' ? { routing: req.routing } : {}),
    ...(algorithm !== 'unicast' && req.dests.trim() !== ''
      ? { dests: parseIntIn(req.dests, 1, t.nodes - 1, `destinations per multicast on ${t.spec}`) }
      : {}),
    ...(load !== undefined ? { load } : {}),
    ...(flits !== undefined ? { flits } : {}),
    ...runWindow,
    vcs: tableValue('vcs', req.vcs, 'VCs per class'),
    buffer: tableValue('buffer', req.buffer, 'buffer'),
    ...(req.port !== '' ? { port: tableValue('port', req.port, 'port model') } : {}),
  };
  for (const key of FORM_OPTIONS) {
    const text = (req[key] ?? '').trim();
    if (text !== '') values[key] = tableValue(key, text, optionWords(key));
  }
  return { values, seed };
}

const RULE_KEYS: ReadonlySet<string> = new Set(FORM_RULES);

/** The consumption channels of a point in the CLI's words. */
function consumptionWords(point: PointConfig): string {
  return point.consumption === 'vc'
    ? 'one per incoming VC'
    : point.port === 'one'
      ? 'one per node'
      : 'one per incoming link';
}

/** The engine rules for a heading, named when the form sets one (a default run's heading is the one it always had). */
function rulesText(values: Record<string, unknown>, point: PointConfig, config: SimulateConfig): string {
  if (!FORM_RULES.some((k) => values[k] !== undefined)) return '';
  const engineOptions = config.options as Record<string, unknown>;
  return ENGINE_RULES.map((e) => {
    const v = e.engine !== undefined ? engineOptions[e.engine] : (point as unknown as Record<string, unknown>)[e.key];
    return `, ${e.label} ${String(v ?? e.default)}`;
  }).join('');
}

/**
 * What the page's bound on messages (MAX_MESSAGES) counts of a run: a size mix's messages are its
 * mean size, and warm-up auto deletes at most half its pilot, which is the window.
 */
function messageTerms(config: SimulateConfig): { flits: number; cycles: number } {
  const flits = config.sizes !== undefined ? parseSizeMix(config.sizes).mean : config.flits;
  const warmup = config.warmupAuto ? config.measure / 2 : config.warmup;
  return { flits, cycles: warmup + config.measure };
}

/**
 * The highest load at which the page runs this configuration on `nodes` nodes (MAX_MESSAGES, as
 * parseSimulationRequest counts them); Infinity for a batch, whose messages do not follow the load.
 */
export function pageLoadLimit(config: SimulateConfig, nodes: number): number {
  if (config.batch !== undefined) return Infinity;
  const { flits, cycles } = messageTerms(config);
  return (MAX_MESSAGES * flits) / (nodes * cycles);
}

/**
 * Check a random-traffic request (bad input throws a WormcastError) and build its configuration:
 * the point resolved as `wormcast simulate` and a sweep resolve theirs (resolvePoint, simulateConfig).
 */
export function parseSimulationRequest(req: SimulationRequest): ParsedRequest {
  const { values, seed } = requestValues(req);
  const point = resolvePoint(values);
  if (point.traffic === 'isolated')
    throw new WormcastError(
      'traffic isolated: one multicast at a time in an empty network, run by Simulate; the watch and the curves take dynamic traffic',
    );
  const config = simulateConfig(point, seed);
  // the routing function of the run as simulate() builds it: its rules, and the faults it may route around
  const faults =
    config.faults === undefined || config.faults.trim() === 'none'
      ? undefined
      : parseFaults(parseTopology(config.topology), config.faults, config.faultSeed ?? DEFAULT_FAULT_SEED);
  const routing = simulationRouting(
    point.topology,
    point.algorithm,
    point.routing,
    {
      ...(config.tieBreak !== undefined ? { tieBreak: config.tieBreak } : {}),
      ...(config.dateline !== undefined ? { dateline: config.dateline } : {}),
      ...(config.selection !== undefined ? { selection: config.selection } : {}),
    },
    faults,
  );
  const t = routing.topology;
  const { load } = config;
  const { flits, cycles } = messageTerms(config);
  // a batch is its messages, every node's, whatever the load and window
  const expected =
    config.batch !== undefined ? t.nodes * config.batch : Math.round(((t.nodes * load) / flits) * cycles);
  if (expected > MAX_MESSAGES) {
    throw new WormcastError(
      `simulate: about ${expected} messages (${t.nodes} nodes x load ${load} / ${Number(flits.toPrecision(4))} flits x ${cycles} cycles); the browser app runs at most ${MAX_MESSAGES}: lower the load, the cycles or the network (the CLI has no such limit)`,
    );
  }
  const rules = rulesText(values, point, config);
  // the other options are named when the form sets them, in the CLI's words (the engine ends the heading)
  const traffic = FORM_OPTIONS.filter((k) => !RULE_KEYS.has(k) && k !== 'engine' && values[k] !== undefined)
    .map((k) => `, ${optionWords(k)} ${String(values[k])}`)
    .join('');
  const heading = `${t.spec} ${point.algorithm}${point.dests ? ` to ${point.dests} destinations` : ''} (routing ${routing.name}), offered ${load} flits/node/cycle, ${typeof values.flits === 'string' ? `message sizes ${values.flits}` : `${config.flits}-flit messages`}, ${point.port}-port nodes, consumption channels ${consumptionWords(point)}${traffic}${rules}, ${config.engine} engine`;
  return { config, routing, heading, ...(faults ? { faults } : {}) };
}

/**
 * A trace request checked and turned into the `simulate()` configuration of `wormcast simulate
 * --trace` (docs/traffic.md "Traces"): the network, algorithm (for the trace's multicasts),
 * routing, seed (the worms' routing keys), VCs, buffer, port model and engine rules of the form;
 * its traffic fields (load, window, pattern, process, sizes, faults) do not apply and are not
 * read. The text is parsed by simulate() (src/traffic/trace-file.ts parseTrace), whose errors
 * name the line.
 */
export function parseTraceRequest(req: SimulationRequest, trace: TraceRequest): ParsedRequest {
  if (trace.text.length > MAX_TRACE_CHARS)
    throw new WormcastError(
      `trace ${trace.name}: ${trace.text.length} characters; the browser app takes at most ${MAX_TRACE_CHARS} (the CLI has no such limit)`,
    );
  // a line that is neither blank nor a comment is a message (parseTrace refuses any other)
  const messages = trace.text.split('\n').filter((l) => !/^\s*(#.*)?$/.test(l)).length;
  if (messages === 0)
    throw new WormcastError(
      `trace ${trace.name}: no messages: paste a trace or load a file (one message per line: at src dests flits)`,
    );
  if (messages > MAX_MESSAGES)
    throw new WormcastError(
      `trace ${trace.name}: ${messages} messages; the browser app runs at most ${MAX_MESSAGES} (the CLI has no such limit)`,
    );
  const algorithm = req.algorithm.trim();
  const values: Record<string, string | number | boolean> = {
    topology: req.topology,
    algorithm,
    ...(req.routing !== '' ? { routing: req.routing } : {}),
    trace: trace.name,
    vcs: tableValue('vcs', req.vcs, 'VCs per class'),
    buffer: tableValue('buffer', req.buffer, 'buffer'),
    ...(req.port !== '' ? { port: tableValue('port', req.port, 'port model') } : {}),
  };
  for (const key of FORM_TRACE) {
    const text = (req[key] ?? '').trim();
    if (text !== '') values[key] = tableValue(key, text, optionWords(key));
  }
  const seed = tableValue('seed', req.seed, 'seed') as number;
  const point = resolvePoint(values);
  const config = { ...simulateConfig(point, seed), traceText: trace.text };
  const routing = simulationRouting(point.topology, point.algorithm, point.routing, {
    ...(config.tieBreak !== undefined ? { tieBreak: config.tieBreak } : {}),
    ...(config.dateline !== undefined ? { dateline: config.dateline } : {}),
    ...(config.selection !== undefined ? { selection: config.selection } : {}),
  });
  const t = routing.topology;
  const heading = `trace ${trace.name} on ${t.spec}${point.algorithm !== 'unicast' ? ` (multicasts by ${point.algorithm})` : ''} (routing ${routing.name}), ${messages} messages, ${point.port}-port nodes, consumption channels ${consumptionWords(point)}${rulesText(values, point, config)}, ${config.engine} engine`;
  return { config, routing, heading };
}

/**
 * Dynamic traffic through the wasm flit-level engine, as `wormcast simulate` runs it
 * (src/experiment/run/simulate.ts simulateWith), with the module instantiated from `wasm` (the
 * bytes of build/wormcast.wasm). Bad input throws a WormcastError. `ms` is the run's wall time
 * (from the engine's creation to its result).
 */
export async function computeSimulation(
  req: SimulationRequest,
  wasm: BufferSource,
  progress?: CycleProgress,
): Promise<SimulationView> {
  const t0 = performance.now();
  if (req.scenario !== '') return { ...(await runScenario(req.scenario, wasm, progress)), ms: performance.now() - t0 };
  const { config, routing, heading } = req.trace ? parseTraceRequest(req, req.trace) : parseSimulationRequest(req);
  // the same run as `wormcast simulate` (traffic streamed as the run goes), on the page's wasm bytes or the reference engine
  let engine: Engine | undefined;
  const result = await simulate(config, {
    engine: async (input) =>
      tracked(
        (engine = config.engine === 'reference' ? new ReferenceEngine(input) : await WasmEngine.create(input, wasm)),
        progress,
      ),
  });
  return {
    // judged by the rule `wormcast simulate` judges a run with (its SATURATED line and exit 3)
    ...viewOf(heading, result, routing, engine!, runSaturation(result)),
    ms: performance.now() - t0,
    ...(result.timing ? { timing: { ...result.timing } } : {}),
  };
}

/**
 * The cycles a request asks for at most (warm-up + cycles + drain), or 0 when open-ended: a scenario,
 * a trace, and a batch, which runs until its last delivery whatever the window (simulate() and the
 * watch run it so; the progress said `cycle 46080 of at most 7200 (100%)`).
 */
export function plannedCycles(req: SimulationRequest): number {
  if (req.scenario !== '' || req.trace || (req.process ?? '').trim() === 'batch') return 0;
  const n = [req.warmup, req.cycles, req.drain].map((x) => Number(x.trim()));
  return n.every((x) => Number.isFinite(x) && x >= 0) ? n[0]! + n[1]! + n[2]! : 0;
}
