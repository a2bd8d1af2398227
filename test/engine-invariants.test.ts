import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { checkInvariants, checkReferenceInvariants } from './engine-helpers.ts';
import { randomConfig } from './engine-random.ts';

describe('conservation invariants, checked on every cycle of the JS reference (issue 6)', () => {
  it('hold on 80 random configurations; finished runs deliver every flit exactly once per destination', () => {
    let finished = 0;
    let deadlocked = 0;
    let cycles = 0;
    for (let seed = 0; seed < 80; seed++) {
      const cfg = randomConfig(seed);
      const e = new ReferenceEngine({ routing: cfg.routing, worms: cfg.worms, options: cfg.options });
      let status = e.runUntil(1);
      while (status === 'limit') {
        checkReferenceInvariants(e);
        cycles++;
        status = e.runUntil(e.cycle + 1);
      }
      const c = e.counters();
      if (status === 'finished') {
        finished++;
        const times = e.times();
        expect(
          Array.from(times.destTail).every((x) => x > 0),
          cfg.label,
        ).toBe(true);
        expect(c.ejectedFlits).toBe(cfg.worms.reduce((a, w) => a + w.flits * w.dests.length, 0));
        expect(c.injectedFlits).toBe(cfg.worms.reduce((a, w) => a + w.flits, 0));
        expect(e.active).toEqual([]);
        expect(e.owner.every((o) => o === null)).toBe(true);
        if (cfg.options.channelUse) {
          expect(e.channelFlits().reduce((a, b) => a + b, 0)).toBe(c.flitHops);
        }
      } else {
        expect(status, cfg.label).toBe('deadlock');
        deadlocked++;
        const rep = e.deadlock();
        expect(rep.worms.length, cfg.label).toBeGreaterThan(0);
        expect(rep.channels.length).toBe(rep.worms.length);
      }
    }
    expect(finished + deadlocked).toBe(80);
    expect(finished).toBeGreaterThan(60);
    expect(cycles).toBeGreaterThan(10_000);
  });

  it("hold on the wasm engine's region too, every cycle of 40 random configurations", async () => {
    let cycles = 0;
    for (let seed = 0; seed < 40; seed++) {
      const cfg = randomConfig(seed);
      const e = await WasmEngine.create({ routing: cfg.routing, worms: cfg.worms, options: cfg.options });
      let status = e.runUntil(1);
      while (status === 'limit') {
        checkInvariants(e.region());
        cycles++;
        status = e.runUntil(e.cycle + 1);
      }
      expect(['finished', 'deadlock'], cfg.label).toContain(status);
    }
    expect(cycles).toBeGreaterThan(5000);
  });

  it('unicast traffic with deadlock-free routing always finishes', () => {
    for (let seed = 0; seed < 60; seed++) {
      const cfg = randomConfig(seed);
      if (!['ecube', 'dor', 'hc', 'hcm', 'label'].includes(cfg.routing.name)) continue;
      const worms = cfg.worms
        .map((w, i) => ({
          kind: 'unicast' as const,
          src: w.src,
          dests: [w.dests[0]!],
          flits: w.flits,
          created: w.created ?? i,
        }))
        .sort((a, b) => a.created - b.created);
      const e = new ReferenceEngine({ routing: cfg.routing, worms, options: cfg.options });
      expect(e.runUntil(1e6), cfg.label).toBe('finished');
    }
  });
});
