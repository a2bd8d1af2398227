import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planWorms } from '../src/engine/plan-worms.ts';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { Plan } from '../src/multicast/plan.ts';
import { checkPlan } from '../src/multicast/plan-check.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { greedyStOrder, greedyStTree } from '../src/multicast/tree-based/greedy-st.ts';
import { treeTraffic } from '../src/multicast/tree-based/metrics.ts';
import { createRouting } from '../src/routing/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import { quadrantOf, SUBNETWORKS } from '../src/routing/xy-double.ts';
import { parseTopology } from '../src/topology/registry.ts';
import type { Topology } from '../src/topology/types.ts';
import { checkRoutes, pairs } from './utils.ts';

/** A random multicast: a source and a non-empty destination set without it. */
const multicast = (t: Topology) =>
  fc
    .tuple(
      fc.integer({ min: 0, max: t.nodes - 1 }),
      fc.uniqueArray(fc.integer({ min: 0, max: t.nodes - 1 }), { minLength: 1, maxLength: Math.min(24, t.nodes - 1) }),
    )
    .map(([s, ds]) => [s, ds.filter((d) => d !== s)] as const)
    .filter(([, ds]) => ds.length > 0);

/** Per tree: each edge's channel leaves its parent's node and arrives at its node; no channel twice. */
function checkTrees(plan: Plan, shared = false): void {
  const t = plan.topology;
  const V = plan.routing.vcClasses.length;
  const tr = plan.trees!;
  expect(checkPlan(plan)).toEqual([]);
  for (let id = 0; id < plan.count; id++) {
    expect(plan.message(id).kind).toBe('tree');
    const a = tr.offsets[id]!;
    const b = tr.offsets[id + 1]!;
    const seen = new Set<number>();
    const reached = new Set<number>([plan.senders[id]!]);
    for (let e = a; e < b; e++) {
      const ch = tr.channels[e]!;
      const p = tr.parents[e]!;
      expect(p).toBeLessThan(e - a);
      const from = p < 0 ? plan.senders[id]! : tr.nodes[a + p]!;
      const phys = (ch / V) | 0;
      expect((phys / t.ports) | 0).toBe(from);
      expect(t.neighbor(from, phys % t.ports)).toBe(tr.nodes[e]);
      if (!shared) expect(seen.has(ch)).toBe(false);
      seen.add(ch);
      reached.add(tr.nodes[e]!);
    }
    for (const d of plan.message(id).dests) expect(reached.has(d)).toBe(true);
  }
}

/** The tree path (channels) from the sender to each node of message id. */
function pathsTo(plan: Plan, id: number): Map<number, number[]> {
  const tr = plan.trees!;
  const a = tr.offsets[id]!;
  const out = new Map<number, number[]>();
  const paths: number[][] = [];
  for (let e = a; e < tr.offsets[id + 1]!; e++) {
    const p = tr.parents[e]!;
    paths.push([...(p < 0 ? [] : paths[p]!), tr.channels[e]!]);
    out.set(tr.nodes[e]!, paths[paths.length - 1]!);
  }
  return out;
}

const mesh = parseTopology('mesh:7x5');
const cube = parseTopology('hypercube:6');
const RUNS = { numRuns: 150, seed: 5 };

describe('tree plans are sound (fast-check)', () => {
  for (const [alg, t] of [
    ['x-first', mesh],
    ['divided-greedy', mesh],
    ['greedy-st', mesh],
    ['greedy-st', cube],
    ['ecube-tree', cube],
    ['double-channel-x-first', mesh],
  ] as const) {
    it(`${alg} on ${t.spec}: every destination reached exactly once, only existing links, no channel twice`, () => {
      fc.assert(
        fc.property(multicast(t), ([s, ds]) => checkTrees(createPlan(alg, t, s, ds), alg === 'divided-greedy')),
        RUNS,
      );
    });
  }

  for (const [alg, t] of [
    ['x-first', mesh],
    ['divided-greedy', mesh],
    ['ecube-tree', cube],
    ['double-channel-x-first', mesh],
  ] as const) {
    it(`${alg}: every destination is reached along a shortest path`, () => {
      fc.assert(
        fc.property(multicast(t), ([s, ds]) => {
          const plan = createPlan(alg, t, s, ds);
          const m = treeTraffic(plan);
          expect(Array.from(m.depth)).toEqual(Array.from(plan.destinations, (d) => t.distance(s, d)));
        }),
        RUNS,
      );
    });
  }

  it('x-first trees follow the X-first (dor) routes, and ecube-tree the E-cube routes', () => {
    for (const [alg, t, r] of [
      ['x-first', mesh, createRouting('dor', mesh)],
      ['ecube-tree', cube, createRouting('ecube', cube)],
    ] as const) {
      fc.assert(
        fc.property(multicast(t), ([s, ds]) => {
          const plan = createPlan(alg, r, s, ds);
          const paths = pathsTo(plan, 0);
          for (const d of ds) expect(paths.get(d)).toEqual(tracePath(r, s, d).map((h) => h.from * t.ports + h.port));
        }),
        RUNS,
      );
    }
  });

  it('double-channel-x-first: each worm stays in its subnetwork (its two directions, its VC class) and follows xy-double', () => {
    const r = createRouting('xy-double', mesh);
    fc.assert(
      fc.property(multicast(mesh), ([s, ds]) => {
        const plan = createPlan('double-channel-x-first', r, s, ds);
        const k0 = mesh.dims[0]!;
        for (let id = 0; id < plan.count; id++) {
          const sub = SUBNETWORKS.find((n) => n.name === plan.message(id).network)!;
          const tr = plan.trees!;
          for (let e = tr.offsets[id]!; e < tr.offsets[id + 1]!; e++) {
            const ch = tr.channels[e]!;
            expect(ch % 2).toBe(sub.vc);
            expect([sub.xPort, sub.yPort]).toContain(((ch / 2) | 0) % mesh.ports);
          }
          const paths = pathsTo(plan, id);
          for (const d of plan.message(id).dests) {
            expect(SUBNETWORKS[quadrantOf(s % k0, (s / k0) | 0, d % k0, (d / k0) | 0)]).toBe(sub);
            expect(paths.get(d)).toEqual(tracePath(r, s, d).map((h) => (h.from * mesh.ports + h.port) * 2 + h.vc));
          }
        }
      }),
      RUNS,
    );
  });

  it("greedy-st: the forward nodes' trees use as many links as the source's complete Steiner tree (section 5.2)", () => {
    for (const t of [mesh, cube]) {
      fc.assert(
        fc.property(multicast(t), ([s, ds]) => {
          const plan = createPlan('greedy-st', t, s, ds);
          const sorted = greedyStOrder(
            t,
            s,
            [...ds].sort((a, b) => a - b),
          );
          const T = greedyStTree(t, [s, ...sorted]);
          expect(treeTraffic(plan).links).toBe(T.reduce((sum, [a, b]) => sum + t.distance(a, b), 0));
        }),
        RUNS,
      );
    }
  });
});

describe('divided greedy builds a multicast subgraph, not always a tree (docs/algorithms-tree.md errata 6)', () => {
  it('from (0,0) in a 4 x 4 mesh to (1,0) (0,1) (1,1) (2,2) (1,3) two copies cross one channel', () => {
    const t = parseTopology('mesh:4x4');
    const plan = createPlan(
      'divided-greedy',
      t,
      0,
      ['1,0', '0,1', '1,1', '2,2', '1,3'].map((a) => t.parse(a)),
    );
    const ch = Array.from(plan.trees!.channels);
    const twice = ch.filter((c, i) => ch.indexOf(c) !== i);
    expect(twice.length).toBe(1);
    checkTrees(plan, true);
    // 604 of the 32767 destination sets from (0,0) do this
    let count = 0;
    for (let mask = 1; mask < 1 << 15; mask += 7) {
      const ds: number[] = [];
      for (let i = 0; i < 15; i++) if ((mask >> i) & 1) ds.push(i + 1);
      const c = createPlan('divided-greedy', t, 0, ds).trees!.channels;
      if (new Set(c).size !== c.length) count++;
    }
    expect(count).toBeGreaterThan(0);
  });
});

describe('xy-double routing (the unicast route of double-channel X-first)', () => {
  it('is X-first, minimal, keeps its class, and matches its wasm twin', async () => {
    const r = createRouting('xy-double', mesh);
    const n = await checkRoutes(r, pairs(mesh, 600, 3), {
      minimal: true,
      check: (s, d, path) => {
        const k0 = mesh.dims[0]!;
        const cls = SUBNETWORKS[quadrantOf(s % k0, (s / k0) | 0, d % k0, (d / k0) | 0)]!.vc;
        for (const h of path) expect(h.vc).toBe(cls);
        const firstY = path.findIndex((h) => h.port >= 2);
        if (firstY >= 0) for (const h of path.slice(firstY)) expect(h.port).toBeGreaterThanOrEqual(2);
      },
    });
    expect(n).toBe(600);
  });
});

describe('tree plans run in the flit-level engine', () => {
  it('a lone tree worm delivers every destination at its zero-load time', () => {
    for (const [alg, t] of [
      ['x-first', mesh],
      ['greedy-st', cube],
      ['double-channel-x-first', mesh],
    ] as const) {
      const plan = createPlan(
        alg,
        t,
        3,
        [0, 9, 17, 30, 33].filter((d) => d < t.nodes),
      );
      const worms = planWorms(plan, 0, 16, 0, 0).slice(0, 1);
      const e = new ReferenceEngine({ routing: plan.routing, worms });
      expect(e.runUntil(100000)).toBe('finished');
      const times = e.times();
      const m = treeTraffic(plan);
      const dests = worms[0]!.dests;
      // docs/model-flit.md zero-load: c + S + (h + 2) + (h + 1) R + (L - 1) with S = R = 1
      dests.forEach((d, k) => {
        const h = m.depth[Array.from(plan.destinations).indexOf(d)]!;
        expect(times.destNode[k]).toBe(d);
        expect(times.destTail[k]).toBe(1 + (h + 2) + (h + 1) + 15);
      });
    }
  });
});
