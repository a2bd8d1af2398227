import { describe, expect, it } from 'vitest';
import { sweep } from '../src/index.ts';
import { pointStatus } from '../src/report/point-status.ts';

/*
 * The sweep's summary counts saturated points (`sweep ...: 3 points (...); 1 saturated`), but it
 * counted a point whose replications deadlocked as saturated too (a deadlocked run accepts less
 * than it generated, rule 3), while `results` and `plot` call that point `deadlock`:
 * `wormcast sweep` of ecube-tree batches on hypercube:5 said '1 saturated' where `plot` said
 * '1 deadlock' and `results` showed no saturated point.
 */
describe('the sweep summary counts saturated points as results and plot do', () => {
  it('a deadlocked point is not counted saturated', async () => {
    const out = await sweep({
      topology: 'hypercube:5',
      algorithm: 'ecube-tree',
      dests: 3,
      process: 'batch',
      batch: 4,
      load: 1,
      replications: 2,
      workers: 0,
    });
    expect(pointStatus(out.rows[0]!).status).toBe('deadlock');
    expect(out.incomplete).toBe(1);
    expect(out.saturated).toBe(0);
  }, 60_000);
});
