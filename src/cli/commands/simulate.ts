import type { Command } from 'commander';
import { getScenario, SCENARIOS } from '../../engine/scenarios.ts';
import { defaultInjection, resolveOptions } from '../../engine/input.ts';
import type { EngineOptions, WormSpec } from '../../engine/types.ts';
import type { Workload } from '../../engine/workload.ts';
import { WormcastError, parseIntIn, parseNumberIn, SEED_MAX } from '../../errors.ts';
import { checkScheme } from '../../analysis/scheme-check.ts';
import { defaultNodeModel, type NodeModel } from '../../multicast/node-model.ts';
import type { PortModel } from '../../multicast/types.ts';
import {
  makeEngine,
  simulationRouting,
  MAX_SLOTS,
  RUN_END,
  runWorkload,
  simulateWith,
  type SimulateConfig,
} from '../../experiment/run/simulate.ts';
import { nodeMemoryEnvironment } from '../memory-environment.ts';
import { MULTICAST_ALGORITHMS } from '../../multicast/registry.ts';
import type { RoutingFunction } from '../../routing/types.ts';
import { readPlanFile, wormsFromPlanJson } from '../plan-file.ts';
import { checkFixedRunMemory } from '../plan-run-memory.ts';
import { simulateProgress } from '../simulate-progress.ts';
import { printResult } from './simulate-report.ts';
import { EXAMPLE_ARGS } from '../example-args.ts';
import { applySeedUnits } from './simulate-units.ts';
import { checkSeedModes, destsMeanIn } from './simulate-modes.ts';
import { runIsolatedCommand } from './simulate-isolated.ts';
import { DEFAULT_ISOLATED_SETS } from '../../experiment/config/point-config.ts';
import { unitsText } from '../../experiment/config/units.ts';

interface SimulateOptions {
  topology?: string;
  routing?: string;
  algorithm: string;
  dests?: string;
  load?: string;
  flits: string;
  vcs: string;
  buffer: string;
  port?: string;
  consumption?: string;
  startup: string;
  routerDelay: string;
  vcLinks?: boolean;
  injection?: string;
  vcRelease?: string;
  linkLatency?: string;
  tieBreak?: string;
  dateline?: string;
  cycles: string;
  warmup: string;
  drain: string;
  seed: string;
  engine: string;
  process: string;
  self?: boolean;
  watchdog?: string;
  readyListAt?: string;
  slots?: string;
  inFlight?: string;
  plan?: string;
  scenario?: string;
  example?: boolean;
  json?: boolean;
  // seed units, drawn destination counts, isolated multicasts (simulate-units.ts, simulate-isolated.ts)
  destsMean?: string;
  interarrivalUs?: string;
  units?: string;
  messageBytes?: string;
  flitBytes?: string;
  channelMbps?: string;
  flitTimeNs?: string;
  startupUs?: string;
  traffic: string;
  sets?: string;
}

// the built-in example's options live in src/cli/example-args.ts (read without loading this module)
export { EXAMPLE_ARGS };

function num(text: string, min: number, max: number, what: string): number {
  return parseNumberIn(text, min, max, what);
}

/**
 * The node model of a run: --port and --consumption as given, else the algorithm's defaults
 * (src/multicast/node-model.ts); `multidestination` for a --plan or scenario with path or tree worms.
 */
function nodeModel(o: SimulateOptions, algorithm: string, multidestination = false): NodeModel {
  const d = defaultNodeModel(algorithm);
  if (o.port !== undefined && o.port !== 'one' && o.port !== 'all')
    throw new WormcastError(`--port '${o.port}': expected one or all`);
  if (o.consumption !== undefined && o.consumption !== 'port' && o.consumption !== 'vc')
    throw new WormcastError(`--consumption '${o.consumption}': expected port or vc`);
  return {
    port: (o.port as PortModel | undefined) ?? d.port,
    consumption: (o.consumption as NodeModel['consumption'] | undefined) ?? (multidestination ? 'vc' : d.consumption),
  };
}

/** The node model in words, for headings and warnings. */
export function nodeModelText(m: NodeModel): string {
  return `${m.port}-port nodes, consumption channels ${m.consumption === 'vc' ? 'one per incoming VC' : m.port === 'one' ? 'one per node' : 'one per incoming link'}`;
}

/** --injection as given, else defaultInjection: back-to-back for unicast, after-tail for multicasts (docs/model-flit.md "The source"). */
function injectionRule(o: SimulateOptions, algorithm: string): 'back-to-back' | 'after-tail' {
  if (o.injection === undefined) return defaultInjection(algorithm);
  if (o.injection !== 'back-to-back' && o.injection !== 'after-tail')
    throw new WormcastError(`--injection '${o.injection}': expected back-to-back or after-tail`);
  return o.injection;
}

/** --vc-release: when a network VC is freed (docs/model-flit.md "One cycle t" 4b). */
function vcReleaseRule(text: string): 'tail-credit' | 'tail-sent' {
  if (text !== 'tail-credit' && text !== 'tail-sent')
    throw new WormcastError(`--vc-release '${text}': expected tail-credit or tail-sent`);
  return text;
}

/** The engine's source and VC-release rules a run used (docs/model-flit.md "The source", 4b), for its heading and JSON. */
function engineRules(options: EngineOptions): { injection: string; vcRelease: string; linkLatency?: number } {
  // the engine's own defaults (src/engine/input.ts resolveOptions), not a copy of them
  const r = resolveOptions(options);
  const lat = r.linkLatency;
  return {
    injection: r.injection,
    vcRelease: r.vcRelease,
    // named only when not 1, so that default runs print what they did before the option
    ...(lat !== 1 ? { linkLatency: lat } : {}),
  };
}

function engineRulesText(options: EngineOptions): string {
  const r = engineRules(options);
  return `injection ${r.injection}, VC release ${r.vcRelease}${r.linkLatency !== undefined ? `, link latency ${r.linkLatency}` : ''}`;
}

/** --tie-break: dor's direction at offset k/2 on a torus (docs/model-flit.md "Routing keys"). */
function tieBreakRule(text: string | undefined): 'plus' | 'random' {
  if (text === undefined) return 'plus';
  if (text !== 'plus' && text !== 'random') throw new WormcastError(`--tie-break '${text}': expected plus or random`);
  return text;
}

/** --dateline: dor's VC classes on a torus (docs/model-flit.md "Routing keys"). */
function datelineRule(text: string | undefined): 'position' | 'booksim' {
  if (text === undefined) return 'position';
  if (text !== 'position' && text !== 'booksim')
    throw new WormcastError(`--dateline '${text}': expected position or booksim`);
  return text;
}

function engineOptions(o: SimulateOptions, model: NodeModel, algorithm: string): EngineOptions {
  return {
    buffer: parseIntIn(o.buffer, 1, 1 << 20, '--buffer'),
    vcsPerClass: parseIntIn(o.vcs, 1, 64, '--vcs'),
    startup: parseIntIn(o.startup, 0, 1 << 24, '--startup'),
    routerDelay: parseIntIn(o.routerDelay, 0, 1 << 16, '--router-delay'),
    port: model.port,
    consumption: model.consumption,
    vcLinks: o.vcLinks === true,
    injection: injectionRule(o, algorithm),
    ...(o.vcRelease !== undefined ? { vcRelease: vcReleaseRule(o.vcRelease) } : {}),
    ...(o.linkLatency !== undefined ? { linkLatency: parseIntIn(o.linkLatency, 1, 16, '--link-latency') } : {}),
    ...(o.watchdog !== undefined
      ? {
          watchdog: parseIntIn(
            o.watchdog,
            parseIntIn(o.startup, 0, 1 << 24, '--startup') +
              parseIntIn(o.routerDelay, 0, 1 << 16, '--router-delay') +
              2,
            1 << 30,
            "--watchdog (at least --startup + --router-delay + 2, the engine's floor)",
          ),
        }
      : {}),
    ...(o.readyListAt !== undefined ? { readyListAt: parseIntIn(o.readyListAt, 0, 1 << 30, '--ready-list-at') } : {}),
    ...(o.slots !== undefined ? { slots: parseIntIn(o.slots, 16, MAX_SLOTS, '--slots') } : {}),
  };
}

/** `wormcast simulate`: the flit-level engine on dynamic traffic, one Plan, or a seed scenario. */
export function registerSimulate(program: Command): void {
  program
    .command('simulate')
    .description(
      'flit-level wormhole simulation: dynamic traffic, one plan (--plan) or a seed scenario (--scenario); docs/model-flit.md',
    )
    .option('--topology <spec>', 'e.g. mesh:8x8, torus:16x16, ccc:10, hypercube:6')
    .option('--routing <name>', "routing function (default: the algorithm's or the family's)")
    .option('--algorithm <name>', `unicast | ${Object.keys(MULTICAST_ALGORITHMS).join(' | ')}`, 'unicast')
    .option('--dests <m>', 'destinations per multicast')
    .option(
      '--dests-mean <m>',
      'destinations drawn per multicast with this mean (uniform over mean-w..mean+w; docs/traffic.md), instead of --dests',
    )
    .option('--load <rate>', 'offered load: message flits per node per cycle')
    .option(
      '--interarrival-us <T>',
      'mean inter-arrival time per node in microseconds, instead of --load (needs a cycle time: --units, --channel-mbps or --flit-time-ns; docs/units.md)',
    )
    .option('--flits <L>', 'flits per message', '16')
    .option('--units <preset>', "a seed's units: seed000 | seed001 | seed003 | seed004 (docs/units.md)")
    .option('--message-bytes <B>', 'message size in bytes, instead of --flits (needs --flit-bytes or --units)')
    .option('--flit-bytes <b>', 'bytes per flit')
    .option('--channel-mbps <S>', 'channel speed in Mbytes/s: one cycle is flit bytes / S microseconds')
    .option('--flit-time-ns <t>', 'time of one flit on one channel in ns (the cycle), instead of --channel-mbps')
    .option('--vcs <k>', 'virtual channels per VC class of the routing function', '1')
    .option('--buffer <B>', 'flits of buffer per VC', '8')
    .option('--port <model>', "one | all (default: the algorithm's own, as plan and verify use; one for unicast)")
    .option(
      '--consumption <which>',
      'consumption channels: port (one per node one-port, one per incoming link all-port) | vc (one per incoming virtual channel); default vc for path- and tree-based algorithms, port otherwise (docs/deadlock.md)',
    )
    .option('--startup <c>', 'cycles of software overhead per send', '1')
    .option('--startup-us <t>', 'software overhead per send in microseconds, instead of --startup')
    .option('--router-delay <R>', 'cycles a header spends in each router', '1')
    .option('--vc-links', 'every VC its own physical link (no multiplexing)')
    .option(
      '--injection <rule>',
      "back-to-back (a message's header may follow the previous tail into the injection channel) | after-tail (the next message starts only after the previous tail left the source's router: the seeds' one-port model); default back-to-back for unicast, after-tail for multicast algorithms and plans (docs/model-flit.md)",
    )
    .option(
      '--vc-release <rule>',
      "when a network VC is freed: tail-credit (its tail has left the buffer; BookSim's wait_for_tail_credit=1) | tail-sent (its tail has come in, the next holder queues behind; BookSim's default); default tail-credit (docs/model-flit.md)",
    )
    .option(
      '--tie-break <rule>',
      "dor on a torus, both ways round equally long (offset k/2): plus (always +) | random (+ or - per packet and dimension, BookSim's dor_next_torus; drawn from the run's seed); default plus; unicast traffic only (docs/model-flit.md)",
    )
    .option(
      '--dateline <rule>',
      "dor's VC classes on a torus: position (d0 while the dimension's wrap link is ahead, d1 after it or with none) | booksim (BookSim's dim_order_torus: p1 for the whole dimension if its route there crosses the wrap link, else p0); default position; unicast traffic only (docs/model-flit.md)",
    )
    .option(
      '--link-latency <N>',
      "cycles a flit and its credit take over a network channel, 1..16 (BookSim's torus default is 2); default 1 (docs/model-flit.md)",
    )
    .option('--cycles <N>', 'measurement window in cycles', '10000')
    .option('--warmup <N>', 'warm-up cycles before the window', '1000')
    .option('--drain <N>', 'cycles after the window for its messages to complete', '10000')
    .option('--seed <s>', 'traffic seed', '1')
    .option('--engine <kind>', 'wasm | reference', 'wasm')
    .option(
      '--process <kind>',
      'bernoulli | exponential | uniform inter-arrival per node (uniform: gaps uniform on [0, twice the mean), seed 004 section 8.2)',
      'bernoulli',
    )
    .option('--self', 'unicast sources may address themselves (BookSim convention)')
    .option('--watchdog <W>', 'quiet cycles before a deadlock is declared')
    .option(
      '--ready-list-at <n>',
      'live slots from which a cycle is evaluated with the ready list instead of the walk (same results; default 2048, 0 = always)',
    )
    .option(
      '--slots <N>',
      `slot capacity: live VC requests and holdings at once (16..${MAX_SLOTS}; default enough for every VC and worm, at most 4194304); a run that needs more stops with status out-of-slots`,
    )
    .option(
      '--in-flight <N>',
      'messages the run may hold in flight or waiting to be sent (16..4194304; default: about 16384 cycles of traffic, at least 4096); a run that needs more stops as saturated (traffic is generated as the run goes, docs/experiments.md)',
    )
    .option(
      '--traffic <kind>',
      'dynamic | isolated (one multicast at a time in an empty network, averaged over --sets random sets)',
      'dynamic',
    )
    .option('--sets <N>', `random sets of --traffic isolated (default ${DEFAULT_ISOLATED_SETS})`)
    .option('--plan <file>', "simulate one Plan printed by 'wormcast plan --json'")
    .option('--scenario <name>', Object.keys(SCENARIOS).join(' | '))
    .option('--example', `the built-in example: ${EXAMPLE_ARGS.join(' ')}`)
    .option('--json', 'print JSON: meanLatency, maxLatency, throughput, flitHops, cycles, deadlock, ...')
    .action(async (o: SimulateOptions, cmd: Command) => {
      if (o.engine !== 'wasm' && o.engine !== 'reference')
        throw new WormcastError(`--engine '${o.engine}': expected wasm or reference`);
      const engineKind = o.engine;
      // 'plus' is what every run does; 'random' only where the engine routes unicast worms by dor
      const tieBreak = tieBreakRule(o.tieBreak);
      const dateline = datelineRule(o.dateline);
      const dorFlag =
        tieBreak !== 'plus'
          ? `--tie-break ${tieBreak}`
          : dateline !== 'position'
            ? `--dateline ${dateline}`
            : undefined;
      if (dorFlag !== undefined && (o.scenario !== undefined || o.plan !== undefined))
        throw new WormcastError(
          `${dorFlag}: applies to dynamic unicast traffic (--topology, --load), not to --plan or --scenario`,
        );
      if (o.scenario !== undefined || o.plan !== undefined) {
        let routing: RoutingFunction;
        let worms: WormSpec[];
        let options: EngineOptions;
        let heading: string;
        let dests: number[];
        // a scenario reproduces what its seed says happens; a plan must deliver its multicast
        let goal: 'finished' | 'deadlock' = 'finished';
        if (o.scenario !== undefined) {
          const s = getScenario(o.scenario);
          ({ routing, worms, options } = s);
          heading = `${s.name}: ${s.title}`;
          goal = s.expect;
          dests = worms.flatMap((w) => w.dests);
        } else {
          const flits = parseIntIn(o.flits, 1, 1 << 24, '--flits');
          const p = wormsFromPlanJson(readPlanFile(o.plan!), flits);
          ({ routing, worms } = p);
          const model = nodeModel(
            o,
            'unicast',
            worms.some((x) => x.kind !== 'unicast'),
          );
          // a plan is one multicast of a seed algorithm: its injection default is after-tail
          options = engineOptions(o, model, 'plan');
          heading = `plan ${o.plan} on ${routing.topology.spec} (${routing.name}), ${worms.length} messages of ${flits} flits, ${nodeModelText(model)}, ${engineRulesText(options)}`;
          dests = p.dests;
        }
        // one multicast (or scenario) created at cycle 0: a window of one cycle
        const groups = [...new Set(worms.map((w) => w.group ?? 0))];
        const w: Workload = {
          worms,
          flits: worms[0]?.flits ?? 1,
          created: new Int32Array(groups.length),
          firstWorm: Int32Array.from([
            ...groups.map((g) => worms.findIndex((x) => (x.group ?? 0) === g)),
            worms.length,
          ]),
          dests: groups.map((g) =>
            o.plan !== undefined
              ? dests
              : [...new Set(worms.filter((x) => (x.group ?? 0) === g).flatMap((x) => x.dests))],
          ),
        };
        // a plan's engine memory is known before the engine exists: refuse what it cannot hold
        checkFixedRunMemory(
          { routing, worms, options },
          engineKind,
          nodeMemoryEnvironment(),
          o.plan !== undefined ? `simulate --plan ${o.plan}` : `simulate --scenario ${o.scenario}`,
        );
        const engine = await makeEngine(engineKind, { routing, worms, options });
        printResult(
          runWorkload(engine, routing, w, { from: 0, to: RUN_END }, RUN_END, goal),
          routing,
          heading,
          o.json === true,
        );
        return;
      }
      if (o.example) {
        const ex = new Map<string, string | boolean>();
        for (let i = 0; i < EXAMPLE_ARGS.length; i++) {
          const k = EXAMPLE_ARGS[i]!.slice(2).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
          const v = EXAMPLE_ARGS[i + 1];
          if (v === undefined || v.startsWith('--')) ex.set(k, true);
          else {
            ex.set(k, v);
            i++;
          }
        }
        Object.assign(o, Object.fromEntries(ex));
      }
      const given = (k: string): boolean => {
        const source = cmd.getOptionValueSource(k);
        return source !== undefined && source !== 'default' && cmd.getOptionValue(k) !== undefined;
      };
      const seedMode = checkSeedModes(o, given);
      const units = applySeedUnits(o, given);
      if (seedMode.isolated) {
        if (dorFlag !== undefined)
          throw new WormcastError(`${dorFlag}: applies to dynamic unicast traffic, not to --traffic isolated`);
        if (!o.topology) throw new WormcastError('simulate --traffic isolated: give --topology (e.g. mesh:8x8)');
        const model = nodeModel(o, o.algorithm);
        const routing = simulationRouting(o.topology, o.algorithm, o.routing);
        const n = routing.topology.nodes;
        const dests =
          o.algorithm === 'unicast' ? 1 : o.dests === undefined ? 0 : parseIntIn(o.dests, 1, n - 1, '--dests');
        if (seedMode.destsMean !== undefined) destsMeanIn(seedMode.destsMean, routing.topology);
        if (o.algorithm !== 'unicast' && dests === 0 && seedMode.destsMean === undefined)
          throw new WormcastError(
            `simulate: a multicast (${o.algorithm}) needs --dests or --dests-mean, 1..${n - 1} on ${routing.topology.spec}`,
          );
        const isolatedOptions = engineOptions(o, model, o.algorithm);
        await runIsolatedCommand({
          topology: o.topology,
          ...(o.routing !== undefined ? { routing: o.routing } : {}),
          algorithm: o.algorithm,
          dests,
          ...(seedMode.destsMean !== undefined ? { destsMean: seedMode.destsMean } : {}),
          sets: seedMode.sets,
          flits: parseIntIn(o.flits, 1, 1 << 24, '--flits'),
          seed: parseIntIn(o.seed, 0, SEED_MAX, '--seed'),
          engine: engineKind,
          options: isolatedOptions,
          nodeModel: `${nodeModelText(model)}, ${engineRulesText(isolatedOptions)}`,
          units,
          json: o.json === true,
          extra: {
            nodeModel: { port: model.port, consumption: model.consumption },
            rules: engineRules(isolatedOptions),
          },
        });
        return;
      }
      if (!o.topology || o.load === undefined)
        throw new WormcastError('simulate: give --topology and --load (or --plan, --scenario, --example)');
      const model = nodeModel(o, o.algorithm);
      const config: SimulateConfig = {
        topology: o.topology,
        routing: o.routing,
        algorithm: o.algorithm,
        dests: o.dests === undefined ? 0 : parseIntIn(o.dests, 0, 1 << 24, '--dests'),
        ...(seedMode.destsMean !== undefined && o.algorithm !== 'unicast' ? { destsMean: seedMode.destsMean } : {}),
        load: num(
          o.load,
          1e-9,
          parseIntIn(o.flits, 1, 1 << 24, '--flits'),
          '--load (at most --flits: one message per node per cycle)',
        ),
        flits: parseIntIn(o.flits, 1, 1 << 24, '--flits'),
        process:
          o.process === 'exponential' || o.process === 'uniform'
            ? o.process
            : o.process === 'bernoulli'
              ? 'bernoulli'
              : (() => {
                  throw new WormcastError(`--process '${o.process}': expected bernoulli, exponential or uniform`);
                })(),
        self: o.self === true,
        warmup: parseIntIn(o.warmup, 0, 1 << 30, '--warmup'),
        measure: parseIntIn(o.cycles, 1, 1 << 30, '--cycles'),
        drain: parseIntIn(o.drain, 0, 1 << 30, '--drain'),
        seed: parseIntIn(o.seed, 0, SEED_MAX, '--seed'),
        engine: engineKind,
        options: engineOptions(o, model, o.algorithm),
        memory: nodeMemoryEnvironment(),
        ...(o.inFlight !== undefined ? { inFlight: parseIntIn(o.inFlight, 16, 1 << 22, '--in-flight') } : {}),
        ...(o.tieBreak !== undefined ? { tieBreak } : {}),
        ...(o.dateline !== undefined ? { dateline } : {}),
      };
      // what the run will send, checked for deadlock freedom under the same node model first
      const runRouting = simulationRouting(o.topology, o.algorithm, o.routing, { tieBreak, dateline });
      // user errors before the warning: an error is then the only line printed (docs/cli.md)
      if (config.destsMean !== undefined) destsMeanIn(config.destsMean, runRouting.topology);
      else if (o.algorithm !== 'unicast' && o.dests === undefined)
        // not "--dests 0": the user gave no --dests (the same line as --traffic isolated)
        throw new WormcastError(
          `simulate: a multicast (${o.algorithm}) needs --dests or --dests-mean, 1..${runRouting.topology.nodes - 1} on ${runRouting.topology.spec}`,
        );
      else if (o.algorithm !== 'unicast' && (config.dests < 1 || config.dests >= runRouting.topology.nodes))
        throw new WormcastError(
          `simulate: --dests ${config.dests} must be 1..${runRouting.topology.nodes - 1} for a multicast on ${runRouting.topology.spec}`,
        );
      const check = checkScheme(o.algorithm, runRouting, { ...model, copies: config.options.vcsPerClass ?? 1 });
      // the warning once every option is checked, just before the run (a user error stays the only line)
      const onStart = (): void => {
        if (check.verdict === 'cyclic') {
          process.stderr.write(
            `wormcast: warning: ${check.report.scheme} on ${check.report.topology} with ${nodeModelText(model)} and ${config.options.vcsPerClass ?? 1} VC(s) per class has a cyclic channel dependency graph: this run may deadlock ('wormcast deadlock' shows the cycle)\n`,
          );
        }
      };
      // a long run shows its cycles on stderr (src/cli/progress.ts: silent for the first seconds)
      const progress = simulateProgress(config.warmup + config.measure + config.drain);
      let sim: Awaited<ReturnType<typeof simulateWith>>;
      try {
        sim = await simulateWith(config, { onStart, ...progress.hooks });
      } finally {
        progress.stop();
      }
      const { result: r, routing } = sim;
      const verdict =
        check.verdict === 'not-checked'
          ? 'not checked (too large to check before a run; wormcast deadlock checks it)'
          : check.verdict;
      const destText =
        config.destsMean !== undefined
          ? ` to a mean of ${config.destsMean} destinations (drawn per multicast)`
          : config.dests
            ? ` to ${config.dests} destinations`
            : '';
      const heading = `${o.topology} ${o.algorithm}${destText}, load ${config.load} flits/node/cycle (configured), ${config.flits}-flit messages, ${nodeModelText(model)}, ${engineRulesText(config.options)}${dorFlag !== undefined ? `, dor tie-break ${tieBreak}, dateline ${dateline}` : ''}, ${config.engine} engine; deadlock check: ${verdict}`;
      const unitsLine = units
        ? `\n  units: ${unitsText(units, config.flits, config.load, config.options.startup)}`
        : '';
      printResult(
        r,
        routing,
        `${heading}${unitsLine}`,
        o.json === true,
        {
          ...(units
            ? { units: { ...units, flits: config.flits, load: config.load, startup: config.options.startup } }
            : {}),
          nodeModel: { port: model.port, consumption: model.consumption, vcsPerClass: config.options.vcsPerClass ?? 1 },
          rules: engineRules(config.options),
          // what the run was asked for, resolved: enough to run it again (docs/cli.md)
          config: {
            topology: config.topology,
            routing: runRouting.name,
            algorithm: config.algorithm,
            ...(config.destsMean !== undefined ? { destsMean: config.destsMean } : { dests: config.dests }),
            load: config.load,
            flits: config.flits,
            process: config.process,
            self: config.self,
            warmup: config.warmup,
            cycles: config.measure,
            drain: config.drain,
            seed: config.seed,
            engine: config.engine,
            // dor's torus rules (docs/model-flit.md "Routing keys"): the defaults unless given
            tieBreak,
            dateline,
            options: Object.fromEntries(Object.entries(config.options).filter(([, v]) => v !== undefined)),
          },
          deadlockCheck:
            check.verdict === 'not-checked'
              ? { verdict: 'not-checked', reason: check.reason }
              : { verdict: check.verdict },
        },
        units?.cycleUs,
      );
    });
}
