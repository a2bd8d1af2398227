import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRouting } from '../src/routing/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import type { Hop, RoutingFunction } from '../src/routing/types.ts';
import { popcount } from '../src/topology/hypercube.ts';
import { parseTopology } from '../src/topology/registry.ts';
import type { Topology } from '../src/topology/types.ts';
import { checkRoutes, pairs } from './utils.ts';

const ccc = (n: number): Topology => parseTopology(`ccc:${n}`);

/** Route of src -> dst as `(i,w)/vc` strings, for the seed's worked examples. */
function describeRoute(r: RoutingFunction, src: string, dst: string): string[] {
  const t = r.topology;
  return tracePath(r, t.parse(src), t.parse(dst)).map((h) => `${t.format(h.to)}/${r.vcClasses[h.vc]}`);
}

/** Virtual channels of a path: (channel * classes + vc). */
function channels(r: RoutingFunction, path: Hop[]): Set<number> {
  const k = r.vcClasses.length;
  return new Set(path.map((h) => (h.from * r.topology.ports + h.port) * k + h.vc));
}

/** Ring links traversed by the routes of every ordered pair (s, d), s = d included. */
function meanRingLinks(r: RoutingFunction): number {
  const t = r.topology;
  let ring = 0;
  for (let s = 0; s < t.nodes; s++) {
    for (let d = 0; d < t.nodes; d++) for (const h of tracePath(r, s, d)) if (h.port !== 0) ring++;
  }
  return ring / (t.nodes * t.nodes);
}

/** Seed 002 formula (1): mean ring links of Wittie's simple algorithm on a D-CCC. */
function reedFormula1(D: number): number {
  return (5 * D) / 4 + 1 / 2 ** (D - 1) - 2 - (D % 2 === 1 ? 1 / (4 * D) : 0);
}

/**
 * Seed 002 formula (2): mean ring links of the optimal algorithm, with the case II
 * term 2D - a - 2c (INDEX.md slip) and the outer sum from ceil(D/2) (docs Errata).
 */
function reedFormula2(D: number): number {
  const memo = new Map<number, number>();
  // Lemma 2 with p = q = 1/2: probability of a run of at least m successes in n trials.
  const R = (m: number, n: number): number => {
    if (m > n) return 0;
    if (m === 0) return 1;
    const key = m * 64 + n;
    let v = memo.get(key);
    if (v === undefined) {
      v = 0.5 ** m;
      for (let j = 0; j < m; j++) v += 0.5 * 0.5 ** j * R(m, n - j - 1);
      memo.set(key, v);
    }
    return v;
  };
  const Q = (m: number, n: number) => R(m, n) - R(m + 1, n);
  const P = (a: number) => (a === D || 2 * a === D ? 1 / D : 2 / D); // Lemma 1
  let sum = 0;
  for (let a = Math.ceil(D / 2); a <= D - 1; a++) {
    for (let b = 1; b <= a; b++) {
      for (let c = 1; c <= D - a; c++) {
        sum += P(a) * Q(b - 1, a - 1) * Q(c - 1, D - a - 1) * Math.min(D + a - 2 * b, 2 * D - a - 2 * c);
      }
    }
  }
  for (let b = 1; b <= D; b++) sum += P(D) * Q(b - 1, D - 1) * Math.min(2 * (D - b), D);
  return sum;
}

/**
 * True when the channel dependency graph of the routes of every pair (virtual channel
 * -> next virtual channel of a route) has a cycle (Dally and Seitz: acyclic means
 * deadlock-free).
 */
function dependencyCycle(r: RoutingFunction): boolean {
  const t = r.topology;
  const k = r.vcClasses.length;
  const vcId = (h: Hop) => (h.from * t.ports + h.port) * k + h.vc;
  const next = new Map<number, Set<number>>();
  for (let s = 0; s < t.nodes; s++) {
    for (let d = 0; d < t.nodes; d++) {
      const path = tracePath(r, s, d);
      for (let h = 1; h < path.length; h++) {
        const a = vcId(path[h - 1]!);
        let out = next.get(a);
        if (!out) next.set(a, (out = new Set()));
        out.add(vcId(path[h]!));
      }
    }
  }
  // Kahn's algorithm: a cycle leaves vertices with a positive in-degree.
  const indegree = new Map<number, number>();
  for (const [a, out] of next) {
    if (!indegree.has(a)) indegree.set(a, 0);
    for (const b of out) indegree.set(b, (indegree.get(b) ?? 0) + 1);
  }
  const ready = [...indegree].filter(([, deg]) => deg === 0).map(([v]) => v);
  let removed = 0;
  while (ready.length > 0) {
    const v = ready.pop()!;
    removed++;
    for (const b of next.get(v) ?? []) {
      const deg = indegree.get(b)! - 1;
      indegree.set(b, deg);
      if (deg === 0) ready.push(b);
    }
  }
  return removed < indegree.size;
}

describe('channel dependencies', () => {
  it('hc (R_CCC) has an acyclic channel dependency graph on the 3- and 4-CCC; the one-class functions do not', () => {
    for (const n of [3, 4]) {
      expect(dependencyCycle(createRouting('hc', ccc(n))), `hc ccc:${n}`).toBe(false);
      expect(dependencyCycle(createRouting('ccc-optimal', ccc(n))), `ccc-optimal ccc:${n}`).toBe(true);
      expect(dependencyCycle(createRouting('ccc-simple', ccc(n))), `ccc-simple ccc:${n}`).toBe(true);
    }
  });
});

describe('hc: HC routing with R_CCC (seed 000 sections 2 and 3)', () => {
  it('Fig. 2: (1,000) -> (0,111) climbs to d_xy = 2, then resolves bits 2, 1, 0 downwards', () => {
    const r = createRouting('hc', ccc(3));
    expect(describeRoute(r, '(1,000)', '(0,111)')).toEqual([
      '(2,000)/h0',
      '(2,100)/cube',
      '(1,100)/l0',
      '(1,110)/cube',
      '(0,110)/l0',
      '(0,111)/cube',
    ]);
  });

  it('Fig. 2: (2,001) -> (0,011) moves down to d_xy = 1, crosses, then down to 0 in cycle y', () => {
    const r = createRouting('hc', ccc(3));
    expect(describeRoute(r, '(2,001)', '(0,011)')).toEqual(['(1,001)/l0', '(1,011)/cube', '(0,011)/l1']);
  });

  it('R_CCC case table: h0 iff x <= y, h1 iff x > y upwards; l0 iff x < y, l1 iff x >= y downwards', () => {
    const t = ccc(3);
    const r = createRouting('hc', t);
    const vc = (from: string, to: string) => r.vcClasses[r.route(t.parse(from), t.parse(to), -1) >> 8];
    expect(vc('(0,101)', '(2,101)')).toBe('h0'); // x = y, delta > 0
    expect(vc('(0,001)', '(0,101)')).toBe('h0'); // x < y, d_xy = 2
    expect(vc('(0,101)', '(0,001)')).toBe('h1'); // x > y
    expect(vc('(2,101)', '(0,101)')).toBe('l1'); // x = y, delta < 0
    expect(vc('(2,100)', '(0,101)')).toBe('l0'); // x < y, d_xy = 0
    expect(vc('(2,101)', '(0,100)')).toBe('l1'); // x > y
    expect(vc('(2,101)', '(0,001)')).toBe('cube'); // i = d_xy
  });

  it('is valid, uses only declared classes on the matching direction, never the wrap edge, and matches wasm (every pair of 4-CCC)', async () => {
    const t = ccc(4);
    const r = createRouting('hc', t);
    expect(r.vcClasses).toEqual(['h0', 'h1', 'l0', 'l1', 'cube']);
    expect(await checkRoutes(r, pairs(t, 1e9), { check: (s, d, path) => checkHcPath(t, r, s, d, path) })).toBe(64 * 63);
  });

  it('same on 100,000 random pairs of the 10-CCC', async () => {
    const t = ccc(10);
    const r = createRouting('hc', t);
    expect(await checkRoutes(r, pairs(t, 100_000), { check: (s, d, path) => checkHcPath(t, r, s, d, path) })).toBe(
      100_000,
    );
  });

  it('Theorem 2: if v <_d x <_d y then P(u, v) and P(x, y) share no virtual channel (every quadruple of 3-CCC)', () => {
    const t = ccc(3);
    const r = createRouting('hc', t);
    const N = t.nodes;
    const sets: Set<number>[] = [];
    for (let s = 0; s < N; s++) for (let d = 0; d < N; d++) sets.push(channels(r, tracePath(r, s, d)));
    let shared = 0;
    let checked = 0;
    for (let v = 0; v < N; v++) {
      for (let x = v + 1; x < N; x++) {
        for (let y = x + 1; y < N; y++) {
          const pxy = sets[x * N + y]!;
          for (let u = 0; u < N; u++) {
            checked++;
            for (const c of sets[u * N + v]!)
              if (pxy.has(c)) {
                shared++;
                break;
              }
          }
        }
      }
    }
    expect(checked).toBe(24 * 2024);
    expect(shared).toBe(0);
  });

  it('Theorem 2 on random quadruples of the 6-CCC', () => {
    const t = ccc(6);
    const r = createRouting('hc', t);
    const node = fc.integer({ min: 0, max: t.nodes - 1 });
    fc.assert(
      fc.property(node, fc.uniqueArray(node, { minLength: 3, maxLength: 3 }), (u, vxy) => {
        const [v, x, y] = [...vxy].sort((a, b) => a - b) as [number, number, number];
        const a = channels(r, tracePath(r, u, v));
        for (const c of channels(r, tracePath(r, x, y))) if (a.has(c)) return false;
        return true;
      }),
      { numRuns: 5000, seed: 42 },
    );
  });

  it('rejects a topology that is not a CCC', () => {
    expect(() => createRouting('hc', parseTopology('hypercube:3'))).toThrow(
      'routing hc: needs a ccc topology, not hypercube:3',
    );
  });
});

/**
 * Per path: R_CCC channels by direction (h-group up, l-group down, cube on port 0), no
 * wrap-around edge, one cube link per differing bit resolved from the highest bit down
 * (seed 000 section 4: "addresses are resolved from higher to lower bits").
 */
function checkHcPath(t: Topology, r: RoutingFunction, s: number, d: number, path: Hop[]): void {
  const n = t.dims[0]!;
  const cubeDims: number[] = [];
  for (const h of path) {
    const i = h.from % n;
    const cls = r.vcClasses[h.vc];
    const ok =
      h.port === 0
        ? cls === 'cube'
        : h.port === 1
          ? (cls === 'h0' || cls === 'h1') && i !== n - 1
          : (cls === 'l0' || cls === 'l1') && i !== 0;
    if (!ok) expect.fail(`hc ${t.format(s)} -> ${t.format(d)}: hop ${t.format(h.from)} port ${h.port} on ${cls}`);
    if (h.port === 0) cubeDims.push(i);
  }
  const diff = Math.floor(s / n) ^ Math.floor(d / n);
  if (cubeDims.length !== popcount(diff) || cubeDims.some((k, idx) => idx > 0 && k >= cubeDims[idx - 1]!)) {
    expect.fail(`hc ${t.format(s)} -> ${t.format(d)}: cube links in dimensions ${cubeDims.join(',')}`);
  }
}

describe('ccc-optimal: optimal ring-covering routing (seed 002)', () => {
  it('is minimal and matches wasm on every pair of the 3- to 6-CCC', async () => {
    for (let n = 3; n <= 6; n++) {
      const t = ccc(n);
      const count = t.nodes * (t.nodes - 1);
      expect(await checkRoutes(createRouting('ccc-optimal', t), pairs(t, 1e9), { minimal: true })).toBe(count);
    }
  });

  it('is minimal and matches wasm on 100,000 random pairs of the 10-CCC', async () => {
    const t = ccc(10);
    expect(await checkRoutes(createRouting('ccc-optimal', t), pairs(t, 100_000), { minimal: true })).toBe(100_000);
  });

  it('mean ring links over all pairs equal formula (2) of seed 002 (corrected) for D = 3..6', () => {
    for (let D = 3; D <= 6; D++) {
      expect(meanRingLinks(createRouting('ccc-optimal', ccc(D))), `D = ${D}`).toBeCloseTo(reedFormula2(D), 12);
    }
    expect(reedFormula2(3)).toBeCloseTo(19 / 12, 12);
  });

  it('declares one VC class and says it is minimal', () => {
    const r = createRouting('ccc-optimal', ccc(5));
    expect(r.vcClasses).toEqual(['c']);
    expect(r.minimal).toBe(true);
  });
});

describe("ccc-simple: Wittie's simple routing (seed 002)", () => {
  it('is valid and matches wasm on every pair of the 3- to 5-CCC and 100,000 random pairs of the 10-CCC', async () => {
    for (const n of [3, 4, 5]) {
      const t = ccc(n);
      expect(
        await checkRoutes(createRouting('ccc-simple', t), pairs(t, 1e9), {
          check: (s, d, p) => checkSimplePath(t, s, d, p),
        }),
      ).toBe(t.nodes * (t.nodes - 1));
    }
    const t = ccc(10);
    expect(
      await checkRoutes(createRouting('ccc-simple', t), pairs(t, 100_000), {
        check: (s, d, p) => checkSimplePath(t, s, d, p),
      }),
    ).toBe(100_000);
  });

  it('mean ring links over all pairs equal formula (1) of seed 002 for D = 3..6', () => {
    for (let D = 3; D <= 6; D++) {
      expect(meanRingLinks(createRouting('ccc-simple', ccc(D))), `D = ${D}`).toBeCloseTo(reedFormula1(D), 12);
    }
    expect([3, 4].map(reedFormula1)).toEqual([23 / 12, 3.125]);
  });

  it('is longer than ccc-optimal on average: 5-CCC 4.2625 vs 3.45 ring links', () => {
    expect(meanRingLinks(createRouting('ccc-simple', ccc(5)))).toBeCloseTo(4.2625, 12);
    expect(meanRingLinks(createRouting('ccc-optimal', ccc(5)))).toBeCloseTo(3.45, 12);
  });
});

/** Step A goes clockwise only, each cube link once; step B is at most floor(D/2) ring links. */
function checkSimplePath(t: Topology, s: number, d: number, path: Hop[]): void {
  const n = t.dims[0]!;
  let last = -1;
  path.forEach((h, k) => {
    if (h.port === 0) last = k;
  });
  const stepA = path.slice(0, last + 1);
  const stepB = path.slice(last + 1);
  const cube = stepA.filter((h) => h.port === 0).length;
  const ok =
    stepA.every((h) => h.port !== 2) &&
    cube === popcount(Math.floor(s / n) ^ Math.floor(d / n)) &&
    stepB.every((h) => h.port === stepB[0]!.port) &&
    stepB.length <= Math.floor(n / 2);
  if (!ok) expect.fail(`ccc-simple ${t.format(s)} -> ${t.format(d)}: ${path.map((h) => h.port).join('')}`);
}
