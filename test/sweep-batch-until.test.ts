import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from './cli-main.ts';

/*
 * runUntil with one replication doubles the run's window until its batch-means interval is narrow
 * enough (docs/experiments.md "Run until the interval is narrow enough"). A batch has no window:
 * it is measured whole, so every doubling ran the same batch again. 'wormcast sweep --topology
 * mesh:4x4 --load 0.1 --process batch --batch 3 --until 0.01 --max-cycles 1000000 --replications 1'
 * ran it 7 times and stored 'CI cycle-cap' with measuredCycles 640000 and a replication of 640000
 * cycles for a batch that drained at cycle 1417. Refused before anything runs, as runUntil with
 * isolated multicasts is; with two or more replications (an interval over them) it still runs.
 */

const dir = mkdtempSync(join(tmpdir(), 'wormcast-batch-until-'));
const base = ['sweep', '--topology', 'mesh:4x4', '--load', '0.1', '--process', 'batch', '--batch', '3', '--quiet'];

describe('runUntil and a batch', () => {
  it('one replication (window doubling) is refused in one line before anything runs', async () => {
    const r = await runMain([
      ...base,
      ...['--until', '0.01', '--max-cycles', '1000000', '--replications', '1', '--out', join(dir, 'a.jsonl')],
    ]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(/points? to run/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/runUntil .*batch.*replications/);
  });

  it('two or more replications add replications as for any point', async () => {
    const r = await runMain([
      ...base,
      ...['--until', '0.05', '--max-cycles', '100000', '--replications', '2', '--out', join(dir, 'b.jsonl')],
    ]);
    expect(r.stderr).not.toMatch(/^wormcast: /m);
    expect(r.status).toBe(0);
  });
});
