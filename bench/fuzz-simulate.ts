// A fuzz of `wormcast simulate`: random option sets on small networks, in this process, checking
// what docs/cli.md promises: a refusal is exit 2 with one error line and nothing on stdout; a run
// prints JSON and exits 0, or 3 with the reason (incomplete or saturated); nothing throws, no stack
// trace; with DIFF=1 every run that ran is run again on the reference engine and its JSON must be
// the wasm engine's (timing aside).
//
//   DIFF=1 npx tsx bench/fuzz-simulate.ts [seed] [runs]
import { ALGORITHM_NAMES } from '../src/experiment/config/option-table.ts';
import { ARRIVAL_PROCESSES } from '../src/experiment/run/traffic.ts';
import { PATTERN_NAMES } from '../src/traffic/patterns.ts';
import { random, run } from './fuzz-run.ts';
const N = Number(process.argv[3] ?? 200);
const { rnd, pick, maybe } = random(Number(process.argv[2] ?? 1));
const TOPS = [
  'mesh:4x4',
  'torus:4x4',
  'hypercube:4',
  'ccc:3',
  'star:4',
  'mesh:3x5',
  'torus:5x3',
  'hypercube:5',
  'mesh:8x8',
  'torus:8x8',
];
let bad = 0;
const refusals = new Map<string, string>();
const counts: Record<string, number> = {};
for (let i = 0; i < N; i++) {
  const a: string[] = ['simulate', '--topology', pick(TOPS), '--cycles', String(pick([100, 300, 1000])), '--json'];
  const top = a[2]!;
  let alg = 'unicast';
  if (!maybe(0.4))
    for (let k = 0; k < 12; k++) {
      alg = pick(ALGORITHM_NAMES);
      const probe = await run([
        'simulate',
        '--topology',
        top,
        '--algorithm',
        alg,
        '--load',
        '0.001',
        '--cycles',
        '1',
        '--warmup',
        '0',
        '--drain',
        '0',
        '--json',
        ...(alg === 'unicast' ? [] : ['--dests', '1']),
      ]);
      if (!/needs a .* topology|labelling/.test(probe.err)) break;
      alg = 'unicast';
    }
  a.push('--algorithm', alg);
  if (alg !== 'unicast') {
    if (maybe(0.7)) a.push('--dests', String(pick([1, 2, 3, 5, 8, 15, 40])));
    else if (maybe(0.5)) a.push('--dests-mean', String(pick([1.5, 3, 6])));
  }
  if (maybe(0.9)) a.push('--load', String(pick([0.001, 0.01, 0.05, 0.1, 0.3, 0.6, 1, 2, 0])));
  if (maybe(0.4)) a.push('--flits', pick(['1', '2', '4', '16', '4:1,16:1', '1:3,8:1', '0', '16:0', 'x']));
  if (maybe(0.3)) a.push('--pattern', pick([...PATTERN_NAMES, 'nope']));
  if (a.includes('hotspot') && maybe(0.7))
    a.push('--hotspots', pick(['0', '0,3', '1,2,99']), '--hotspot-fraction', String(pick([0, 0.3, 1, 1.5])));
  if (a.includes('near') && maybe(0.7)) a.push('--radius', String(pick([0, 1, 2, 5])));
  if (maybe(0.3)) a.push('--process', pick(ARRIVAL_PROCESSES));
  if (a.includes('onoff') && maybe(0.7)) a.push('--onoff', pick(['0.1,0.2', '0.5,0.5', '1,0', '0,1', '2,3']));
  if (a.includes('batch') && maybe(0.7)) a.push('--batch', String(pick([1, 3, 10, 0])));
  if (maybe(0.3)) a.push('--warmup', pick(['0', '100', 'auto', '-1']));
  if (maybe(0.3)) a.push('--drain', pick(['0', '500', '3000']));
  if (maybe(0.3)) a.push('--vcs', String(pick([1, 2, 3, 4])));
  if (maybe(0.3)) a.push('--buffer', String(pick([1, 2, 4, 8])));
  if (maybe(0.3)) a.push('--router-delay', String(pick([1, 2, 4])));
  if (maybe(0.3)) a.push('--link-latency', String(pick([1, 2, 3])));
  if (maybe(0.3)) a.push('--vc-release', pick(['tail-credit', 'tail-sent']));
  if (maybe(0.2)) a.push('--switch', pick(['per-vc', 'per-port']));
  if (maybe(0.15)) a.push('--queued-header', pick(['router-delay', 'pipelined']));
  if (maybe(0.2)) a.push('--injection', pick(['back-to-back', 'after-tail']));
  if (maybe(0.15)) a.push('--faults', pick(['links:1', 'nodes:1', 'link:0-1', 'links:10%']));
  if (maybe(0.1)) a.push('--self');
  if (maybe(0.15)) a.push('--tree-replication', pick(['lockstep', 'independent']));
  if (maybe(0.1)) a.push('--port', pick(['one', 'all']));
  if (maybe(0.15)) a.push('--credit-delay', pick(['0', '3', '-1', '-2', '40', 'x']));
  // BookSim's router rules (docs/model-flit.md "BookSim's router"): per-port made likelier with them
  if (maybe(0.15)) a.push('--ejection', pick(['channels', 'vcs', 'x']));
  if (maybe(0.15)) a.push('--late-grant', pick(['same-cycle', 'next-cycle']));
  if (maybe(0.15)) a.push('--injection-buffer', pick(['per-message', 'lanes']));
  if (maybe(0.15)) a.push('--vc-allocator', pick(['oldest-first', 'round-robin']));
  if (a.some((x) => ['vcs', 'next-cycle', 'lanes', 'round-robin'].includes(x)) && !a.includes('--switch') && maybe(0.7))
    a.push('--switch', 'per-port');
  a.push('--seed', String(1 + Math.floor(rnd() * 1000)));
  const r = await run(a);
  const errLines = r.err
    .trim()
    .split('\n')
    .filter((l) => !/^\s*$/.test(l));
  let problem = '';
  const errors = errLines.filter((l) => l.startsWith('wormcast:') && !l.startsWith('wormcast: warning:'));
  counts[`exit ${r.status}`] = (counts[`exit ${r.status}`] ?? 0) + 1;
  if (typeof r.status === 'string') problem = r.status;
  else if (r.status === 0 || r.status === 3) {
    try {
      const j = JSON.parse(r.out);
      const measured = !j.incomplete && !j.saturated;
      if (r.status === 0 && !measured) problem = `exit 0, but the run did not measure: ${j.incomplete ?? j.saturation}`;
      if (r.status === 3 && measured) problem = 'exit 3, but the JSON says neither incomplete nor saturated';
      if (r.status === 3 && !errLines.at(-1)?.startsWith('wormcast: warning:'))
        problem = 'exit 3 without a warning line last';
      if (errors.length > 0) problem = `exit ${r.status} with an error line: ${errors[0]}`;
    } catch {
      problem = `exit ${r.status} but stdout is not JSON: ${r.out.slice(0, 200)}`;
    }
  } else if (r.status === 2) {
    refusals.set(
      errLines
        .at(-1)
        ?.replace(/[0-9.]+/g, 'N')
        .slice(0, 110) ?? '',
      a.join(' '),
    );
    if (errors.length !== 1 || r.out !== '')
      problem = `exit 2 with ${errors.length} error lines and ${r.out.length} bytes on stdout`;
  } else problem = `exit ${r.status}: ${errLines.at(-1)}`;
  if (errLines.some((l) => /^\s+at /.test(l))) problem = 'a stack trace on stderr';
  if (!problem && (r.status === 0 || r.status === 3) && process.env.DIFF && r.out.startsWith('{')) {
    const ref = await run([...a, '--engine', 'reference']);
    const strip = (t: string) => {
      const j = JSON.parse(t);
      delete j.timing;
      delete j.config;
      delete j.engine;
      return JSON.stringify(j);
    };
    try {
      const x = strip(r.out),
        y = strip(ref.out);
      if (x !== y) {
        let k = 0;
        while (k < x.length && x[k] === y[k]) k++;
        problem = `wasm != reference at ${k}: ...${x.slice(Math.max(0, k - 80), k + 60)} VS ${y.slice(Math.max(0, k - 80), k + 60)}`;
      }
      counts.diffed = (counts.diffed ?? 0) + 1;
    } catch {
      problem = `reference run: ${ref.status} ${ref.err.slice(0, 200)}`;
    }
  }
  if (r.ms > 15000) problem += ` slow ${r.ms.toFixed(0)} ms`;
  if (problem) {
    bad++;
    console.log(
      `#${i} ${problem}\n  wormcast ${a.join(' ')}\n  err: ${errLines.slice(0, 3).join(' | ')}\n  out: ${r.out.slice(0, 300)}`,
    );
  }
}
console.log(`${N} runs, ${bad} problems`, counts);
if (process.env.REFUSALS) for (const [k, v] of refusals) console.log(`${k}  <= wormcast ${v}`);
