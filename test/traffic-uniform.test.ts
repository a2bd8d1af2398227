import { describe, expect, it } from 'vitest';
import { generateTraffic, type TrafficEvent, type TrafficSpec } from '../src/experiment/run/traffic.ts';
import { TrafficStream } from '../src/experiment/run/traffic-stream.ts';
import { runMain } from './cli-main.ts';

/*
 * process 'uniform': seed 004 section 8.2, "the interval time to send a multicast message is
 * uniformly random". Gaps are uniform on [0, 2 / rate): mean 1 / rate (the configured load), variance
 * (1 / rate)^2 / 3, a third of the exponential's; arrivals are created at the floor of their time.
 */
function streamed(spec: TrafficSpec): TrafficEvent[] {
  const s = new TrafficStream(spec);
  const out: TrafficEvent[] = [];
  while (s.peekTime() !== Infinity) out.push(s.take());
  return out;
}

/** The gaps between one node's successive arrivals (in cycles, floors of the arrival times). */
function gaps(events: TrafficEvent[], src: number): number[] {
  const t = events.filter((e) => e.src === src).map((e) => e.created);
  return t.slice(1).map((x, i) => x - t[i]!);
}

describe("--process uniform (seed 004's uniformly random interval)", () => {
  // mean gap 1 / rate = 16 / 0.2 = 80 cycles
  const spec: TrafficSpec = { nodes: 16, load: 0.2, flits: 16, dests: 0, cycles: 400_000, seed: 3, process: 'uniform' };
  for (const [name, gen] of [
    ['streamed', streamed],
    ['up front', generateTraffic],
  ] as const) {
    it(`${name}: gaps within [0, 160], mean 80 and variance 80^2/3 within their sampling error`, () => {
      const all = gen(spec);
      const g = Array.from({ length: 16 }, (_, v) => gaps(all, v)).flat();
      expect(g.length).toBeGreaterThan(70_000);
      // floors of continuous times: a gap of a uniform on [0, 160) is an integer 0..160
      expect(Math.min(...g)).toBeGreaterThanOrEqual(0);
      expect(Math.max(...g)).toBeLessThanOrEqual(160);
      const mean = g.reduce((a, b) => a + b, 0) / g.length;
      const variance = g.reduce((a, b) => a + (b - mean) ** 2, 0) / (g.length - 1);
      // sd of the mean: sqrt(80^2 / 3 / n) ~ 0.17 cycles; 4 sd
      expect(Math.abs(mean - 80)).toBeLessThan(4 * Math.sqrt(6400 / 3 / g.length));
      // 80^2/3 = 2133 (+ 1/6 from the floors' rounding); exponential gaps would give 6400
      expect(Math.abs(variance - 6400 / 3) / (6400 / 3)).toBeLessThan(0.03);
    });
  }

  it('simulate --process uniform runs at the configured load; a bad process names the five (issue 29 added onoff and batch)', async () => {
    const r = await runMain([
      'simulate',
      '--topology',
      'mesh:4x4',
      '--load',
      '0.2',
      '--process',
      'uniform',
      '--cycles',
      '20000',
      '--json',
    ]);
    expect(r.status).toBe(0);
    const j = JSON.parse(r.stdout);
    expect(j.config.process).toBe('uniform');
    expect(Math.abs(j.generated - 0.2) / 0.2).toBeLessThan(0.05);
    const bad = await runMain(['simulate', '--topology', 'mesh:4x4', '--load', '0.2', '--process', 'poisson']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/expected bernoulli, exponential, uniform, onoff or batch/);
  });
});
