import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tracePlan } from '../src/analysis/paths.ts';
import { wormsFromPlanJson } from '../src/cli/plan-file.ts';
import { planWorms, treeEdges } from '../src/engine/plan-worms.ts';
import { ReferenceEngine } from '../src/engine/reference.ts';
import type { WormSpec } from '../src/engine/types.ts';
import { NONE, type Plan } from '../src/multicast/plan.ts';
import { createPlan, getAlgorithm, routingFor } from '../src/multicast/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import type { RoutingFunction } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { runMain } from './cli-main.ts';

/*
 * src/engine/plan-worms.ts is the one conversion from Plans to engine worms: for random plans of
 * every multicast algorithm, the worms it gives route exactly the plan's paths and trees.
 */

/** Every algorithm on a small network of a family it supports. */
const CASES: Array<[string, string]> = [
  ['separate', 'mesh:4x4'],
  ['u-cube', 'hypercube:4'],
  ['u-mesh', 'mesh:5x4'],
  ['u-ccc', 'ccc:3'],
  ['maxport', 'hypercube:4'],
  ['combine', 'hypercube:4'],
  ['w-sort', 'hypercube:4'],
  ['sorted-mp', 'mesh:4x4'],
  ['sorted-mc', 'hypercube:4'],
  ['dual-path', 'mesh:5x4'],
  ['multi-path', 'hypercube:4'],
  ['fixed-path', 'mesh:4x4'],
  ['hcm-uniform', 'torus:4x4'],
  ['hcm-fixed', 'star:4'],
  ['hp-dual-path', 'torus:4x4'],
  ['greedy-st', 'hypercube:4'],
  ['x-first', 'mesh:5x4'],
  ['divided-greedy', 'mesh:5x5'],
  ['double-channel-x-first', 'mesh:5x4'],
  ['ecube-tree', 'hypercube:4'],
  ['len', 'hypercube:4'],
];

/**
 * The virtual channels (node * ports + port) * V + class a worm occupies, read the way the engine
 * reads a worm (docs/model-flit.md "Worms and slots"): a tree worm's edges from the source, each
 * leaving its parent edge's end node; any other worm the routing function's route from its source
 * to each destination in turn. Also the node each tree edge reaches.
 */
function wormRoute(r: RoutingFunction, w: WormSpec): { channels: number[]; nodes: number[] } {
  const t = r.topology;
  const V = r.vcClasses.length;
  const channels: number[] = [];
  const nodes: number[] = [];
  if (w.tree) {
    for (const e of w.tree) {
      const from = e.parent < 0 ? w.src : nodes[e.parent]!;
      expect(e.parent).toBeLessThan(nodes.length);
      channels.push((from * t.ports + e.port) * V + e.vc);
      nodes.push(t.neighbor(from, e.port));
    }
    return { channels, nodes };
  }
  let at = w.src;
  for (const d of w.dests) {
    for (const h of tracePath(r, at, d)) channels.push((h.from * t.ports + h.port) * V + h.vc);
    at = d;
  }
  return { channels, nodes };
}

function checkConversion(plan: Plan, created: number, flits: number, group: number, base: number): WormSpec[] {
  const worms = planWorms(plan, created, flits, group, base);
  const paths = tracePlan(plan);
  expect(worms.length).toBe(plan.count);
  worms.forEach((w, id) => {
    const m = plan.message(id);
    expect(w.src).toBe(m.from);
    expect([...w.dests]).toEqual([...m.dests]);
    expect(w.flits).toBe(flits);
    expect(w.group).toBe(group);
    if (m.after === NONE) {
      expect(w.created).toBe(created);
      expect(w.after).toBeUndefined();
    } else {
      expect(w.after).toBe(base + m.after);
      expect(w.created).toBeUndefined();
    }
    // a path worm with an explicit route is a chain tree worm; everything else keeps its kind
    expect(w.kind).toBe(m.kind === 'path' && plan.routes ? 'tree' : m.kind);
    const route = wormRoute(plan.routing, w);
    // the channels of the plan's message (its tree or explicit route, else its routing-function path)
    const planned = Array.from(paths.channels.subarray(paths.offsets[id]!, paths.offsets[id + 1]!));
    expect(route.channels).toEqual(planned);
    if (m.kind === 'tree') {
      const tr = plan.trees!;
      const slice = (a: Int32Array): number[] => Array.from(a.subarray(tr.offsets[id]!, tr.offsets[id + 1]!));
      expect(route.channels).toEqual(slice(tr.channels));
      expect(route.nodes).toEqual(slice(tr.nodes));
      expect(w.tree!.map((e) => e.parent)).toEqual(slice(tr.parents));
      expect(treeEdges(plan, id)).toEqual(w.tree);
      // the engine delivers at the source or at an edge's end node
      for (const d of w.dests) expect(d === w.src || route.nodes.includes(d)).toBe(true);
    } else if (w.tree) {
      // a chain: each edge follows the previous one, and the destinations come in order on it
      expect(w.tree.map((e) => e.parent)).toEqual(w.tree.map((_, k) => k - 1));
      let k = 0;
      for (const d of w.dests) {
        while (k < route.nodes.length && route.nodes[k] !== d) k++;
        expect(k, `destination ${d} on the route of message ${id}`).toBeLessThan(route.nodes.length);
      }
    }
  });
  return worms;
}

/** A source and a non-empty destination set on `nodes` nodes. */
const multicast = (nodes: number) =>
  fc
    .record({
      src: fc.integer({ min: 0, max: nodes - 1 }),
      dests: fc.uniqueArray(fc.integer({ min: 0, max: nodes - 1 }), { minLength: 1, maxLength: nodes }),
    })
    .map(({ src, dests }) => {
      const d = dests.filter((x) => x !== src);
      return { src, dests: d.length > 0 ? d : [(src + 1) % nodes] };
    });

describe('the one Plan -> worms conversion (src/engine/plan-worms.ts)', () => {
  for (const [alg, spec] of CASES) {
    it(`${alg} on ${spec}: the worms route exactly the plan's paths and trees (fast-check)`, () => {
      const t = parseTopology(spec);
      const routing = routingFor(getAlgorithm(alg), t);
      fc.assert(
        fc.property(
          multicast(t.nodes),
          fc.integer({ min: 0, max: 1000 }),
          fc.integer({ min: 1, max: 40 }),
          fc.integer({ min: 0, max: 50 }),
          fc.integer({ min: 0, max: 50 }),
          ({ src, dests }, created, flits, group, base) => {
            checkConversion(createPlan(alg, routing, src, dests), created, flits, group, base);
          },
        ),
        { numRuns: 60 },
      );
    });
  }

  it("in the engine, every plan's worms deliver every destination and carry each flit over exactly the plan's channels (fast-check)", () => {
    const nets = CASES.map(([alg, spec]) => {
      const t = parseTopology(spec);
      return { alg, t, routing: routingFor(getAlgorithm(alg), t) };
    });
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: nets.length - 1 })
          .chain((i) => fc.tuple(fc.constant(i), multicast(nets[i]!.t.nodes))),
        fc.integer({ min: 1, max: 12 }),
        ([i, { src, dests }], flits) => {
          const { alg, t, routing } = nets[i]!;
          const plan = createPlan(alg, routing, src, dests);
          const worms = checkConversion(plan, 0, flits, 0, 0);
          const e = new ReferenceEngine({
            routing,
            worms,
            options: { port: getAlgorithm(alg).port, consumption: 'vc' },
          });
          expect(e.runUntil(1_000_000), `${alg} on ${t.spec} from ${src}`).toBe('finished');
          // every destination of the plan gets the message
          const times = e.times();
          const got = new Set(Array.from(times.destNode).filter((_, k) => times.destTail[k]! >= 0));
          for (const d of plan.destinations) expect(got.has(d), `${alg}: destination ${d}`).toBe(true);
          // each flit crosses each channel of the plan once per use
          const paths = tracePlan(plan);
          const want = new Int32Array(t.nodes * t.ports);
          for (const c of paths.channels) want[Math.floor(c / paths.vcs)]! += flits;
          expect(Array.from(e.channelFlits())).toEqual(Array.from(want));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('simulate --plan reads back the worms of the plan itself: `plan --json` of every algorithm, through src/cli/plan-file.ts', async () => {
    for (const [alg, spec] of CASES) {
      const t = parseTopology(spec);
      const routing = routingFor(getAlgorithm(alg), t);
      const src = 1;
      const dests = [0, 3, 5, t.nodes - 1, t.nodes - 3].filter((d) => d !== src);
      const plan = createPlan(alg, routing, src, dests);
      const r = await runMain([
        'plan',
        '--topology',
        spec,
        '--algorithm',
        alg,
        '--source',
        t.format(src),
        '--dests',
        dests.map((d) => t.format(d)).join(';'),
        '--json',
      ]);
      expect(r.status, r.stderr).toBe(0);
      const read = wormsFromPlanJson(r.stdout, 8);
      expect(read.worms, alg).toEqual(planWorms(plan, 0, 8, 0, 0));
    }
  });
});
