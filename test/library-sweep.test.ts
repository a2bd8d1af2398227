import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as browserEntry from '../src/browser.ts';
import * as nodeEntry from '../src/index.ts';
import { readStore, type StoredPoint } from '../src/experiment/sweep/store.ts';
import { sweep, WormcastError } from '../src/index.ts';
import { runMain } from './cli-main.ts';

/*
 * The library's sweep() (issue 23): the rows `wormcast sweep` stores, from an object of the
 * command's keys or an experiment file, in memory or in a result file; and the README's example.
 */

const dir = mkdtempSync(join(tmpdir(), 'wormcast-library-sweep-'));

/** A stored point without how its run went (wall time, date): what decides and states its numbers. */
function numbers(p: StoredPoint): Omit<StoredPoint, 'run'> {
  const { run: _run, ...rest } = p;
  return rest;
}

const SMALL = { topology: 'mesh:4x4', warmup: 100, cycles: 500, drain: 2000 };

describe('sweep() = wormcast sweep', () => {
  it('the same keys give the rows the CLI stores, point for point (the CLI on a worker thread, the library in this thread)', async () => {
    const out = join(dir, 'cli.jsonl');
    const cli = await runMain(
      [
        'sweep',
        '--topology',
        'mesh:4x4',
        '--algorithm',
        'dual-path',
        '--dests',
        '4',
        '--grid',
        'load=0.02,0.04',
        '--replications',
        '2',
        '--warmup',
        '100',
        '--cycles',
        '500',
        '--drain',
        '2000',
        '--workers',
        '1',
        '--quiet',
        '--out',
        out,
      ],
      60_000,
    );
    expect(cli.stderr).not.toMatch(/wormcast:/);
    expect(cli.status).toBe(0);
    const stored = [...readStore(out).points.values()].sort((a, b) => a.index - b.index);
    expect(stored).toHaveLength(2);
    const lib = await sweep({
      ...SMALL,
      algorithm: 'dual-path',
      dests: 4,
      grid: { load: [0.02, 0.04] },
      replications: 2,
      workers: 0,
    });
    expect(lib.out).toBeNull();
    expect(lib.points).toBe(2);
    expect(lib.run).toBe(2);
    expect(lib.rows.map(numbers)).toEqual(stored.map(numbers));
    // what the rows hold: a mean with its interval over the replications, and the saturation verdict
    const m = lib.rows[0]!.summary.metrics.meanLatency!;
    expect(m.n).toBe(2);
    expect(m.lo).toBeLessThanOrEqual(m.mean);
    expect(m.hi).toBeGreaterThanOrEqual(m.mean);
    expect(lib.rows[0]!.summary.saturated).toBe(false);
  }, 90_000);

  it('with out: the rows go to the result file, a second call finds them stored, onPoint sees each finished one', async () => {
    const out = join(dir, 'lib.jsonl');
    const seen: Array<[number, number, number]> = [];
    const spec = { ...SMALL, grid: { load: { from: 0.05, to: 0.1, step: 0.05 } }, replications: 2, out, workers: 0 };
    const first = await sweep(spec, { onPoint: (p, done, total) => seen.push([p.index, done, total]) });
    expect(seen).toEqual([
      [0, 1, 2],
      [1, 2, 2],
    ]);
    expect(first.out).toBe(out);
    const file = [...readStore(out).points.values()].sort((a, b) => a.index - b.index);
    expect(file).toEqual(first.rows);
    const again = await sweep(spec);
    expect([again.run, again.stored]).toEqual([0, 2]);
    expect(again.rows).toEqual(first.rows);
  }, 60_000);

  it('an experiment file by its path runs as `wormcast sweep <file>`', async () => {
    const file = join(dir, 'exp.json');
    writeFileSync(
      file,
      JSON.stringify({ name: 'exp', base: SMALL, grid: { load: [0.05] }, replications: 2, statistics: { batches: 4 } }),
    );
    const byFile = await sweep(file, { workers: 0 });
    const byKeys = await sweep({
      name: 'exp',
      ...SMALL,
      grid: { load: [0.05] },
      replications: 2,
      batches: 4,
      workers: 0,
    });
    expect(byFile.experiment).toBe('exp');
    expect(byFile.rows.map(numbers)).toEqual(byKeys.rows.map(numbers));
    expect(byFile.rows[0]!.settings.statistics.batches).toBe(4);
  }, 60_000);

  it('a deadlocking point is counted incomplete, with its reason in the row', async () => {
    const r = await sweep({
      topology: 'star:5',
      routing: 'star-min',
      grid: { load: [0.25] },
      replications: 2,
      workers: 0,
    });
    expect(r.incomplete).toBe(1);
    expect(r.rows[0]!.summary.incomplete[0]).toMatch(/deadlocked at cycle \d+/);
    expect(r.rows[0]!.replications[0]!.result.status).toBe('deadlock');
  }, 60_000);

  it('a bad key or value is one WormcastError line naming it', async () => {
    await expect(sweep({ ...SMALL, lod: 0.1 })).rejects.toThrow(
      /^wormcast: sweep: lod: unknown key \(did you mean 'load'\?\); expected a simulate option/,
    );
    await expect(sweep({ ...SMALL, grid: { load: [-1] } })).rejects.toThrow(WormcastError);
    await expect(sweep({ ...SMALL, grid: { load: [-1] } })).rejects.toThrow(
      /^wormcast: sweep: grid\.load\[0\]: -1 must be/,
    );
    await expect(sweep({ ...SMALL, workers: -1 })).rejects.toThrow(
      /^wormcast: sweep: workers: -1 must be an integer 0\.\.1024/,
    );
  });
});

describe('the entries', () => {
  it('the browser entry has every name of the Node entry but sweep (Node only: files and worker threads)', () => {
    const node = Object.keys(nodeEntry).sort();
    const browser = Object.keys(browserEntry).sort();
    expect(node.filter((n) => !browser.includes(n))).toEqual(['sweep']);
    expect(browser.filter((n) => !node.includes(n))).toEqual([]);
  });
});

describe("the README's sweep example", () => {
  it('runs as written (the import made absolute): a row per load with its interval', async () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const snippet = /## Library[\s\S]*?```ts\n[\s\S]*?```[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)![1]!;
    expect(snippet).toMatch(/^import \{ sweep \} from 'wormcast';/);
    const src = new URL('../src/index.ts', import.meta.url).href;
    const lines: string[] = [];
    const body = snippet
      .replace("from 'wormcast'", `from '${src}'`)
      // the threads load tsx from the sources; here, the same points in this thread
      .replace('workers: 2', 'workers: 0')
      .replaceAll('console.log(', '(globalThis as { __readmeLog?: (...a: unknown[]) => void }).__readmeLog!(');
    (globalThis as { __readmeLog?: (...a: unknown[]) => void }).__readmeLog = (...a) => lines.push(a.join(' '));
    const file = join(dir, 'sweep-snippet.ts');
    writeFileSync(file, `${body}\nexport {};\n`);
    await import(/* @vite-ignore */ file);
    expect(lines).toHaveLength(4);
    for (const [i, load] of ['0.005', '0.01', '0.02'].entries())
      expect(lines[i]).toMatch(new RegExp(`^${load.replace('.', '\\.')} [\\d.]+ [\\d.]+ [\\d.]+ (true|false)$`));
    expect(lines[3]).toMatch(/^\d saturated$/);
  }, 120_000);
});
