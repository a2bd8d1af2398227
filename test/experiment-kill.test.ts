import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { StoredPoint } from '../src/experiment/sweep/store.ts';
import { bin } from './cli.ts';
import { localSweepPoints } from './local-sweep.ts';

/*
 * A sweep killed at any moment keeps what it finished and, run again, completes without running
 * a finished point twice (docs/experiments.md "Result store"). The CLI runs in a child process
 * (bin/wormcast-dev.mjs, the sources), which the test kills.
 */

const dir = mkdtempSync(join(tmpdir(), 'wormcast-kill-'));
const file = join(dir, 'exp.yaml');
writeFileSync(
  file,
  [
    'name: kill',
    'base: {topology: "mesh:8x8", warmup: 1000, cycles: 20000, drain: 3000}',
    'grid:',
    '  load: {from: 0.02, to: 0.16, step: 0.02}',
    'replications: 1',
    '',
  ].join('\n'),
);

function lines(path: string): string[] {
  return existsSync(path)
    ? readFileSync(path, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
    : [];
}

/** Start the sweep; resolve with its exit after `signal` is sent once `after` points are stored (or at its end). */
function sweepUntil(
  out: string,
  after: number,
  signal: NodeJS.Signals | null,
): Promise<{ status: number | null; signal: NodeJS.Signals | null; stderr: string; stored: number }> {
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [bin, 'sweep', file, '--out', out, '--workers', '1', '--quiet']);
    let stderr = '';
    let stored = -1;
    p.stderr.on('data', (d) => {
      stderr += d;
    });
    const timer = setInterval(() => {
      if (signal && stored < 0 && lines(out).length >= after) {
        stored = lines(out).length;
        p.kill(signal);
      }
    }, 20);
    const limit = setTimeout(() => {
      p.kill('SIGKILL');
      reject(new Error(`sweep did not end: ${stderr}`));
    }, 60_000);
    p.on('close', (status, sig) => {
      clearInterval(timer);
      clearTimeout(limit);
      resolve({ status, signal: sig, stderr, stored });
    });
  });
}

const numbers = (p: StoredPoint) => {
  const { run: _run, ...rest } = p;
  return rest;
};

describe('a killed sweep', () => {
  it('SIGKILL mid-way, then the same command: every point exactly once, equal to an uninterrupted run', async () => {
    const out = join(dir, 'killed.jsonl');
    const killed = await sweepUntil(out, 2, 'SIGKILL');
    expect(killed.signal).toBe('SIGKILL');
    const kept = lines(out).length;
    expect(kept).toBeGreaterThanOrEqual(2);
    expect(kept).toBeLessThan(8);
    // as if the kill had come in the middle of a write
    writeFileSync(out, `${readFileSync(out, 'utf8')}{"v":1,"key":"torn`);
    const resumed = await sweepUntil(out, 0, null);
    expect(resumed.status).toBe(0);
    expect(resumed.stderr).toContain(`${8 - kept} points to run, ${kept} already in the result file`);
    const all = lines(out).map((l) => JSON.parse(l) as StoredPoint);
    expect(all).toHaveLength(8);
    expect(new Set(all.map((p) => p.key)).size).toBe(8);
    // an uninterrupted run of the same experiment, in this process
    const ref = join(dir, 'ref.jsonl');
    const expected = await localSweepPoints(file, ref);
    expect(expected.size).toBe(8);
    for (const p of all) expect(numbers(p)).toEqual(numbers(expected.get(p.key)!));
  });
  it('Ctrl-C (SIGINT): stops cleanly, keeps the finished points, exits 130 saying so', async () => {
    const out = join(dir, 'interrupted.jsonl');
    const r = await sweepUntil(out, 1, 'SIGINT');
    expect(r.status).toBe(130);
    const kept = lines(out);
    expect(kept.length).toBeGreaterThanOrEqual(1);
    expect(kept.length).toBeLessThan(8);
    for (const l of kept) expect((JSON.parse(l) as StoredPoint).experiment).toBe('kill');
    expect(readFileSync(out, 'utf8').endsWith('\n')).toBe(true);
    expect(r.stderr).toContain(
      `wormcast: sweep interrupted: ${kept.length} of 8 points finished and kept in ${out}; run the same command again to resume\n`,
    );
    expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
  });
});
