import { describe, expect, it } from 'vitest';
import { resolveOptions } from '../src/engine/input.ts';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { EngineInput, EngineOptions, WormSpec } from '../src/engine/types.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { makeEngine } from '../src/experiment/run/simulate.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { firstResultDifference } from './engine-compare.ts';
import { randomConfigCredit } from './engine-random.ts';

// Option creditDelay (issue 27; docs/model-flit.md "Time"): a flit that leaves a network VC's
// buffer during t frees room its upstream sees from t + linkLatency + creditDelay on.

describe('creditDelay: a credit takes linkLatency + creditDelay cycles back upstream', () => {
  it('one worm alone with one-flit buffers: head S + 2 + R + h (R + l), tail (L - 1)(2 l + d) later (derived by hand)', async () => {
    // The line 0 - 1 - 2 - 3 (mesh:4x1, dor), one 5-flit worm 0 -> 3 (h = 3 hops), B = 1, R = 2,
    // S = 1, link latency l, credit delay d. The header crosses the injection channel during S, is
    // routed R cycles after each arrival and crosses hop j (0..h-1) during S + 1 + R + j (R + l);
    // at node 3 it is routed to the ejection channel R after its arrival: delivered at
    // S + 2 + R + h (R + l). With one flit of room per buffer, flit k + 1 crosses a channel only
    // after flit k has left the buffer beyond it and that credit came back, l + d cycles later:
    // the loop of one flit per channel is l (across) + l + d (the credit), and the header's R
    // cycles a router keep every upstream loop ahead of the last one, so flit k is delivered
    // k (2 l + d) after the header (the injection loop, 2 cycles, is never the slower one).
    // l = 1: head 1 + 2 + 2 + 3 * 3 = 14, tail 14 + 4 * 2 = 22 (d = 0), 14 + 4 * 5 = 34 (d = 3);
    // l = 2: head 1 + 2 + 2 + 3 * 4 = 17, tail 17 + 4 * 4 = 33 (d = 0), 17 + 4 * 7 = 45 (d = 3),
    // 17 + 4 * 3 = 29 (d = -1: the credit back faster than the flit across);
    // l = 3, d = -1 (BookSim's mesh with its switch and channel stages in l): head
    // 1 + 2 + 2 + 3 * 5 = 20, tail 20 + 4 * 5 = 40.
    const line = parseTopology('mesh:4x1');
    const dor = createRouting('dor', line);
    const worms: WormSpec[] = [{ kind: 'unicast', src: 0, dests: [3], flits: 5, created: 0 }];
    const cases: Array<[l: number, d: number, head: number, tail: number]> = [
      [1, 0, 14, 22],
      [1, 3, 14, 34],
      [2, 0, 17, 33],
      [2, 3, 17, 45],
      [2, -1, 17, 29],
      [3, -1, 20, 40],
    ];
    // one VC per link, and two multiplexed ones (the wasm engine's walk, then its ready list)
    for (const [linkLatency, creditDelay, head, tail] of cases)
      for (const kind of ['reference', 'wasm'] as const)
        for (const [vcsPerClass, readyListAt] of [
          [1, 2048],
          [2, 2048],
          [2, 0],
        ] as const) {
          const options: EngineOptions = {
            buffer: 1,
            routerDelay: 2,
            startup: 1,
            linkLatency,
            creditDelay,
            vcsPerClass,
            readyListAt,
          };
          const label = `${kind} l=${linkLatency} d=${creditDelay} K=${vcsPerClass} readyListAt=${readyListAt}`;
          const e = await makeEngine(kind, { routing: dor, worms, options });
          expect(e.runUntil(1000), label).toBe('finished');
          const t = e.times();
          expect({ head: [...t.destHead], tail: [...t.destTail] }, label).toEqual({ head: [head], tail: [tail] });
        }
  });

  it('0 is the default; a credit of no cycle, or longer than the wire records hold (linkLatency + creditDelay outside 1..31), is refused in one line', () => {
    expect(resolveOptions({}).creditDelay).toBe(0);
    expect(resolveOptions({ linkLatency: 16, creditDelay: 15 }).creditDelay).toBe(15);
    expect(resolveOptions({ linkLatency: 3, creditDelay: -2 }).creditDelay).toBe(-2);
    expect(() => resolveOptions({ linkLatency: 2, creditDelay: 30 })).toThrow(
      'engine option creditDelay: 30 with linkLatency 2 makes a credit take 32 cycles; linkLatency + creditDelay must be 1..31',
    );
    expect(() => resolveOptions({ creditDelay: -1 })).toThrow(
      'engine option creditDelay: -1 with linkLatency 1 makes a credit take 0 cycles; linkLatency + creditDelay must be 1..31',
    );
    expect(() => resolveOptions({ creditDelay: -16 })).toThrow(
      'engine option creditDelay: -16 must be an integer -15..30',
    );
    expect(() => resolveOptions({ creditDelay: 1.5 })).toThrow(
      'engine option creditDelay: 1.5 must be an integer -15..30',
    );
  });

  it('220 random small configurations with creditDelay: the wasm engine and the reference give the same results, and the delay acts', async () => {
    let changed = 0;
    const statuses = new Map<string, number>();
    for (let seed = 0; seed < 220; seed++) {
      const cfg = randomConfigCredit(seed);
      const input: EngineInput = { routing: cfg.routing, worms: cfg.worms, options: cfg.options };
      const ref = new ReferenceEngine(input);
      const wasm = await WasmEngine.create(input);
      const s1 = ref.runUntil(20_000);
      const s2 = wasm.runUntil(20_000);
      expect(firstResultDifference(`randomConfigCredit(${seed}) ${cfg.label}`, ref, s1, wasm, s2)).toBeNull();
      statuses.set(s1, (statuses.get(s1) ?? 0) + 1);
      // the same run without the delay ends differently (on the wasm engine)
      const none = await WasmEngine.create({ ...input, options: { ...cfg.options, creditDelay: 0 } });
      if (firstResultDifference('', none, none.runUntil(20_000), wasm, s2) !== null) changed++;
    }
    expect(changed, `${changed} runs changed`).toBeGreaterThan(180);
    expect(statuses.get('finished') ?? 0, JSON.stringify([...statuses])).toBeGreaterThan(150);
  });
});
