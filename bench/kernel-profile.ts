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
// Workloads: `mesh` (8x8 mesh at 0.2 under BookSim's rules, bench/booksim), `torus` (16x16 torus
// at 0.08, BookSim's rules), `h20` (hypercube:20 at 0.05, 60 cycles). Second argument: runs.
import { simulate, type SimulateOptions } from '../src/experiment/config/simulate-options.ts';

const BOOKSIM = { flits: 16, buffer: 8, routerDelay: 4, injection: 'back-to-back', vcRelease: 'tail-sent', self: true };
const WORKLOADS: Record<string, Record<string, unknown>> = {
  mesh: { topology: 'mesh:8x8', load: 0.2, vcs: 2, warmup: 10000, cycles: 10000, ...BOOKSIM },
  torus: {
    topology: 'torus:16x16',
    load: 0.08,
    vcs: 2,
    tieBreak: 'random',
    dateline: 'booksim',
    linkLatency: 2,
    warmup: 5000,
    cycles: 5000,
    ...BOOKSIM,
  },
  h20: { topology: 'hypercube:20', load: 0.05, warmup: 0, cycles: 60, drain: 0 },
};

const which = process.argv[2] ?? 'mesh';
const o = WORKLOADS[which];
if (!o) {
  console.error(`kernel-profile: workload ${which}: one of ${Object.keys(WORKLOADS).join(', ')}`);
  process.exit(2);
}
const runs = Number(process.argv[3] ?? 4);
for (let i = 0; i < runs; i++) {
  const r = await simulate(o as SimulateOptions);
  const t = r.timing!;
  console.log(
    `${which} run ${i + 1}: ${r.status}, run phase ${t.runCpuMs.toFixed(0)} ms CPU, ${(t.flitHopsPerCpuSecond / 1e6).toFixed(2)} M flit-hops per CPU s`,
  );
}
