import { describe, expect, it } from 'vitest';
import { checkDeadlock, unicastScheme } from '../src/analysis/deadlock.ts';
import { faultRoutes, routablePairs } from '../src/analysis/fault-routes.ts';
import { parseFaults } from '../src/fault/parse-faults.ts';
import { createRouting } from '../src/routing/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import { INJECT } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { WasmRouting } from '../src/wasm/module.ts';

/* dim-reversal (docs/routing-faults.md): routes around faults; class = dimension reversals. */

describe('dim-reversal under faults', () => {
  it('goes round the dead link (1,0)-(2,0) of mesh:4x4 by +y, reversing once (hand-derived)', () => {
    // at (1,0) +x is dead: +y is profitable and keeps the class; it stays on +y (in class) to row 3,
    // then +x is a lower port than the arrival port +y: one reversal, class r1
    const t = parseTopology('mesh:4x4');
    const r = createRouting('dim-reversal', t, { faults: parseFaults(t, 'link:1,0-2,0') });
    const hops = tracePath(r, t.parse('0,0'), t.parse('3,3'));
    expect(hops.map((h) => `${t.format(h.to)} ${r.vcClasses[h.vc]}`)).toEqual([
      '1,0 r0',
      '1,1 r0',
      '1,2 r0',
      '1,3 r0',
      '2,3 r1',
      '3,3 r1',
    ]);
    // dor loses the 32 pairs that cross the link (test/fault.test.ts); dim-reversal none
    expect(faultRoutes(r, r.faults!)).toEqual({ pairs: 240, unreachable: 0, components: 1, unroutable: 0 });
  });

  it('the wasm twin gives the same route word in every state, with the fault mask uploaded', async () => {
    for (const spec of ['mesh:5x4', 'hypercube:4', 'mesh:3x3x2']) {
      const t = parseTopology(spec);
      for (const seed of [1, 2]) {
        const r = createRouting('dim-reversal', t, { faults: parseFaults(t, 'links:3;nodes:1', seed) });
        const w = await WasmRouting.create(r);
        let states = 0;
        for (let v = 0; v < t.nodes; v++)
          for (let d = 0; d < t.nodes; d++)
            for (let vc = INJECT; vc < r.vcClasses.length; vc++)
              for (let p = vc === INJECT ? -1 : 0; p < (vc === INJECT ? 0 : t.ports); p++) {
                const ts = r.route(v, d, vc, 0, p);
                const as = w.route(v, d, vc, 0, p);
                if (ts !== as) expect.fail(`${spec} seed ${seed}: ${v} -> ${d} vc ${vc} in ${p}: ts ${ts}, wasm ${as}`);
                states++;
              }
        expect(states).toBeGreaterThan(t.nodes * t.nodes);
      }
    }
  });

  it('is deadlock-free on faulty networks: the dependency graph of the routes it delivers is acyclic', () => {
    for (const spec of ['mesh:6x6', 'hypercube:5', 'mesh:4x3x3']) {
      const t = parseTopology(spec);
      for (const seed of [1, 2, 3, 4]) {
        const r = createRouting('dim-reversal', t, { faults: parseFaults(t, 'links:8%;nodes:1', seed) });
        const ok = routablePairs(r, r.faults!)!;
        const rep = checkDeadlock({ ...unicastScheme(r), first: (a, b) => ok[a * t.nodes + b] === 1 });
        expect(rep.verdict, `${spec} seed ${seed}`).toBe('acyclic');
      }
    }
  });

  it('routes at least as many reachable pairs as the fault-oblivious function on these fault sets', () => {
    for (const [spec, base] of [
      ['mesh:8x8', 'dor'],
      ['hypercube:6', 'ecube'],
    ] as const) {
      const t = parseTopology(spec);
      for (const seed of [1, 2, 3]) {
        const f = parseFaults(t, 'links:6', seed);
        const ft = faultRoutes(createRouting('dim-reversal', t, { faults: f }), f)!;
        const plain = faultRoutes(createRouting(base, t), f)!;
        expect(ft.unroutable, `${spec} seed ${seed}`).toBeLessThan(plain.unroutable);
      }
    }
  });
});
