import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyzePlan } from '../src/analysis/verify.ts';
import { evaluateSteps } from '../src/analysis/steps.ts';
import { relativeKeys, weightedSort } from '../src/multicast/chains.ts';
import { mulberry32, randomDestinations } from '../src/multicast/destinations.ts';
import { checkPlan } from '../src/multicast/plan-check.ts';
import type { Plan } from '../src/multicast/plan.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';

const q4 = parseTopology('hypercube:4');
const bin = (xs: readonly string[]): number[] => xs.map((x) => q4.parse(x));
const fmt = (xs: ArrayLike<number>): string[] => Array.from(xs, (x) => q4.format(x));
/** The tree as "from>to@step" strings, in plan order. */
const edges = (p: Plan, port: 'one' | 'all'): string[] => {
  const s = evaluateSteps(p, port);
  return p.messages.map((m) => `${q4.format(m.from)}>${q4.format(m.dests[0]!)}@${s.messageStep[m.id]}`);
};

// seed 001 Figs. 3 and 5: source 0100 and eight destinations (Fig. 3 is the same multicast seen from 0000)
const FIG5_SOURCE = q4.parse('0100');
const FIG5_DESTS = bin(['0001', '0011', '0101', '0111', '1000', '1010', '1011', '1111']);

describe('u-cube (seed 001 section 4.1, Fig. 4)', () => {
  it('Fig. 5: the d0-relative chain of source 0100 is 0000 0001 0011 0101 0111 1011 1100 1110 1111 (the printed chain omits 1110; see Errata)', () => {
    expect(fmt(relativeKeys(FIG5_SOURCE, FIG5_DESTS, 4, false))).toEqual([
      '0000',
      '0001',
      '0011',
      '0101',
      '0111',
      '1011',
      '1100',
      '1110',
      '1111',
    ]);
  });

  it('Fig. 3(c)/5: 4 steps on one-port; Fig. 3(d): still 4 on all-port, with 1011 reached only at step 3', () => {
    const p = createPlan('u-cube', q4, FIG5_SOURCE, FIG5_DESTS);
    expect(checkPlan(p)).toEqual([]);
    expect(evaluateSteps(p, 'one').steps).toBe(4);
    const all = evaluateSteps(p, 'all');
    expect(all.steps).toBe(4);
    // in Fig. 3's relative addresses 1011 is 1111 here: its unicast queues behind the one to 1000 (relative 1100)
    expect(all.receiveStep[p.destinations.indexOf(q4.parse('1111'))]).toBe(3);
    expect(edges(p, 'one')).toEqual([
      '0100>0011@1',
      '0100>0111@2',
      '0100>0101@3',
      '0011>1000@2',
      '0011>1111@3',
      '0111>0001@3',
      '1000>1010@3',
      '1010>1011@4',
    ]);
  });

  it('Fig. 3(c)/5: address fields halve the chain: the first receiver carries the upper half', () => {
    const p = createPlan('u-cube', q4, FIG5_SOURCE, FIG5_DESTS);
    expect(fmt(p.message(0).address)).toEqual(['1111', '1000', '1010', '1011']);
    expect(p.message(0).after).toBe(-1);
    expect(p.message(3)).toMatchObject({ from: q4.parse('0011'), after: 0, order: 0 });
  });

  it('Fig. 6(b): 0000 to {1001, 1010, 1011} takes 2 steps', () => {
    const p = createPlan('u-cube', q4, 0, bin(['1001', '1010', '1011']));
    expect(evaluateSteps(p, 'one').steps).toBe(2);
    expect(evaluateSteps(p, 'all').steps).toBe(2);
  });
});

describe('maxport and combine (seed 001 section 4.1)', () => {
  it('Fig. 6(a): maxport from 0000 to {1001, 1010, 1011} is a chain of 3 steps', () => {
    const p = createPlan('maxport', q4, 0, bin(['1001', '1010', '1011']));
    expect(edges(p, 'all')).toEqual(['0000>1001@1', '1001>1010@2', '1010>1011@3']);
  });

  it('combine takes next = max(highdim, center): on Fig. 6 it splits like U-cube, 2 steps', () => {
    const p = createPlan('combine', q4, 0, bin(['1001', '1010', '1011']));
    expect(evaluateSteps(p, 'all').steps).toBe(2);
  });

  it('maxport sends every unicast of one sender on its own channel', () => {
    const p = createPlan('maxport', q4, FIG5_SOURCE, FIG5_DESTS);
    const s = evaluateSteps(p, 'all');
    for (let id = 0; id < p.count; id++) {
      expect(s.messageStep[id]).toBe(p.afters[id] === -1 ? 1 : s.messageStep[p.afters[id]!]! + 1);
    }
  });
});

describe('w-sort (seed 001 section 4.2, Figs. 7 and 8)', () => {
  const FIG8 = [1, 3, 5, 7, 11, 12, 14, 15];

  it('Fig. 8: weighted_sort turns {0,1,3,5,7,11,12,14,15} into {0,1,3,5,7,14,15,12,11}', () => {
    const d = Int32Array.from([0, ...FIG8]);
    weightedSort(d, 0, d.length - 1, 4);
    expect(Array.from(d)).toEqual([0, 1, 3, 5, 7, 14, 15, 12, 11]);
  });

  it('Fig. 8(a)-(c): u-cube and maxport take 4 steps on all-port, w-sort 2', () => {
    expect(evaluateSteps(createPlan('u-cube', q4, 0, FIG8), 'all').steps).toBe(4);
    expect(evaluateSteps(createPlan('maxport', q4, 0, FIG8), 'all').steps).toBe(4);
    const w = createPlan('w-sort', q4, 0, FIG8);
    expect(evaluateSteps(w, 'all').steps).toBe(2);
    expect(edges(w, 'all')).toEqual([
      '0000>1110@1',
      '0000>0101@1',
      '0000>0011@1',
      '0000>0001@1',
      '1110>1011@2',
      '1110>1100@2',
      '1110>1111@2',
      '0101>0111@2',
    ]);
  });

  it('Fig. 8(a): in U-cube node 7 sends to 11 and 12 in different steps (same outgoing channel)', () => {
    const p = createPlan('u-cube', q4, 0, FIG8);
    const s = evaluateSteps(p, 'all');
    const step = (to: number): number => s.messageStep[p.messages.find((m) => m.from === 7 && m.dests[0] === to)!.id]!;
    expect(step(12)).toBe(2);
    expect(step(11)).toBe(3);
  });

  it('Fig. 3(e): w-sort reaches the eight destinations of Fig. 3 in 2 steps on all-port, contention-free', () => {
    const p = createPlan('w-sort', q4, FIG5_SOURCE, FIG5_DESTS);
    const a = analyzePlan(p, 'all');
    expect(a.steps.steps).toBe(2);
    expect(a.steps.lowerBound).toBe(2);
    expect(a.contention.violations).toBe(0);
  });
});

/**
 * A multicast in an n-cube for fast-check: the source and a uniform random set of m
 * destinations, m uniform in 1..2^n - 1 (drawn from a seed so that sets of every size occur).
 */
const cubeCase = (minN: number, maxN: number) =>
  fc.integer({ min: minN, max: maxN }).chain((n) =>
    fc
      .record({ n: fc.constant(n), m: fc.integer({ min: 1, max: 2 ** n - 1 }), seed: fc.integer() })
      .map(({ m, seed }) => {
        const random = mulberry32(seed);
        const t = parseTopology(`hypercube:${n}`);
        const source = Math.floor(random() * t.nodes);
        return { n, source, dests: Array.from(randomDestinations(t, source, m, random)) };
      }),
  );
const withoutSource = (c: { source: number; dests: number[] }): number[] => c.dests;

/** True when the nodes of every subcube (seed 001 Definition 2) are contiguous in the chain of keys. */
function cubeOrdered(keys: Int32Array, n: number): boolean {
  for (let k = 0; k <= n; k++) {
    const seen = new Set<number>();
    for (let i = 0; i < keys.length; i++) {
      const s = keys[i]! >> k;
      if (i > 0 && s !== keys[i - 1]! >> k && seen.has(s)) return false;
      seen.add(s);
    }
  }
  return true;
}

describe('hypercube theorems, as properties over random destination sets', () => {
  it('u-cube: ceil(log2(m + 1)) steps for m destinations on one-port, contention-free, every destination once (seed 001 section 4.1)', () => {
    fc.assert(
      fc.property(cubeCase(1, 8), (c) => {
        const dests = withoutSource(c);
        fc.pre(dests.length > 0);
        const t = parseTopology(`hypercube:${c.n}`);
        const p = createPlan('u-cube', t, c.source, dests);
        const a = analyzePlan(p, 'one');
        expect(checkPlan(p)).toEqual([]);
        expect(a.steps.steps).toBe(Math.ceil(Math.log2(dests.length + 1)));
        expect(a.contention.violations).toBe(0);
      }),
      { numRuns: 1500, seed: 1 },
    );
  });

  it('u-cube evaluated all-port can contend: seed 001 claims contention-freedom for one-port only', () => {
    // found by `verify`-style search over random 6-cube sets (docs/algorithms-unicast.md)
    const t = parseTopology('hypercube:6');
    const dests = [
      '000001',
      '000011',
      '000100',
      '000101',
      '000110',
      '001010',
      '001011',
      '010000',
      '010011',
      '010101',
      '010111',
      '011000',
      '011011',
      '011111',
      '100000',
      '100001',
      '100011',
      '101100',
      '101111',
      '110001',
      '110010',
      '110101',
      '110111',
      '111001',
      '111110',
    ].map((a) => t.parse(a));
    const p = createPlan('u-cube', t, 0, dests);
    expect(analyzePlan(p, 'one').contention.violations).toBe(0);
    const c = analyzePlan(p, 'all').contention;
    expect(c.violations).toBeGreaterThan(0);
    const v = c.examples.find(
      (e) => t.format(p.senders[e.first]!) === '011011' && t.format(p.senders[e.second]!) === '011111',
    );
    // 011011 -> 100001 and 011111 -> 100000, both at step 3, both over 100011 -dim 1-> 100001
    expect(v).toMatchObject({ firstStep: 3, secondStep: 3, node: t.parse('100011'), port: 1 });
  });

  it('u-cube under E-cube resolving the lowest bit first: same bound, contention-free', () => {
    fc.assert(
      fc.property(cubeCase(2, 7), (c) => {
        const dests = withoutSource(c);
        fc.pre(dests.length > 0);
        const r = createRouting('ecube', parseTopology(`hypercube:${c.n}`), { lowFirst: true });
        const a = analyzePlan(createPlan('u-cube', r, c.source, dests), 'one');
        expect(a.steps.steps).toBe(Math.ceil(Math.log2(dests.length + 1)));
        expect(a.contention.violations).toBe(0);
      }),
      { numRuns: 300, seed: 2 },
    );
  });

  it('weighted_sort gives a cube-ordered permutation with the source first (seed 001 Theorem 5)', () => {
    fc.assert(
      fc.property(cubeCase(1, 10), (c) => {
        const keys = relativeKeys(c.source, withoutSource(c), c.n, false);
        const sorted = keys.slice();
        weightedSort(keys, 0, keys.length - 1, c.n);
        expect(keys[0]).toBe(0);
        expect(Array.from(keys.slice().sort())).toEqual(Array.from(sorted));
        expect(cubeOrdered(keys, c.n)).toBe(true);
      }),
      { numRuns: 2000, seed: 3 },
    );
  });

  it('w-sort and maxport are contention-free on all-port (seed 001 Theorem 6; a dimension-ordered chain is cube-ordered, Theorem 4), and on one-port (observed)', () => {
    fc.assert(
      fc.property(cubeCase(1, 8), fc.constantFrom('w-sort', 'maxport'), (c, alg) => {
        const dests = withoutSource(c);
        fc.pre(dests.length > 0);
        const p = createPlan(alg, parseTopology(`hypercube:${c.n}`), c.source, dests);
        expect(checkPlan(p)).toEqual([]);
        expect(analyzePlan(p, 'all').contention.violations).toBe(0);
        expect(analyzePlan(p, 'one', 1).contention.violations).toBe(0);
      }),
      { numRuns: 2000, seed: 4 },
    );
  });

  it('combine is contention-free on both port models too (observed, not a theorem of the seed)', () => {
    fc.assert(
      fc.property(cubeCase(1, 8), (c) => {
        const dests = withoutSource(c);
        fc.pre(dests.length > 0);
        const p = createPlan('combine', parseTopology(`hypercube:${c.n}`), c.source, dests);
        expect(checkPlan(p)).toEqual([]);
        expect(analyzePlan(p, 'all').contention.violations).toBe(0);
        expect(analyzePlan(p, 'one', 1).contention.violations).toBe(0);
      }),
      { numRuns: 500, seed: 5 },
    );
  });

  it('summed over random sets, w-sort needs no more all-port steps than maxport (seed 001 Figs. 9 and 10)', () => {
    // weighted_sort moves the most crowded subcube to the front; in the seed's figures W-sort
    // is below Maxport on average. Here: fewer steps summed over 500 random sets.
    const t = parseTopology('hypercube:6');
    let w = 0;
    let m = 0;
    const random = mulberry32(6);
    for (let k = 0; k < 500; k++) {
      const dests = randomDestinations(t, 0, 1 + Math.floor(random() * 63), random);
      w += evaluateSteps(createPlan('w-sort', t, 0, dests), 'all').steps;
      m += evaluateSteps(createPlan('maxport', t, 0, dests), 'all').steps;
    }
    expect(w).toBeLessThan(m);
  });
});
