import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WormcastError } from '../src/errors.ts';
import { resolvePoint } from '../src/experiment/config/point-config.ts';
import { runMain } from './cli-main.ts';

/*
 * A sweep checks every point before anything runs (docs/cli.md "sweep, results, plot"): a bad
 * fault list of one point was found only when that point ran, after the others had started
 * ('sweep --grid faults=links:1,links:99' printed '2 points to run' and then the error).
 */

const dir = mkdtempSync(join(tmpdir(), 'wormcast-sweep-faults-'));

describe('fault lists are checked when a point is resolved', () => {
  const refuses = (o: Record<string, unknown>, words: RegExp) => {
    let error: unknown;
    try {
      resolvePoint({ topology: 'mesh:4x4', load: 0.1, ...o });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(WormcastError);
    expect((error as Error).message).not.toContain('\n');
    expect((error as Error).message).toMatch(words);
  };

  it('a count past the links left, a bad address, a link between non-neighbours, a fault seed without faults', () => {
    refuses({ faults: 'links:99' }, /99 links asked, only 24 healthy links/);
    refuses({ faults: 'node:9,9' }, /faults: bad item 'node:9,9'/);
    refuses({ faults: 'link:0,0-2,2' }, /faults: link 0,0-2,2 is not/);
    refuses({ faultSeed: 3 }, /fault-seed|faultSeed/);
    expect(() => resolvePoint({ topology: 'mesh:4x4', load: 0.1, faults: 'links:3', faultSeed: 2 })).not.toThrow();
    expect(() => resolvePoint({ topology: 'mesh:4x4', load: 0.1, faults: 'none' })).not.toThrow();
  });

  it('sweep --grid faults=links:1,links:99 is refused before any point runs', async () => {
    const out = join(dir, 'faults.jsonl');
    const r = await runMain([
      'sweep',
      '--topology',
      'mesh:4x4',
      '--load',
      '0.1',
      '--cycles',
      '300',
      '--warmup',
      '100',
      '--grid',
      'faults=links:1,links:99',
      '--replications',
      '2',
      '--quiet',
      '--out',
      out,
    ]);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(/points to run/);
    expect(r.stderr).toMatch(/links:99/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(out) ? readFileSync(out, 'utf8') : '').toBe('');
  });
});
