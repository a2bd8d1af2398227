import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { WormSpec } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { faultyEventWorms } from '../src/experiment/run/fault-events.ts';
import { generateTraffic } from '../src/experiment/run/traffic.ts';
import { healthyComponents, reachable } from '../src/fault/components.ts';
import { parseFaults } from '../src/fault/parse-faults.ts';
import { routingFor } from '../src/multicast/registry.ts';
import { getAlgorithm } from '../src/multicast/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { firstResultDifference } from './engine-compare.ts';

/*
 * Issue 22, multicast traffic on random fault sets through src/experiment/run/fault-events.ts:
 * every worm handed to the engines delivers all its destinations, no flit crosses a dead channel,
 * every destination cut off from its source is counted undeliverable, and wasm = reference.
 */
describe('multicast worms on faulty networks, both engines', () => {
  it.each([
    ['mesh:6x6', 'dual-path'],
    ['mesh:6x6', 'multi-path'],
    ['mesh:6x6', 'u-mesh'],
    ['mesh:6x6', 'x-first'],
    ['hypercube:5', 'u-cube'],
    ['hypercube:5', 'ecube-tree'],
    ['hypercube:5', 'sorted-mp'],
  ])('%s %s', async (spec, algorithm) => {
    const t = parseTopology(spec);
    const routing = routingFor(getAlgorithm(algorithm), t);
    let lost = 0;
    for (const seed of [1, 2, 3]) {
      const f = parseFaults(t, 'links:6%;nodes:1', seed);
      const c = healthyComponents(t, f);
      const events = generateTraffic({ nodes: t.nodes, load: 0.02, flits: 4, dests: 5, cycles: 600, seed });
      const worms: WormSpec[] = [];
      let expected = 0;
      let group = 0;
      for (const e of events) {
        const fe = faultyEventWorms(e, algorithm, routing, 4, group++, f);
        const cut = e.dests.filter((d) => !reachable(c, e.src, d)).length;
        expect(fe.undeliverable).toBeGreaterThanOrEqual(cut);
        expect(fe.dests.length + fe.undeliverable).toBe(new Set(e.dests).size);
        lost += fe.undeliverable;
        const base = worms.length;
        for (const w of fe.worms) {
          worms.push(w.after === undefined ? w : { ...w, after: base + w.after });
          expected += w.dests.length;
        }
      }
      const input = { routing, worms, options: { port: 'all' as const, consumption: 'vc' as const, watchdog: 400 } };
      const ref = new ReferenceEngine(input);
      const wasm = await WasmEngine.create(input);
      const s1 = ref.runUntil(100_000);
      const s2 = wasm.runUntil(100_000);
      expect(s1, `${spec} ${algorithm} seed ${seed}`).toBe('finished');
      expect(firstResultDifference(`${spec} ${algorithm} seed ${seed}`, ref, s1, wasm, s2)).toBeNull();
      const times = wasm.times();
      expect(Array.from(times.destTail).filter((x) => x >= 0)).toHaveLength(expected);
      const flits = wasm.channelFlits();
      for (let ch = 0; ch < f.channelMask.length; ch++) if (f.channelMask[ch] === 1) expect(flits[ch]).toBe(0);
    }
    expect(lost).toBeGreaterThan(0);
  });
});
