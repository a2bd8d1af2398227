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
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { resolvePoint, simulateConfig } from '../src/experiment/config/point-config.ts';
import { simulate } from '../src/experiment/run/simulate.ts';
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
