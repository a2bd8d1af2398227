// Flit-level engine benchmark (issue 6): simulated flit-hops per second of the WebAssembly
// engine and of the JS reference engine on the same runs, with warm-up (shared/TOOLCHAIN.md), plus
// memory figures and the cost of an idle million-node network. Run: npx tsx bench/engine.bench.ts
// (add --quick for a short smoke run). Figures are recorded in docs/validation.md. Rates are
// given per wall-clock second and per CPU second of this process (process.cpuUsage): on a
// shared machine the wall clock also counts time the core spent on other processes, while
// CPU time measures "one core" (it includes V8's background compilation of the module, so it
// slightly understates the wasm engine). Since issue 15 the reference is the executable
// specification (src/engine/reference.ts: plain objects, no evaluation shortcuts), so the ratio
// measures the wasm engine against the rules evaluated as written, not against the same algorithm
// in JavaScript (that was 2.0-2.4x at commit f5799a3: docs/validation.md "Speed and memory").
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Bench } from 'tinybench';
import { defaultInjection } from '../src/engine/input.ts';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { Engine, EngineInput, EngineOptions } from '../src/engine/types.ts';
import { WormcastError } from '../src/errors.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { buildWorkload } from '../src/engine/workload.ts';
import { simulationRouting } from '../src/experiment/run/simulate.ts';
import { generateTraffic } from '../src/experiment/run/traffic.ts';

const quick = process.argv.includes('--quick');
// --only=N: whole runs of workload N (0-based) only, skipping tinybench and the idle networks
const onlyArg = process.argv.find((a) => a.startsWith('--only='));
const only = onlyArg === undefined ? -1 : Number(onlyArg.slice(7));
// --wasm-only: the wasm engine alone (before/after comparisons of the wasm engine: run it in both trees)
const wasmOnly = process.argv.includes('--wasm-only');
// --options=<json>: engine options merged over each workload's (e.g. '{"linkLatency":2}' or
// '{"vcRelease":"tail-sent"}', to time the evaluation those rules take)
const optionsArg = process.argv.find((a) => a.startsWith('--options='));
const extraOptions: EngineOptions = optionsArg === undefined ? {} : parseOptions(optionsArg.slice(10));
// --ab=a.wasm,b.wasm[,...]: A/B of wasm builds in one process (each file a build/wormcast.wasm of
// a tree whose region layout is this tree's): after warm-up, --rounds=N rounds (default 15), each
// one whole run of every module in turn, in rotating order; prints each module's median rate and
// the median of its per-round ratio to the first module. On a shared machine whose speed drifts
// from minute to minute, runs of the two builds seconds apart compare better than processes
// minutes apart (docs/validation.md "Speed and memory").
const abArg = process.argv.find((a) => a.startsWith('--ab='));
const abFiles = abArg === undefined ? [] : abArg.slice(5).split(',');
// --rules=<json>|<json>|...: the engine options of each rule set merged over the workload's, runs of
// build/wormcast.wasm alternating between them in this process, as --ab does between builds (issue
// 29: the rate of BookSim's rules against the default rules', e.g. --rules='{}|{"linkLatency":2}')
const rulesArg = process.argv.find((a) => a.startsWith('--rules='));
const ruleSets: EngineOptions[] = rulesArg === undefined ? [] : rulesArg.slice(8).split('|').map(parseOptions);
const roundsArg = process.argv.find((a) => a.startsWith('--rounds='));
const rounds = roundsArg === undefined ? 15 : Number(roundsArg.slice(9));
if (!Number.isInteger(rounds) || rounds < 1) usage(`--rounds: a positive integer, not ${roundsArg?.slice(9)}`);

function usage(message: string): never {
  console.error(`engine.bench: ${message}`);
  process.exit(2);
}

// the engine checks the option values themselves (resolveOptions); here only the form
function parseOptions(text: string): EngineOptions {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    usage(`--options: not JSON: ${text}`);
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) usage(`--options: a JSON object, not ${text}`);
  return v as EngineOptions;
}

interface Workload {
  name: string;
  topology: string;
  routing?: string;
  algorithm: string;
  dests: number;
  load: number;
  flits: number;
  cycles: number;
  options: EngineOptions;
}

const WORKLOADS: Workload[] = [
  {
    name: '8x8 mesh, dor, unicast at 0.17 (half of saturation 0.337)',
    topology: 'mesh:8x8',
    routing: 'dor',
    algorithm: 'unicast',
    dests: 0,
    load: 0.17,
    flits: 16,
    cycles: 20_000,
    options: { buffer: 8, vcsPerClass: 2, routerDelay: 1 },
  },
  {
    name: '16x16 torus, dor, unicast at 0.085 (half of saturation 0.17)',
    topology: 'torus:16x16',
    routing: 'dor',
    algorithm: 'unicast',
    dests: 0,
    load: 0.085,
    flits: 16,
    cycles: 20_000,
    options: { buffer: 8, routerDelay: 1 },
  },
  {
    name: '10-CCC (10,240 nodes), hc, U-CCC multicasts to 64 destinations',
    topology: 'ccc:10',
    routing: 'hc',
    algorithm: 'u-ccc',
    dests: 64,
    load: 0.0005,
    flits: 16,
    cycles: 4_000,
    options: { buffer: 4, routerDelay: 1, startup: 10 },
  },
  {
    name: '64x64 torus, hcm, dual-path (hp-dual-path) multicasts to 16 destinations',
    topology: 'torus:64x64',
    routing: 'hcm',
    algorithm: 'hp-dual-path',
    dests: 16,
    load: 0.002,
    flits: 16,
    cycles: 3_000,
    options: { buffer: 4, routerDelay: 1, port: 'all' },
  },
];

function input(w: Workload, cycles: number, extra: EngineOptions = extraOptions): EngineInput {
  const routing = simulationRouting(w.topology, w.algorithm, w.routing);
  const events = generateTraffic({
    nodes: routing.topology.nodes,
    load: w.load,
    flits: w.flits,
    dests: w.algorithm === 'unicast' ? 0 : w.dests,
    cycles,
    seed: 42,
  });
  // the injection rule the CLI applies (src/engine/input.ts defaultInjection: after-tail for
  // multicasts, back-to-back for unicast), so that the bench measures the runs users make; before
  // this the multicast workloads ran under the engine's own default, back-to-back (issue 15)
  const options: EngineOptions = { injection: defaultInjection(w.algorithm), ...w.options, ...extra };
  return { routing, worms: buildWorkload(events, w.algorithm, routing, w.flits).worms, options };
}

async function make(kind: 'wasm' | 'reference', inp: EngineInput, module?: Uint8Array): Promise<Engine> {
  return kind === 'wasm' ? WasmEngine.create(inp, module) : new ReferenceEngine(inp);
}

/** One whole run: seconds of wall and CPU time in runUntil and the flit-hops it simulated. */
async function wholeRun(
  kind: 'wasm' | 'reference',
  inp: EngineInput,
  module?: Uint8Array,
): Promise<{ seconds: number; cpu: number; flitHops: number; bytes: number; status: string }> {
  const e = await make(kind, inp, module);
  await settle();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const status = e.runUntil(1 << 30);
  const seconds = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  return {
    seconds,
    cpu: (c.user + c.system) / 1e6,
    flitHops: e.counters().flitHops,
    bytes: e.region?.().byteLength ?? 0,
    status,
  };
}

// Before each timed run: a full garbage collection, then a pause for V8's helper threads to finish
// sweeping, so that the CPU time of the run (which counts every thread of the process) is the
// engine's and not the collection of garbage left by building the inputs and the earlier runs.
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;
const settle = async (): Promise<void> => {
  collect();
  await new Promise((r) => setTimeout(r, 100));
};

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;

/** --ab: alternating whole runs of several wasm builds in this process (see abFiles above). */
async function abTest(): Promise<void> {
  const { readFileSync } = await import('node:fs');
  const modules = abFiles.map((f) => {
    try {
      return new Uint8Array(readFileSync(f));
    } catch {
      return usage(`--ab: cannot read ${f}`);
    }
  });
  console.log(`node ${process.version}; A/B of ${abFiles.length} wasm builds, ${rounds} rounds`);
  for (const [wi, w] of WORKLOADS.entries()) {
    if (only >= 0 && wi !== only) continue;
    const inp = input(w, quick ? Math.min(w.cycles, 2000) : w.cycles);
    const rates: number[][] = modules.map(() => []);
    let hops = -1;
    // warm-up: three runs of each module (its own compilation and tier-up)
    for (const m of modules) for (let i = 0; i < 3; i++) await wholeRun('wasm', inp, m);
    for (let r = 0; r < rounds; r++) {
      for (let j = 0; j < modules.length; j++) {
        const k = (j + r) % modules.length;
        const run = await wholeRun('wasm', inp, modules[k]);
        if (hops < 0) hops = run.flitHops;
        // the builds must simulate the same run: a different flit-hop count is not a speed difference
        if (run.flitHops !== hops) throw new Error(`${abFiles[k]}: ${run.flitHops} flit-hops, expected ${hops}`);
        rates[k]!.push(run.flitHops / run.cpu / 1e6);
      }
    }
    console.log(`- ${w.name}: ${hops} flit-hops per run; M flit-hops per CPU second`);
    for (const [k, f] of abFiles.entries()) {
      const ratios = rates[k]!.map((x, r) => x / rates[0]![r]!);
      const sorted = [...ratios].sort((a, b) => a - b);
      console.log(
        `    ${f}: median ${median(rates[k]!).toFixed(2)} (${Math.min(...rates[k]!).toFixed(2)}-${Math.max(...rates[k]!).toFixed(2)}), ratio to the first: median ${median(ratios).toFixed(4)}, quartiles ${sorted[Math.floor(sorted.length / 4)]!.toFixed(4)}-${sorted[Math.floor((3 * sorted.length) / 4)]!.toFixed(4)}`,
      );
    }
  }
}

/** --rules: alternating whole runs of one build under several rule sets (see ruleSets above). */
async function rulesTest(): Promise<void> {
  console.log(`node ${process.version}; ${ruleSets.length} rule sets, ${rounds} rounds`);
  for (const [wi, w] of WORKLOADS.entries()) {
    if (only >= 0 && wi !== only) continue;
    const inputs = ruleSets.map((o) => input(w, quick ? Math.min(w.cycles, 2000) : w.cycles, o));
    const rates: number[][] = inputs.map(() => []);
    const hops: number[] = inputs.map(() => -1);
    for (const inp of inputs) for (let i = 0; i < 3; i++) await wholeRun('wasm', inp);
    for (let r = 0; r < rounds; r++) {
      for (let j = 0; j < inputs.length; j++) {
        const k = (j + r) % inputs.length;
        const run = await wholeRun('wasm', inputs[k]!);
        hops[k] = run.flitHops;
        rates[k]!.push(run.flitHops / run.cpu / 1e6);
      }
    }
    console.log(`- ${w.name}: M flit-hops per CPU second`);
    for (const [k, o] of ruleSets.entries()) {
      const ratios = rates[k]!.map((x, r) => x / rates[0]![r]!);
      const sorted = [...ratios].sort((a, b) => a - b);
      console.log(
        `    ${JSON.stringify(o)}: ${hops[k]} flit-hops, median ${median(rates[k]!).toFixed(2)} (${Math.min(...rates[k]!).toFixed(2)}-${Math.max(...rates[k]!).toFixed(2)}), ratio to the first: median ${median(ratios).toFixed(4)}, quartiles ${sorted[Math.floor(sorted.length / 4)]!.toFixed(4)}-${sorted[Math.floor((3 * sorted.length) / 4)]!.toFixed(4)}`,
      );
    }
  }
}

async function main(): Promise<void> {
  // one rule set for an A/B of builds: --options (--rules alternates rule sets on one build)
  if (abFiles.length > 0 && ruleSets.length > 0)
    return usage(
      "--ab with --rules: give the A/B's rules with --options='{...}' (--rules alternates rule sets on one build)",
    );
  if (abFiles.length > 0) return abTest();
  if (ruleSets.length > 0) return rulesTest();
  console.log(`node ${process.version}; ${quick ? 'quick' : 'full'} run`);
  console.log('\n## whole runs (warm-up runs per engine until one is no faster, then the median of 5)');
  for (const [wi, w] of WORKLOADS.entries()) {
    if (only >= 0 && wi !== only) continue;
    const cycles = quick ? Math.min(w.cycles, 2000) : w.cycles;
    const inp = input(w, cycles);
    const rate: Record<string, number> = {};
    const cpuRate: Record<string, number> = {};
    let info = '';
    for (const kind of wasmOnly ? (['wasm'] as const) : (['wasm', 'reference'] as const)) {
      // warm-up: until a run is no faster than the one before (V8 compiles the optimised tier of
      // the engine in the background; on a busy machine it can take more than one run), at most 6
      let last = (await wholeRun(kind, inp)).cpu;
      for (let i = 0; i < (quick ? 0 : 5); i++) {
        const now = (await wholeRun(kind, inp)).cpu;
        if (now > 0.97 * last) break;
        last = now;
      }
      const runs = [];
      for (let i = 0; i < (quick ? 1 : 5); i++) runs.push(await wholeRun(kind, inp));
      const r = runs[0]!;
      rate[kind] = r.flitHops / median(runs.map((x) => x.seconds));
      cpuRate[kind] = r.flitHops / median(runs.map((x) => x.cpu));
      // the region is the wasm engine's (the reference keeps objects, not a region)
      if (kind === 'wasm')
        info = `${inp.worms.length} worms, ${r.flitHops} flit-hops, ${r.status}, region ${(r.bytes / 2 ** 20).toFixed(1)} MiB`;
    }
    const m = (x: number): string => (x / 1e6).toFixed(2);
    console.log(`- ${w.name}: ${info}`);
    if (wasmOnly) {
      console.log(`    wasm: wall ${m(rate.wasm!)}, cpu ${m(cpuRate.wasm!)} M flit-hops/s`);
      continue;
    }
    console.log(
      `    wall: wasm ${m(rate.wasm!)} M flit-hops/s, reference ${m(rate.reference!)} M flit-hops/s, ratio ${(rate.wasm! / rate.reference!).toFixed(2)}`,
    );
    console.log(
      `    cpu:  wasm ${m(cpuRate.wasm!)} M flit-hops/s, reference ${m(cpuRate.reference!)} M flit-hops/s, ratio ${(cpuRate.wasm! / cpuRate.reference!).toFixed(2)}`,
    );
  }
  if (only >= 0 || wasmOnly) return;

  console.log('\n## tinybench: 2,000 cycles of the 8x8 mesh workload');
  const small = input(WORKLOADS[0]!, 2000);
  const bench = new Bench({ time: quick ? 200 : 2000, warmupTime: quick ? 100 : 500 });
  bench.add('wasm engine', async () => {
    (await make('wasm', small)).runUntil(1 << 30);
  });
  bench.add('reference engine', async () => {
    (await make('reference', small)).runUntil(1 << 30);
  });
  await bench.run();
  console.table(bench.table());

  console.log('\n## idle and lightly loaded million-node networks (wasm)');
  for (const [topology, routing] of [
    ['ccc:16', 'hc'],
    ['hypercube:20', 'ecube'],
  ] as const) {
    const r = simulationRouting(topology, 'unicast', routing);
    const n = r.topology.nodes;
    // ten unicasts 100,000 cycles apart: a million cycles, nearly all of them idle
    const worms = Array.from({ length: 10 }, (_, k) => ({
      kind: 'unicast' as const,
      src: (k * 7919) % n,
      dests: [(k * 104729 + 1) % n],
      flits: 16,
      created: k * 100_000,
    }));
    const t0 = performance.now();
    const e = await WasmEngine.create({ routing: r, worms, options: { channelUse: false, slots: 4096 } });
    const t1 = performance.now();
    const status = e.runUntil(1 << 30);
    const t2 = performance.now();
    console.log(
      `- ${topology} (${n} nodes): region ${(e.region().byteLength / 2 ** 20).toFixed(0)} MiB, set-up ${((t1 - t0) / 1000).toFixed(2)} s, ${e.cycle} cycles (${status}) in ${((t2 - t1) * 1000).toFixed(0)} us`,
    );
    const light = generateTraffic({ nodes: n, load: 0.0001, flits: 16, dests: 0, cycles: quick ? 200 : 1000, seed: 1 });
    const lw = buildWorkload(light, 'unicast', r, 16);
    const e2 = await WasmEngine.create({ routing: r, worms: lw.worms, options: { channelUse: false, slots: 1 << 18 } });
    const t3 = performance.now();
    const s2 = e2.runUntil(1 << 30);
    const t4 = performance.now();
    console.log(
      `    lightly loaded (0.0001 flits/node/cycle, ${lw.worms.length} unicasts): ${e2.cycle} cycles (${s2}) in ${((t4 - t3) / 1000).toFixed(2)} s, ${(e2.counters().flitHops / ((t4 - t3) / 1000) / 1e6).toFixed(2)} M flit-hops/s`,
    );
  }
}

// a bad option value is the engine's WormcastError: one line and exit 2, as the CLI does
await main().catch((e: unknown) => {
  if (e instanceof WormcastError) usage(e.message);
  throw e;
});
