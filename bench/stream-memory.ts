/**
 * Issue 11 target: a run's memory does not grow with its length. Runs `wormcast simulate` on the
 * 16x16 torus at half its saturation load for 10,000 and 1,000,000 cycles, each in its own
 * process, and reports the peak resident set (maxRSS) of each and their ratio (target <= 1.2);
 * then the 10-CCC U-CCC run of 1,000,000 cycles (target: completes).
 *   npx tsx bench/stream-memory.ts [--skip-ccc]
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const bin = fileURLToPath(new URL('../bin/wormcast-dev.mjs', import.meta.url));

interface Run {
  cycles: number;
  maxRssMiB: number;
  seconds: number;
  status: string;
  meanLatency: number | null;
}

function run(args: string[]): Run {
  const t0 = performance.now();
  // report the child's peak RSS from inside it, at exit
  const r = spawnSync(
    process.execPath,
    [
      '--import',
      'data:text/javascript,process.on("exit",()=>process.stderr.write("MAXRSS "+process.resourceUsage().maxRSS+"\\n"))',
      bin,
      'simulate',
      ...args,
      '--json',
    ],
    { encoding: 'utf8', maxBuffer: 1 << 26 },
  );
  const seconds = (performance.now() - t0) / 1000;
  const rss = /MAXRSS (\d+)/.exec(r.stderr);
  if (!rss || !r.stdout) throw new Error(`simulate ${args.join(' ')} failed: ${r.stderr}`);
  const out = JSON.parse(r.stdout) as { status: string; meanLatency: number | null; cycles: number };
  return {
    cycles: out.cycles,
    maxRssMiB: Number(rss[1]) / 1024,
    seconds,
    status: out.status,
    meanLatency: out.meanLatency,
  };
}

const torus = ['--topology', 'torus:16x16', '--load', '0.08', '--warmup', '1000', '--drain', '10000'];
const short = run([...torus, '--cycles', '10000']);
const long = run([...torus, '--cycles', '1000000']);
console.log('16x16 torus, dor, load 0.08 flits/node/cycle (about half of its saturation, 0.17 accepted)');
for (const [name, r] of [
  ['10,000 cycles', short],
  ['1,000,000 cycles', long],
] as const) {
  console.log(
    `  ${name}: peak RSS ${r.maxRssMiB.toFixed(1)} MiB, ${r.seconds.toFixed(1)} s, status ${r.status}, mean latency ${r.meanLatency}`,
  );
}
console.log(`  ratio of peaks: ${(long.maxRssMiB / short.maxRssMiB).toFixed(3)} (target <= 1.2)`);
if (!process.argv.includes('--skip-ccc')) {
  const ccc = run([
    '--topology',
    'ccc:10',
    '--algorithm',
    'u-ccc',
    '--dests',
    '10',
    '--load',
    '0.002',
    '--warmup',
    '1000',
    '--cycles',
    '1000000',
    '--drain',
    '20000',
  ]);
  console.log(
    `10-CCC U-CCC (10 destinations, load 0.002), 1,000,000 cycles: status ${ccc.status} at cycle ${ccc.cycles}, peak RSS ${ccc.maxRssMiB.toFixed(1)} MiB, ${ccc.seconds.toFixed(1)} s, mean latency ${ccc.meanLatency}`,
  );
}
