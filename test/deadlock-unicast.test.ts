import { describe, expect, it } from 'vitest';
import {
  buildDependencyGraph,
  checkRoutingDeadlock,
  dependencyCount,
  findCycle,
  unicastScheme,
  withOneClass,
} from '../src/analysis/deadlock.ts';
import { createRouting } from '../src/routing/registry.ts';
import type { RoutingFunction } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { dependencyCycle } from './channel-dependency.ts';
import { pairs } from './utils.ts';

const routing = (name: string, spec: string, opts = {}): RoutingFunction =>
  createRouting(name, parseTopology(spec), opts);

/** Every consecutive pair of a reported cycle is a dependency of the graph, and it closes. */
function expectGenuineCycle(r: RoutingFunction): void {
  const g = buildDependencyGraph(unicastScheme(r));
  const cycle = findCycle(g)!;
  expect(cycle.length).toBeGreaterThan(0);
  const P = r.topology.ports;
  const V = r.vcClasses.length;
  cycle.forEach((c, i) => {
    const next = cycle[(i + 1) % cycle.length]!;
    const head = g.headOf[(c / V) | 0]!;
    // next leaves the node c leads to, and c -> next is an edge of the graph
    expect(Math.floor(next / (P * V))).toBe(head);
    expect((g.succ[c]! >>> (next - head * P * V)) & 1).toBe(1);
  });
}

describe('deadlock checker on unicast routing functions (issue 4 acceptance)', () => {
  it('label routing is acyclic on meshes and hypercubes (seed 004 Lemmas 6.1, 6.4)', () => {
    for (const spec of ['mesh:6x6', 'mesh:4x3', 'mesh:7x2', 'hypercube:3', 'hypercube:6']) {
      expect(checkRoutingDeadlock(routing('label', spec)).verdict, spec).toBe('acyclic');
    }
  });

  it('hc with R_CCC is acyclic (seed 000 section 3)', () => {
    for (const spec of ['ccc:3', 'ccc:4', 'ccc:6'])
      expect(checkRoutingDeadlock(routing('hc', spec)).verdict, spec).toBe('acyclic');
  });

  it('dor on a torus: acyclic with the dateline classes, cyclic with one VC class', () => {
    for (const spec of ['torus:4x4', 'torus:5x3', 'torus:8x8', 'torus:4x4x3']) {
      const r = routing('dor', spec);
      expect(checkRoutingDeadlock(r).verdict, spec).toBe('acyclic');
      const one = checkRoutingDeadlock(withOneClass(r));
      expect(one.verdict, spec).toBe('cyclic');
      expectGenuineCycle(withOneClass(r));
    }
    // on a mesh one class is enough
    expect(checkRoutingDeadlock(withOneClass(routing('dor', 'mesh:5x5'))).verdict).toBe('acyclic');
  });

  it('the one-class dor cycle on a 4x4 torus is a ring of one dimension', () => {
    const rep = checkRoutingDeadlock(withOneClass(routing('dor', 'torus:4x4')));
    if (rep.verdict !== 'cyclic') throw new Error('expected a cycle');
    expect(rep.cycle.length).toBe(4);
    expect(new Set(rep.cycle.map((c) => c.port)).size).toBe(1);
  });

  it('hcm is acyclic on torus and star with p/q channels, cyclic with the boundary rule dropped (seed 003 section 2.2.4)', () => {
    for (const spec of ['torus:4x4', 'torus:6x6', 'torus:5x4', 'star:4', 'star:5']) {
      expect(checkRoutingDeadlock(routing('hcm', spec)).verdict, spec).toBe('acyclic');
      const dropped = routing('hcm', spec, { dropBoundaryRule: true });
      expect(checkRoutingDeadlock(dropped).verdict, spec).toBe('cyclic');
      expectGenuineCycle(dropped);
    }
  });

  it('agrees with a brute-force all-pairs tracer on small networks', () => {
    const cases: Array<[string, string, object]> = [
      ['dor', 'torus:4x4', {}],
      ['label', 'mesh:4x3', {}],
      ['hc', 'ccc:3', {}],
      ['ecube', 'hypercube:4', {}],
      ['hcm', 'torus:4x4', {}],
      ['hcm', 'torus:4x4', { dropBoundaryRule: true }],
      ['hcm', 'star:4', { dropBoundaryRule: true }],
    ];
    for (const [name, spec, opts] of cases) {
      const r = routing(name, spec, opts);
      const brute = dependencyCycle(r, pairs(r.topology, 1e9));
      expect(checkRoutingDeadlock(r).verdict, `${name} ${spec}`).toBe(brute ? 'cyclic' : 'acyclic');
      const one = withOneClass(r);
      expect(checkRoutingDeadlock(one).verdict, `${name} ${spec} one class`).toBe(
        dependencyCycle(one, pairs(r.topology, 1e9)) ? 'cyclic' : 'acyclic',
      );
    }
  });

  it('builds exactly the dependencies of all routes (edge count against brute force)', () => {
    const r = routing('dor', 'torus:5x4');
    const t = r.topology;
    const V = r.vcClasses.length;
    const edges = new Set<string>();
    for (let s = 0; s < t.nodes; s++) {
      for (let d = 0; d < t.nodes; d++) {
        if (s === d) continue;
        let node = s;
        let prev = -1;
        let vc = -1;
        for (;;) {
          const w = r.route(node, d, vc);
          if (w === -1) break;
          const cur = (node * t.ports + (w & 0xff)) * V + (w >> 8);
          if (prev >= 0) edges.add(`${prev}>${cur}`);
          prev = cur;
          vc = w >> 8;
          node = t.neighbor(node, w & 0xff);
        }
      }
    }
    expect(dependencyCount(buildDependencyGraph(unicastScheme(r)))).toBe(edges.size);
  });
});
