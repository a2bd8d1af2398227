import { describe, expect, it } from 'vitest';
import {
  buildDependencyGraph,
  checkDeadlock,
  type DependencyGraph,
  unicastScheme,
  withOneClass,
  type WormScheme,
} from '../src/analysis/deadlock.ts';
import { TreeDependencyGraph, treeDependencyGraph, type TreeHoldModel } from '../src/analysis/deadlock-tree.ts';
import { withNeighborTable } from '../src/analysis/neighbor-table.ts';
import { customLabelling } from '../src/labelling/custom.ts';
import { PATH_SCHEMES, wormSchemeFor } from '../src/multicast/path-based/schemes.ts';
import type { Plan } from '../src/multicast/plan.ts';
import { createPlan } from '../src/multicast/registry.ts';
import { Grid } from '../src/topology/grid.ts';
import { createRouting } from '../src/routing/registry.ts';
import type { RoutingFunction, RoutingOptions } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { referenceDependencyGraph } from './deadlock-reference.ts';

const routing = (name: string, spec: string, opts: RoutingOptions = {}): RoutingFunction =>
  createRouting(name, parseTopology(spec), opts);

/** The two graphs have the same dependencies and the same used VCs. */
function expectSameGraph(a: DependencyGraph, b: DependencyGraph, what: string): void {
  expect(a.succ.length, what).toBe(b.succ.length);
  let diff = -1;
  for (let c = 0; c < a.succ.length && diff < 0; c++) if (a.succ[c] !== b.succ[c] || a.used[c] !== b.used[c]) diff = c;
  expect(diff, `${what}: first VC that differs`).toBe(-1);
}

describe('the faster dependency-graph builder builds the graph the straightforward one builds (docs/deadlock.md "Scale")', () => {
  it('unicast routing functions, edge for edge', () => {
    const cases: Array<[string, string, RoutingOptions?]> = [
      ['dor', 'torus:5x4'],
      ['dor', 'torus:4x4x3'],
      ['dor', 'mesh:5x3'],
      ['hcm', 'torus:6x4'],
      ['hcm', 'star:4'],
      ['hcm', 'torus:4x4', { dropBoundaryRule: true }],
      ['hc', 'ccc:4'],
      ['ccc-optimal', 'ccc:3'],
      ['label', 'mesh:4x3'],
      ['label', 'hypercube:4', { shortest: true }],
      ['ecube', 'hypercube:4'],
      ['star-min', 'star:4'],
      ['xy-double', 'mesh:4x4'],
    ];
    for (const [name, spec, opts] of cases) {
      const r = routing(name, spec, opts);
      expectSameGraph(
        buildDependencyGraph(unicastScheme(r)),
        referenceDependencyGraph(unicastScheme(r)),
        `${name} on ${spec}`,
      );
    }
    const one = withOneClass(routing('dor', 'torus:5x4'));
    expectSameGraph(
      buildDependencyGraph(unicastScheme(one)),
      referenceDependencyGraph(unicastScheme(one)),
      'dor one class',
    );
  });

  it('every path-based scheme, with and without the table of legs across passes', () => {
    const cases: Array<[string, string, string, RoutingOptions?]> = [
      ['mesh:4x4', 'label', 'sorted-mp'],
      ['mesh:4x4', 'label', 'sorted-mc'],
      ['hypercube:4', 'label', 'sorted-mc'],
      ['mesh:5x4', 'label', 'dual-path'],
      ['mesh:4x4', 'label', 'multi-path'],
      ['hypercube:4', 'label', 'fixed-path'],
      ['torus:4x4', 'hcm', 'hcm-uniform'],
      ['torus:6x4', 'hcm', 'hcm-fixed'],
      ['star:4', 'hcm', 'hcm-uniform'],
      ['torus:4x4', 'hcm', 'hcm-uniform', { dropBoundaryRule: true }],
      ['torus:6x4', 'hcm', 'hp-dual-path'],
      ['star:4', 'hcm', 'hp-dual-path'],
      // over label-adaptive's route (R); its choices are checked by src/analysis/deadlock-adaptive-path.ts
      ['mesh:5x4', 'label-adaptive', 'adaptive-dual-path'],
    ];
    for (const [spec, name, alg, opts] of cases) {
      const s = wormSchemeFor(alg, routing(name, spec, opts));
      const ref = referenceDependencyGraph(s);
      expectSameGraph(buildDependencyGraph(s), ref, `${alg} on ${spec}`);
      expectSameGraph(buildDependencyGraph(s, { legTableBytes: 0 }), ref, `${alg} on ${spec} without the leg table`);
    }
    expect(Object.keys(PATH_SCHEMES).every((a) => cases.some((c) => c[2] === a))).toBe(true);
  });

  it('a scheme whose first rule differs from its junction rule, and one with no first rule (the general passes)', () => {
    const r = routing('hcm', 'torus:4x4');
    const base = wormSchemeFor('hcm-uniform', r);
    const { labelOf } = r.labelling!;
    const schemes: WormScheme[] = [
      { ...base, name: 'first up only', first: (a, b) => labelOf[b]! > labelOf[a]! },
      { ...wormSchemeFor('dual-path', routing('label', 'mesh:4x3')), first: undefined },
    ];
    for (const s of schemes) expectSameGraph(buildDependencyGraph(s), referenceDependencyGraph(s), s.name);
  });

  it('the verdicts of docs/deadlock.md on a user-supplied cycle: sorted MP over the seed 004 section 5.4 cycle is cyclic', () => {
    const t = parseTopology('mesh:4x4');
    const cycle = customLabelling(t, [0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4], true);
    const s = wormSchemeFor('sorted-mp', createRouting('label', t, { labelling: cycle }));
    expect(checkDeadlock(s).verdict).toBe('cyclic');
    expectSameGraph(buildDependencyGraph(s), referenceDependencyGraph(s), 'sorted-mp on the custom cycle');
  });
});

describe('withNeighborTable: the same topology with neighbours read from a table', () => {
  it('answers every neighbour as the topology does and keeps everything else', () => {
    for (const spec of ['torus:6x4', 'mesh:5x3', 'torus:4x3x3']) {
      const t = parseTopology(spec);
      const f = withNeighborTable(t);
      expect(f).not.toBe(t);
      expect(f).toBeInstanceOf(Grid);
      expect([f.spec, f.kind, f.nodes, f.ports, f.format(7), f.distance(0, 7)]).toEqual([
        t.spec,
        t.kind,
        t.nodes,
        t.ports,
        t.format(7),
        t.distance(0, 7),
      ]);
      for (let v = 0; v < t.nodes; v++)
        for (let p = -1; p <= t.ports; p++) expect(f.neighbor(v, p)).toBe(t.neighbor(v, p));
    }
  });

  it('a routing function over it routes exactly as over the topology, so the graph is the same', () => {
    const t = parseTopology('torus:6x4');
    for (const name of ['hcm', 'dor']) {
      const a = createRouting(name, t);
      const b = createRouting(name, withNeighborTable(t));
      for (let u = 0; u < t.nodes; u++)
        for (let v = 0; v < t.nodes; v++) for (const k of [-1, 0, 1]) expect(b.route(u, v, k)).toBe(a.route(u, v, k));
      expectSameGraph(buildDependencyGraph(unicastScheme(b)), buildDependencyGraph(unicastScheme(a)), name);
    }
  });

  it('leaves topologies without a costly neighbour function alone', () => {
    for (const spec of ['hypercube:4', 'ccc:3', 'star:4']) {
      const t = parseTopology(spec);
      expect(withNeighborTable(t)).toBe(t);
    }
  });
});

/** The tree dependencies as first written: every ordered pair of edges of a tree. */
function pairwiseTreeGraph(routing: RoutingFunction, plans: Plan[], model: TreeHoldModel): TreeDependencyGraph {
  const g = new TreeDependencyGraph(routing);
  for (const plan of plans) {
    const tr = plan.trees!;
    for (let id = 0; id < plan.count; id++) {
      const channels = tr.channels.subarray(tr.offsets[id]!, tr.offsets[id + 1]!);
      const parents = tr.parents.subarray(tr.offsets[id]!, tr.offsets[id + 1]!);
      const depth = new Int32Array(channels.length);
      for (let e = 0; e < channels.length; e++) depth[e] = parents[e]! < 0 ? 1 : depth[parents[e]!]! + 1;
      for (let a = 0; a < channels.length; a++) {
        g.used[channels[a]!] = 1;
        for (let b = 0; b < channels.length; b++) {
          if (a === b) continue;
          if (model === 'lock-step' && depth[a]! >= depth[b]!) continue;
          if (model === 'branch') {
            let x = parents[a]!;
            while (x > b) x = parents[x]!;
            if (x === b) continue;
          }
          g.add(channels[a]!, channels[b]!);
        }
      }
    }
  }
  return g;
}

/**
 * The tree graph's cycle search as first written: successor lists (row word by row word, each
 * word's bits from the highest), popped from the end.
 */
function listCycle(g: TreeDependencyGraph): number[] | undefined {
  const successors = (c: number): number[] => {
    const out: number[] = [];
    for (let k = 0; k < g.words; k++)
      for (let bit = 31; bit >= 0; bit--) if (k * 32 + bit < g.size && g.has(c, k * 32 + bit)) out.push(k * 32 + bit);
    return out;
  };
  const colour = new Uint8Array(g.size);
  for (let root = 0; root < g.size; root++) {
    if (colour[root] !== 0) continue;
    const stack = [{ v: root, next: successors(root) }];
    colour[root] = 1;
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const w = top.next.pop();
      if (w === undefined) {
        colour[top.v] = 2;
        stack.pop();
        continue;
      }
      if (colour[w] === 1) return shortestThrough(g, w, successors);
      if (colour[w] === 0) {
        colour[w] = 1;
        stack.push({ v: w, next: successors(w) });
      }
    }
  }
  return undefined;
}

function shortestThrough(g: TreeDependencyGraph, v: number, successors: (c: number) => number[]): number[] {
  const parent = new Map<number, number>();
  const queue = [v];
  for (let h = 0; h < queue.length; h++) {
    for (const w of successors(queue[h]!)) {
      if (w === v) {
        const cycle = [queue[h]!];
        for (let x = queue[h]!; x !== v; x = parent.get(x)!) cycle.push(parent.get(x)!);
        return cycle.reverse();
      }
      if (!parent.has(w)) {
        parent.set(w, queue[h]!);
        queue.push(w);
      }
    }
  }
  throw new Error('no cycle');
}

describe('tree dependency graphs: whole-row construction equals the pairwise rule', () => {
  const broadcasts = (alg: string, r: RoutingFunction): Plan[] => {
    const n = r.topology.nodes;
    return Array.from({ length: n }, (_, s) =>
      createPlan(
        alg,
        r,
        s,
        Int32Array.from({ length: n - 1 }, (_, i) => (i < s ? i : i + 1)),
      ),
    );
  };
  const cases: Array<[string, RoutingFunction]> = [
    ['x-first', routing('dor', 'mesh:4x3')],
    ['ecube-tree', routing('ecube', 'hypercube:3', { lowFirst: true })],
    ['double-channel-x-first', routing('xy-double', 'mesh:4x4')],
    ['greedy-st', routing('dor', 'mesh:4x4')],
    ['greedy-st', routing('ecube', 'hypercube:4')],
    ['divided-greedy', routing('dor', 'mesh:5x4')],
  ];
  for (const [alg, r] of cases) {
    it(`${alg} on ${r.topology.spec}, both holding models, and the same cycle`, () => {
      for (const model of ['lock-step', 'branch'] as const) {
        const fast = treeDependencyGraph(r, (s, d) => createPlan(alg, r, s, d), model);
        const slow = pairwiseTreeGraph(r, broadcasts(alg, r), model);
        expect(fast.contains(slow) && slow.contains(fast), `${alg} ${model}`).toBe(true);
        expect(Array.from(fast.used)).toEqual(Array.from(slow.used));
        expect(fast.findCycle()).toEqual(listCycle(slow));
      }
    });
  }

  it('divided-greedy: a channel one worm uses twice depends on itself under the branch model', () => {
    // from (0,0) in a 4 x 4 mesh to (1,0) (0,1) (1,1) (2,2) (1,3) (docs/algorithms-tree.md Errata 6):
    // both branches reach (1,1) at depth 2 and need [(1,1),(1,2)] at depth 3. Under the branch
    // model one holds it while the other waits for it; under lock-step both request it in the
    // same step, which relates no two depths, so the lock-step graph has no such edge.
    const r = routing('dor', 'mesh:4x4');
    const t = r.topology;
    const plan = createPlan(
      'divided-greedy',
      r,
      0,
      ['1,0', '0,1', '1,1', '2,2', '1,3'].map((a) => t.parse(a)),
    );
    const ch = Array.from(plan.trees!.channels);
    const twice = ch.find((c, i) => ch.indexOf(c) !== i)!;
    expect([t.format(Math.floor(twice / t.ports)), t.portName(twice % t.ports)]).toEqual(['1,1', '+y']);
    const branch = new TreeDependencyGraph(r);
    branch.addPlan(plan, 'branch');
    expect(branch.has(twice, twice)).toBe(true);
    const lockStep = new TreeDependencyGraph(r);
    lockStep.addPlan(plan, 'lock-step');
    expect(lockStep.has(twice, twice)).toBe(false);
  });

  it('refuses a graph too big to build in seconds, naming the network', () => {
    const r = routing('dor', 'mesh:64x64');
    expect(() => treeDependencyGraph(r, (s, d) => createPlan('x-first', r, s, d), 'lock-step')).toThrow(
      /mesh:64x64: 4096 trees .* use a smaller network/,
    );
  });
});
