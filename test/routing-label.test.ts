import { describe, expect, it } from 'vitest';
import { customLabelling } from '../src/labelling/custom.ts';
import { hypercubeGray } from '../src/labelling/hypercube-gray.ts';
import type { Labelling } from '../src/labelling/types.ts';
import { HIGH, LOW } from '../src/routing/label.ts';
import { createRouting } from '../src/routing/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import type { Hop, RoutingFunction } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';
import type { Topology } from '../src/topology/types.ts';
import { dependencyCycle } from './channel-dependency.ts';
import { checkRoutes, pairs } from './utils.ts';

/**
 * Labels strictly rise along the route (high-channel network, class high) when
 * l(src) < l(dst) and strictly fall otherwise (low-channel network, class low).
 */
function monotone(r: RoutingFunction): (s: number, d: number, path: Hop[]) => void {
  const l = r.labelling!.labelOf;
  return (s, d, path) => {
    const up = l[s]! < l[d]!;
    for (const h of path) {
      const ok = up
        ? l[h.to]! > l[h.from]! && l[h.to]! <= l[d]! && h.vc === HIGH
        : l[h.to]! < l[h.from]! && l[h.to]! >= l[d]! && h.vc === LOW;
      if (!ok)
        expect.fail(
          `${r.topology.format(s)} -> ${r.topology.format(d)}: hop ${h.from} (l ${l[h.from]}) -> ${h.to} (l ${l[h.to]}) class ${h.vc} is not label-monotone`,
        );
    }
  };
}

/** The channels used by visiting `dests` in order from `src` with R (seed 004 Figure 6.12). */
function chainHops(r: RoutingFunction, src: number, dests: number[]): number[] {
  let at = src;
  return dests.map((d) => {
    const n = tracePath(r, at, d).length;
    at = d;
    return n;
  });
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('label routing R on the 2D mesh (seed 004 section 6.2.2, Lemma 6.1)', () => {
  it('dual-path example of Figure 6.13 (6x6, source (3,2)): 33 channels, 18 high and 15 low, farthest destination 18 hops', () => {
    const t = parseTopology('mesh:6x6');
    const r = createRouting('label', t);
    const dh = ['5,3', '1,3', '5,4', '4,5', '0,5'].map((a) => t.parse(a));
    const dl = ['0,2', '5,1', '5,0', '0,0'].map((a) => t.parse(a));
    const high = chainHops(r, t.parse('3,2'), dh);
    const low = chainHops(r, t.parse('3,2'), dl);
    expect([sum(high), sum(low)]).toEqual([18, 15]);
    expect(Math.max(sum(high), sum(low))).toBe(18);
  });

  it('is minimal, label-monotone and matches wasm on every pair of 6x6, 5x3 and 1x4 meshes', async () => {
    for (const [spec, count] of [
      ['mesh:6x6', 1260],
      ['mesh:5x3', 210],
      ['mesh:1x4', 12],
    ] as const) {
      const t = parseTopology(spec);
      const r = createRouting('label', t);
      expect(r.minimal).toBe(true);
      expect(r.vcClasses).toEqual(['high', 'low']);
      expect(r.labelling?.name).toBe('mesh-snake');
      expect(await checkRoutes(r, pairs(t, 1e9), { minimal: true, check: monotone(r) })).toBe(count);
    }
  });

  it('the high-channel and low-channel networks have no dependency cycle (Assertion 2)', () => {
    const t = parseTopology('mesh:6x6');
    expect(dependencyCycle(createRouting('label', t), pairs(t, 1e9))).toBeUndefined();
  });

  it('over a user labelling (the 4x4 cycle of section 5.4) routes stay label-monotone but need not be shortest', async () => {
    const t = parseTopology('mesh:4x4');
    const lab = customLabelling(t, [0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4], true);
    const r = createRouting('label', t, { labelling: lab });
    expect(r.minimal).toBe(false);
    expect(r.labelling).toBe(lab);
    expect(await checkRoutes(r, pairs(t, 1e9), { check: monotone(r) })).toBe(240);
    // node 2 (label 2) to node 4 (label 15): 7 hops up the cycle where the distance is 3
    expect(tracePath(r, 2, 4).map((h) => h.to)).toEqual([6, 10, 14, 13, 12, 8, 4]);
    expect(pairs(t, 1e9).filter(([s, d]) => tracePath(r, s, d).length > t.distance(s, d)).length).toBe(20);
  });

  it('a labelling like Figure 6.10 makes (1,0) (label 4) and (1,2) (label 8) 4 channels apart either way instead of 2', () => {
    const t = parseTopology('mesh:4x3');
    const r = createRouting('label', t, {
      labelling: customLabelling(t, [11, 7, 3, 2, 1, 0, 4, 8, 9, 10, 6, 5], false),
    });
    const [a, b] = [t.parse('1,0'), t.parse('1,2')];
    expect([r.labelling!.labelOf[a], r.labelling!.labelOf[b]]).toEqual([4, 8]);
    expect([tracePath(r, a, b).length, tracePath(r, b, a).length, t.distance(a, b)]).toEqual([4, 4, 2]);
  });
});

describe('label routing R on the hypercube (seed 004 section 6.3)', () => {
  it('Figure 6.19: from source 1100 toward 1111, R picks 1101 among the higher neighbours 1000, 1101, 1110', () => {
    const t = parseTopology('hypercube:4');
    const r = createRouting('label', t);
    const path = tracePath(r, t.parse('1100'), t.parse('1111'));
    expect(path.map((h) => t.format(h.to))).toEqual(['1101', '1111']);
    expect(path.every((h) => h.vc === HIGH)).toBe(true);
    const at = t.parse('1100');
    // dual paths: DH = (1111, 1000) ascending, DL = (0100, 0111, 0011) descending; every leg shortest
    expect(
      chainHops(
        r,
        at,
        ['1111', '1000'].map((a) => t.parse(a)),
      ),
    ).toEqual([2, 3]);
    expect(
      chainHops(
        r,
        at,
        ['0100', '0111', '0011'].map((a) => t.parse(a)),
      ),
    ).toEqual([1, 2, 1]);
  });

  it('Lemma 6.4 fails for R as defined: in a 3-cube 000 -> 101 takes 4 hops through 010 (see Errata)', () => {
    const t = parseTopology('hypercube:3');
    const r = createRouting('label', t);
    expect(r.minimal).toBe(false);
    expect(tracePath(r, t.parse('000'), t.parse('101')).map((h) => t.format(h.to))).toEqual([
      '010',
      '110',
      '111',
      '101',
    ]);
    expect(t.distance(t.parse('000'), t.parse('101'))).toBe(2);
  });

  it('counts the pairs R routes longer than shortest: 0, 2, 22, 156, 910 on the 2- to 6-cube', () => {
    const counts = [2, 3, 4, 5, 6].map((n) => {
      const t = parseTopology(`hypercube:${n}`);
      const r = createRouting('label', t);
      return pairs(t, 1e9).filter(([s, d]) => tracePath(r, s, d).length !== t.distance(s, d)).length;
    });
    expect(counts).toEqual([0, 2, 22, 156, 910]);
  });

  it('a shortest label-monotone path exists for every pair (what the proof of Lemma 6.4 shows) on the 3- to 7-cube', () => {
    for (let n = 3; n <= 7; n++)
      expect(
        pairsWithoutMonotoneShortestPath(
          parseTopology(`hypercube:${n}`),
          hypercubeGray(parseTopology(`hypercube:${n}`)),
        ),
      ).toBe(0);
  });

  it('is label-monotone and matches wasm on every pair of a 4-cube', async () => {
    const t = parseTopology('hypercube:4');
    const r = createRouting('label', t);
    expect(r.labelling?.name).toBe('hypercube-gray');
    expect(await checkRoutes(r, pairs(t, 1e9), { check: monotone(r) })).toBe(240);
    expect(dependencyCycle(r, pairs(t, 1e9))).toBeUndefined();
  });

  it('is label-monotone, at most |l(u) - l(v)| hops, and matches wasm on 100,000 random pairs of a 16-cube', async () => {
    const t = parseTopology('hypercube:16');
    const r = createRouting('label', t);
    const l = r.labelling!.labelOf;
    const mono = monotone(r);
    let longer = 0;
    const check = (s: number, d: number, path: Hop[]) => {
      mono(s, d, path);
      if (path.length > Math.abs(l[s]! - l[d]!) || path.length < t.distance(s, d))
        expect.fail(`${s} -> ${d}: ${path.length} hops`);
      if (path.length > t.distance(s, d)) longer++;
    };
    expect(await checkRoutes(r, pairs(t, 100_000), { check })).toBe(100_000);
    expect(longer).toBeGreaterThan(0);
  });
});

describe("label routing with option shortest (Lemma 6.4's claim, made true)", () => {
  it('is shortest, label-monotone and matches wasm on every pair of the 3- to 7-cube and the 6x6 mesh', async () => {
    for (const spec of ['hypercube:3', 'hypercube:4', 'hypercube:5', 'hypercube:6', 'hypercube:7', 'mesh:6x6']) {
      const t = parseTopology(spec);
      const r = createRouting('label', t, { shortest: true });
      expect(r.minimal).toBe(true);
      expect(await checkRoutes(r, pairs(t, 1e9), { minimal: true, check: monotone(r) })).toBe(t.nodes * (t.nodes - 1));
    }
  });

  it('3-cube 000 -> 101 takes 2 hops (R as printed takes 4)', () => {
    const t = parseTopology('hypercube:3');
    expect(tracePath(createRouting('label', t, { shortest: true }), 0b000, 0b101)).toHaveLength(2);
  });

  it('is shortest, label-monotone and matches wasm on 100,000 random pairs of a 16-cube', async () => {
    const t = parseTopology('hypercube:16');
    const r = createRouting('label', t, { shortest: true });
    expect(await checkRoutes(r, pairs(t, 100_000), { minimal: true, check: monotone(r) })).toBe(100_000);
  });

  it('has no channel dependency cycle on a 5-cube', () => {
    const t = parseTopology('hypercube:5');
    expect(dependencyCycle(createRouting('label', t, { shortest: true }), pairs(t, 1e9))).toBeUndefined();
  });
});

describe('label routing errors', () => {
  it('3D meshes: R is not shortest-path there, so only 2D meshes are accepted', () => {
    expect(() => createRouting('label', parseTopology('mesh:4x4x4'))).toThrow(
      /wormcast: routing label: .*2D meshes .*mesh:4x4x4 has 3 dimensions/,
    );
  });

  it('torus, ccc and star are refused with the valid topologies named', () => {
    expect(() => createRouting('label', parseTopology('torus:4x4'))).toThrow(
      /needs a 2D mesh or hypercube .*not torus:4x4; for torus and star use hcm/,
    );
    expect(() => createRouting('label', parseTopology('ccc:3'))).toThrow(/needs a 2D mesh or hypercube/);
  });

  it('a supplied labelling must be a Hamiltonian path of the topology with consistent tables', () => {
    const t = parseTopology('mesh:4x4');
    const identity: Labelling = {
      name: 'rows',
      cycle: false,
      labelOf: Int32Array.from({ length: 16 }, (_, i) => i),
      nodeAt: Int32Array.from({ length: 16 }, (_, i) => i),
    };
    expect(() => createRouting('label', t, { labelling: identity })).toThrow(
      "routing label: labelling 'rows' on mesh:4x4: position 4: node 0,1 (4) is not adjacent to node 3,0 (3) at position 3",
    );
    const small = customLabelling(parseTopology('mesh:2x2'), [0, 1, 3, 2], true);
    expect(() => createRouting('label', t, { labelling: small })).toThrow('the order has 4 nodes');
    const snake = createRouting('label', t).labelling!;
    const broken: Labelling = { ...snake, labelOf: snake.labelOf.slice().fill(0) };
    expect(() => createRouting('label', t, { labelling: broken })).toThrow(
      "labelling 'mesh-snake': labelOf[1] is 0, but nodeAt[1] is 1",
    );
  });
});

/** Pairs (u, v) with no shortest path from u to v whose labels are monotone (dynamic programme per v). */
function pairsWithoutMonotoneShortestPath(t: Topology, lab: Labelling): number {
  const l = lab.labelOf;
  let bad = 0;
  for (let v = 0; v < t.nodes; v++) {
    const ok = new Uint8Array(t.nodes);
    ok[v] = 1;
    // Visit nodes by label moving away from l(v): a node's monotone successors are settled first.
    for (const dir of [1, -1]) {
      for (let k = l[v]! - dir; k >= 0 && k < t.nodes; k -= dir) {
        const u = lab.nodeAt[k]!;
        const du = t.distance(u, v);
        for (let p = 0; p < t.ports && ok[u] === 0; p++) {
          const w = t.neighbor(u, p);
          if (w < 0) continue;
          const between = dir === 1 ? l[w]! > k && l[w]! <= l[v]! : l[w]! < k && l[w]! >= l[v]!;
          if (between && ok[w] === 1 && t.distance(w, v) === du - 1) ok[u] = 1;
        }
        if (ok[u] === 0) bad++;
      }
    }
  }
  return bad;
}
