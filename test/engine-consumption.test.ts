import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { firstResultDifference } from './engine-compare.ts';
import type { WormSpec } from '../src/engine/types.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { randomConfigConsumption } from './engine-random.ts';

describe('consumption channels and VC copies of tree edges (issue 10 items 2 and 4)', () => {
  it('wasm and reference report the same results with one consumption channel per incoming VC and copy-free tree edges', async () => {
    const statuses = new Map<string, number>();
    for (let seed = 0; seed < 160; seed++) {
      const cfg = randomConfigConsumption(seed);
      const input = { routing: cfg.routing, worms: cfg.worms, options: cfg.options };
      const ref = new ReferenceEngine(input);
      const wasm = await WasmEngine.create(input);
      const s1 = ref.runUntil(20_000);
      const s2 = wasm.runUntil(20_000);
      expect(firstResultDifference(`randomConfigConsumption(${seed}) ${cfg.label}`, ref, s1, wasm, s2)).toBeNull();
      statuses.set(s1, (statuses.get(s1) ?? 0) + 1);
    }
    expect(statuses.get('finished') ?? 0).toBeGreaterThan(60);
  });

  // docs/model-flit.md "Channels": a path worm delivering at node 1 holds a consumption channel of
  // node 1 until its tail has been consumed there. With one per node (one-port), a unicast arriving
  // at 1 meanwhile waits for it; with one per incoming link or per incoming VC it does not.
  it('a consumption channel per node is held by one worm at a time; one per incoming VC never makes a worm wait', async () => {
    const t = parseTopology('mesh:4x1');
    const routing = createRouting('dor', t);
    // A: 0 -> {1, 3} (path, long); B: 2 -> 1 (unicast) created while A's copy is being consumed at 1
    const worms: WormSpec[] = [
      { kind: 'path', src: 0, dests: [1, 3], flits: 40, created: 0 },
      { kind: 'unicast', src: 2, dests: [1], flits: 4, created: 10 },
    ];
    const run = async (port: 'one' | 'all', consumption: 'port' | 'vc') => {
      const e = await WasmEngine.create({ routing, worms, options: { port, consumption } });
      expect(e.runUntil(10_000)).toBe('finished');
      return e.counters().vcWaitCycles;
    };
    // one-port: B waits for node 1's consumption channel while A's 40 flits go by
    expect(await run('one', 'port')).toBeGreaterThan(20);
    // all-port: B arrives on another link, so on another consumption channel
    expect(await run('all', 'port')).toBe(0);
    expect(await run('one', 'vc')).toBe(0);
  });
});
