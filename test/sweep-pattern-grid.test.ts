import { describe, expect, it } from 'vitest';
import { sweep } from '../src/index.ts';

/*
 * A grid over the destination patterns (docs/traffic.md "Multicast destination patterns") or the
 * processes compares them; the options of one pattern (radius, hotspots, hotspotFraction) or
 * process (onoff, batch) can only be given in base, and every point of another pattern refused
 * them ('radius: applies to pattern near only, not uniform'), so `grid: { pattern: [uniform,
 * near, hotspot] }` had no valid experiment: `wormcast sweep --topology mesh:6x6 --algorithm
 * dual-path --dests 3 --load 0.01 --radius 2 --hotspots 0,5 --grid pattern=uniform,near,hotspot`
 * exited 2. They now belong to their own pattern's points, as dests to multicast points.
 */
describe('a grid over patterns or processes, with their own options in base', () => {
  it('uniform, near and hotspot multicast sets side by side', async () => {
    const out = await sweep({
      topology: 'mesh:6x6',
      algorithm: 'dual-path',
      dests: 3,
      load: 0.01,
      cycles: 500,
      radius: 2,
      hotspots: '0,5',
      hotspotFraction: 0.5,
      grid: { pattern: ['uniform', 'near', 'hotspot'] },
      replications: 1,
      workers: 0,
    });
    const configs = out.rows.map((r) => r.config as unknown as Record<string, unknown>);
    expect(configs.map((c) => c.pattern)).toEqual(['uniform', 'near', 'hotspot']);
    expect(configs.map((c) => c.radius)).toEqual([undefined, 2, undefined]);
    expect(configs.map((c) => c.hotspots)).toEqual([undefined, undefined, '0,5']);
    expect(configs.map((c) => c.hotspotFraction)).toEqual([undefined, undefined, 0.5]);
    for (const r of out.rows) expect(r.replications[0]!.result.status).toBe('finished');
  }, 60_000);
  it('bernoulli, onoff and batch side by side', async () => {
    const out = await sweep({
      topology: 'mesh:4x4',
      load: 0.1,
      onoff: '0.1,0.2',
      batch: 2,
      grid: { process: ['bernoulli', 'onoff', 'batch'] },
      replications: 1,
      workers: 0,
    });
    const configs = out.rows.map((r) => r.config as unknown as Record<string, unknown>);
    expect(configs.map((c) => [c.process, c.onoff, c.batch])).toEqual([
      ['bernoulli', undefined, undefined],
      ['onoff', '0.1,0.2', undefined],
      ['batch', undefined, 2],
    ]);
  }, 60_000);
  it('a process grid with warmup: auto in base: the batch point has no window, nothing stops half-way', async () => {
    // the batch point refused warmup auto when its turn came ('--warmup auto: a batch (--process
    // batch) is measured whole'), after the bernoulli point had run and been stored
    const points: string[] = [];
    const out = await sweep(
      {
        topology: 'mesh:4x4',
        load: 0.1,
        cycles: 500,
        warmup: 'auto',
        batch: 2,
        grid: { process: ['bernoulli', 'batch'] },
        replications: 1,
        workers: 0,
      },
      { onPoint: (row) => points.push(row.config.process) },
    );
    expect(points).toEqual(['bernoulli', 'batch']);
    const configs = out.rows.map((r) => r.config as unknown as Record<string, unknown>);
    expect(configs.map((c) => [c.process, c.warmup, c.cycles])).toEqual([
      ['bernoulli', 'auto', 500],
      ['batch', 1000, 10000],
    ]);
    expect(out.rows[1]!.replications[0]!.result.drainTime).toBeGreaterThan(0);
  }, 60_000);
  it('an option of a pattern the grid does not vary is still refused', async () => {
    await expect(
      sweep({ topology: 'mesh:4x4', load: 0.1, radius: 2, grid: { load: [0.1, 0.2] }, replications: 1, workers: 0 }),
    ).rejects.toThrow(/radius: applies to pattern near only, not uniform/);
  });
});
