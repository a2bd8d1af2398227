import { deadlockSummary } from '../engine/results.ts';
import { getScenario } from '../engine/scenarios.ts';
import type { EngineOptions } from '../engine/types.ts';
import { WasmEngine } from '../engine/wasm.ts';
import { buildWorkload, type Workload } from '../engine/workload.ts';
import { WormcastError, parseIntIn } from '../errors.ts';
import { RUN_END, runWorkload, simulationRouting, type SimulationResult } from '../experiment/simulate.ts';
import { generateTraffic } from '../experiment/traffic.ts';
import type { RoutingFunction } from '../routing/types.ts';
import { defaultNodeModel, type NodeModel } from '../multicast/node-model.ts';
import { el } from './dom.ts';

/**
 * What the simulation form asks for (the options of `wormcast simulate`), as the form's
 * strings; '' means the CLI's default. `scenario` non-empty runs that seed scenario instead.
 */
export interface SimulationRequest {
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

/** A finished run, ready to show. */
export interface SimulationView {
  heading: string;
  result: SimulationResult;
  /** The deadlock report in words (the CLI's lines), or null. */
  deadlock: string[] | null;
}

/**
 * The browser runs the engine on the page's thread, so a run is kept interactive: at most
 * this many messages (expected from load, size and window) and this many cycles per phase.
 */
export const MAX_MESSAGES = 200_000;
export const MAX_PHASE_CYCLES = 1_000_000;

function num(text: string, min: number, max: number, what: string): number {
  const v = Number(text.trim());
  if (text.trim() === '' || !Number.isFinite(v) || v < min || v > max) throw new WormcastError(`${what}: '${text}' must be a number ${min}..${max}`);
  return v;
}

/**
 * The node model of a run as `wormcast simulate` chooses it (src/multicast/node-model.ts): the
 * port model asked for, or ('') the algorithm's own; consumption channels by the algorithm.
 */
function nodeModelOf(req: SimulationRequest, algorithm: string): NodeModel {
  if (req.port !== '' && req.port !== 'one' && req.port !== 'all') throw new WormcastError(`port model '${req.port}': expected one or all`);
  const d = defaultNodeModel(algorithm);
  return { port: req.port === '' ? d.port : req.port, consumption: d.consumption };
}

function engineOptions(req: SimulationRequest, model: NodeModel): EngineOptions {
  return {
    buffer: parseIntIn(req.buffer, 1, 1 << 20, 'buffer'),
    vcsPerClass: parseIntIn(req.vcs, 1, 64, 'VCs per class'),
    port: model.port,
    consumption: model.consumption,
  };
}

/** The deadlock report as the CLI words it: the summary of src/engine/results.ts deadlockSummary. */
export function deadlockLines(r: SimulationResult, routing: RoutingFunction): string[] | null {
  if (!r.deadlock) return null;
  const d = deadlockSummary(r.deadlock, routing);
  return [d.head, ...d.cycle, d.waiting];
}

/** Run one seed scenario (src/engine/scenarios.ts): its worms, created at cycle 0, until they finish or deadlock. */
async function runScenario(name: string, wasm: BufferSource): Promise<SimulationView> {
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
  const result = runWorkload(engine, s.routing, w, { from: 0, to: RUN_END }, RUN_END, s.expect);
  return { heading: `${s.name}: ${s.title}`, result, deadlock: deadlockLines(result, s.routing) };
}

/**
 * Dynamic traffic through the wasm flit-level engine, as `wormcast simulate` runs it
 * (src/experiment/simulate.ts simulateWith), with the module instantiated from `wasm` (the
 * bytes of build/wormcast.wasm). Bad input throws a WormcastError.
 */
export async function computeSimulation(req: SimulationRequest, wasm: BufferSource): Promise<SimulationView> {
  if (req.scenario !== '') return runScenario(req.scenario, wasm);
  const algorithm = req.algorithm.trim();
  const routing = simulationRouting(req.topology, algorithm, req.routing === '' ? undefined : req.routing);
  const t = routing.topology;
  const flits = parseIntIn(req.flits, 1, 1 << 16, 'flits');
  const load = num(req.load, 1e-9, flits, 'load (flits per node per cycle)');
  const warmup = parseIntIn(req.warmup, 0, MAX_PHASE_CYCLES, 'warm-up cycles');
  const measure = parseIntIn(req.cycles, 1, MAX_PHASE_CYCLES, 'cycles');
  const drain = parseIntIn(req.drain, 0, MAX_PHASE_CYCLES, 'drain cycles');
  const seed = parseIntIn(req.seed, 0, 2 ** 32 - 1, 'seed');
  const dests = algorithm === 'unicast' ? 0 : parseIntIn(req.dests, 1, t.nodes - 1, `destinations per multicast on ${t.spec}`);
  const model = nodeModelOf(req, algorithm);
  const options = engineOptions(req, model);
  const expected = Math.round((t.nodes * load / flits) * (warmup + measure));
  if (expected > MAX_MESSAGES) {
    throw new WormcastError(`simulate: about ${expected} messages (${t.nodes} nodes x load ${load} / ${flits} flits x ${warmup + measure} cycles); the browser app runs at most ${MAX_MESSAGES}: lower the load, the cycles or the network (the CLI has no such limit)`);
  }
  const events = generateTraffic({ nodes: t.nodes, load, flits, dests, cycles: warmup + measure, seed });
  const w = buildWorkload(events, algorithm, routing, flits);
  const engine = await WasmEngine.create({ routing, worms: w.worms, options }, wasm);
  const result = runWorkload(engine, routing, w, { from: warmup, to: warmup + measure }, warmup + measure + drain);
  const heading = `${t.spec} ${algorithm}${dests ? ` to ${dests} destinations` : ''} (routing ${routing.name}), offered ${load} flits/node/cycle, ${flits}-flit messages, ${model.port}-port nodes, consumption channels ${model.consumption === 'vc' ? 'one per incoming VC' : model.port === 'one' ? 'one per node' : 'one per incoming link'}, wasm engine`;
  return { heading, result, deadlock: deadlockLines(result, routing) };
}

/** A number for the page: two decimals, '-' for none (NaN when nothing completed). */
function f(x: number, digits = 2): string {
  return Number.isFinite(x) ? x.toFixed(digits) : '-';
}

/** The run as page content: status, latency, throughput, traffic, and the deadlock report if any. */
export function renderSimulation(v: SimulationView): Node[] {
  const r = v.result;
  const rows: Array<[string, string, string]> = [
    ['status', 'status', `${r.status} at cycle ${r.cycles}; ${r.completed} of ${r.multicasts} messages measured completed`],
    ['mean-latency', 'latency (creation to tail delivery)', `mean ${f(r.meanLatency)}, max ${r.maxLatency}`],
    ['network-latency', 'network latency', `mean ${f(r.meanNetworkLatency)}`],
    ['completion', 'multicast completion', `mean ${f(r.meanCompletion)}, max ${r.maxCompletion}`],
    ['throughput', 'throughput (flits/node/cycle)', `${f(r.throughput, 4)} accepted, ${f(r.generated, 4)} generated`],
    ['traffic', 'flit-hops', `${r.flitHops}; VC-wait cycles ${r.counters.vcWaitCycles}; physical-channel sharing events ${r.counters.sharingEvents}`],
    ['utilisation', 'channel utilisation', `mean ${f(r.channelUtilisation.mean, 3)}, max ${f(r.channelUtilisation.max, 3)}`],
  ];
  return [
    el('p', { class: 'heading', 'data-testid': 'sim-heading' }, v.heading),
    // a run that stopped early or measured nothing is not a normal result (docs/cli.md "Exit status of simulate")
    ...(r.incomplete ? [el('p', { class: 'check bad', role: 'alert', 'data-testid': 'sim-incomplete' }, `Incomplete: ${r.incomplete}`)] : []),
    el('dl', { class: 'metrics', 'data-testid': 'sim-metrics' }, ...rows.flatMap(([key, k, val]) => [el('dt', {}, k), el('dd', { 'data-metric': key }, val)])),
    v.deadlock
      ? el('div', { class: 'deadlock', role: 'alert', 'data-testid': 'sim-deadlock' }, ...v.deadlock.map((line) => el('p', {}, line)))
      : el('p', { class: 'check ok', 'data-testid': 'sim-deadlock' }, 'deadlock: none'),
  ];
}
