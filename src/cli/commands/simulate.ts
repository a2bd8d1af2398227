import type { Command } from 'commander';
import { parseSizeMix } from '../../experiment/run/message-sizes.ts';
import { DEFAULT_FAULT_SEED } from '../../fault/parse-faults.ts';
import { faultsJson } from '../../fault/fault-json.ts';
import type { FaultSet } from '../../fault/fault-set.ts';
import { getScenario, SCENARIOS } from '../../engine/scenarios.ts';
import { defaultInjection, resolveOptions } from '../../engine/input.ts';
import type { EngineOptions, WormSpec } from '../../engine/types.ts';
import type { Workload } from '../../engine/workload.ts';
import { WormcastError, parseIntIn, parseNumberIn } from '../../errors.ts';
import { checkRunScheme, duatoCaveat, type SchemeVerdict } from '../../analysis/scheme-check.ts';
import { defaultNodeModel, type NodeModel } from '../../multicast/node-model.ts';
import type { PortModel } from '../../multicast/types.ts';
import { makeEngine, simulationRouting, RUN_END, runWorkload, simulateWith } from '../../experiment/run/simulate.ts';
import { nodeMemoryEnvironment } from '../memory-environment.ts';
import type { RoutingFunction } from '../../routing/types.ts';
import { readPlanFile, wormsFromPlanJson } from '../plan-file.ts';
import { inputProblemLine, readInputText } from '../../experiment/config/input-file.ts';
import { traceWorkload } from '../../experiment/run/trace-run.ts';
import { parseTrace, TRACE_FILE_MAX_BYTES } from '../../traffic/trace-file.ts';
import { checkFixedRunMemory } from '../plan-run-memory.ts';
import { simulateProgress } from '../simulate-progress.ts';
import { printResult } from './simulate-report.ts';
import { runSaturation } from '../../experiment/config/saturation.ts';
import { EXAMPLE_ARGS } from '../example-args.ts';
import { applySeedUnits } from './simulate-units.ts';
import { checkSeedModes, destsMeanIn } from './simulate-modes.ts';
import { runIsolatedCommand } from './simulate-isolated.ts';
import { resolvePoint, simulateConfig, TRACE_REFUSED } from '../../experiment/config/point-config.ts';
import { OPTION_KEYS, type OptionKey, type OptionValue } from '../../experiment/config/option-keys.ts';
import { flagOf, OPTION_TABLE, optionEntry, type TableKey } from '../../experiment/config/option-table.ts';
import { commanderOption, optionFromText } from '../option-text.ts';
import { unitsText } from '../../experiment/config/units.ts';

/**
 * simulate's options as commander gives them: the table's as text (booleans for --vc-links and
 * --self), those with a default always present, and the modes of this command alone.
 */
type TableText = { [K in TableKey]?: string };
interface SimulateOptions extends Omit<TableText, 'vcLinks' | 'self'> {
  vcLinks?: boolean;
  self?: boolean;
  algorithm: string;
  flits: string;
  vcs: string;
  buffer: string;
  startup: string;
  routerDelay: string;
  cycles: string;
  warmup: string;
  drain: string;
  seed: string;
  engine: string;
  process: string;
  traffic: string;
  plan?: string;
  trace?: string;
  scenario?: string;
  example?: boolean;
  json?: boolean;
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
  if (o.port !== undefined) optionFromText('port', o.port);
  if (o.consumption !== undefined) optionFromText('consumption', o.consumption);
  return {
    port: (o.port as PortModel | undefined) ?? d.port,
    consumption: (o.consumption as NodeModel['consumption'] | undefined) ?? (multidestination ? 'vc' : d.consumption),
  };
}

/** The node model in words, for headings and warnings. */
export function nodeModelText(m: NodeModel): string {
  return `${m.port}-port nodes, consumption channels ${m.consumption === 'vc' ? 'one per incoming VC' : m.port === 'one' ? 'one per node' : 'one per incoming link'}`;
}

/**
 * The engine rules a run used (docs/model-flit.md "The source", "One cycle t" 4b, "Time"), for its
 * heading and JSON: those the option table reports always, and the others when not their default.
 */
function engineRules(options: EngineOptions): Record<string, string | number> {
  // the engine's own defaults (src/engine/input.ts resolveOptions), not a copy of them
  const r = resolveOptions(options) as unknown as Record<string, string | number>;
  const out: Record<string, string | number> = {};
  for (const e of OPTION_TABLE)
    if ('report' in e && (e.report === 'always' || r[e.engine] !== e.default)) out[e.key] = r[e.engine]!;
  return out;
}

function engineRulesText(options: EngineOptions): string {
  return Object.entries(engineRules(options))
    .map(([k, v]) => `${optionEntry(k as TableKey).label} ${v}`)
    .join(', ');
}

/** --watchdog checked against the engine's floor, --startup + --router-delay + 2 (before its plain range). */
function watchdogIn(o: SimulateOptions): number | undefined {
  if (o.watchdog === undefined) return undefined;
  const floor =
    (optionFromText('startup', o.startup) as number) + (optionFromText('routerDelay', o.routerDelay) as number) + 2;
  return parseIntIn(
    o.watchdog,
    floor,
    1 << 30,
    "--watchdog (at least --startup + --router-delay + 2, the engine's floor)",
  );
}

/**
 * The engine options of a --plan run from the table's engine options on the command line
 * (a plan is no point: it has no traffic to resolve). `algorithm` chooses the injection default.
 */
function planEngineOptions(o: SimulateOptions, model: NodeModel, algorithm: string): EngineOptions {
  const watchdog = watchdogIn(o);
  const options: Record<string, OptionValue> = {};
  for (const e of OPTION_TABLE) {
    const text = o[e.key as keyof SimulateOptions];
    if ('engine' in e && text !== undefined && e.key !== 'watchdog') options[e.engine] = optionFromText(e.key, text);
  }
  return {
    ...options,
    port: model.port,
    consumption: model.consumption,
    injection: (options.injection as EngineOptions['injection']) ?? defaultInjection(algorithm),
    ...(watchdog !== undefined ? { watchdog } : {}),
  };
}

/**
 * The point a --topology run asks for, as an experiment file would write it: every table option
 * the user set (typed, or set by --example or the seed units; commander's defaults are the table's
 * and are left to resolvePoint), without the seed units, which applySeedUnits has already turned
 * into --load, --flits and --startup.
 */
function pointValues(
  o: SimulateOptions,
  cmd: Command,
  parsed: Readonly<SimulateOptions>,
): Partial<Record<OptionKey, OptionValue>> {
  const values: Partial<Record<OptionKey, OptionValue>> = {};
  for (const k of OPTION_KEYS) {
    const text = o[k as keyof SimulateOptions] as string | boolean | undefined;
    // --dests is checked against the topology by the caller, which passes it for multicasts only
    if (text === undefined || k === 'dests' || optionEntry(k).group === 'units') continue;
    // a default left as commander parsed it (`o` is commander's own record: --example and the units write into it)
    if (cmd.getOptionValueSource(k) === 'default' && text === parsed[k as keyof SimulateOptions]) continue;
    values[k] = optionFromText(k, text);
  }
  return values;
}

/** 4 decimals, as every number of --json (src/experiment/run/result-json.ts). */
function round4(x: number): number {
  return Number.isFinite(x) ? Math.round(x * 1e4) / 1e4 : x;
}

/**
 * The deadlock check a run prints (docs/cli.md): the channel dependency graph of what it sends
 * (checkScheme), the caveat of a verdict that rests on Duato's condition under 'tail-sent'
 * (duatoCaveat), the heading's words for them, and the warnings written just before the run
 * (a user error found before stays the only line).
 */
function preRunCheck(
  algorithm: string,
  routing: RoutingFunction,
  model: NodeModel,
  options: EngineOptions,
): { check: SchemeVerdict & { caveat: string | null }; onStart: () => void; verdict: string } {
  const verdict0 = checkRunScheme(algorithm, routing, {
    ...model,
    vcs: options.vcsPerClass ?? 1,
    ...(options.treeReplication !== undefined ? { treeReplication: options.treeReplication } : {}),
  });
  const caveat = duatoCaveat(verdict0, options.vcRelease);
  const check = { ...verdict0, caveat };
  const onStart = (): void => {
    if (caveat !== null)
      process.stderr.write(`wormcast: warning: routing ${routing.name} is deadlock-free ${caveat}\n`);
    if (verdict0.verdict === 'cyclic')
      process.stderr.write(
        `wormcast: warning: ${verdict0.report.scheme} on ${verdict0.report.topology} with ${nodeModelText(model)} and ${options.vcsPerClass ?? 1} VC(s) per class has a cyclic channel dependency graph: this run may deadlock ('wormcast deadlock' shows the cycle)\n`,
      );
  };
  const verdict =
    verdict0.verdict === 'not-checked'
      ? 'not checked (too large to check before a run; wormcast deadlock checks it)'
      : caveat !== null
        ? "acyclic by Duato's condition, which --vc-release tail-sent voids: this run may deadlock"
        : verdict0.verdict;
  return { check, onStart, verdict };
}

/** The node model and engine rules of a run's --json (generated traffic and a trace alike). */
function modelJson(model: NodeModel, options: EngineOptions) {
  return {
    nodeModel: { port: model.port, consumption: model.consumption, vcsPerClass: options.vcsPerClass ?? 1 },
    rules: engineRules(options),
  };
}

/**
 * `simulate --trace`: the trace's messages written into the engine at once and replayed by it
 * (docs/traffic.md "Traces"); the result's drainTime is the cycle of the last tail delivery. The
 * options are resolved as a sweep's point with a trace and the library's simulate({ trace }) resolve
 * them (resolvePoint), and the run is theirs (simulateWith): its routing rules (--tie-break,
 * --dateline, --selection) and its routing keys' seed (--seed) are those of the library and a sweep.
 */
async function simulateTrace(
  o: SimulateOptions,
  cmd: Command,
  parsed: Readonly<SimulateOptions>,
  given: (k: string) => boolean,
): Promise<void> {
  if (o.plan !== undefined || o.scenario !== undefined)
    throw new WormcastError('simulate --trace: give one of --trace, --plan, --scenario');
  if (!o.topology) throw new WormcastError('simulate --trace: give --topology (the network the trace runs on)');
  for (const k of TRACE_REFUSED)
    if (given(k)) throw new WormcastError(`simulate --trace: ${flagOf(k)} does not apply (the trace is the traffic)`);
  watchdogIn(o);
  // the seed units (--units, --startup-us, ...) give the startup and the cycle time, as a sweep's
  // point with a trace and simulate({ trace }) read them: the command line had dropped them
  const units = applySeedUnits(o, given);
  const values = pointValues(o, cmd, parsed);
  // a preset's message size: every line of a trace gives its own
  delete values.flits;
  const point = resolvePoint({ ...values, trace: o.trace! });
  const config = simulateConfig(point, optionFromText('seed', o.seed) as number);
  const text = readInputText(o.trace!, {
    limit: TRACE_FILE_MAX_BYTES,
    problem: inputProblemLine(`--trace ${o.trace}`, 'a trace file (docs/traffic.md "Traces")'),
  });
  // the worms once before the run, for the memory check (the routing rules change no worm's size)
  const routing = simulationRouting(config.topology, config.algorithm, config.routing);
  const messages = parseTrace(text, routing.topology, o.trace!);
  const w = traceWorkload(messages, config.algorithm, routing);
  checkFixedRunMemory(
    { routing, worms: w.worms, options: config.options },
    config.engine,
    nodeMemoryEnvironment(),
    `simulate --trace ${o.trace}`,
  );
  const model: NodeModel = {
    port: config.options.port ?? 'one',
    consumption: config.options.consumption ?? 'port',
  };
  // the deadlock check of generated traffic (a trace of x-first multicasts deadlocked unwarned)
  const { check, onStart, verdict } = preRunCheck(config.algorithm, routing, model, config.options);
  const progress = simulateProgress(0);
  let sim: Awaited<ReturnType<typeof simulateWith>>;
  try {
    sim = await simulateWith({ ...config, traceText: text }, { onStart, ...progress.hooks });
  } finally {
    progress.stop();
  }
  const { result, routing: runRouting } = sim;
  result.saturation = runSaturation(result);
  const unitsLine = units ? `\n  units: ${unitsText(units, null, undefined, config.options.startup)}` : '';
  const heading = `trace ${o.trace} on ${runRouting.topology.spec} (${runRouting.name}), ${messages.length} messages, ${nodeModelText(model)}, ${engineRulesText(config.options)}; deadlock check: ${verdict}${unitsLine}`;
  // --json: the node model, rules and resolved configuration of a generated run's JSON (they were
  // missing), the configuration naming the trace instead of the traffic it replaces
  printResult(
    result,
    runRouting,
    heading,
    o.json === true,
    {
      // a preset's message size is none of the trace's (its lines give theirs)
      ...(units
        ? { units: { ...units, flits: undefined, messageBytes: undefined, startup: config.options.startup } }
        : {}),
      ...modelJson(model, config.options),
      config: {
        topology: o.topology,
        routing: runRouting.name,
        algorithm: config.algorithm,
        trace: o.trace,
        seed: config.seed,
        engine: config.engine,
        options: Object.fromEntries(Object.entries(config.options).filter(([, v]) => v !== undefined)),
      },
      deadlockCheck:
        check.verdict === 'not-checked'
          ? { verdict: 'not-checked', reason: check.reason }
          : { verdict: check.verdict, ...(check.caveat !== null ? { caveat: check.caveat } : {}) },
      ...(result.channelFlits ? { channelFlits: result.channelFlits } : {}),
    },
    units?.cycleUs,
  );
}

/** `wormcast simulate`: the flit-level engine on dynamic traffic, one Plan, or a seed scenario. */
export function registerSimulate(program: Command): void {
  const command = program
    .command('simulate')
    .description(
      'flit-level wormhole simulation: dynamic traffic, one plan (--plan) or a seed scenario (--scenario); docs/model-flit.md',
    );
  // the option table's (docs/options.md), in its order, then the modes of this command alone
  for (const e of OPTION_TABLE) command.addOption(commanderOption(e));
  command
    .option('--plan <file>', "simulate one Plan printed by 'wormcast plan --json'")
    .option('--scenario <name>', Object.keys(SCENARIOS).join(' | '))
    .option('--example', `the built-in example: ${EXAMPLE_ARGS.join(' ')}`)
    .option('--json', 'print JSON: meanLatency, maxLatency, throughput, flitHops, cycles, deadlock, ...')
    .action(async (o: SimulateOptions, cmd: Command) => {
      const parsed = { ...o };
      const engineKind = optionFromText('engine', o.engine) as 'wasm' | 'reference';
      // 'plus' is what every run does; 'random' only where the engine routes unicast worms by dor
      const tieBreak = (o.tieBreak === undefined ? 'plus' : optionFromText('tieBreak', o.tieBreak)) as
        | 'plus'
        | 'random';
      const dateline = (o.dateline === undefined ? 'position' : optionFromText('dateline', o.dateline)) as
        | 'position'
        | 'booksim';
      const dorFlag =
        tieBreak !== 'plus'
          ? `--tie-break ${tieBreak}`
          : dateline !== 'position'
            ? `--dateline ${dateline}`
            : undefined;
      if (o.trace !== undefined) {
        await simulateTrace(o, cmd, parsed, (k) => {
          const source = cmd.getOptionValueSource(k);
          return source !== undefined && source !== 'default' && cmd.getOptionValue(k) !== undefined;
        });
        return;
      }
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
        // a plan file's faults (written by `wormcast plan --faults`): counted in the result
        let planFaults: { set: FaultSet; undeliverable: number } | null = null;
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
          planFaults = p.faults ? { set: p.faults, undeliverable: p.undeliverable ?? 0 } : null;
          const model = nodeModel(
            o,
            'unicast',
            worms.some((x) => x.kind !== 'unicast'),
          );
          // a plan is one multicast of a seed algorithm: its injection default is after-tail
          options = planEngineOptions(o, model, 'plan');
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
        // a long plan shows its cycles on stderr (its length is not known before it finishes)
        const progress = simulateProgress(0);
        let result: ReturnType<typeof runWorkload>;
        try {
          result = runWorkload(
            engine,
            routing,
            w,
            { from: 0, to: RUN_END },
            RUN_END,
            goal,
            progress.hooks.onCycle,
            options.routeSeed ?? 0,
          );
        } finally {
          progress.stop();
        }
        if (planFaults) {
          result.faults = faultsJson(routing.topology, planFaults.set);
          result.undeliverable = planFaults.undeliverable;
        }
        printResult(result, routing, heading, o.json === true);
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
        watchdogIn(o);
        const point = resolvePoint({
          ...pointValues(o, cmd, parsed),
          traffic: 'isolated',
          sets: seedMode.sets,
          ...(o.algorithm !== 'unicast' && seedMode.destsMean === undefined ? { dests } : {}),
        });
        const seed = optionFromText('seed', o.seed) as number;
        const isolatedOptions = simulateConfig(point, seed).options;
        await runIsolatedCommand({
          topology: o.topology,
          ...(o.routing !== undefined ? { routing: o.routing } : {}),
          algorithm: o.algorithm,
          dests,
          ...(seedMode.destsMean !== undefined ? { destsMean: seedMode.destsMean } : {}),
          sets: seedMode.sets,
          flits: parseIntIn(o.flits, 1, 1 << 24, '--flits'),
          seed,
          engine: engineKind,
          options: isolatedOptions,
          nodeModel: `${nodeModelText(model)}, ${engineRulesText(isolatedOptions)}`,
          units,
          json: o.json === true,
          extra: {
            nodeModel: { port: model.port, consumption: model.consumption },
            rules: engineRules(isolatedOptions),
          },
          ...(point.faults !== undefined
            ? { faults: point.faults, faultSeed: point.faultSeed ?? DEFAULT_FAULT_SEED }
            : {}),
        });
        return;
      }
      if (!o.topology || o.load === undefined)
        throw new WormcastError('simulate: give --topology and --load (or --plan, --scenario, --example)');
      const model = nodeModel(o, o.algorithm);
      // a size mix (--sizes) sets the message sizes: --flits, if given, is refused by resolvePoint
      // (--flits takes a mix too: `--flits 4:1,16:1`)
      const flitsValue = optionFromText('flits', o.flits) as number | string;
      const mixFlag = o.sizes !== undefined ? '--sizes' : typeof flitsValue === 'string' ? '--flits' : undefined;
      const mix = mixFlag ? parseSizeMix(o.sizes ?? String(flitsValue)) : undefined;
      const flits = mix ? mix.max : (flitsValue as number);
      const load = mix
        ? num(
            o.load,
            1e-9,
            mix.mean,
            `--load (at most the mean size of ${mixFlag}, ${mix.mean}: one message per node per cycle)`,
          )
        : num(o.load, 1e-9, flits, '--load (at most --flits: one message per node per cycle)');
      optionFromText('process', o.process);
      const dests = o.dests === undefined ? 0 : parseIntIn(o.dests, 0, 1 << 24, '--dests');
      // what the run will send, checked for deadlock freedom under the same node model first
      const selection = o.selection === undefined ? undefined : (optionFromText('selection', o.selection) as string);
      const runRouting = simulationRouting(o.topology, o.algorithm, o.routing, {
        tieBreak,
        dateline,
        ...(selection !== undefined ? { selection } : {}),
      });
      // user errors before the warning: an error is then the only line printed (docs/cli.md)
      if (seedMode.destsMean !== undefined && o.algorithm !== 'unicast')
        destsMeanIn(seedMode.destsMean, runRouting.topology);
      else if (o.algorithm !== 'unicast' && o.dests === undefined)
        // not "--dests 0": the user gave no --dests (the same line as --traffic isolated)
        throw new WormcastError(
          `simulate: a multicast (${o.algorithm}) needs --dests or --dests-mean, 1..${runRouting.topology.nodes - 1} on ${runRouting.topology.spec}`,
        );
      else if (o.algorithm !== 'unicast' && (dests < 1 || dests >= runRouting.topology.nodes))
        throw new WormcastError(
          `simulate: --dests ${dests} must be 1..${runRouting.topology.nodes - 1} for a multicast on ${runRouting.topology.spec}`,
        );
      watchdogIn(o);
      // resolved as a sweep resolves its points (one function: CLI, experiment files and library agree)
      const point = resolvePoint({
        ...pointValues(o, cmd, parsed),
        ...(o.algorithm !== 'unicast' && seedMode.destsMean === undefined ? { dests } : {}),
        load,
        // with --sizes, a given --flits goes to resolvePoint to be refused there (one rule for every caller)
        ...(mix ? (given('flits') ? { flits: optionFromText('flits', o.flits) as number } : {}) : { flits }),
      });
      const config = simulateConfig(
        point,
        optionFromText('seed', o.seed) as number,
        point.cycles,
        nodeMemoryEnvironment(),
      );
      const { check, onStart, verdict } = preRunCheck(o.algorithm, runRouting, model, config.options);
      // a long run shows its cycles on stderr (src/cli/progress.ts: silent for the first seconds)
      // a batch runs until its last delivery, --warmup auto to the warm-up its pilot finds: no
      // total is known before the run (a batch said "35,727 of 21,000 cycles (170%)")
      const progress = simulateProgress(
        config.process === 'batch' || config.warmupAuto ? 0 : config.warmup + config.measure + config.drain,
      );
      let sim: Awaited<ReturnType<typeof simulateWith>>;
      try {
        sim = await simulateWith(config, { onStart, ...progress.hooks });
      } finally {
        progress.stop();
      }
      const { result: r, routing } = sim;
      r.saturation = runSaturation(r);
      const destText =
        config.destsMean !== undefined
          ? ` to a mean of ${config.destsMean} destinations (drawn per multicast)`
          : config.dests
            ? ` to ${config.dests} destinations`
            : '';
      // the check is of the fault-free network: faults only remove the routes of a fault-oblivious
      // function; `wormcast deadlock --faults` checks a fault-tolerant one on the faulty network
      const faultNote = config.faults !== undefined ? ' (of the fault-free network)' : '';
      const patternText =
        config.pattern === undefined
          ? ''
          : config.pattern === 'hotspot'
            ? `, pattern hotspot (${config.hotspotFraction ?? 1} of messages to ${config.hotspots})`
            : `, pattern ${config.pattern}`;
      const sizeText =
        config.sizes !== undefined
          ? `messages of ${config.sizes} flits (size:weight)`
          : `${config.flits}-flit messages`;
      // the routing function and a process other than Bernoulli's (the heading named neither: a
      // west-first run with on/off sources read as a dor run with Bernoulli ones)
      const [alpha, beta] = (config.onoff ?? '').split(',').map((x) => Number(x.trim()));
      const processText =
        config.process === undefined || config.process === 'bernoulli'
          ? ''
          : config.process === 'onoff'
            ? `, process onoff (alpha ${alpha}, beta ${beta})`
            : config.process === 'batch'
              ? `, process batch (${config.batch} messages per node)`
              : `, process ${config.process}`;
      const heading = `${o.topology} ${o.algorithm}${destText}${patternText}, load ${config.load} flits/node/cycle (configured), ${sizeText}, routing ${routing.name}${processText}, ${nodeModelText(model)}, ${engineRulesText(config.options)}${dorFlag !== undefined ? `, dor tie-break ${tieBreak}, dateline ${dateline}` : ''}${selection !== undefined ? `, selection ${selection}` : ''}, ${config.engine} engine; deadlock check${faultNote}: ${verdict}`;
      const unitsLine = units
        ? `\n  units: ${unitsText(units, config.sizes ?? config.flits, config.load, config.options.startup)}`
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
          ...modelJson(model, config.options),
          // what the run was asked for, resolved: enough to run it again (docs/cli.md)
          config: {
            topology: o.topology,
            routing: runRouting.name,
            algorithm: config.algorithm,
            ...(config.destsMean !== undefined ? { destsMean: config.destsMean } : { dests }),
            load: config.load,
            flits: config.flits,
            process: config.process,
            self: config.self,
            // absent unless given: a run without them prints as before patterns existed
            ...(config.pattern !== undefined ? { pattern: config.pattern } : {}),
            ...(config.hotspots !== undefined ? { hotspots: config.hotspots } : {}),
            ...(config.hotspotFraction !== undefined ? { hotspotFraction: config.hotspotFraction } : {}),
            ...(config.onoff !== undefined ? { onoff: config.onoff } : {}),
            ...(config.sizes !== undefined ? { sizes: config.sizes } : {}),
            ...(config.batch !== undefined ? { batch: config.batch } : {}),
            // --warmup auto: the warm-up it found (config.warmup is its pilot's 0), which runs it again;
            // a batch has no window (measured whole, to its last delivery: `window` says which)
            ...(config.process === 'batch'
              ? {}
              : { warmup: r.warmupAuto?.warmup ?? config.warmup, cycles: config.measure, drain: config.drain }),
            seed: config.seed,
            engine: config.engine,
            // dor's torus rules (docs/model-flit.md "Routing keys"): the defaults unless given
            tieBreak,
            dateline,
            ...(selection !== undefined ? { selection } : {}),
            ...(config.faults !== undefined
              ? { faults: config.faults, faultSeed: config.faultSeed ?? DEFAULT_FAULT_SEED }
              : {}),
            options: Object.fromEntries(Object.entries(config.options).filter(([, v]) => v !== undefined)),
          },
          deadlockCheck:
            check.verdict === 'not-checked'
              ? { verdict: 'not-checked', reason: check.reason }
              : { verdict: check.verdict, ...(check.caveat !== null ? { caveat: check.caveat } : {}) },
          // the arrays of a streamed run: per node (by id) and per physical channel (node * ports + port)
          ...(r.acceptedPerNode
            ? {
                acceptedPerNode: {
                  min: round4(r.acceptedPerNode.min),
                  max: round4(r.acceptedPerNode.max),
                  perNode: r.acceptedPerNode.perNode.map(round4),
                },
              }
            : {}),
          ...(r.channelFlits ? { channelFlits: r.channelFlits } : {}),
        },
        units?.cycleUs,
      );
    });
}
