import { ReferenceEngine } from '../engine/reference.ts';
import { deadlockReport, readChannelFlits, readTimes, type DeadlockReport } from '../engine/results.ts';
import type { Engine, EngineCounters, EngineInput, EngineOptions, EngineStatus } from '../engine/types.ts';
import { WasmEngine } from '../engine/wasm.ts';
import { buildWorkload, findAlgorithm, type Workload } from '../engine/workload.ts';
import { WormcastError } from '../errors.ts';
import { DEFAULT_ROUTING, routingFor } from '../multicast/registry.ts';
import { createRouting } from '../routing/registry.ts';
import type { RoutingFunction } from '../routing/types.ts';
import { parseTopology } from '../topology/registry.ts';
import { summarize, type RunStats, type Window } from './stats.ts';
import { generateTraffic } from './traffic.ts';

/** A dynamic-traffic simulation (the `wormcast simulate` options). */
export interface SimulateConfig {
  topology: string;
  /** Routing function; default: the algorithm's (or the topology family's) default. */
  routing?: string;
  /** 'unicast' or a multicast algorithm name. */
  algorithm: string;
  /** Destinations per multicast (ignored for unicast). */
  dests: number;
  /** Offered load, message flits per node per cycle. */
  load: number;
  flits: number;
  process?: 'bernoulli' | 'exponential';
  /** Unicast sources may address themselves (BookSim convention). */
  self?: boolean;
  warmup: number;
  measure: number;
  /** Extra cycles after the window for its messages to complete. */
  drain: number;
  seed: number;
  engine: 'wasm' | 'reference';
  options: EngineOptions;
}

/** What a simulation reports (JSON fields of `wormcast simulate --json`). */
export interface SimulationResult {
  status: EngineStatus;
  meanLatency: number;
  maxLatency: number;
  meanNetworkLatency: number;
  meanCompletion: number;
  maxCompletion: number;
  /** Accepted throughput, flits per node per cycle over the window. */
  throughput: number;
  offered: number;
  flitHops: number;
  cycles: number;
  multicasts: number;
  completed: number;
  counters: EngineCounters;
  /** Mean and maximum flits per cycle over the network channels that carried any. */
  channelUtilisation: { mean: number; max: number };
  deadlock: DeadlockReport | null;
}

/** Build the engine of the chosen kind. */
export async function makeEngine(kind: 'wasm' | 'reference', input: EngineInput): Promise<Engine> {
  return kind === 'wasm' ? WasmEngine.create(input) : new ReferenceEngine(input);
}

/** The routing function a simulation uses. */
export function simulationRouting(topologySpec: string, algorithm: string, routing?: string): RoutingFunction {
  const t = parseTopology(topologySpec);
  if (algorithm === 'unicast') return createRouting(routing ?? DEFAULT_ROUTING[t.kind], t);
  return routingFor(findAlgorithm(algorithm), t, routing);
}

/**
 * Run an engine over a workload: warm-up, measurement window, drain; the ejected-flit
 * counter read at the window's ends gives the accepted throughput. Latencies count the
 * messages created in the window (all of them when it starts at 0 and ends past the run).
 */
export function runWorkload(engine: Engine, routing: RoutingFunction, w: Workload, window: Window, end: number): SimulationResult {
  let status = engine.runUntil(window.from);
  const e0 = engine.counters().ejectedFlits;
  if (status === 'limit') status = engine.runUntil(window.to);
  const e1 = engine.counters().ejectedFlits;
  if (status === 'limit') status = engine.runUntil(end);
  const region = engine.region();
  const t = routing.topology;
  // a run that ended inside the window (finished or deadlocked) is measured up to its end
  const measured = { from: window.from, to: Math.max(window.from + 1, Math.min(window.to, engine.cycle)) };
  const times = readTimes(region);
  if (status === 'finished') {
    // 'finished' promises every copy delivered: never report a run that lost a worm as complete
    const lost = times.destTail.findIndex((x) => x < 0);
    if (lost >= 0) throw new Error(`engine reported 'finished' but destination record ${lost} (node ${times.destNode[lost]}) was never delivered`);
  }
  const stats: RunStats = summarize(w, times, measured, t.nodes, e1 - e0);
  const counters = engine.counters();
  const cycles = engine.cycle;
  const use = readChannelFlits(engine.region(), t.nodes, t.ports);
  let used = 0;
  let sum = 0;
  let max = 0;
  for (const f of use) if (f > 0) { used++; sum += f; if (f > max) max = f; }
  return {
    status,
    meanLatency: stats.meanLatency,
    maxLatency: stats.maxLatency,
    meanNetworkLatency: stats.meanNetworkLatency,
    meanCompletion: stats.meanCompletion,
    maxCompletion: stats.maxCompletion,
    throughput: stats.accepted,
    offered: stats.offered,
    flitHops: counters.flitHops,
    cycles,
    multicasts: stats.multicasts,
    completed: stats.completed,
    counters,
    channelUtilisation: { mean: used && cycles ? sum / used / cycles : 0, max: cycles ? max / cycles : 0 },
    deadlock: status === 'deadlock' ? deadlockReport(engine.region(), routing) : null,
  };
}

/** Generate the traffic, build the worms and run them (docs/validation.md shows it against BookSim). */
export async function simulate(c: SimulateConfig): Promise<SimulationResult> {
  return (await simulateWith(c)).result;
}

/** simulate(), also returning the routing function used (to name the channels of a report). */
export async function simulateWith(c: SimulateConfig): Promise<{ result: SimulationResult; routing: RoutingFunction }> {
  const routing = simulationRouting(c.topology, c.algorithm, c.routing);
  const t = routing.topology;
  if (c.algorithm !== 'unicast' && (c.dests < 1 || c.dests >= t.nodes)) {
    throw new WormcastError(`simulate: --dests ${c.dests} must be 1..${t.nodes - 1} for a multicast on ${t.spec}`);
  }
  const events = generateTraffic({
    nodes: t.nodes, load: c.load, flits: c.flits, dests: c.algorithm === 'unicast' ? 0 : c.dests,
    process: c.process, cycles: c.warmup + c.measure, seed: c.seed, self: c.self,
  });
  const w = buildWorkload(events, c.algorithm, routing, c.flits);
  const engine = await makeEngine(c.engine, { routing, worms: w.worms, options: c.options });
  return { result: runWorkload(engine, routing, w, { from: c.warmup, to: c.warmup + c.measure }, c.warmup + c.measure + c.drain), routing };
}
