// The host's share of a run phase, from a CPU profile (docs/kernel.md "Where the kernel's time
// goes"): profile a run, then read the main thread's profile (the file ending .0.001.cpuprofile;
// the other is tsx's loader thread):
//
//   node --cpu-prof --cpu-prof-dir=/tmp/prof bin/wormcast-dev.mjs simulate --topology hypercube:10 \
//     --algorithm u-cube --dests 16 --load 0.02 --json
//   npx tsx bench/profile-share.ts /tmp/prof/CPU.*.0.001.cpuprofile [top]
//
// The run phase is every sample under runStream or runKernelStream (src/experiment/run/), with
// the garbage collection that interrupts them, idle samples left out (several runs in one profile,
// as bench/kernel-profile.ts makes: their set-ups between them left out too); the wasm share is the self time of functions in the module (their URL is wasm://),
// the host's is the rest. Prints the shares, the `top` functions by self time and the inclusive
// time of the host's per-message steps.
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) {
  console.error('profile-share: give a .cpuprofile file (and optionally how many functions to list)');
  process.exit(2);
}
const top = Number(process.argv[3] ?? 12);
const p = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const RUN = /^(runStream|runKernelStream)$/;
const inRun = new Map<number, boolean>();
function underRun(id: number): boolean {
  const known = inRun.get(id);
  if (known !== undefined) return known;
  const up = parent.get(id);
  const r = RUN.test(byId.get(id)!.callFrame.functionName) || (up !== undefined && underRun(up));
  inRun.set(id, r);
  return r;
}

const times: number[] = [];
let t = p.startTime;
for (const d of p.timeDeltas) {
  t += d;
  times.push(t);
}
// The run phase: every sample under runStream or runKernelStream, and each garbage collection or
// '(program)' sample that follows one (V8 records them at the root, outside any JavaScript stack).
// Several runs in one profile (bench/kernel-profile.ts) are counted run by run: what happens
// between them (the next run's set-up) is not run phase.
const ROOTLESS = new Set(['(garbage collector)', '(program)']);
const inPhase: boolean[] = [];
let previous = false;
p.samples.forEach((s, i) => {
  const name = byId.get(s)!.callFrame.functionName;
  inPhase[i] = underRun(s) || (ROOTLESS.has(name) && previous);
  if (!ROOTLESS.has(name)) previous = underRun(s);
});
if (!inPhase.includes(true)) {
  console.error(`profile-share: no sample under runStream or runKernelStream in ${file}`);
  process.exit(1);
}

/** Host steps whose inclusive time is reported (a message's traffic, plan, write, release). */
const STEPS = ['take', 'eventWorms', 'build', 'planWorms', 'append', 'writeWorm', 'release', 'timesOf', 'add'];
const self = new Map<string, number>();
const inclusive = new Map(STEPS.map((s) => [s, 0]));
let total = 0;
let wasm = 0;
let gc = 0;
for (let i = 0; i < p.samples.length; i++) {
  if (!inPhase[i]) continue;
  const d = (times[i + 1] ?? times[i]!) - times[i]!;
  const frame = byId.get(p.samples[i]!)!.callFrame;
  if (frame.functionName === '(idle)') continue;
  const isWasm = frame.url.startsWith('wasm://');
  const key = `${isWasm ? 'wasm ' : ''}${frame.functionName || '(anonymous)'} ${frame.url.replace(/.*\/(src|assembly)\//, '$1/')}`;
  self.set(key, (self.get(key) ?? 0) + d);
  total += d;
  if (isWasm) wasm += d;
  if (frame.functionName === '(garbage collector)') gc += d;
  const seen = new Set<string>();
  for (let id: number | undefined = p.samples[i]!; id !== undefined; id = parent.get(id)) {
    const name = byId.get(id)!.callFrame.functionName;
    if (inclusive.has(name) && !seen.has(name)) {
      seen.add(name);
      inclusive.set(name, inclusive.get(name)! + d);
    }
  }
}
const pct = (x: number): string => `${((100 * x) / total).toFixed(1)} %`;
console.log(
  `run phase ${(total / 1000).toFixed(0)} ms sampled: wasm ${pct(wasm)}, host ${pct(total - wasm)} (garbage collection ${pct(gc)})`,
);
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(v).padStart(8)}  ${k}`);
console.log(`host steps, inclusive: ${STEPS.map((s) => `${s} ${pct(inclusive.get(s)!)}`).join(', ')}`);
