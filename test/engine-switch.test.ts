import { describe, expect, it } from 'vitest';
import { arbiterOf } from '../src/engine/reference-arbiter.ts';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { EngineInput, WormSpec } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { makeEngine, simulate } from '../src/experiment/run/simulate.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { firstResultDifference, runResults } from './engine-compare.ts';
import { randomConfigPerPort } from './engine-random.ts';

// Switch 'per-port' (issue 27; docs/model-flit.md "Arbitration", the input stage): one crossbar
// input per input port, BookSim's input_speedup = 1, allocated input first, one iteration.

describe("switch 'per-port': the input stage of a separable input-first allocator, both engines", () => {
  it('the input arbiter is round-robin over the VC indices of the port, its pointer moved only by a flit that left', () => {
    const a = arbiterOf('round-robin', 4, 4, 3);
    // pointer at V - 1 = 3: VC 0 first, whatever the order of entry
    expect(a.arbitrateInput(1, 2, 0)).toBe(0);
    expect(a.arbitrateInput(1, 0, 2)).toBe(0);
    a.arbitratedInput(1, 0);
    // after VC 0 sent: 1, 2, 3, 0
    expect(a.arbitrateInput(1, 0, 3)).toBe(3);
    expect(a.arbitrateInput(1, 3, 1)).toBe(1);
    // another port's pointer did not move; equal indices (one injection port's messages) keep the first
    expect(a.arbitrateInput(2, 3, 0)).toBe(0);
    expect(a.arbitrateInput(2, 0, 0)).toBe(0);
  });

  it('two VCs of one input port drain together under per-vc and in turns under per-port (derived by hand)', async () => {
    // The line 0 - 1 - 2 - 3 (mesh:4x1, dor, 2 VCs per link, B = 8, S = R = 1, one consumption
    // channel per node). E: 2 -> 1, 20 flits, holds node 1's consumption channel from 5; its tail
    // is delivered at 25, so the channel is free from 25. C: a tree from 1 to 2 on 1 -> 2 VC 0, 20
    // flits: holds that VC from 3 until its tail has left node 2's buffer (delivered at 25): free
    // from 25. A: 0 -> 1, 8 flits: crosses 0 -> 1 on VC 0 during 3..10 and waits at 1 (from 5) for
    // the consumption channel. B: a tree from 0 to 2 on 0 -> 1 VC 1, then 1 -> 2 VC 0, 8 flits,
    // queued behind A at 0 (back-to-back: granted at 9): crosses 0 -> 1 during 11..18 and waits at
    // 1 (from 13) for 1 -> 2 VC 0. At 25 both are granted, with all 16 flits in the two buffers of
    // input port 0 -> 1. per-vc: both move every cycle from 25: A delivered 26..33; B crosses
    // 1 -> 2 during 25..32, its header is routed at 2 at 27: delivered 28..35. per-port: the port
    // sends one flit a cycle, round-robin from VC 0: A at 25, 27, .., 39 (delivered 26..40 every
    // other cycle), B at 26, 28, .., 40: flit k at 2 at 27 + 2k, the header routed at 28 and
    // delivered at 29, flit k >= 1 delivered the cycle after it arrives: 28 + 2k, the tail at 42.
    const line = parseTopology('mesh:4x1');
    const r = createRouting('dor', line);
    const worms: WormSpec[] = [
      { kind: 'unicast', src: 2, dests: [1], flits: 20, created: 0 },
      { kind: 'tree', src: 1, dests: [2], flits: 20, created: 0, tree: [{ parent: -1, port: 0, vc: 0, copy: 0 }] },
      { kind: 'unicast', src: 0, dests: [1], flits: 8, created: 0 },
      {
        kind: 'tree',
        src: 0,
        dests: [2],
        flits: 8,
        created: 0,
        tree: [
          { parent: -1, port: 0, vc: 0, copy: 1 },
          { parent: 0, port: 0, vc: 0, copy: 0 },
        ],
      },
    ];
    const expected = { 'per-vc': [26, 28, 33, 35], 'per-port': [26, 29, 40, 42] } as const;
    for (const sw of ['per-vc', 'per-port'] as const)
      for (const kind of ['reference', 'wasm'] as const) {
        const e = await makeEngine(kind, { routing: r, worms, options: { vcsPerClass: 2, switch: sw } });
        expect(e.runUntil(1000), `${kind} ${sw}`).toBe('finished');
        const t = e.times();
        expect([t.destTail[0], t.destTail[1]], `${kind} ${sw}`).toEqual([25, 25]);
        expect([t.destHead[2], t.destHead[3], t.destTail[2], t.destTail[3]], `${kind} ${sw}`).toEqual(expected[sw]);
      }
  });

  it('a lone worm runs as under per-vc (zero load); the option needs multiplexed VCs', async () => {
    const mesh = parseTopology('mesh:4x4');
    const dor = createRouting('dor', mesh);
    const worms: WormSpec[] = [{ kind: 'unicast', src: 0, dests: [15], flits: 8, created: 3 }];
    const times = [];
    for (const sw of ['per-vc', 'per-port'] as const)
      for (const kind of ['reference', 'wasm'] as const) {
        const e = await makeEngine(kind, { routing: dor, worms, options: { vcsPerClass: 2, switch: sw } });
        expect(e.runUntil(1000)).toBe('finished');
        times.push([...e.times().destHead, ...e.times().destTail]);
      }
    // 6 hops, S = R = 1: header at 3 + 1 + 1 + 7 x 2 = 19, tail 7 cycles later
    for (const t of times) expect(t).toEqual([19, 26]);
    await expect(makeEngine('reference', { routing: dor, worms, options: { switch: 'per-port' } })).rejects.toThrow(
      /switch: 'per-port' needs VCs multiplexed on each link .* this run has 1 VC\(s\) per channel/,
    );
  });

  it('200 random small configurations: the wasm engine and the reference give the same results, and the rule changes loaded runs', async () => {
    let changed = 0;
    for (let seed = 0; seed < 200; seed++) {
      const cfg = randomConfigPerPort(seed);
      const input: EngineInput = { routing: cfg.routing, worms: cfg.worms, options: cfg.options };
      const ref = new ReferenceEngine(input);
      const wasm = await WasmEngine.create(input);
      const s1 = ref.runUntil(20_000);
      const s2 = wasm.runUntil(20_000);
      expect(firstResultDifference(`randomConfigPerPort(${seed}) ${cfg.label}`, ref, s1, wasm, s2)).toBeNull();
      const other = new ReferenceEngine({ ...input, options: { ...cfg.options, switch: 'per-vc' } });
      const s3 = other.runUntil(20_000);
      if (JSON.stringify(runResults(other, s3)) !== JSON.stringify(runResults(ref, s1))) changed++;
    }
    expect(changed, `${changed} runs changed`).toBeGreaterThan(50);
  });

  it("8x8 mesh under BookSim's rules: one crossbar input per port lowers saturation throughput (offered 0.6)", async () => {
    const run = (sw: 'per-vc' | 'per-port') =>
      simulate({
        topology: 'mesh:8x8',
        routing: 'dor',
        algorithm: 'unicast',
        dests: 0,
        load: 0.6,
        flits: 16,
        self: true,
        warmup: 3000,
        measure: 5000,
        drain: 0,
        seed: 11,
        engine: 'wasm',
        options: { buffer: 8, routerDelay: 4, startup: 1, vcsPerClass: 2, vcRelease: 'tail-sent', switch: sw },
      });
    const [vc, port] = [await run('per-vc'), await run('per-port')];
    expect(port.throughput).toBeLessThan(vc.throughput);
  });
});
