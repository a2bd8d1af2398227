// Start-up time of the compiled CLI (issue 16: `wormcast --help` under 150 ms, `wormcast topology
// ccc:10` under 300 ms of wall time). Like hyperfine: compiles src/ with tsconfig.build.json into a
// temporary directory laid out as the installed package (bin/wormcast.mjs, dist/, build/wormcast.wasm,
// package.json; node_modules linked to the repository's), so that no src/ is beside it (the bin
// runs dist/ as it does for a user) and a dist/ rebuilt meanwhile in the checkout does not matter;
// runs each command a few times to warm the file cache, then spawns it N times and reports the
// median, min and max wall time of the whole process.
//   npx tsx bench/cli-startup.ts [--runs N] [--dev]
// --dev also times bin/wormcast-dev.mjs (the sources through tsx, in the checkout), for comparison.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 30;
if (!Number.isInteger(RUNS) || RUNS < 1 || RUNS > 1000) throw new Error(`--runs ${args[runsAt + 1]}: expected 1..1000`);
const WARMUP = 3;

const COMMANDS: Array<{ args: string[]; limitMs: number }> = [
  { args: ['--help'], limitMs: 150 },
  { args: ['topology', 'ccc:10'], limitMs: 300 },
  { args: ['example'], limitMs: Infinity },
];

/** Wall time of one spawn of `node <entry> ...args`, in milliseconds; throws on a non-zero exit. */
function once(entry: string, argv: string[]): number {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [entry, ...argv], { cwd: root, encoding: 'utf8', timeout: 60_000 });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${entry} ${argv.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

function time(entry: string, argv: string[], runs: number): { median: number; min: number; max: number } {
  for (let i = 0; i < WARMUP; i++) once(entry, argv);
  const t = Array.from({ length: runs }, () => once(entry, argv)).sort((a, b) => a - b);
  const mid = t.length >> 1;
  const median = t.length % 2 ? t[mid]! : (t[mid - 1]! + t[mid]!) / 2;
  return { median, min: t[0]!, max: t[t.length - 1]! };
}

/** The installed package's layout in a temporary directory, compiled from the current sources. */
function install(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wormcast-startup-'));
  execFileSync(
    join(root, 'node_modules', '.bin', 'tsc'),
    ['-p', join(root, 'tsconfig.build.json'), '--outDir', join(dir, 'dist')],
    { cwd: root, stdio: 'inherit' },
  );
  for (const d of ['bin', 'build']) mkdirSync(join(dir, d));
  for (const f of ['bin/wormcast.mjs', 'build/wormcast.wasm', 'package.json'])
    copyFileSync(join(root, f), join(dir, f));
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

const pkgDir = install();
process.on('exit', () => rmSync(pkgDir, { recursive: true, force: true }));
const entries: Array<[string, string, number]> = [
  [join(pkgDir, 'bin/wormcast.mjs'), 'wormcast (compiled, dist/)', RUNS],
];
if (args.includes('--dev'))
  entries.push([join(root, 'bin/wormcast-dev.mjs'), 'wormcast-dev (sources via tsx)', Math.min(RUNS, 10)]);

console.log(`node ${process.version}, ${RUNS} runs after ${WARMUP} warm-up runs; wall time of the whole process`);
let over = 0;
for (const [entry, label, runs] of entries) {
  for (const c of COMMANDS) {
    const r = time(entry, c.args, runs);
    const limit = entry === entries[0]![0] && Number.isFinite(c.limitMs) ? ` (limit ${c.limitMs} ms)` : '';
    if (limit && r.median > c.limitMs) over++;
    console.log(
      `${label.padEnd(32)} ${c.args.join(' ').padEnd(20)} median ${r.median.toFixed(0).padStart(4)} ms  min ${r.min.toFixed(0).padStart(4)}  max ${r.max.toFixed(0).padStart(4)}${limit}`,
    );
  }
}
const bare = time('-e', ['0'], RUNS);
console.log(
  `${'node -e 0 (for reference)'.padEnd(32)} ${''.padEnd(20)} median ${bare.median.toFixed(0).padStart(4)} ms  min ${bare.min.toFixed(0).padStart(4)}  max ${bare.max.toFixed(0).padStart(4)}`,
);
if (over > 0) {
  console.log(`${over} command(s) over the limit`);
  process.exitCode = 1;
}
