// A fuzz of every wormcast command but simulate's option sets (bench/fuzz-simulate.ts has those)
// and those that need a network service (sweep --queue, worker): topology, route, plan, deadlock,
// verify, analyze, sweep (command line and experiment files), plot, report, results, reproduce and
// simulate --trace, with random option sets on small networks, in this process. Each run is held
// to docs/cli.md "Exit status and error lines (every command)": exit 0 with its output (JSON that
// parses with --json, the files -o/--out name present and non-empty), 2 with exactly one
// `wormcast: ...` line, the last, and nothing on stdout, 3 (simulate, sweep) with a warning line
// last; never 1, an exception out of main(), a stack trace, an internal value in a message
// (`undefined`, `[object Object]`, `NaN` the user did not type), nor longer than its bound.
//
//   npx tsx bench/fuzz-commands.ts [seed] [runs]      (REFUSALS=1 lists every distinct refusal)
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Case, drawCase } from './fuzz-command-lines.ts';
import { type FuzzRun, random, run } from './fuzz-run.ts';

const seed = Number(process.argv[2] ?? 1);
const N = Number(process.argv[3] ?? 200);
const r = random(seed);
const dir = mkdtempSync(join(tmpdir(), 'wormcast-fuzz-'));
// a duplicated --out or --report may name a relative directory: made in the temporary one
process.chdir(dir);

/** Stores the plots, reports and results read: made here, then every store a fuzzed sweep wrote. */
const stores: string[] = [];
const STORE_SWEEPS = [
  ['--topology', 'mesh:4x4', '--grid', 'load=0.01,0.05', '--grid', 'algorithm=unicast,dual-path', '--dests', '3'],
  ['--topology', 'hypercube:3', '--grid', 'load=0.02,0.3,0.9', '--units', 'seed001'],
  ['--topology', 'torus:3x3', '--grid', 'vcs=1,2', '--grid', 'buffer=2,4', '--grid', 'flits=4,8', '--load', '0.05'],
];
for (const [k, options] of STORE_SWEEPS.entries()) {
  const out = join(dir, `store-${k}.jsonl`);
  const argv = ['sweep', ...options, '--cycles', '300', '--warmup', '100', '--drain', '500', '--replications', '2'];
  const made = await run([...argv, '--workers', '1', '--out', out, '--quiet', '--name', `s${k}`]);
  if (made.status !== 0 && made.status !== 3) throw new Error(`store ${k}: exit ${made.status}: ${made.err}`);
  stores.push(out);
}

/** `--json`: one value per line; `results --format json`: one value in all. */
const jsonText = (text: string) => {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
};
const jsonLines = (text: string) => text.split('\n').every((l) => l.trim() === '' || jsonText(l));

/** What is wrong with a run by docs/cli.md, or '' when nothing is. */
function problemOf(c: Case, res: FuzzRun): string {
  const lines = res.err.split('\n').filter((l) => l.trim() !== '');
  const errors = lines.filter((l) => l.startsWith('wormcast:') && !l.startsWith('wormcast: warning:'));
  // YAML's .inf and .nan, JSON's 1e999, are named Infinity and NaN
  const typed = `${c.argv.join(' ')}\n${(c.inputs ?? '').replace(/\.inf|1e999/g, 'Infinity').replace(/\.nan/g, 'NaN')}`;
  if (typeof res.status === 'string') return res.status;
  if (lines.some((l) => /^\s+at /.test(l))) return 'a stack trace on stderr';
  // a word the user gave (on the command line, or quoted from a file: 'NaN') is no internal value
  for (const internal of ['undefined', '[object Object]', 'NaN', 'Infinity', 'internal error'])
    if (lines.some((l) => l.includes(internal) && !l.includes(`'${internal}'`)) && !typed.includes(internal))
      return `'${internal}' on stderr`;
  if (res.ms > c.boundMs) return `took ${res.ms.toFixed(0)} ms (bound ${c.boundMs})`;
  // internal values in a refusal: Number.MAX_SAFE_INTEGER as a range, an empty range, a nested line
  const internal = /9007199254740991|\.\.-1\b|\(wormcast: /;
  const shown = lines.find((l) => internal.test(l));
  if (shown !== undefined) return `an internal value on stderr: ${shown.slice(0, 160)}`;
  // a store this fuzz's own sweep wrote is a stored point for every reader
  const own = c.argv.find((x) => stores.includes(x));
  if (own !== undefined && /not a stored point/.test(res.err)) return `a store sweep wrote is refused: ${lines.at(-1)}`;
  const exit3 = c.command === 'sweep' || c.command.startsWith('simulate');
  if (res.status === 2) {
    if (errors.length !== 1) return `exit 2 with ${errors.length} error lines`;
    if (lines.at(-1) !== errors[0]) return 'exit 2, the error line is not the last';
    if (res.out !== '') return `exit 2 with ${res.out.length} bytes on stdout`;
    return '';
  }
  if (res.status === 3 && !exit3) return `exit 3 from ${c.command}`;
  if (res.status !== 0 && res.status !== 3) return `exit ${res.status}`;
  if (errors.length > 0) return `exit ${res.status} with an error line`;
  // a library's own output (PDFKit's 'SVGElemText: failed to open font') is no line of ours
  // progress: sweep's lines per point, reproduce's per id, and after 5 s `wormcast <command>: ...`
  const progress = /^(wormcast [a-z]+|sweep|reproduce)\b/;
  const stray = lines.find((l) => !l.startsWith('wormcast:') && !progress.test(l));
  if (stray !== undefined) return `exit ${res.status} with a stray stderr line: ${stray.slice(0, 120)}`;
  if (res.status === 3 && !lines.at(-1)?.startsWith('wormcast: warning:')) return 'exit 3 without a warning line last';
  if (c.json && !jsonLines(res.out) && !jsonText(res.out)) return `stdout is not JSON: ${res.out.slice(0, 120)}`;
  for (const file of c.outputs) {
    const named = c.argv.includes(file);
    if (named && (!existsSync(file) || statSync(file).size === 0))
      return `exit ${res.status} but ${file} is missing or empty`;
  }
  return '';
}

let bad = 0;
const counts: Record<string, Record<string, number>> = {};
const refusals = new Map<string, string>();
const t0 = performance.now();
for (let i = 0; i < N; i++) {
  const c = drawCase(r, dir, stores);
  const res = await run(c.argv, Math.max(120_000, c.boundMs * 2));
  const byCommand = (counts[c.command] ??= {});
  byCommand[`exit ${res.status}`.slice(0, 12)] = (byCommand[`exit ${res.status}`.slice(0, 12)] ?? 0) + 1;
  byCommand['max ms'] = Math.max(byCommand['max ms'] ?? 0, Math.round(res.ms));
  const problem = problemOf(c, res);
  if (res.status === 2)
    refusals.set(`${c.command}: ${res.err.trim().split('\n').at(-1)?.slice(0, 160)}`, c.argv.join(' '));
  if (c.command === 'sweep' && (res.status === 0 || res.status === 3)) {
    const out = c.argv[c.argv.indexOf('--out') + 1]!;
    if (existsSync(out) && !stores.includes(out)) stores.push(out);
  }
  if (problem) {
    bad++;
    const errs = res.err.trim().split('\n');
    console.log(`#${i} ${c.command}: ${problem}\n  wormcast ${c.argv.map((x) => JSON.stringify(x)).join(' ')}`);
    console.log(`  err: ${errs.slice(-3).join(' | ').slice(0, 600)}\n  out: ${res.out.slice(0, 200)}`);
  }
}
const seconds = (performance.now() - t0) / 1000;
console.log(`seed ${seed}: ${N} runs in ${seconds.toFixed(0)} s, ${bad} problems`);
for (const [command, byStatus] of Object.entries(counts)) console.log(`  ${command}: ${JSON.stringify(byStatus)}`);
if (process.env.REFUSALS) for (const [k, v] of refusals) console.log(`${k}\n    <= wormcast ${v}`);
if (!process.env.KEEP) rmSync(dir, { recursive: true, force: true });
else console.log(`files kept in ${dir}`);
