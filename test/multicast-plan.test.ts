import { describe, expect, it } from 'vitest';
import { evaluateSteps } from '../src/analysis/steps.ts';
import { WormcastError } from '../src/errors.ts';
import {
  mulberry32,
  normalizeDestinations,
  parseDestinations,
  randomDestinations,
  resolveDestinations,
} from '../src/multicast/destinations.ts';
import { checkPlan } from '../src/multicast/plan-check.ts';
import { NONE, PlanBuilder } from '../src/multicast/plan.ts';
import { MULTICAST_ALGORITHMS, createPlan, getAlgorithm } from '../src/multicast/registry.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';

const q3 = createRouting('ecube', parseTopology('hypercube:3'));

describe('Plan and PlanBuilder (shared/DESIGN.md "Plans")', () => {
  it('stores unicasts with sender, receiver, address field, trigger and order', () => {
    const chain = Int32Array.from([0, 4, 6, 7]);
    const b = new PlanBuilder(2, chain);
    b.unicast(0, 4, NONE, 0, 2, 4);
    b.unicast(4, 6, 0, 0, 3, 4);
    const p = b.build(q3.topology, q3, 'hand', 0, Int32Array.from([4, 6, 7]));
    expect(p.count).toBe(2);
    expect(p.receiver(1)).toBe(6);
    expect(p.messages).toEqual([
      { id: 0, from: 0, dests: [4], address: [6, 7], after: NONE, order: 0, kind: 'unicast' },
      { id: 1, from: 4, dests: [6], address: [7], after: 0, order: 0, kind: 'unicast' },
    ]);
  });

  it('add() takes messages of any kind, with several destinations and a network', () => {
    const b = new PlanBuilder(1);
    b.add({ from: 0, dests: [1, 3, 7], after: NONE, order: 0, kind: 'path', network: 'high', address: [3, 7] });
    b.add({ from: 7, dests: [6], after: 0, order: 0 });
    const p = b.build(q3.topology, q3, 'hand', 0, Int32Array.from([1, 3, 6, 7]));
    expect(p.message(0)).toEqual({
      id: 0,
      from: 0,
      dests: [1, 3, 7],
      address: [3, 7],
      after: NONE,
      order: 0,
      kind: 'path',
      network: 'high',
    });
    expect(p.message(1).kind).toBe('unicast');
    expect(checkPlan(p)).toEqual([]);
  });
});

describe('checkPlan: every destination once, no other processor involved', () => {
  const build = (rows: Array<[number, number, number, number]>, dests: number[]) => {
    const b = new PlanBuilder(rows.length);
    for (const [f, t, a, o] of rows) b.unicast(f, t, a, o, 0, 0);
    return b.build(q3.topology, q3, 'hand', 0, Int32Array.from(dests));
  };

  it('accepts a sound tree', () => {
    expect(
      checkPlan(
        build(
          [
            [0, 1, NONE, 0],
            [1, 3, 0, 0],
          ],
          [1, 3],
        ),
      ),
    ).toEqual([]);
  });

  it('names a destination reached twice or never, and a delivery to a non-destination', () => {
    expect(
      checkPlan(
        build(
          [
            [0, 1, NONE, 0],
            [0, 1, NONE, 1],
          ],
          [1, 3],
        ),
      ),
    ).toEqual(['destination 001 receives 2 times', 'destination 011 receives 0 times']);
    expect(checkPlan(build([[0, 2, NONE, 0]], []))).toEqual(['message 0: delivers to 010, which is not a destination']);
  });

  it('names a relay through a non-destination processor and a wrong trigger', () => {
    expect(
      checkPlan(
        build(
          [
            [0, 2, NONE, 0],
            [2, 3, 0, 0],
          ],
          [3],
        ),
      )[0],
    ).toMatch(/message 0: delivers to 010/);
    expect(
      checkPlan(
        build(
          [
            [0, 2, NONE, 0],
            [2, 3, 0, 0],
          ],
          [3],
        ),
      ),
    ).toContain('message 1: sender 010 is neither the source nor a destination');
    expect(
      checkPlan(
        build(
          [
            [0, 1, NONE, 0],
            [0, 3, NONE, 1],
            [3, 7, 0, 0],
          ],
          [1, 3, 7],
        ),
      ),
    ).toEqual(['message 2: trigger 0 did not deliver to the sender 011']);
    expect(
      checkPlan(
        build(
          [
            [0, 1, NONE, 1],
            [0, 3, NONE, 0],
          ],
          [1, 3],
        ),
      ),
    ).toEqual(['message 1: send order 0 after order 1 at 000']);
  });
});

describe('multicast registry', () => {
  it('holds the seven unicast-based algorithms by name', () => {
    expect(Object.keys(MULTICAST_ALGORITHMS)).toEqual(
      expect.arrayContaining(['combine', 'maxport', 'separate', 'u-ccc', 'u-cube', 'u-mesh', 'w-sort']),
    );
    for (const name of ['combine', 'maxport', 'separate', 'u-ccc', 'u-cube', 'u-mesh', 'w-sort'])
      expect(getAlgorithm(name).name).toBe(name);
  });

  it('an unknown name lists the known ones', () => {
    expect(() => getAlgorithm('ucube')).toThrow(
      "wormcast: unknown multicast algorithm 'ucube': expected one of separate, u-cube, u-mesh, u-ccc, maxport, combine, w-sort",
    );
  });

  it('an algorithm on the wrong topology or routing says what it needs', () => {
    expect(() => createPlan('u-ccc', parseTopology('hypercube:4'), 0, [1])).toThrow(
      'wormcast: algorithm u-ccc: needs a ccc topology, not hypercube:4',
    );
    expect(() => createPlan('u-cube', parseTopology('mesh:4x4'), 0, [1])).toThrow(
      'needs a hypercube topology, not mesh:4x4',
    );
    const other = { ...createRouting('ecube', parseTopology('hypercube:3')), name: 'other' };
    expect(() => createPlan('w-sort', other, 0, [1])).toThrow(
      "wormcast: algorithm w-sort: needs routing ecube, not 'other'",
    );
  });

  it('refuses the source as a destination and a repeated destination, naming them', () => {
    const t = parseTopology('hypercube:3');
    expect(() => createPlan('u-cube', t, 0, [1, 0])).toThrow('wormcast: hypercube:3: destination 000 is the source');
    expect(() => createPlan('u-cube', t, 0, [1, 5, 1])).toThrow('destination 001 is listed twice');
    expect(() => createPlan('u-cube', t, 0, [9])).toThrow('destination 9 is not a node (0..7)');
  });

  it('separate addressing: the source sends to every destination in id order; m steps on one-port', () => {
    const p = createPlan('separate', parseTopology('ccc:3'), 5, [20, 1, 7]);
    expect(p.messages.map((m) => [m.from, m.dests[0], m.order])).toEqual([
      [5, 1, 0],
      [5, 7, 1],
      [5, 20, 2],
    ]);
    expect(evaluateSteps(p, 'one').steps).toBe(3);
  });

  it('every algorithm gives an empty plan for no destinations', () => {
    for (const [name, spec] of [
      ['u-cube', 'hypercube:3'],
      ['w-sort', 'hypercube:3'],
      ['u-ccc', 'ccc:3'],
      ['u-mesh', 'mesh:3x3'],
      ['separate', 'star:4'],
    ] as const) {
      const p = createPlan(name, parseTopology(spec), 0, []);
      expect(p.count).toBe(0);
      expect(evaluateSteps(p, 'one')).toMatchObject({ steps: 0, meanSteps: 0, lowerBound: 0 });
    }
  });
});

describe('destination sets', () => {
  const ccc = parseTopology('ccc:5');
  const mesh = parseTopology('mesh:6x6');

  it('parses lists separated by semicolons or spaces, with commas inside addresses', () => {
    const a = parseDestinations(mesh, '0,0;5,4');
    expect(a.kind === 'list' && Array.from(a.nodes)).toEqual([0, 5 + 6 * 4]);
    const b = parseDestinations(ccc, '(3,01010) (1,00101)');
    expect(b.kind === 'list' && Array.from(b.nodes)).toEqual([10 * 5 + 3, 5 * 5 + 1]);
    const c = parseDestinations(ccc, '(3, 01010); (1,00101)');
    expect(c.kind === 'list' && c.nodes.length).toBe(2);
    expect(parseDestinations(ccc, 'random:64')).toEqual({ kind: 'random', m: 64 });
    expect(parseDestinations(ccc, 'all')).toEqual({ kind: 'all' });
  });

  it('names a bad address or a random size out of range', () => {
    expect(() => parseDestinations(mesh, '0,0;6,1')).toThrow(WormcastError);
    expect(() => parseDestinations(mesh, 'random:36')).toThrow('must be 0..35');
    expect(() => parseDestinations(mesh, ' ; ')).toThrow("expected addresses separated by ';' or spaces");
  });

  it('random sets are uniform draws of m distinct nodes other than the source, sparse or dense', () => {
    const random = mulberry32(1);
    for (const m of [1, 10, 100, 159]) {
      const d = randomDestinations(ccc, 7, m, random);
      expect(d.length).toBe(m);
      expect(new Set(d).size).toBe(m);
      expect(d.includes(7)).toBe(false);
      expect(Array.from(d)).toEqual(Array.from(d).sort((x, y) => x - y));
    }
    // each node is drawn about equally often
    const hits = new Int32Array(mesh.nodes);
    for (let k = 0; k < 2000; k++) for (const v of randomDestinations(mesh, 0, 5, random)) hits[v]!++;
    const counts = Array.from(hits).slice(1);
    expect(Math.min(...counts)).toBeGreaterThan(200);
    expect(Math.max(...counts)).toBeLessThan(380);
  });

  it('all is every node but the source; lists are normalised', () => {
    expect(Array.from(resolveDestinations(mesh, 3, { kind: 'all' }, Math.random))).toHaveLength(35);
    expect(Array.from(normalizeDestinations(mesh, 0, [9, 2, 5]))).toEqual([2, 5, 9]);
  });
});
