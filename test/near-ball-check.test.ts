import { describe, expect, it } from 'vitest';
import { sweep } from '../src/index.ts';
import { simulate, type SimulateOptions } from '../src/experiment/config/simulate-options.ts';

/*
 * Pattern near (docs/traffic.md "Multicast destination patterns"): a source whose ball (the nodes
 * within the radius) holds fewer than a message's m destinations cannot draw its set. The run
 * found that out when such a source first sent, so the same options ran with one seed and were
 * refused with another: mesh:8x8, dual-path, 3 destinations within 1 hop, load 0.0005, 2,000
 * cycles ran with seeds 1-5 and stopped with seed 6 (a corner has 2 neighbours), and a sweep of
 * such a point ran some points and replications before it stopped. docs/experiments.md: a point
 * simulate would refuse is an error before anything runs.
 */
const POINT = {
  topology: 'mesh:8x8',
  algorithm: 'dual-path',
  dests: 3,
  pattern: 'near',
  radius: 1,
  load: 0.0005,
  cycles: 2000,
} as SimulateOptions;

describe('pattern near: a ball smaller than the destinations is refused before the run', () => {
  it('every seed is refused, naming the smallest ball', async () => {
    for (const seed of [1, 2, 6])
      await expect(simulate({ ...POINT, seed })).rejects.toThrow(
        /pattern near: node 0 has 2 nodes within radius 1, fewer than the 3 destinations/,
      );
  });
  it('a drawn count: refused when its largest draw does not fit', async () => {
    await expect(
      simulate({ topology: 'mesh:4x4', algorithm: 'dual-path', destsMean: 5, pattern: 'near', radius: 2, load: 0.01 }),
    ).rejects.toThrow(/node 0 has 5 nodes within radius 2, fewer than the 9 destinations destsMean 5 may draw/);
  });
  it('a sweep refuses the point before any runs', async () => {
    const points: string[] = [];
    await expect(
      sweep(
        { ...POINT, grid: { radius: [3, 1] }, replications: 6, workers: 0 },
        { onPoint: (row) => points.push(JSON.stringify(row.values)) },
      ),
    ).rejects.toThrow(/radius 1, fewer than the 3 destinations/);
    expect(points).toEqual([]);
  });
  it('a ball that holds the set runs', async () => {
    const r = await simulate({ ...POINT, radius: 2 });
    expect(r.status).toBe('finished');
  });
});
