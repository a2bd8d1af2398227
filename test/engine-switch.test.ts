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
