import { describe, expect, it } from 'vitest';
import { resultJson } from '../src/experiment/run/result-json.ts';
import { simulate } from '../src/experiment/run/simulate.ts';
import { runMain } from './cli-main.ts';

/*
 * Issue 29: a run reports what it cost (`timing`: set-up and run-phase processor time, flit-hops
 * per second of the run phase), but timing is not a result: it never enters a JSON row of the
 * result store nor an equality of two results.
 */

const config = {
  topology: 'mesh:4x4',
  algorithm: 'unicast',
  dests: 0,
  load: 0.1,
  flits: 8,
  warmup: 50,
  measure: 400,
  drain: 400,
  seed: 3,
  engine: 'wasm' as const,
  options: {},
};

describe('run timing', () => {
  it('the library result carries timing whose rate is its flit-hops over its run-phase time', async () => {
    const r = await simulate(config);
    const t = r.timing!;
    expect(t.clock).toBe('cpu');
    expect(t.setupCpuMs).toBeGreaterThanOrEqual(0);
    expect(t.runCpuMs).toBeGreaterThan(0);
    expect(r.flitHops).toBeGreaterThan(0);
    expect(t.flitHopsPerCpuSecond).toBeCloseTo((r.flitHops * 1000) / t.runCpuMs, 6);
  });

  it('timing stays out of the stored JSON row, of equality and of spreads', async () => {
    const a = await simulate(config);
    const b = await simulate(config);
    expect(a.timing).toBeDefined();
    expect(a).toEqual(b);
    expect(Object.keys(a)).not.toContain('timing');
    expect(Object.keys(resultJson(a))).not.toContain('timing');
    expect(JSON.stringify(a)).not.toContain('timing');
  });

  it('simulate --json prints the timing object', async () => {
    const out = await runMain(['simulate', '--topology', 'mesh:4x4', '--load', '0.1', '--cycles', '300', '--json']);
    const j = JSON.parse(out.stdout) as { flitHops: number; timing: Record<string, unknown> };
    expect(Object.keys(j.timing).sort()).toEqual(['clock', 'flitHopsPerCpuSecond', 'runCpuMs', 'setupCpuMs']);
    expect(j.timing.runCpuMs).toBeGreaterThan(0);
    const ms = j.timing.runCpuMs as number;
    const rate = (j.flitHops * 1000) / ms;
    // the printed rate has 3 significant figures (0.5 %), the printed run time one decimal: the
    // time it was computed from lies within ms +- 0.05, which moves the rate by up to 0.05 / (ms - 0.05)
    expect(Math.abs((j.timing.flitHopsPerCpuSecond as number) / rate - 1)).toBeLessThanOrEqual(
      0.005 + 0.05 / (ms - 0.05) + 1e-9,
    );
  });
});
