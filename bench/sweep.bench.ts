/*
 * A 16-point sweep on 2 worker threads against 1 (issue 11: at least 1.8x on 2 cores).
 * Run: npx tsx bench/sweep.bench.ts [--cycles N] [--rounds R]
 * The 16 points do equal work (an 8x8 mesh at load 0.2, buffers 4..19 flits, 2 replications
 * each), so that the two lanes finish together and the ratio measures the pool, not the order
 * of the points. Each round runs 1 worker then 2 workers, into fresh result files; the median
 * of the rounds is reported. Start-up (threads loading the engine through tsx) is included:
 * it is part of what a user waits for.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseExperiment } from '../src/experiment/schema.ts';
import { runSweep } from '../src/experiment/sweep.ts';
import { sweepProgress } from '../src/experiment/sweep-progress.ts';

const arg = (name: string, def: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : def;
};
const cycles = arg('cycles', 80_000);
const rounds = arg('rounds', 3);

const experiment = parseExperiment({
  name: 'bench', base: { topology: 'mesh:8x8', load: 0.2, vcs: 2, warmup: 2000, cycles, drain: 4000 },
  grid: { buffer: { from: 4, to: 19, step: 1 } }, replications: 2,
}, 'bench');

const dir = mkdtempSync(join(tmpdir(), 'wormcast-bench-'));
/** Wall milliseconds of one sweep; also prints the CPU time of the process (all its threads) over the wall time. */
async function time(workers: number, round: number): Promise<number> {
  const out = join(dir, `w${workers}-${round}.jsonl`);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const s = await runSweep(experiment, 'bench', { out, workers, fresh: true, progress: sweepProgress(true, { write: () => true }) });
  const ms = performance.now() - t0;
  const cpu = process.cpuUsage(c0);
  if (s.run !== 16) throw new Error(`ran ${s.run} points`);
  console.log(`  ${workers} worker${workers > 1 ? 's' : ''}: ${(ms / 1000).toFixed(2)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU (${((cpu.user + cpu.system) / 1e3 / ms).toFixed(2)} cores busy)`);
  return ms;
}

/**
 * How many cores this process can have right now (the machine is shared): the work of two busy
 * threads over the work of one, in the same wall time. 2.0 on an idle 2-core machine.
 */
async function coresAvailable(): Promise<number> {
  const code = "let x = 0; const t = Date.now(); while (Date.now() - t < 1000) x++; require('node:worker_threads').parentPort.postMessage(x);";
  const spin = (n: number) => Promise.all(Array.from({ length: n }, () => new Promise<number>((res) => {
    const w = new Worker(code, { eval: true });
    w.on('message', (x: number) => { res(x); void w.terminate(); });
  }))).then((xs) => xs.reduce((a, b) => a + b, 0));
  const one = await spin(1);
  return (await spin(2)) / one;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const one: number[] = [];
const two: number[] = [];
const cores: number[] = [];
for (let r = 0; r < rounds; r++) {
  cores.push(await coresAvailable());
  one.push(await time(1, r));
  two.push(await time(2, r));
  console.log(`round ${r + 1}: 1 worker ${(one[r]! / 1000).toFixed(2)} s, 2 workers ${(two[r]! / 1000).toFixed(2)} s, speed-up ${(one[r]! / two[r]!).toFixed(2)}x (cores available before the round: ${cores[r]!.toFixed(2)})`);
}
console.log(`16 points (8x8 mesh, load 0.2, ${cycles} cycles, 2 replications each): 1 worker ${(median(one) / 1000).toFixed(2)} s, 2 workers ${(median(two) / 1000).toFixed(2)} s (medians of ${rounds}); speed-up ${(median(one) / median(two)).toFixed(2)}x; cores available (two busy threads against one): ${median(cores).toFixed(2)}`);
rmSync(dir, { recursive: true, force: true });
