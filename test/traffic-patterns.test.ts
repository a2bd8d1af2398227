import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { WormcastError } from '../src/errors.ts';
import { mulberry32 } from '../src/random.ts';
import { parseTopology } from '../src/topology/registry.ts';
import {
  PATTERN_NAMES,
  PERMUTATION_PATTERNS,
  patternGeometry,
  permutationDest,
  randomPermutation,
  type PatternName,
} from '../src/traffic/patterns.ts';
import { loadWasm } from '../src/wasm/module.ts';

/*
 * The unicast traffic patterns of docs/traffic.md "Patterns" (Dally and Towles 2004, section 3.2;
 * BookSim2's names), each checked on its definition, and the AssemblyScript twin held equal.
 */

const dest = (pattern: PatternName, spec: string, src: number): number => {
  const t = parseTopology(spec);
  return permutationDest(pattern, src, patternGeometry(pattern, t));
};

/** Every node's destination under `pattern` on `spec`. */
const all = (pattern: PatternName, spec: string): number[] => {
  const t = parseTopology(spec);
  const g = patternGeometry(pattern, t);
  return Array.from({ length: t.nodes }, (_, s) => permutationDest(pattern, s, g));
};

describe('permutation patterns on their definitions', () => {
  it('bitcomp on hypercube:6: every message travels 6 hops (the diameter)', () => {
    const t = parseTopology('hypercube:6');
    for (let s = 0; s < t.nodes; s++) expect(t.distance(s, dest('bitcomp', 'hypercube:6', s))).toBe(6);
  });

  it('tornado on torus:8x8: every message travels 6 hops (3 = ceil(8/2) - 1 per dimension)', () => {
    const t = parseTopology('torus:8x8');
    for (let s = 0; s < t.nodes; s++) expect(t.distance(s, dest('tornado', 'torus:8x8', s))).toBe(6);
  });

  it('transpose on mesh:8x8 sends (x, y) to (y, x); the diagonal to itself', () => {
    const t = parseTopology('mesh:8x8');
    for (let x = 0; x < 8; x++)
      for (let y = 0; y < 8; y++) expect(dest('transpose', 'mesh:8x8', x + 8 * y)).toBe(y + 8 * x);
    expect(dest('transpose', 'mesh:8x8', t.parse('3,3'))).toBe(t.parse('3,3'));
  });

  it('neighbor on torus:5x4 adds one to every coordinate; on hypercube:4 it is bitcomp', () => {
    const t = parseTopology('torus:5x4');
    expect(t.format(dest('neighbor', 'torus:5x4', t.parse('4,3')))).toBe(t.format(t.parse('0,0')));
    expect(t.format(dest('neighbor', 'torus:5x4', t.parse('1,2')))).toBe(t.format(t.parse('2,3')));
    expect(all('neighbor', 'hypercube:4')).toEqual(all('bitcomp', 'hypercube:4'));
  });

  it('bitrev and shuffle on 16 nodes, by hand: 0b0001 -> 0b1000 and 0b0010; 0b1000 -> 0b0001 and 0b0001', () => {
    expect(dest('bitrev', 'hypercube:4', 0b0001)).toBe(0b1000);
    expect(dest('shuffle', 'hypercube:4', 0b0001)).toBe(0b0010);
    expect(dest('bitrev', 'hypercube:4', 0b1000)).toBe(0b0001);
    expect(dest('shuffle', 'hypercube:4', 0b1000)).toBe(0b0001);
    expect(dest('shuffle', 'hypercube:4', 0b1011)).toBe(0b0111);
  });

  it('every permutation pattern is a permutation of the nodes (property, random sizes)', () => {
    const specs = fc.oneof(
      fc.integer({ min: 1, max: 10 }).map((n) => `hypercube:${n}`),
      fc.constantFrom('mesh:4x4', 'mesh:8x8', 'torus:16x16', 'torus:4x4x4', 'mesh:2x8', 'torus:3x5x7', 'ccc:4'),
    );
    fc.assert(
      fc.property(specs, fc.constantFrom(...PERMUTATION_PATTERNS), (spec, pattern) => {
        let d: number[];
        try {
          d = all(pattern, spec);
        } catch (e) {
          expect(e).toBeInstanceOf(WormcastError);
          return;
        }
        expect(new Set(d).size).toBe(d.length);
        expect(Math.min(...d)).toBe(0);
        expect(Math.max(...d)).toBe(d.length - 1);
      }),
      { numRuns: 300 },
    );
  });

  it('bitrev, transpose and bitcomp are involutions; shuffle applied b times is the identity', () => {
    for (const p of ['bitrev', 'transpose', 'bitcomp'] as const)
      all(p, 'hypercube:8').forEach((d, s) => expect(dest(p, 'hypercube:8', d)).toBe(s));
    const t = parseTopology('hypercube:8');
    const g = patternGeometry('shuffle', t);
    for (let s = 0; s < t.nodes; s++) {
      let d = s;
      for (let i = 0; i < 8; i++) d = permutationDest('shuffle', d, g);
      expect(d).toBe(s);
    }
  });
});

describe('where a pattern is not defined: one line naming it and the topology', () => {
  const cases: [PatternName, string, RegExp][] = [
    ['bitcomp', 'star:4', /pattern bitcomp: needs a power-of-two node count .*not star:4 \(24 nodes\)/],
    ['transpose', 'mesh:8x4', /pattern transpose: needs .* even number of address bits .*not mesh:8x4 \(32 nodes\)/],
    ['tornado', 'hypercube:4', /pattern tornado: needs a radix of at least 3/],
    ['tornado', 'ccc:3', /pattern tornado: needs coordinates/],
    ['neighbor', 'star:4', /pattern neighbor: needs coordinates/],
    ['shuffle', 'ccc:3', /pattern shuffle: needs a power-of-two node count .*\(24 nodes\)/],
  ];
  for (const [p, spec, re] of cases)
    it(`${p} on ${spec}`, () => {
      expect(() => patternGeometry(p, parseTopology(spec))).toThrow(re);
      expect(() => patternGeometry(p, parseTopology(spec))).toThrow(WormcastError);
    });
  it('ccc:4 (64 nodes) takes the bit patterns', () => {
    expect(() => patternGeometry('transpose', parseTopology('ccc:4'))).not.toThrow();
  });
});

describe('randperm', () => {
  it('is a permutation fixed by the seed', () => {
    const a = randomPermutation(1000, mulberry32(7));
    expect(new Set(a).size).toBe(1000);
    expect(randomPermutation(1000, mulberry32(7))).toEqual(a);
    expect(randomPermutation(1000, mulberry32(8))).not.toEqual(a);
  });
});

describe('the AssemblyScript twin (assembly/traffic/patterns.ts)', () => {
  it('gives every destination the TypeScript definition gives, on every family where a pattern is defined', async () => {
    const w = await loadWasm();
    const specs = [
      'hypercube:1',
      'hypercube:6',
      'hypercube:10',
      'mesh:8x8',
      'torus:16x16',
      'torus:3x5x7',
      'ccc:4',
      'mesh:4x4x4',
    ];
    let checked = 0;
    for (const spec of specs)
      for (const pattern of PERMUTATION_PATTERNS) {
        const t = parseTopology(spec);
        let g: ReturnType<typeof patternGeometry>;
        try {
          g = patternGeometry(pattern, t);
        } catch {
          continue;
        }
        w.setPatternBits(g.bits);
        g.radices.forEach((k, d) => w.setPatternRadix(d, k));
        const id = PATTERN_NAMES.indexOf(pattern);
        for (let s = 0; s < t.nodes; s++) expect(w.patternDest(id, s)).toBe(permutationDest(pattern, s, g));
        checked++;
      }
    expect(checked).toBeGreaterThan(30);
  });
});
