import { describe, expect, it } from 'vitest';
import { createRouting } from '../src/routing/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { checkRoutes, pairs } from './utils.ts';

const route = (spec: string, from: string, to: string) => {
  const t = parseTopology(spec);
  const r = createRouting('star-min', t);
  return tracePath(r, t.parse(from), t.parse(to)).map((h) => t.format(h.to));
};

describe('star-min routing (minimal routing on the star graph)', () => {
  it('sends a misplaced front symbol home: 4231 -> 1234 is the single hop g4', () => {
    expect(route('star:4', '4231', '1234')).toEqual(['1234']);
  });

  it('with the front symbol in place, swaps in the lowest misplaced position: 1432 -> 4132 -> 2134 -> 1234', () => {
    // the cycle (2 4) does not touch position 1: c + m = 1 + 2 = 3 hops
    expect(route('star:4', '1432', '1234')).toEqual(['4132', '2134', '1234']);
  });

  it('routes relative to the destination: 1432 -> 3421 sends 1 home to position 4 (g4), then 2 to position 3 (g3)', () => {
    // in 3421 the symbols of 1432 belong at positions 4, 2, 1, 3: the cycle (1 4 3), 1 + 3 - 2 = 2 hops
    expect(route('star:4', '1432', '3421')).toEqual(['2431', '3421']);
  });

  it('reaches the diameter floor(3(n-1)/2) = 4 on the 4-star: 2143 -> 1243 -> 4213 -> 3214 -> 1234', () => {
    // 2143 is (1 2)(3 4): c + m - 2 = 2 + 4 - 2 = 4; after g2 places 2, position 3 is the lowest misplaced
    expect(route('star:4', '2143', '1234')).toEqual(['1243', '4213', '3214', '1234']);
    expect(parseTopology('star:4').diameter).toBe(4);
  });

  it('declares one VC class, wasm id 8, minimal', () => {
    const r = createRouting('star-min', parseTopology('star:5'));
    expect([r.vcClasses, r.wasmId, r.minimal]).toEqual([['c'], 8, true]);
  });

  it('is a shortest path and matches wasm on every pair of the 3-, 4- and 5-star', async () => {
    for (const n of [3, 4, 5]) {
      const t = parseTopology(`star:${n}`);
      expect(await checkRoutes(createRouting('star-min', t), pairs(t, 1e9), { minimal: true })).toBe(
        t.nodes * (t.nodes - 1),
      );
    }
  });

  it('is a shortest path and matches wasm on 100,000 random pairs of the 7-star and 20,000 of the 9-star', async () => {
    const t7 = parseTopology('star:7');
    expect(await checkRoutes(createRouting('star-min', t7), pairs(t7, 100_000, 5), { minimal: true })).toBe(100_000);
    const t9 = parseTopology('star:9');
    expect(await checkRoutes(createRouting('star-min', t9), pairs(t9, 20_000, 6), { minimal: true })).toBe(20_000);
  });

  it('refuses other topologies', () => {
    expect(() => createRouting('star-min', parseTopology('torus:4x4'))).toThrow(
      'routing star-min: needs a star graph (star:n), not torus:4x4',
    );
  });
});
