import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../src/engine/input.ts';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { EngineInput, EngineOptions, WormSpec } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { makeEngine } from '../src/experiment/run/simulate.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { firstResultDifference, runResults } from './engine-compare.ts';
import { randomConfigConsumption } from './engine-random.ts';

// Option queuedHeader (issue 27; docs/model-flit.md "One cycle t" 4b): with vcRelease 'tail-sent',
// when a header queued in a VC's buffer behind the previous holder's tail is routed.

describe("queuedHeader 'pipelined': a header behind a tail is routed max(1, R - 1) cycles after that tail left", () => {
  it('on a line, worms queued behind a tail are routed 2 cycles earlier at R = 4 (derived by hand)', async () => {
    // The line 0 - 1 - 2 (mesh:3x1, dor, 1 VC per link, B = 8, R = 4, S = 1, back-to-back,
    // tail-sent, one consumption channel per node), 4-flit worms created at 0. C: 1 -> 2, injected
    // during 1, routed at 6, crosses 1 -> 2 during 6..9 (the VC free from 10 on), header at 2 from
    // 7, routed at 11, leaves 2 during 11..14: delivered 12..15. A: 0 -> 2, crosses 0 -> 1 during
    // 6..9 (free from 10), header at 1 from 7, routed at 11, crosses 1 -> 2 during 11..14 and queues
    // at 2 behind C's tail, which leaves during 14. B: 0 -> 2, queued behind A at 0 (injection
    // granted at 5), header at 0 from 6, routed at 10, crosses 0 -> 1 during 10, queues at 1 behind
    // A's tail, which leaves during 14.
    // router-delay (R after reaching the front, the cycle after the tail left): A routed at 2 at 19,
    // delivered 20..23; B routed at 1 at 19, at 2 from 20 behind A's tail (leaves during 22),
    // routed at 27, delivered 28..31.
    // pipelined (max(R + arrival, tail left + 3)): A routed at 2 at max(16, 17) = 17, delivered
    // 18..21; B routed at 1 at max(15, 17) = 17, at 2 from 18 behind A's tail (leaves during 20),
    // routed at max(22, 23) = 23, delivered 24..27.
    const line = parseTopology('mesh:3x1');
    const dor = createRouting('dor', line);
    const worms: WormSpec[] = [
      { kind: 'unicast', src: 1, dests: [2], flits: 4, created: 0 },
      { kind: 'unicast', src: 0, dests: [2], flits: 4, created: 0 },
      { kind: 'unicast', src: 0, dests: [2], flits: 4, created: 0 },
    ];
    const expected = {
      'router-delay': { head: [12, 20, 28], tail: [15, 23, 31] },
      pipelined: { head: [12, 18, 24], tail: [15, 21, 27] },
    } as const;
    for (const queuedHeader of ['router-delay', 'pipelined'] as const)
      for (const kind of ['reference', 'wasm'] as const) {
        const options: EngineOptions = {
          buffer: 8,
          routerDelay: 4,
          startup: 1,
          injection: 'back-to-back',
          vcRelease: 'tail-sent',
          queuedHeader,
        };
        const e = await makeEngine(kind, { routing: dor, worms, options });
        expect(e.runUntil(1000), `${kind} ${queuedHeader}`).toBe('finished');
        const t = e.times();
        expect({ head: [...t.destHead], tail: [...t.destTail] }, `${kind} ${queuedHeader}`).toEqual(
          expected[queuedHeader],
        );
      }
  });

  it("router-delay is the default; pipelined needs vcRelease 'tail-sent' and other values are refused by name", () => {
    expect(resolveOptions({}).queuedHeader).toBe('router-delay');
    expect(resolveOptions({ vcRelease: 'tail-sent', queuedHeader: 'pipelined' }).queuedHeader).toBe('pipelined');
    expect(() => resolveOptions({ queuedHeader: 'pipelined' })).toThrow(
      "engine option queuedHeader: 'pipelined' needs vcRelease 'tail-sent' (this run has tail-credit)",
    );
    expect(() => resolveOptions({ vcRelease: 'tail-sent', queuedHeader: 'early' as 'pipelined' })).toThrow(
      "engine option queuedHeader: 'early' must be router-delay or pipelined",
    );
  });

  it('200 random small configurations under tail-sent: the wasm engine and the reference give the same results, and the rule changes loaded runs', async () => {
    let changed = 0;
    for (let seed = 0; seed < 200; seed++) {
      const cfg = randomConfigConsumption(seed);
      // one crossbar input per port on one seed in three (it needs multiplexed VCs)
      const perPort = seed % 3 === 2;
      const options: EngineOptions = {
        ...cfg.options,
        vcRelease: 'tail-sent',
        queuedHeader: 'pipelined',
        ...(perPort
          ? { vcLinks: false, vcsPerClass: Math.max(2, cfg.options.vcsPerClass ?? 1), switch: 'per-port' }
          : {}),
      };
      const input: EngineInput = { routing: cfg.routing, worms: cfg.worms, options };
      const ref = new ReferenceEngine(input);
      const wasm = await WasmEngine.create(input);
      const s1 = ref.runUntil(20_000);
      const s2 = wasm.runUntil(20_000);
      const label = `randomConfigConsumption(${seed}) ${cfg.label} pipelined${perPort ? ' per-port' : ''}`;
      expect(firstResultDifference(label, ref, s1, wasm, s2)).toBeNull();
      const other = new ReferenceEngine({ ...input, options: { ...options, queuedHeader: 'router-delay' } });
      const s3 = other.runUntil(20_000);
      if (JSON.stringify(runResults(other, s3)) !== JSON.stringify(runResults(ref, s1))) changed++;
    }
    expect(changed, `${changed} runs changed`).toBeGreaterThan(40);
  });
});
