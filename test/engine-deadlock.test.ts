import { describe, expect, it } from 'vitest';
import { ReferenceEngine } from '../src/engine/reference.ts';
import { getScenario, SCENARIOS } from '../src/engine/scenarios.ts';
import { WasmEngine } from '../src/engine/wasm.ts';
import { firstResultDifference } from './engine-compare.ts';
import { checkReferenceInvariants } from './engine-helpers.ts';

describe('the deadlock scenarios of seed 004 section 6.1', () => {
  it('Fig. 6.1: the E-cube broadcast trees from 000 and 001 deadlock on channels 001->011/101 and 000->010/100', () => {
    const s = getScenario('lin-fig-6.1');
    const e = new ReferenceEngine({ routing: s.routing, worms: s.worms, options: s.options });
    expect(e.runUntil(10_000)).toBe('deadlock');
    expect(e.cycle).toBeLessThan(400);
    const rep = e.deadlock();
    expect(rep.worms.sort()).toEqual([0, 1]);
    expect(rep.waiting.sort()).toEqual([0, 1]);
    // M0 waits at 001 for a channel M1 took first, and M1 at 000 for one M0 took
    const names = rep.channels.map((c) => `${c.node}:${c.port}`).sort();
    expect(names[0]).toMatch(/^000:[12]$/);
    expect(names[1]).toMatch(/^001:[12]$/);
    expect(rep.channels.every((c) => c.kind === 'network')).toBe(true);
  });

  it('Fig. 6.4: the X-first trees from (1,1) and (2,1) deadlock on [(1,1),(0,1)] and [(2,1),(3,1)]', () => {
    const s = getScenario('lin-fig-6.4');
    const e = new ReferenceEngine({ routing: s.routing, worms: s.worms, options: s.options });
    expect(e.runUntil(10_000)).toBe('deadlock');
    expect(e.cycle).toBeLessThan(400);
    const rep = e.deadlock();
    expect(rep.worms.sort()).toEqual([0, 1]);
    const names = rep.channels.map((c) => `${c.node} ${s.routing.topology.portName(c.port)}`).sort();
    expect(names).toEqual(['1,1 -x', '2,1 +x']);
  });

  for (const name of ['lin-fig-6.1-dual-path', 'lin-fig-6.4-double-channel', 'lin-fig-6.4-dual-path']) {
    it(`${name}: the same traffic runs to completion, every cycle checked`, () => {
      const s = getScenario(name);
      expect(s.expect).toBe('finished');
      const e = new ReferenceEngine({ routing: s.routing, worms: s.worms, options: s.options });
      let status = e.runUntil(1);
      while (status === 'limit') {
        checkReferenceInvariants(e);
        status = e.runUntil(e.cycle + 1);
      }
      expect(status).toBe('finished');
      expect(Array.from(e.times().destTail).every((x) => x > 0)).toBe(true);
    });
  }

  it('every scenario gives the same results in wasm and in the reference', async () => {
    for (const name of Object.keys(SCENARIOS)) {
      const s = getScenario(name);
      const input = { routing: s.routing, worms: s.worms, options: s.options };
      const ref = new ReferenceEngine(input);
      const wasm = await WasmEngine.create(input);
      const s1 = ref.runUntil(10_000);
      const s2 = wasm.runUntil(10_000);
      expect(s1).toBe(s.expect);
      expect(firstResultDifference(`scenario ${name}`, ref, s1, wasm, s2)).toBeNull();
    }
  });
});
