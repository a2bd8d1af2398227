import { describe, expect, it } from 'vitest';
import { simulate, type SimulateConfig } from '../src/experiment/run/simulate.ts';

// Issue 10 item 4: `--vcs K` gives path and tree worms the K copies of their VC classes (seed
// 004's "double channels" for dual- and multi-path, Figs. 7.8 and 7.9); it used to be ignored
// (worms pinned to copy 0, the same numbers for every K).

const cfg = (algorithm: string, vcsPerClass: number, engine: 'wasm' | 'reference' = 'wasm'): SimulateConfig => ({
  topology: 'mesh:8x8',
  algorithm,
  dests: 8,
  load: 0.05,
  flits: 16,
  warmup: 300,
  measure: 3000,
  drain: 10_000,
  seed: 4,
  engine,
  options: { vcsPerClass, port: 'all', consumption: 'vc' },
});

describe('--vcs for path and tree worms (issue 10 item 4)', () => {
  // (double-channel-x-first deadlocks at this load under the engine's branch replication, docs/deadlock.md)
  for (const algorithm of ['dual-path', 'multi-path', 'double-channel-x-first']) {
    it(`${algorithm}: more copies per class change the run (less waiting), and both engines agree`, async () => {
      const runs = await Promise.all([1, 2, 4].map((k) => simulate(cfg(algorithm, k))));
      if (algorithm !== 'double-channel-x-first')
        expect(runs.map((r) => r.status)).toEqual(['finished', 'finished', 'finished']);
      const waits = runs.map((r) => r.counters.vcWaitCycles);
      // the same traffic and routes: the same flit-hops whenever every run delivers everything
      if (runs.every((r) => r.status === 'finished')) {
        expect(new Set(runs.map((r) => r.flitHops)).size).toBe(1);
        expect(waits[1]!, `VC waits for K = 1, 2, 4: ${waits.join(', ')}`).toBeLessThan(waits[0]!);
      }
      expect(new Set(runs.map((r) => r.meanLatency)).size).toBeGreaterThan(1);
      expect(await simulate(cfg(algorithm, 2, 'reference'))).toEqual(runs[1]);
    });
  }
});
