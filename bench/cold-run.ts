// The cold-run penalty (issue 29): the first simulation in a process against the second, both
// timed by their run phase (SimulationResult.timing: process CPU from the run's start to its end).
// Run it in fresh processes, a few times (each process measures one first and one second run):
//
//   npx tsx bench/cold-run.ts [--workload=torus|mesh|hypercube|mesh64|default] [--processes=5]
//
// Each process is a child of this one, so that every first run is a process's first. The
// experiments of docs/validation.md "Issue 29" set, in the environment: COLD_V8 (V8 flags for the
// child, e.g. --no-liftoff), COLD_WARM=wasm|reference with COLD_CYCLES=N (a warm-up simulation of
// a 4x4 torus for N cycles before the first run; "before the first run" prints its CPU time).
import { spawnSync } from 'node:child_process';
import { simulate } from '../src/experiment/config/simulate-options.ts';

const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);

// the workloads of bench/booksim.bench.ts, under BookSim's rules, shortened to a second or so
const BOOKSIM = { flits: 16, buffer: 8, routerDelay: 4, injection: 'back-to-back', vcRelease: 'tail-sent', self: true };
const WORKLOADS: Record<string, Record<string, string | number | boolean>> = {
  mesh: { topology: 'mesh:8x8', load: 0.2, vcs: 2, warmup: 5000, cycles: 10000, ...BOOKSIM },
  torus: {
    topology: 'torus:16x16',
    load: 0.08,
    vcs: 2,
    tieBreak: 'random',
    dateline: 'booksim',
    warmup: 2000,
    cycles: 4000,
    ...BOOKSIM,
  },
  hypercube: { topology: 'hypercube:10', load: 0.2, vcs: 2, warmup: 500, cycles: 1000, ...BOOKSIM },
  mesh64: { topology: 'mesh:64x64', load: 0.02, vcs: 2, warmup: 500, cycles: 1000, ...BOOKSIM },
  default: { topology: 'torus:16x16', load: 0.085, warmup: 2000, cycles: 4000 },
};

const name = arg('workload') ?? 'torus';
const w = WORKLOADS[name];
if (!w) {
  console.error(`cold-run: --workload: one of ${Object.keys(WORKLOADS).join(', ')}, not ${name}`);
  process.exit(2);
}

if (process.argv.includes('--child')) {
  if (process.env.COLD_V8) (await import('node:v8')).setFlagsFromString(process.env.COLD_V8);
  const ms: number[] = [];
  const warm = process.env.COLD_WARM;
  const w0 = process.cpuUsage();
  if (warm)
    await simulate({
      topology: 'torus:4x4',
      load: 0.1,
      warmup: 0,
      cycles: Number(process.env.COLD_CYCLES ?? 300),
      drain: 0,
      engine: warm,
    } as never);
  for (let i = 0; i < 2; i++) {
    const r = await simulate({ ...w, drain: 0 } as never);
    ms.push(r.timing!.runCpuMs, r.timing!.setupCpuMs);
  }
  const wu = process.cpuUsage(w0);
  ms.push((wu.user + wu.system) / 1000 - ms[0]! - ms[1]! - ms[2]! - ms[3]!);
  console.log(JSON.stringify(ms));
} else {
  const n = Number(arg('processes') ?? 5);
  const ratios: number[] = [];
  for (let p = 0; p < n; p++) {
    const r = spawnSync(
      process.execPath,
      [...process.execArgv, import.meta.filename, '--child', `--workload=${name}`],
      {
        encoding: 'utf8',
      },
    );
    if (r.status !== 0) throw new Error(r.stderr);
    const [first, setup1, second, setup2, rest] = JSON.parse(r.stdout) as number[];
    ratios.push(first! / second!);
    console.log(
      `process ${p + 1}: run phase first ${first!.toFixed(0)} ms, second ${second!.toFixed(0)} ms, first/second ${(first! / second!).toFixed(3)}; set-up ${setup1!.toFixed(0)} / ${setup2!.toFixed(0)} ms; before the first run ${rest!.toFixed(0)} ms`,
    );
  }
  ratios.sort((a, b) => a - b);
  console.log(
    `${name}: median first/second run-phase CPU ${ratios[ratios.length >> 1]!.toFixed(3)} over ${n} processes`,
  );
}
