import { describe, expect, it } from 'vitest';
import { checkRoutingDeadlock, type NamedChannel } from '../src/analysis/deadlock.ts';
import { createRouting } from '../src/routing/registry.ts';
import { DELIVER, pack, portOf, type RoutingFunction, vcOf } from '../src/routing/types.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { runCli } from './cli.ts';

/*
 * Issue 26 step 3: the checker proves deadlock freedom of adaptive routing functions by the
 * argument that holds (acyclic over every choice: the turn model; or Duato's condition), and
 * catches broken ones with a cycle.
 */

/** A reported cycle is a closed walk of channels: each ends where the next starts. */
function expectClosed(cycle: readonly NamedChannel[]): void {
  expect(cycle.length).toBeGreaterThan(1);
  for (let i = 0; i < cycle.length; i++) expect(cycle[i]!.to).toBe(cycle[(i + 1) % cycle.length]!.from);
}

/**
 * Test-only broken function: minimal fully adaptive on a 2D mesh on one VC class with no escape
 * (every turn allowed, so the four turns of a square close a cycle; Glass and Ni section 2).
 */
function fullyAdaptiveOneClass(spec: string): RoutingFunction {
  const t = parseTopology(spec);
  const k0 = t.dims[0]!;
  const choices = (node: number, dest: number): number[] => {
    const dx = (dest % k0) - (node % k0);
    const dy = ((dest / k0) | 0) - ((node / k0) | 0);
    const out: number[] = [];
    if (dx !== 0) out.push(dx > 0 ? 0 : 1);
    if (dy !== 0) out.push(dy > 0 ? 2 : 3);
    return out;
  };
  return {
    name: 'fully-adaptive (test)',
    topology: t,
    vcClasses: ['c'],
    minimal: true,
    wasmId: -1,
    wasmOption: 0,
    route: (node, dest) => (node === dest ? DELIVER : choices(node, dest)[0]!),
    choices,
  };
}

describe('adaptive routing functions: the checker argues deadlock freedom (issue 26)', () => {
  it.each(['west-first', 'north-last', 'negative-first', 'planar-adaptive'])(
    '%s on mesh:8x8 is acyclic over every admissible choice (turn model)',
    (name) => {
      const rep = checkRoutingDeadlock(createRouting(name, parseTopology('mesh:8x8')));
      expect(rep.verdict).toBe('acyclic');
      expect(rep.argument).toMatch(/every admissible choice is acyclic/);
    },
  );

  it.each(['mesh:8x8', 'torus:8x8', 'hypercube:6'])(
    'min-adaptive on %s is deadlock-free by Duato condition (its graph over every choice alone is cyclic)',
    (spec) => {
      const r = createRouting('min-adaptive', parseTopology(spec));
      const rep = checkRoutingDeadlock(r);
      expect(rep.verdict).toBe('acyclic');
      expect(rep.argument).toMatch(/^Duato's condition: the escape sub-function .* is connected/);
      // without the escape classes the same choices are cyclic: the argument is needed
      const bare = checkRoutingDeadlock({ ...r, escapeClasses: undefined });
      expect(bare.verdict).toBe('cyclic');
    },
  );

  it('valiant on mesh, torus and hypercube is acyclic with each key followed on its own', () => {
    for (const spec of ['mesh:8x8', 'torus:8x8', 'hypercube:6']) {
      const rep = checkRoutingDeadlock(createRouting('valiant', parseTopology(spec)));
      expect(rep.verdict, spec).toBe('acyclic');
      expect(rep.argument).toMatch(/every key's routes/);
    }
  });

  it('a fully adaptive function on one class with no escape is reported cyclic, with a closed cycle', () => {
    const rep = checkRoutingDeadlock(fullyAdaptiveOneClass('mesh:4x4'));
    expect(rep.verdict).toBe('cyclic');
    if (rep.verdict !== 'cyclic') return;
    expect(rep.argument).toMatch(/names no escape classes/);
    expectClosed(rep.cycle);
  });

  it("min-adaptive on a torus whose escape merges the dateline classes fails Duato's condition, with a cycle of escape channels", () => {
    const r = createRouting('min-adaptive', parseTopology('torus:6x6'));
    // escape words all on class d0: dor around each ring on one class, cyclic (Dally and Seitz)
    const broken: RoutingFunction = {
      ...r,
      name: 'min-adaptive (escape on one class)',
      route: (n, d, k) => {
        const w = r.route(n, d, k);
        return w === DELIVER ? w : pack(portOf(w), 1);
      },
      choices: (n, d, k) => r.choices!(n, d, k).map((w) => (vcOf(w) === 0 ? w : pack(portOf(w), 1))),
    };
    const rep = checkRoutingDeadlock(broken);
    expect(rep.verdict).toBe('cyclic');
    if (rep.verdict !== 'cyclic') return;
    expect(rep.argument).toMatch(/^Duato's condition fails: the extended dependency graph/);
    expect(rep.cycle.every((c) => c.class === 'd0')).toBe(true);
  });

  it('wormcast deadlock prints the argument; --one-class makes min-adaptive cyclic with its cycle', () => {
    const ok = runCli('deadlock', '--topology', 'mesh:8x8', '--routing', 'west-first');
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(
      /^west-first on mesh:8x8: acyclic \(deadlock-free\)\n {2}argument: the channel dependency/,
    );
    const j = runCli('deadlock', '--topology', 'torus:8x8', '--routing', 'min-adaptive', '--json');
    expect(JSON.parse(j.stdout)).toMatchObject({ verdict: 'acyclic', argument: expect.stringMatching(/^Duato/) });
    const bad = runCli('deadlock', '--topology', 'mesh:4x4', '--routing', 'min-adaptive', '--one-class', '--json');
    const out = JSON.parse(bad.stdout);
    expect(out.verdict).toBe('cyclic');
    expect(out.cycle.length).toBeGreaterThan(1);
  });
});
