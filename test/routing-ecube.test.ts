import { describe, expect, it } from 'vitest';
import { createRouting } from '../src/routing/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { checkRoutes, pairs } from './utils.ts';

describe('ecube routing (seed 001)', () => {
  it('resolves the highest differing bit first: 0100 -> 1011 goes 1100, 1000, 1010, 1011', () => {
    const t = parseTopology('hypercube:4');
    const r = createRouting('ecube', t);
    const path = tracePath(r, t.parse('0100'), t.parse('1011'));
    expect(path.map((h) => t.format(h.to))).toEqual(['1100', '1000', '1010', '1011']);
  });

  it('lowFirst resolves the lowest bit first', () => {
    const t = parseTopology('hypercube:4');
    const r = createRouting('ecube', t, { lowFirst: true });
    expect(tracePath(r, t.parse('0100'), t.parse('1011')).map((h) => h.port)).toEqual([0, 1, 2, 3]);
  });

  it('is minimal and matches wasm on every pair of a 4-cube', async () => {
    const t = parseTopology('hypercube:4');
    expect(await checkRoutes(createRouting('ecube', t), pairs(t, 1e9), { minimal: true })).toBe(240);
    expect(await checkRoutes(createRouting('ecube', t, { lowFirst: true }), pairs(t, 1e9), { minimal: true })).toBe(
      240,
    );
  });

  it('is minimal and matches wasm on 100,000 random pairs of a 16-cube', async () => {
    const t = parseTopology('hypercube:16');
    expect(await checkRoutes(createRouting('ecube', t), pairs(t, 100_000), { minimal: true })).toBe(100_000);
  });
});
