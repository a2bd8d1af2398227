import { describe, expect, it } from 'vitest';
import { createRouting, routingSamples } from '../src/routing/registry.ts';
import { SELECTIONS, selectionNamed } from '../src/routing/selection.ts';
import { DELIVER, INJECT, admissible, portOf, vcOf } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { mulberry32 } from '../src/random.ts';

/*
 * Issue 26: the routing functions that offer a choice. The conformance suite checks their `route`
 * (test/conformance-routing.test.ts); this file checks every choice.
 */

const ADAPTIVE = ['west-first', 'north-last', 'negative-first', 'planar-adaptive', 'min-adaptive'];

describe.each(ADAPTIVE)('adaptive routing %s: every admissible choice', (name) => {
  it('route is one of the choices, every choice is a minimal hop over a declared class, and random walks over the choices reach the destination', () => {
    const rand = mulberry32(26);
    let walks = 0;
    for (const spec of routingSamples(name)) {
      const t = parseTopology(spec);
      const r = createRouting(name, t);
      expect(r.choices, spec).toBeDefined();
      const V = r.vcClasses.length;
      for (let s = 0; s < t.nodes; s++) {
        for (let d = 0; d < t.nodes; d++) {
          if (s === d) {
            expect(admissible(r, s, d, INJECT)).toEqual([DELIVER]);
            continue;
          }
          const cs = admissible(r, s, d, INJECT);
          expect(cs).toContain(r.route(s, d, INJECT));
          for (const w of cs) {
            const next = t.neighbor(s, portOf(w));
            expect(next, `${spec} ${t.format(s)}->${t.format(d)}`).toBeGreaterThanOrEqual(0);
            expect(vcOf(w)).toBeLessThan(V);
            expect(t.distance(next, d)).toBe(t.distance(s, d) - 1);
          }
        }
      }
      // one random walk per ordered pair over the choices: minimal, so exactly distance hops
      for (let s = 0; s < Math.min(t.nodes, 64); s++) {
        for (let d = 0; d < Math.min(t.nodes, 64); d++) {
          let node = s;
          let vc = INJECT;
          let hops = 0;
          for (;;) {
            const cs = admissible(r, node, d, vc);
            if (cs[0] === DELIVER) break;
            const w = cs[Math.floor(rand() * cs.length)]!;
            node = t.neighbor(node, portOf(w));
            vc = vcOf(w);
            hops++;
          }
          expect(node).toBe(d);
          expect(hops).toBe(t.distance(s, d));
          walks++;
        }
      }
    }
    expect(walks).toBeGreaterThan(0);
  });
});

describe('the turn models offer what Glass and Ni allow (hand-derived, mesh:8x8, x = east, y = north)', () => {
  const t = parseTopology('mesh:8x8');
  const at = (x: number, y: number): number => x + 8 * y;
  const ports = (name: string, from: number, to: number): number[] =>
    [...admissible(createRouting(name, t), from, to, INJECT)].map(portOf);
  it('west-first: only west while west is needed; east/north/south adaptively otherwise', () => {
    expect(ports('west-first', at(5, 2), at(1, 6))).toEqual([1]);
    expect(ports('west-first', at(1, 6), at(5, 2))).toEqual([0, 3]);
    expect(ports('west-first', at(1, 1), at(1, 6))).toEqual([2]);
  });
  it('north-last: north only when it is the last direction left', () => {
    expect(ports('north-last', at(1, 1), at(5, 6))).toEqual([0]);
    expect(ports('north-last', at(5, 6), at(1, 1))).toEqual([1, 3]);
    expect(ports('north-last', at(5, 1), at(5, 6))).toEqual([2]);
  });
  it('negative-first: west and south first, adaptively; then east and north, adaptively', () => {
    expect(ports('negative-first', at(5, 6), at(1, 1))).toEqual([1, 3]);
    expect(ports('negative-first', at(1, 6), at(5, 1))).toEqual([3]);
    expect(ports('negative-first', at(1, 1), at(5, 6))).toEqual([0, 2]);
  });
  it('min-adaptive on a mesh: every minimal hop on class adaptive, then the dor hop on class escape; route is the escape hop', () => {
    const r = createRouting('min-adaptive', t);
    const cs = admissible(r, at(1, 1), at(5, 6), INJECT).map((w) => [portOf(w), r.vcClasses[vcOf(w)]]);
    expect(cs).toEqual([
      [0, 'adaptive'],
      [2, 'adaptive'],
      [0, 'escape'],
    ]);
    expect(vcOf(r.route(at(1, 1), at(5, 6), INJECT))).toBe(1);
  });
  it('min-adaptive on a torus takes both ways round at a tie (offset k/2), and escapes on the dateline classes', () => {
    const tt = parseTopology('torus:8x8');
    const r = createRouting('min-adaptive', tt);
    const cs = admissible(r, 0, 4, INJECT).map((w) => [portOf(w), r.vcClasses[vcOf(w)]]);
    expect(cs).toEqual([
      [0, 'adaptive'],
      [1, 'adaptive'],
      [0, 'd1'],
    ]);
  });
});

describe('planar-adaptive (Chien and Kim): the y channels of a +x packet are y-inc, of a -x packet y-dec', () => {
  it('choices by x direction, and a packet with no x left keeps its y class', () => {
    const t = parseTopology('mesh:8x8');
    const r = createRouting('planar-adaptive', t);
    const named = (from: number, to: number, vcIn: number) =>
      admissible(r, from, to, vcIn).map((w) => [portOf(w), r.vcClasses[vcOf(w)]]);
    expect(named(8 + 1, 8 * 6 + 6, INJECT)).toEqual([
      [0, 'x'],
      [2, 'y-inc'],
    ]);
    expect(named(8 * 6 + 6, 8 + 1, INJECT)).toEqual([
      [1, 'x'],
      [3, 'y-dec'],
    ]);
    expect(named(8 + 1, 8 * 6 + 1, 2)).toEqual([[2, 'y-dec']]);
    expect(named(8 + 1, 8 * 6 + 1, INJECT)).toEqual([[2, 'y-inc']]);
  });
});

describe('o1turn and valiant: one route per key', () => {
  it('o1turn: key 0 is XY on class xy, key 1 YX on class yx', () => {
    const t = parseTopology('mesh:8x8');
    const r = createRouting('o1turn', t);
    expect(r.route(0, 8 * 3 + 3, INJECT, 0)).toBe(0); // east on xy
    expect(r.route(0, 8 * 3 + 3, INJECT, 1)).toBe((1 << 8) | 2); // north on yx
    expect(r.route(3, 8 * 3 + 3, 1, 1)).toBe((1 << 8) | 2);
  });
  it('valiant: through the intermediate node of the key (phase 1 classes, then phase 2)', () => {
    const t = parseTopology('mesh:4x4');
    const r = createRouting('valiant', t);
    // 0 -> 3 via node 12 = (0,3): north on phase 1 first
    let node = 0;
    let vc = INJECT;
    const seen: number[] = [];
    for (;;) {
      const w = r.route(node, 3, vc, 12);
      if (w === DELIVER) break;
      node = t.neighbor(node, portOf(w));
      vc = vcOf(w);
      seen.push(node * 10 + vc);
    }
    expect(seen).toEqual([40, 80, 120, 131, 141, 151, 111, 71, 31]);
  });
});

describe('selection functions (docs/model-flit.md "Adaptive routing: choices and selection")', () => {
  const c = (free: boolean, credits: number) => ({ word: 0, free, credits });
  it('first-free takes the first free candidate in order; none free: -1', () => {
    const s = selectionNamed('first-free');
    expect(s([c(false, 4), c(true, 1), c(true, 8)], 0)).toBe(1);
    expect(s([c(false, 4)], 0)).toBe(-1);
  });
  it('random takes the (key mod free)-th free candidate', () => {
    const s = selectionNamed('random');
    const cs = [c(true, 0), c(false, 0), c(true, 0), c(true, 0)];
    expect([0, 1, 2, 3, 4].map((k) => s(cs, k))).toEqual([0, 2, 3, 0, 2]);
  });
  it('most-credits takes the free candidate with the most credits, the first on a tie', () => {
    const s = selectionNamed('most-credits');
    expect(s([c(true, 2), c(false, 9), c(true, 5), c(true, 5)], 0)).toBe(2);
  });
  it('an unknown name lists the known ones', () => {
    expect(() => selectionNamed('best')).toThrow(`expected one of ${Object.keys(SELECTIONS).join(', ')}`);
  });
});
