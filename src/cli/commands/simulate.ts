import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { getScenario, SCENARIOS } from '../../engine/scenarios.ts';
import type { EngineOptions, TreeEdge, WormSpec } from '../../engine/types.ts';
import type { Workload } from '../../engine/workload.ts';
import { WormcastError, parseIntIn } from '../../errors.ts';
import { makeEngine, runWorkload, simulateWith, type SimulateConfig, type SimulationResult } from '../../experiment/simulate.ts';
import { MULTICAST_ALGORITHMS } from '../../multicast/registry.ts';
import { createRouting } from '../../routing/registry.ts';
import type { RoutingFunction } from '../../routing/types.ts';
import { parseTopology } from '../../topology/registry.ts';

interface SimulateOptions {
  topology?: string;
  routing?: string;
  algorithm: string;
  dests?: string;
  load?: string;
  flits: string;
  vcs: string;
  buffer: string;
  port: string;
  startup: string;
  routerDelay: string;
  vcLinks?: boolean;
  cycles: string;
  warmup: string;
  drain: string;
  seed: string;
  engine: string;
  process: string;
  self?: boolean;
  watchdog?: string;
  readyListAt?: string;
  plan?: string;
  scenario?: string;
  example?: boolean;
  json?: boolean;
}

/** The built-in example: shared/reference/booksim2-8x8-mesh.md's network at 0.2 flits/node/cycle. */
export const EXAMPLE_ARGS = ['--topology', 'mesh:8x8', '--routing', 'dor', '--load', '0.2', '--flits', '16', '--vcs', '2', '--buffer', '8', '--router-delay', '4', '--self'];

function num(text: string, min: number, max: number, what: string): number {
  const v = Number(text);
  if (!Number.isFinite(v) || v < min || v > max) throw new WormcastError(`${what}: '${text}' must be a number ${min}..${max}`);
  return v;
}

function engineOptions(o: SimulateOptions): EngineOptions {
  if (o.port !== 'one' && o.port !== 'all') throw new WormcastError(`--port '${o.port}': expected one or all`);
  return {
    buffer: parseIntIn(o.buffer, 1, 1 << 20, '--buffer'),
    vcsPerClass: parseIntIn(o.vcs, 1, 64, '--vcs'),
    startup: parseIntIn(o.startup, 0, 1 << 24, '--startup'),
    routerDelay: parseIntIn(o.routerDelay, 0, 1 << 16, '--router-delay'),
    port: o.port,
    vcLinks: o.vcLinks === true,
    ...(o.watchdog !== undefined ? { watchdog: parseIntIn(o.watchdog, 1, 1 << 30, '--watchdog') } : {}),
    ...(o.readyListAt !== undefined ? { readyListAt: parseIntIn(o.readyListAt, 0, 1 << 30, '--ready-list-at') } : {}),
  };
}

interface HopJson { from: string; to: string; vc: string }
interface MessageJson { from: string; dests: string[]; after: number | null; kind: 'unicast' | 'path' | 'tree'; hops?: HopJson[] }

/** Worms of one Plan as `wormcast plan --json` prints it (docs/plan-json.md). */
export function wormsFromPlanJson(text: string, flits: number): { routing: RoutingFunction; worms: WormSpec[]; dests: number[]; source: number } {
  let plan: { topology?: string; routing?: string; source?: string; destinations?: string[]; messages?: MessageJson[] };
  try {
    plan = JSON.parse(text) as typeof plan;
  } catch (e) {
    throw new WormcastError(`--plan: not JSON (${(e as Error).message}); expected the output of 'wormcast plan --json'`);
  }
  if (!plan.topology || !plan.routing || !plan.source || !plan.messages) throw new WormcastError(`--plan: needs topology, routing, source and messages, as 'wormcast plan --json' prints`);
  const t = parseTopology(plan.topology);
  const routing = createRouting(plan.routing, t);
  const edgesOf = (m: MessageJson, src: number): TreeEdge[] => {
    const reached: number[] = [];
    return (m.hops ?? []).map((h) => {
      const from = t.parse(h.from);
      const to = t.parse(h.to);
      let port = -1;
      for (let p = 0; p < t.ports; p++) if (t.neighbor(from, p) === to) port = p;
      const vc = routing.vcClasses.indexOf(h.vc);
      if (port < 0 || vc < 0) throw new WormcastError(`--plan: hop ${h.from} -> ${h.to} (vc ${h.vc}) is not a channel of ${t.spec} under ${routing.name}`);
      const parent = from === src ? -1 : reached.lastIndexOf(from);
      reached.push(to);
      return { parent, port, vc };
    });
  };
  const worms = plan.messages.map((m): WormSpec => {
    const src = t.parse(m.from);
    const spec: WormSpec = { kind: m.kind, src, dests: m.dests.map((d) => t.parse(d)), flits, group: 0 };
    if (m.after === null) spec.created = 0;
    else spec.after = m.after;
    // path and tree worms follow the plan's own hops exactly
    if (m.kind !== 'unicast') {
      spec.kind = 'tree';
      spec.tree = edgesOf(m, src);
    }
    return spec;
  });
  return { routing, worms, source: t.parse(plan.source), dests: (plan.destinations ?? []).map((d) => t.parse(d)) };
}

function round(x: number): number {
  return Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : x;
}

function print(r: SimulationResult, routing: RoutingFunction, heading: string, json: boolean): void {
  if (json) {
    const out = {
      status: r.status,
      meanLatency: round(r.meanLatency), maxLatency: r.maxLatency, meanNetworkLatency: round(r.meanNetworkLatency),
      meanCompletion: round(r.meanCompletion), maxCompletion: r.maxCompletion,
      throughput: round(r.throughput), offered: round(r.offered),
      flitHops: r.flitHops, cycles: r.cycles, multicasts: r.multicasts, completed: r.completed,
      vcWaitCycles: r.counters.vcWaitCycles, sameMulticastWaits: r.counters.sameMulticastWaits,
      sharingEvents: r.counters.sharingEvents,
      channelUtilisation: { mean: round(r.channelUtilisation.mean), max: round(r.channelUtilisation.max) },
      deadlock: r.deadlock,
    };
    process.stdout.write(`${JSON.stringify(out)}\n`);
    return;
  }
  const f = (x: number): string => (Number.isFinite(x) ? x.toFixed(2) : '-');
  const lines = [
    heading,
    `  status ${r.status} at cycle ${r.cycles}; ${r.completed} of ${r.multicasts} messages measured completed`,
    `  latency (creation to tail delivery) mean ${f(r.meanLatency)}, max ${r.maxLatency}; network latency mean ${f(r.meanNetworkLatency)}`,
    `  multicast completion mean ${f(r.meanCompletion)}, max ${r.maxCompletion}`,
    `  throughput ${r.throughput.toFixed(4)} flits/node/cycle accepted, ${r.offered.toFixed(4)} offered`,
    `  flit-hops ${r.flitHops}; VC-wait cycles ${r.counters.vcWaitCycles}; physical-channel sharing events ${r.counters.sharingEvents}; channel utilisation mean ${r.channelUtilisation.mean.toFixed(3)}, max ${r.channelUtilisation.max.toFixed(3)}`,
  ];
  if (r.deadlock) {
    const d = r.deadlock;
    lines.push(`  DEADLOCK at cycle ${d.cycle}: worms ${d.worms.join(' -> ')} -> ${d.worms[0]} each wait for a VC the next one holds:`);
    d.worms.forEach((w, i) => {
      const c = d.channels[i]!;
      lines.push(`    worm ${w} waits for ${c.kind} channel ${c.node} ${c.kind === 'network' ? routing.topology.portName(c.port) : `#${c.port}`} vc ${c.vcClass}`);
    });
    lines.push(`  waiting worms: ${d.waiting.join(', ')}`);
  } else lines.push('  deadlock: none');
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** `wormcast simulate`: the flit-level engine on dynamic traffic, one Plan, or a seed scenario. */
export function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description('flit-level wormhole simulation: dynamic traffic, one plan (--plan) or a seed scenario (--scenario); docs/model-flit.md')
    .option('--topology <spec>', 'e.g. mesh:8x8, torus:16x16, ccc:10, hypercube:6')
    .option('--routing <name>', 'routing function (default: the algorithm\'s or the family\'s)')
    .option('--algorithm <name>', `unicast | ${Object.keys(MULTICAST_ALGORITHMS).join(' | ')}`, 'unicast')
    .option('--dests <m>', 'destinations per multicast')
    .option('--load <rate>', 'offered load: message flits per node per cycle')
    .option('--flits <L>', 'flits per message', '16')
    .option('--vcs <k>', 'virtual channels per VC class of the routing function', '1')
    .option('--buffer <B>', 'flits of buffer per VC', '8')
    .option('--port <model>', 'one | all', 'one')
    .option('--startup <c>', 'cycles of software overhead per send', '1')
    .option('--router-delay <R>', 'cycles a header spends in each router', '1')
    .option('--vc-links', 'every VC its own physical link (no multiplexing)')
    .option('--cycles <N>', 'measurement window in cycles', '10000')
    .option('--warmup <N>', 'warm-up cycles before the window', '1000')
    .option('--drain <N>', 'cycles after the window for its messages to complete', '10000')
    .option('--seed <s>', 'traffic seed', '1')
    .option('--engine <kind>', 'wasm | reference', 'wasm')
    .option('--process <kind>', 'bernoulli | exponential inter-arrival per node', 'bernoulli')
    .option('--self', 'unicast sources may address themselves (BookSim convention)')
    .option('--watchdog <W>', 'quiet cycles before a deadlock is declared')
    .option('--ready-list-at <n>', 'live slots from which a cycle is evaluated with the ready list instead of the walk (same results; default 2048, 0 = always)')
    .option('--plan <file>', "simulate one Plan printed by 'wormcast plan --json'")
    .option('--scenario <name>', Object.keys(SCENARIOS).join(' | '))
    .option('--example', `the built-in example: ${EXAMPLE_ARGS.join(' ')}`)
    .option('--json', 'print JSON: meanLatency, maxLatency, throughput, flitHops, cycles, deadlock, ...')
    .action(async (o: SimulateOptions) => {
      if (o.engine !== 'wasm' && o.engine !== 'reference') throw new WormcastError(`--engine '${o.engine}': expected wasm or reference`);
      const engineKind = o.engine;
      if (o.scenario !== undefined || o.plan !== undefined) {
        let routing: RoutingFunction;
        let worms: WormSpec[];
        let options: EngineOptions;
        let heading: string;
        let dests: number[];
        if (o.scenario !== undefined) {
          const s = getScenario(o.scenario);
          ({ routing, worms, options } = s);
          heading = `${s.name}: ${s.title}`;
          dests = worms.flatMap((w) => w.dests);
        } else {
          const flits = parseIntIn(o.flits, 1, 1 << 24, '--flits');
          let text: string;
          try {
            text = readFileSync(o.plan!, 'utf8');
          } catch {
            throw new WormcastError(`--plan: cannot read '${o.plan}'`);
          }
          const p = wormsFromPlanJson(text, flits);
          ({ routing, worms } = p);
          options = engineOptions(o);
          heading = `plan ${o.plan} on ${routing.topology.spec} (${routing.name}), ${worms.length} messages of ${flits} flits`;
          dests = p.dests;
        }
        // one multicast (or scenario) created at cycle 0: a window of one cycle
        const groups = [...new Set(worms.map((w) => w.group ?? 0))];
        const w: Workload = {
          worms, flits: worms[0]?.flits ?? 1,
          created: new Int32Array(groups.length),
          firstWorm: Int32Array.from([...groups.map((g) => worms.findIndex((x) => (x.group ?? 0) === g)), worms.length]),
          dests: groups.map((g) => (o.plan !== undefined ? dests : [...new Set(worms.filter((x) => (x.group ?? 0) === g).flatMap((x) => x.dests))])),
        };
        const engine = await makeEngine(engineKind, { routing, worms, options });
        print(runWorkload(engine, routing, w, { from: 0, to: 1 << 30 }, 1 << 30), routing, heading, o.json === true);
        return;
      }
      if (o.example) {
        const ex = new Map<string, string | boolean>();
        for (let i = 0; i < EXAMPLE_ARGS.length; i++) {
          const k = EXAMPLE_ARGS[i]!.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
          const v = EXAMPLE_ARGS[i + 1];
          if (v === undefined || v.startsWith('--')) ex.set(k, true);
          else { ex.set(k, v); i++; }
        }
        Object.assign(o, Object.fromEntries(ex));
      }
      if (!o.topology || o.load === undefined) throw new WormcastError('simulate: give --topology and --load (or --plan, --scenario, --example)');
      const config: SimulateConfig = {
        topology: o.topology, routing: o.routing, algorithm: o.algorithm,
        dests: o.dests === undefined ? 0 : parseIntIn(o.dests, 0, 1 << 24, '--dests'),
        load: num(o.load, 1e-9, 1e6, '--load'),
        flits: parseIntIn(o.flits, 1, 1 << 24, '--flits'),
        process: o.process === 'exponential' ? 'exponential' : o.process === 'bernoulli' ? 'bernoulli' : (() => { throw new WormcastError(`--process '${o.process}': expected bernoulli or exponential`); })(),
        self: o.self === true,
        warmup: parseIntIn(o.warmup, 0, 1 << 30, '--warmup'),
        measure: parseIntIn(o.cycles, 1, 1 << 30, '--cycles'),
        drain: parseIntIn(o.drain, 0, 1 << 30, '--drain'),
        seed: parseIntIn(o.seed, 0, 2 ** 32 - 1, '--seed'),
        engine: engineKind,
        options: engineOptions(o),
      };
      const { result: r, routing } = await simulateWith(config);
      const heading = `${o.topology} ${o.algorithm}${config.dests ? ` to ${config.dests} destinations` : ''}, offered ${config.load} flits/node/cycle, ${config.flits}-flit messages, ${config.engine} engine`;
      print(r, routing, heading, o.json === true);
    });
}

