import { describe, expect, it } from 'vitest';
import { checkDeadlock, unicastScheme } from '../src/analysis/deadlock.ts';
import { routablePairs } from '../src/analysis/fault-routes.ts';
import { parseFaults } from '../src/fault/parse-faults.ts';
import { createRouting } from '../src/routing/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import { INJECT } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { WasmRouting } from '../src/wasm/module.ts';

/* label-detour (docs/routing-faults.md): label routing R round dead channels, labels monotone. */

describe('label-detour', () => {
  it('steps round the dead link 2,1-2,2 of mesh:4x4 on higher labels (hand-derived over the snake)', () => {
    // snake labels: row 1 runs 3,1=4 .. 0,1=7, row 2 0,2=8 .. 3,2=11, row 3 3,3=12 .. 0,3=15.
    // R from 2,1 (5) to 2,3 (13) takes 2,2 (10); with that link dead the healthy neighbours above
    // label 5 and not above 13 are 1,1 (6) only; from there R's way: 1,2 (9), 2,2 (10), 2,3 (13)
    const t = parseTopology('mesh:4x4');
    const r = createRouting('label-detour', t, { faults: parseFaults(t, 'link:2,1-2,2') });
    const hops = tracePath(r, t.parse('2,1'), t.parse('2,3'));
    expect(hops.map((h) => `${t.format(h.to)} ${r.vcClasses[h.vc]}`)).toEqual([
      '1,1 high',
      '1,2 high',
      '2,2 high',
      '2,3 high',
    ]);
    expect(tracePath(createRouting('label', t), t.parse('2,1'), t.parse('2,3')).map((h) => t.format(h.to))).toEqual([
      '2,2',
      '2,3',
    ]);
  });

  it('routes every pair label routes (the same route where R is healthy), and more; acyclic on random fault sets', () => {
    for (const spec of ['mesh:8x8', 'hypercube:5']) {
      const t = parseTopology(spec);
      for (const seed of [1, 2, 3, 4]) {
        const f = parseFaults(t, 'links:6;nodes:1', seed);
        const r = createRouting('label-detour', t, { faults: f });
        const ok = routablePairs(r, f)!;
        const plain = routablePairs(createRouting('label', t), f)!;
        let more = 0;
        for (let i = 0; i < ok.length; i++) {
          if (plain[i] === 1) expect(ok[i], `${spec} seed ${seed} pair ${i}`).toBe(1);
          more += ok[i]! - plain[i]!;
        }
        expect(more, `${spec} seed ${seed}`).toBeGreaterThan(0);
        const rep = checkDeadlock({ ...unicastScheme(r), first: (a, b) => ok[a * t.nodes + b] === 1 });
        expect(rep.verdict, `${spec} seed ${seed}`).toBe('acyclic');
      }
    }
  });

  it('the wasm twin gives the same route word in every state, with the fault mask uploaded', async () => {
    for (const spec of ['mesh:6x5', 'hypercube:4']) {
      const t = parseTopology(spec);
      for (const seed of [1, 2]) {
        const r = createRouting('label-detour', t, { faults: parseFaults(t, 'links:4;nodes:1', seed) });
        const w = await WasmRouting.create(r);
        let states = 0;
        for (let v = 0; v < t.nodes; v++)
          for (let d = 0; d < t.nodes; d++)
            for (let vc = INJECT; vc < r.vcClasses.length; vc++) {
              const ts = r.route(v, d, vc);
              const as = w.route(v, d, vc);
              if (ts !== as) expect.fail(`${spec} seed ${seed}: ${v} -> ${d} vc ${vc}: ts ${ts}, wasm ${as}`);
              states++;
            }
        expect(states).toBe(t.nodes * t.nodes * 3);
      }
    }
  });
});
