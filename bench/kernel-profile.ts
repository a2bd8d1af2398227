// The runs behind docs/kernel.md "With the traffic in the kernel": simulate() repeated in one
// process, for a CPU profile of its run phase. Profile the kernel by name with a release module
// built with names (the passes stay inlined):
//
//   npx asc assembly/index.ts --target release --debug -o /tmp/named.wasm
//   cp build/wormcast.wasm /tmp/release.wasm && cp /tmp/named.wasm build/wormcast.wasm
//   node --import tsx --cpu-prof --cpu-prof-dir=/tmp/prof bench/kernel-profile.ts mesh 8
//   cp /tmp/release.wasm build/wormcast.wasm
//
// then sum the profile's self time by function name (the kernel's are `assembly/...`).
// Workloads: the five of bench/booksim/workloads.ts by name (`mesh` and `torus` for the first two:
// 8x8 mesh at 0.2, 16x16 torus at 0.08, BookSim's rules), `h20` (hypercube:20 at 0.05, 60 cycles).
// Second argument: runs. The host's share of the run phase, as the bench times it (after a warm-up
// run): `npx tsx bench/kernel-profile.ts NAME 4 --profile=/tmp/k.cpuprofile`, then
// `npx tsx bench/profile-share.ts /tmp/k.cpuprofile`.
// A/B of wasm builds on a workload, in this process (as bench/engine.bench.ts --ab does for its
// host-fed workloads): `npx tsx bench/kernel-profile.ts NAME ROUNDS --ab=a.wasm,b.wasm[,...]`
// runs each build once (warm-up), then ROUNDS rounds of one run of each build in rotating order,
// and prints each build's median rate and the median and quartiles of its per-round ratio to the
// first build (each build a build/wormcast.wasm whose region layout is this tree's).
import { readFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { resolvePoint, simulateConfig } from '../src/experiment/config/point-config.ts';
import { simulate } from '../src/experiment/run/simulate.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { WORKLOADS, workloadPoint } from './booksim/workloads.ts';

// `mesh` and `torus` are the first two BookSim workloads (their names also work)
const NAMES: Record<string, Record<string, string | number | boolean>> = {
  ...Object.fromEntries(WORKLOADS.map((w) => [w.name, workloadPoint(w)])),
  mesh: workloadPoint(WORKLOADS[0]!),
  torus: workloadPoint(WORKLOADS[1]!),
  h20: { topology: 'hypercube:20', load: 0.05, warmup: 0, cycles: 60, drain: 0 },
};

const which = process.argv[2] ?? 'mesh';
const point = NAMES[which];
if (!point) {
  console.error(`kernel-profile: workload ${which}: one of ${Object.keys(NAMES).join(', ')}`);
  process.exit(2);
}
const runs = Number(process.argv[3] ?? 4);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`kernel-profile: runs: a positive integer, not ${process.argv[3]}`);
  process.exit(2);
}
// a full garbage collection before each A/B run (set by abBuilds)
let collect: () => void = () => undefined;
const abFiles = process.argv
  .find((a) => a.startsWith('--ab='))
  ?.slice('--ab='.length)
  .split(',');
if (abFiles) {
  await abBuilds(abFiles, runs);
  process.exit(0);
}
// --profile=FILE: a CPU profile (100 us sampling) of the runs after the first, as bench/booksim.bench.ts
// times them (its first run, in which V8 compiles the module and the host's code, is a warm-up)
const profileTo = process.argv.find((a) => a.startsWith('--profile='))?.slice('--profile='.length);
const session = profileTo ? new Session() : undefined;
const post = (method: string, params?: object): Promise<unknown> =>
  new Promise((done, fail) => session!.post(method, params, (e, r) => (e ? fail(e) : done(r))));
if (session) {
  session.connect();
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 100 });
}
for (let i = 0; i < runs; i++) {
  if (session && i === 1) await post('Profiler.start');
  const r = await simulate(simulateConfig(resolvePoint(point), 7));
  const t = r.timing!;
  console.log(
    `${which} run ${i + 1}: ${r.status}, run phase ${t.runCpuMs.toFixed(0)} ms CPU, ${(t.flitHopsPerCpuSecond / 1e6).toFixed(2)} M flit-hops per CPU s`,
  );
}
if (session && profileTo) {
  const { profile } = (await post('Profiler.stop')) as { profile: object };
  writeFileSync(profileTo, JSON.stringify(profile));
  console.log(`kernel-profile: runs 2-${runs} profiled in ${profileTo} (npx tsx bench/profile-share.ts ${profileTo})`);
}

// the run phase's flit-hops per CPU second of build `bytes` on the workload, after a full garbage
// collection (each run instantiates its build afresh: the memory of the runs before is collected
// before this one, not during it)
async function rateOf(bytes: Uint8Array): Promise<number> {
  collect();
  const r = await simulate(simulateConfig(resolvePoint(point!), 7), {
    engine: (input) => WasmEngine.create(input, bytes),
  });
  return r.timing!.flitHopsPerCpuSecond / 1e6;
}

async function abBuilds(files: string[], rounds: number): Promise<void> {
  setFlagsFromString('--expose-gc');
  collect = runInNewContext('gc') as () => void;
  const bytes = files.map((f) => new Uint8Array(readFileSync(f)));
  for (const b of bytes) await rateOf(b);
  const rates: number[][] = files.map(() => []);
  for (let r = 0; r < rounds; r++)
    for (let j = 0; j < files.length; j++) {
      const i = (j + r) % files.length;
      rates[i]!.push(await rateOf(bytes[i]!));
    }
  const sorted = (a: number[]): number[] => [...a].sort((x, y) => x - y);
  const at = (a: number[], q: number): number => sorted(a)[Math.min(a.length - 1, Math.floor(q * a.length))]!;
  console.log(`${which}: A/B of ${files.length} builds, ${rounds} rounds (M flit-hops per CPU s of the run phase)`);
  files.forEach((f, i) => {
    const ratios = rates[i]!.map((v, r) => v / rates[0]![r]!);
    console.log(
      `  ${f}: median ${at(rates[i]!, 0.5).toFixed(2)}, ratio to the first: median ${at(ratios, 0.5).toFixed(3)}, quartiles ${at(ratios, 0.25).toFixed(3)}-${at(ratios, 0.75).toFixed(3)}`,
    );
  });
}
