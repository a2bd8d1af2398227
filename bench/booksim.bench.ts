// wormcast beside BookSim2 (issue 29): the five workloads of bench/booksim/*.cfg, run by both
// simulators under BookSim's rules (back-to-back injection, VC release when the tail is sent,
// BookSim's torus datelines and tie-break, its 4-stage router as router delay 4, 8-flit buffers,
// 16-flit packets, uniform traffic with the source included), compared per CPU second.
//
//   npx tsx bench/booksim.bench.ts                         wormcast's side; BookSim's stored figures
//   BOOKSIM=/path/to/booksim npx tsx bench/booksim.bench.ts   run BookSim too (about 90 CPU s)
//   BOOKSIM_REV=28f43299 ... names the BookSim revision stored with the figures
//   ... --store                                           write BookSim's figures to bench/booksim/stored.json
//   ... --only=NAME  --rounds=N (default 3)
//   ... --credit-delay=N                                  wormcast with BookSim's credit loop (creditDelay 3, issue 27)
//
// BookSim2 itself: fetch booksim/booksim2 (not part of wormcast), `make` in its src/ (needs g++,
// flex, bison). It exits with status 255 after a normal run; its figures are read from its output.
//
// What is compared. Flit-hops (flits moved across router-to-router channels) per CPU second:
// - wormcast, run phase: CPU time of this process (process.cpuUsage) from the moment the run
//   starts (SimulateHooks.onStart: topology, routing and engine set up) to its end; flit-hops as
//   the run reports them (the whole run, warm-up included). The median of --rounds runs after one
//   warm-up run of the same workload (the first run in a process is slower: V8 tiers the module up).
// - wormcast, whole process: `node bin/wormcast.mjs simulate ...` timed by /usr/bin/time (user
//   + system): the compiled CLI where dist/ is built and current (`npm run build:js`; a fresh clone
//   has it), else the sources through tsx, whose start-up then counts (about 0.4 CPU s more).
// - BookSim: CPU time (user + system) of its whole process by /usr/bin/time, its set-up included
//   (BookSim does not separate it; its own "Total run time" is wall time). Its flit-hops are not
//   printed; they are estimated as injected flit rate x nodes x (hops - 1) x cycles simulated
//   (its "Hops average" counts routers, one more than links; cycles = its "Time taken", which
//   counts from cycle 0: warm-up, measured period and drains: booksim2 trafficmanager.cpp sets
//   _time = 0 in Run() and prints it at the end, after "Warmed up ...Time used is <period>").
//   Its sources inject through its first drain and stop for the last one, so the estimate counts
//   a few hundred cycles of that drain as if the sources injected: an upper bound on BookSim's
//   flit-hops, so the ratio is a lower bound for wormcast. (Until 2026-11-27 the bench counted
//   the warm-up period twice, cycles = period + "Time taken": BookSim's flit-hops per CPU second
//   were about twice what it did, and every ratio about half what it was.)
// Both simulate the same network at the same offered load for about the same number of cycles, so
// the ratio of flit-hops per CPU second is also the ratio of cycles per CPU second.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { resolve } from 'node:path';
import { Bench } from 'tinybench';
import { resolvePoint, simulateConfig } from '../src/experiment/config/point-config.ts';
import { simulate } from '../src/experiment/run/simulate.ts';
import { type Workload, WORKLOADS, workloadPoint } from './booksim/workloads.ts';

const ROOT = resolve(import.meta.dirname, '..');
const STORED = resolve(ROOT, 'bench/booksim/stored.json');

interface BookSimFigures {
  cpuSeconds: number;
  cycles: number;
  acceptedFlitRate: number;
  injectedFlitRate?: number;
  hops: number;
  nodes: number;
  flitHops: number;
  flitHopsPerCpuSecond: number;
  meanLatency: number;
}

interface Stored {
  date: string;
  machine: string;
  booksim: string;
  workloads: Record<string, BookSimFigures>;
}

const arg = (name: string): string | undefined =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
// a flag the bench does not know is refused: a misspelt --only ran all five workloads (90 CPU s)
const KNOWN = /^--(only|rounds|credit-delay)=|^--store$/;
const unknown = process.argv.slice(2).find((a) => !KNOWN.test(a));
if (unknown !== undefined) {
  console.error(`booksim.bench: unknown argument ${unknown}: --only=NAME, --rounds=N, --credit-delay=N, --store`);
  process.exit(2);
}
const only = arg('only');
const rounds = Number(arg('rounds') ?? 3);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error(`booksim.bench: --rounds: a positive integer, not ${arg('rounds')}`);
  process.exit(2);
}
const creditDelay = arg('credit-delay');
if (creditDelay !== undefined && !/^\d+$/.test(creditDelay)) {
  console.error(`booksim.bench: --credit-delay: a non-negative integer, not ${creditDelay}`);
  process.exit(2);
}
const workloads = WORKLOADS.filter((w) => only === undefined || w.name === only).map((w) =>
  creditDelay === undefined ? w : { ...w, point: { ...w.point, creditDelay: Number(creditDelay) } },
);
if (workloads.length === 0) {
  console.error(`booksim.bench: --only: one of ${WORKLOADS.map((w) => w.name).join(', ')}, not ${only}`);
  process.exit(2);
}

/** user + system seconds of a child process, from /usr/bin/time's last line. */
function timed(cmd: string, args: string[]): { stdout: string; stderr: string; cpuSeconds: number } {
  const r = spawnSync('/usr/bin/time', ['-f', 'wormcast-bench-cpu %U %S', cmd, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 1 << 28,
    env: { ...process.env, WORMCAST_SAY_CLI: '1' },
  });
  const m = /wormcast-bench-cpu ([\d.]+) ([\d.]+)/.exec(r.stderr);
  if (!m) throw new Error(`booksim.bench: could not time ${cmd}: ${r.stderr.slice(-500)}`);
  return { stdout: r.stdout, stderr: r.stderr, cpuSeconds: Number(m[1]) + Number(m[2]) };
}

// a figure of BookSim's "Overall Traffic Statistics" (the measured periods; the same labels are
// printed after every period before it, the warm-up's first)
function number(out: string, label: string): number {
  const overall = out.indexOf('Overall Traffic Statistics');
  if (overall < 0) throw new Error('booksim.bench: BookSim printed no "Overall Traffic Statistics"');
  const m = new RegExp(`${label}\\s*=\\s*([\\d.e+-]+)`).exec(out.slice(overall));
  if (!m) throw new Error(`booksim.bench: BookSim printed no "${label}"`);
  return Number(m[1]);
}

function runBookSim(binary: string, w: Workload): BookSimFigures {
  const { stdout, cpuSeconds } = timed(binary, [resolve(ROOT, 'bench/booksim', `${w.name}.cfg`)]);
  const taken = /Time taken is (\d+) cycles/.exec(stdout);
  if (!taken) throw new Error(`booksim.bench: BookSim did not finish ${w.name}: ${stdout.slice(-500)}`);
  const cycles = Number(taken[1]);
  const acceptedFlitRate = number(stdout, 'Accepted flit rate average');
  const injectedFlitRate = number(stdout, 'Injected flit rate average');
  const hops = number(stdout, 'Hops average');
  const nodes = nodesOf(w);
  const flitHops = injectedFlitRate * nodes * (hops - 1) * cycles;
  return {
    cpuSeconds,
    cycles,
    acceptedFlitRate,
    injectedFlitRate,
    hops,
    nodes,
    flitHops: Math.round(flitHops),
    flitHopsPerCpuSecond: Math.round(flitHops / cpuSeconds),
    meanLatency: number(stdout, 'Packet latency average'),
  };
}

function nodesOf(w: Workload): number {
  const spec = String(w.point.topology);
  const [family, size] = spec.split(':') as [string, string];
  return family === 'hypercube' ? 2 ** Number(size) : size.split('x').reduce((a, k) => a * Number(k), 1);
}

function point(w: Workload) {
  return resolvePoint(workloadPoint(w));
}

/** One in-process run: flit-hops and CPU seconds of its run phase. */
async function runPhase(w: Workload): Promise<{ flitHops: number; cpuSeconds: number; meanLatency: number }> {
  const c = simulateConfig(point(w), 7);
  let start: NodeJS.CpuUsage | undefined;
  const r = await simulate(c, { onStart: () => (start = process.cpuUsage()) });
  const used = process.cpuUsage(start);
  if (r.incomplete) throw new Error(`booksim.bench: ${w.name}: ${r.incomplete}`);
  return { flitHops: r.flitHops, cpuSeconds: (used.user + used.system) / 1e6, meanLatency: r.meanLatency };
}

function cliArgs(w: Workload): string[] {
  const flag = (k: string) => `--${k.replace(/[A-Z]/g, (x) => `-${x.toLowerCase()}`)}`;
  return Object.entries<string | number | boolean>({ ...workloadPoint(w), seed: 7 }).flatMap(([k, v]) =>
    v === true ? [flag(k)] : [flag(k), String(v)],
  );
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const mega = (x: number) => `${(x / 1e6).toFixed(2)} M`;

const binary = process.env.BOOKSIM;
let stored: Stored | undefined;
try {
  stored = JSON.parse(readFileSync(STORED, 'utf8')) as Stored;
} catch {
  stored = undefined;
}
const booksim: Record<string, BookSimFigures> = {};
if (binary) {
  // the BookSim revision, as the builder states it (BOOKSIM_REV), or the binary's git checkout
  const version =
    process.env.BOOKSIM_REV ??
    (() => {
      try {
        return execFileSync('git', ['-C', resolve(binary, '..'), 'rev-parse', '--short', 'HEAD'], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        }).trim();
      } catch {
        return 'unknown revision';
      }
    })();
  for (const w of workloads) {
    booksim[w.name] = runBookSim(binary, w);
    console.log(`BookSim ${w.name}: ${JSON.stringify(booksim[w.name])}`);
  }
  if (process.argv.includes('--store')) {
    const next: Stored = {
      date: new Date().toISOString().slice(0, 10),
      machine: `${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}`,
      booksim: `booksim2 ${version}`,
      workloads: { ...(stored?.workloads ?? {}), ...booksim },
    };
    writeFileSync(STORED, `${JSON.stringify(next, null, 1)}\n`);
    console.log(`stored in ${STORED}`);
  }
} else if (stored) {
  console.log(`BookSim figures stored on ${stored.date} (${stored.machine}, ${stored.booksim}); BOOKSIM=path runs it`);
  Object.assign(booksim, stored.workloads);
} else console.log('no BookSim figures: set BOOKSIM=path/to/booksim');

// the run phase through tinybench (one warm-up run, then `rounds` timed runs); CPU from the hooks
const rows: Record<string, string>[] = [];
let cliKind = 'unknown';
for (const w of workloads) {
  const runs: { flitHops: number; cpuSeconds: number; meanLatency: number }[] = [];
  const bench = new Bench({ iterations: rounds, warmupIterations: 1, time: 0, warmupTime: 0 });
  bench.add(w.name, async () => {
    runs.push(await runPhase(w));
  });
  await bench.run();
  const timedRuns = runs.slice(-rounds);
  const rate = median(timedRuns.map((r) => r.flitHops / r.cpuSeconds));
  // the command users run: the compiled CLI (dist/), or the sources through tsx where dist/ is
  // missing or older than a source file (bin/wormcast.mjs decides; a fresh clone builds dist/ in
  // `npm ci`'s prepare step, so it runs the compiled CLI)
  const whole = timed(process.execPath, ['bin/wormcast.mjs', 'simulate', ...cliArgs(w), '--json']);
  cliKind = /wormcast-cli: (.*)/.exec(whole.stderr)?.[1] ?? cliKind;
  const wholeHops = Number(/"flitHops":\s*(\d+)/.exec(whole.stdout)?.[1] ?? Number.NaN);
  const b = booksim[w.name];
  rows.push({
    workload: w.name,
    'wormcast run phase (flit-hops/CPU s)': mega(rate),
    'wormcast whole process': mega(wholeHops / whole.cpuSeconds),
    'BookSim whole process': b ? mega(b.flitHopsPerCpuSecond) : '-',
    'ratio, run phase': b ? `${(rate / b.flitHopsPerCpuSecond).toFixed(1)}x` : '-',
    'ratio, whole process': b ? `${(wholeHops / whole.cpuSeconds / b.flitHopsPerCpuSecond).toFixed(1)}x` : '-',
    'latency wormcast / BookSim': b ? `${timedRuns[0]!.meanLatency.toFixed(1)} / ${b.meanLatency.toFixed(1)}` : '-',
  });
}
console.table(rows);
console.log(
  `whole process: the CLI ran ${cliKind === 'sources through tsx' ? 'the sources through tsx (dist/ missing or older than src/: npm run build:js)' : cliKind}`,
);
