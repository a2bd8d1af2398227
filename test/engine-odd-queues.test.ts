import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { WormSpec } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { createRouting } from '../src/routing/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import { parseTopology } from '../src/topology/registry.ts';

// Regression: the injection-queue regions qHead and qTail are each 8-byte aligned, so they are
// not contiguous when nodes x Q is odd; the last node's queue tail was left 0 instead of -1 and
// its worms were never sent while the run reported 'finished'.
describe('injection queues with an odd number of queues (nodes x Q odd)', () => {
  for (const spec of ['mesh:3x3', 'mesh:5x3', 'torus:3x3', 'mesh:7x3']) {
    it(`${spec}, one-port: a unicast from every node is delivered at the zero-load time, in both engines`, async () => {
      const t = parseTopology(spec);
      expect((t.nodes * 1) % 2).toBe(1);
      const r = createRouting('dor', t);
      const worms: WormSpec[] = [];
      for (let v = 0; v < t.nodes; v++)
        worms.push({ kind: 'unicast', src: v, dests: [(v + 1) % t.nodes], flits: 4, created: 40 * v });
      const options = { startup: 1, routerDelay: 1, port: 'one' as const };
      const ref = new ReferenceEngine({ routing: r, worms, options });
      expect(ref.runUntil(1_000_000)).toBe('finished');
      const wasm = await WasmEngine.create({ routing: r, worms, options });
      expect(wasm.runUntil(1_000_000)).toBe('finished');
      for (const e of [ref, wasm]) {
        const times = e.times();
        worms.forEach((w, i) => {
          const h = tracePath(r, w.src, w.dests[0]!).length;
          expect(times.destTail[i], `worm from node ${w.src}`).toBe(40 * i + 1 + (h + 2) + (h + 1) + 3);
        });
      }
    });
  }
});
