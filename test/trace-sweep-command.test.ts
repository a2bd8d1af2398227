import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweep } from '../src/index.ts';
import { runMain } from './cli-main.ts';

/*
 * `wormcast results --format json` lists, for every replication, the `wormcast simulate` command
 * that runs it again (docs/experiments.md "Seeds"). For a point with a trace that command held
 * --dests 0 --load 0 --flits 16 --cycles --warmup --drain --process, which `simulate --trace`
 * refuses (exit 2: `--load does not apply (the trace is the traffic)`).
 */
describe('the command of a trace point re-runs its replication', () => {
  it('results --format json: the command of a trace replication runs and gives the stored numbers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wormcast-trace-command-'));
    const trace = join(dir, 'mc.trace');
    writeFileSync(trace, '0 0 1/2/3 16\nafter:0 2 5 8\n4 7 9/12 4\n');
    const store = join(dir, 'r.jsonl');
    await sweep({ topology: 'hypercube:4', algorithm: 'dual-path', trace, replications: 1, out: store, workers: 0 });
    const res = await runMain(['results', store, '--format', 'json']);
    expect(res.status).toBe(0);
    const rows = JSON.parse(res.stdout) as Array<{ commands: string[]; meanLatency: number }>;
    const command = rows[0]!.commands[0]!;
    expect(command).toContain(`--trace ${trace}`);
    const argv = command.split(' ').slice(1);
    const run = await runMain(argv);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const printed = JSON.parse(run.stdout) as { meanLatency: number; drainTime: number };
    expect(printed.meanLatency).toBeCloseTo(rows[0]!.meanLatency, 4);
  }, 60_000);
});
