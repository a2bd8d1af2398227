import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRouting } from '../src/routing/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import type { Hop } from '../src/routing/types.ts';
import type { Grid } from '../src/topology/grid.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { dependencyCycle } from './channel-dependency.ts';
import { checkRoutes, pairs } from './utils.ts';

function grid(spec: string): Grid {
  return parseTopology(spec) as Grid;
}

/** The route as human addresses of the nodes it visits after the source. */
function visits(g: Grid, src: string, dst: string): string[] {
  return tracePath(createRouting('dor', g), g.parse(src), g.parse(dst)).map((h) => g.format(h.to));
}

/** A hop over a torus wrap-around link: + from coordinate k-1, or - from coordinate 0. */
function isWrap(g: Grid, h: Hop): boolean {
  const d = h.port >> 1;
  const x = g.coord(h.from, d);
  return (h.port & 1) === 0 ? x === g.dims[d]! - 1 : x === 0;
}

/**
 * Dimensions are visited in increasing order, and within each dimension's run of hops the
 * class is d0 up to and including the run's one wrap-around link and d1 after it (all d1
 * when the run has no wrap link): the class switches to d1 exactly after a wrap link.
 */
function checkDimensionOrderAndClasses(g: Grid, path: Hop[]): void {
  const fail = (i: number, why: string) => {
    const h = path[i]!;
    expect.fail(`${g.spec} hop ${i} ${g.format(h.from)} -> ${g.format(h.to)} (class d${h.vc}): ${why}`);
  };
  let start = 0;
  while (start < path.length) {
    const port = path[start]!.port;
    let end = start;
    let wrap = -1;
    while (end < path.length && path[end]!.port >> 1 === port >> 1) {
      if (path[end]!.port !== port) fail(end, 'changes direction inside a dimension');
      if (isWrap(g, path[end]!)) {
        if (wrap >= 0) fail(end, 'a second wrap link in one dimension');
        wrap = end;
      }
      end++;
    }
    if (end < path.length && path[end]!.port >> 1 < port >> 1) fail(end, 'goes back to a lower dimension');
    for (let i = start; i < end; i++) {
      if (path[i]!.vc !== (i <= wrap ? 0 : 1))
        fail(i, wrap >= 0 ? `the wrap link is hop ${wrap}` : 'no wrap link in this dimension');
    }
    start = end;
  }
}

describe('dimension-order routing on the mesh', () => {
  it('corrects x first, then y, then z', () => {
    const g = grid('mesh:6x6');
    expect(visits(g, '1,4', '3,2')).toEqual(['2,4', '3,4', '3,3', '3,2']);
    const g3 = grid('mesh:4x4x4');
    expect(visits(g3, '3,0,2', '2,1,0')).toEqual(['2,0,2', '2,1,2', '2,1,1', '2,1,0']);
    expect(createRouting('dor', g).vcClasses).toEqual(['c']);
  });

  it('is minimal, in dimension order, and matches wasm on every pair of a 6x6 and a 4x4x4 mesh', async () => {
    for (const [spec, count] of [
      ['mesh:6x6', 1260],
      ['mesh:4x4x4', 4032],
      ['mesh:5x1x3', 210],
    ] as const) {
      const g = grid(spec);
      const r = createRouting('dor', g);
      expect(r.minimal).toBe(true);
      const check = (_s: number, _d: number, path: Hop[]) => {
        for (let i = 1; i < path.length; i++) expect(path[i]!.port >> 1).toBeGreaterThanOrEqual(path[i - 1]!.port >> 1);
        expect(path.every((h) => h.vc === 0)).toBe(true);
      };
      expect(await checkRoutes(r, pairs(g, 1e9), { minimal: true, check })).toBe(count);
    }
  });

  it('has an acyclic channel dependency graph on a 6x6 and a 3x4x3 mesh', () => {
    for (const spec of ['mesh:6x6', 'mesh:3x4x3']) {
      const g = grid(spec);
      expect(dependencyCycle(createRouting('dor', g), pairs(g, 1e9))).toBeUndefined();
    }
  });
});

describe('dimension-order routing on the torus (dateline classes)', () => {
  it('takes the shorter way round and the + way on a tie', () => {
    const g = grid('torus:8x8');
    expect(visits(g, '1,0', '6,0')).toEqual(['0,0', '7,0', '6,0']); // 3 hops by -, not 5 by +
    expect(visits(g, '2,0', '6,0')).toEqual(['3,0', '4,0', '5,0', '6,0']); // tie (4 = 4): +
    expect(visits(g, '6,0', '2,0')).toEqual(['7,0', '0,0', '1,0', '2,0']); // tie: + across the wrap
  });

  it('switches to class d1 exactly after the wrap link, and uses d1 in a dimension without one', () => {
    const g = grid('torus:8x8');
    const r = createRouting('dor', g);
    expect(r.vcClasses).toEqual(['d0', 'd1']);
    const path = tracePath(r, g.parse('6,1'), g.parse('1,3'));
    expect(path.map((h) => `${g.format(h.to)}/${r.vcClasses[h.vc]}`)).toEqual([
      '7,1/d0',
      '0,1/d0',
      '1,1/d1',
      '1,2/d1',
      '1,3/d1',
    ]);
    const down = tracePath(r, g.parse('1,1'), g.parse('1,6'));
    expect(down.map((h) => `${g.format(h.to)}/${r.vcClasses[h.vc]}`)).toEqual(['1,0/d0', '1,7/d0', '1,6/d1']);
  });

  it('is minimal, obeys the class rule, and matches wasm on every pair of 4x4, 5x3x4 and 7 tori', async () => {
    for (const [spec, count] of [
      ['torus:4x4', 240],
      ['torus:5x3x4', 3540],
      ['torus:7', 42],
    ] as const) {
      const g = grid(spec);
      const check = (_s: number, _d: number, path: Hop[]) => checkDimensionOrderAndClasses(g, path);
      expect(await checkRoutes(createRouting('dor', g), pairs(g, 1e9), { minimal: true, check })).toBe(count);
    }
  });

  it('is minimal, obeys the class rule, and matches wasm on 100,000 random pairs of a 64x64 torus', async () => {
    const g = grid('torus:64x64');
    const check = (_s: number, _d: number, path: Hop[]) => checkDimensionOrderAndClasses(g, path);
    expect(await checkRoutes(createRouting('dor', g), pairs(g, 100_000), { minimal: true, check })).toBe(100_000);
  });

  it('has an acyclic channel dependency graph on 4x4, 6x5 and 3x4x3 tori (deadlock-free)', () => {
    for (const spec of ['torus:4x4', 'torus:6x5', 'torus:3x4x3']) {
      const g = grid(spec);
      expect(dependencyCycle(createRouting('dor', g), pairs(g, 1e9))).toBeUndefined();
    }
  });

  it('on random tori of 1 to 4 dimensions: minimal, dimension order, class rule (property)', () => {
    const torus = fc.array(fc.integer({ min: 3, max: 12 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(torus, fc.nat(), fc.nat(), (dims, a, b) => {
        const g = grid(`torus:${dims.join('x')}`);
        const s = a % g.nodes;
        const d = b % g.nodes;
        const path = tracePath(createRouting('dor', g), s, d);
        expect(path.length).toBe(g.distance(s, d));
        checkDimensionOrderAndClasses(g, path);
      }),
      { numRuns: 300 },
    );
  });
});

describe('dor errors', () => {
  it('needs a mesh or torus', () => {
    expect(() => createRouting('dor', parseTopology('hypercube:3'))).toThrow(
      /wormcast: routing dor: needs a mesh or torus .*not hypercube:3/,
    );
  });
});
