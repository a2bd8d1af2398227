import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sweep } from '../src/index.ts';

/*
 * docs/experiments.md "Resolution": a point simulate would refuse is an error before anything runs.
 * A trace point's trace was read only when the point ran: `sweep --topology hypercube:4 --trace
 * mc.trace --grid algorithm=dual-path,u-cube,unicast` ran and stored the dual-path and u-cube
 * points, then stopped (exit 2) at the unicast point, whose trace holds a multicast; a trace
 * naming a node the topology lacks stopped the sweep at that point's turn likewise.
 */
describe('a sweep checks its points’ traces before any point runs', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wormcast-sweep-trace-'));
  it('a multicast line at a unicast point: refused, nothing stored', async () => {
    const trace = join(dir, 'mc.trace');
    writeFileSync(trace, '0 0 1/2/3 16\nafter:0 2 5 8\n');
    const out = join(dir, 'a.jsonl');
    const points: string[] = [];
    await expect(
      sweep(
        {
          topology: 'hypercube:4',
          trace,
          grid: { algorithm: ['dual-path', 'u-cube', 'unicast'] },
          replications: 1,
          out,
          workers: 0,
        },
        { onPoint: (row) => points.push(row.config.algorithm) },
      ),
    ).rejects.toThrow(/point algorithm=unicast: .*mc\.trace:1: trace message 0 has 3 destinations: give --algorithm/);
    expect(points).toEqual([]);
    expect(existsSync(out)).toBe(false);
  });
  it('a node the topology of a later point lacks: refused, nothing run', async () => {
    const trace = join(dir, 'far.trace');
    writeFileSync(trace, '0 0 1 16\n0 1 40 16\n');
    const points: string[] = [];
    await expect(
      sweep(
        { trace, grid: { topology: ['hypercube:6', 'hypercube:4'] }, replications: 1, workers: 0 },
        { onPoint: (row) => points.push(row.config.topology) },
      ),
    ).rejects.toThrow(/point topology=hypercube:4: .*far\.trace:2: node 40 is not a node of hypercube:4/);
    expect(points).toEqual([]);
  });
});
