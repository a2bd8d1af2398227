import { describe, expect, it } from 'vitest';
import { checkHamiltonian } from '../src/labelling/custom.ts';
import { defaultLabelling } from '../src/labelling/registry.ts';
import { starCycle, starCycleGenerators } from '../src/labelling/star-cycle.ts';
import { torusHcm } from '../src/labelling/torus-hcm.ts';
import { isBoundaryLink } from '../src/routing/hcm-model.ts';
import type { Grid } from '../src/topology/grid.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { FACTORIAL } from '../src/topology/star.ts';

describe('torus-hcm labelling (seed 003 section 4.1)', () => {
  it("reproduces the seed's 4x4 example labels, with (2,0) as the node labelled 2 (INDEX slip)", () => {
    const t = parseTopology('torus:4x4');
    const l = torusHcm(t);
    const seed: Array<[string, number]> = [
      ['3,2', 11],
      ['0,0', 0],
      ['1,0', 1],
      ['2,0', 2],
      ['1,1', 6],
      ['0,2', 8],
      ['2,2', 10],
      ['3,3', 12],
      ['2,3', 13],
      ['0,3', 15],
    ];
    for (const [addr, label] of seed) expect(l.labelOf[t.parse(addr)], addr).toBe(label);
    // the seed's printed (0,2)^2 cannot be: (0,2) carries label 8
    expect(l.labelOf[t.parse('0,2')]).toBe(8);
    expect(Array.from(l.nodeAt, (v) => t.format(v)).slice(0, 8)).toEqual([
      '0,0',
      '1,0',
      '2,0',
      '3,0',
      '3,1',
      '2,1',
      '1,1',
      '0,1',
    ]);
    expect(l.cycle).toBe(true);
    expect(defaultLabelling(t).labelOf).toEqual(l.labelOf);
  });

  it('is a Hamiltonian cycle on 2D tori with an even number of rows (square or not, k0 odd or even)', () => {
    for (const spec of ['torus:3x4', 'torus:4x4', 'torus:5x6', 'torus:8x4', 'torus:7x10', 'torus:64x64']) {
      const t = parseTopology(spec);
      const l = torusHcm(t);
      checkHamiltonian(t, l.nodeAt, true, spec);
      l.nodeAt.forEach((v, i) => expect(l.labelOf[v]).toBe(i));
    }
  });

  it('makes exactly the y wrap-around links boundary links (|dl| > ceil(N/2)); every other link is common', () => {
    for (const spec of ['torus:3x4', 'torus:4x4', 'torus:5x6', 'torus:64x64']) {
      const t = parseTopology(spec) as Grid;
      const l = torusHcm(t);
      const k1 = t.dims[1]!;
      let boundary = 0;
      for (let v = 0; v < t.nodes; v++) {
        for (let p = 0; p < t.ports; p++) {
          const u = t.neighbor(v, p);
          const yWrap = p >= 2 && Math.abs(t.coord(v, 1) - t.coord(u, 1)) === k1 - 1;
          expect(isBoundaryLink(l.labelOf[v]!, l.labelOf[u]!, t.nodes), `${spec} ${t.format(v)} ${t.portName(p)}`).toBe(
            yWrap,
          );
          if (yWrap) boundary++;
        }
      }
      expect(boundary).toBe(2 * t.dims[0]!); // k0 links, both directions
    }
  });

  it('explains what it needs: a 2D torus with an even number of rows', () => {
    expect(() => torusHcm(parseTopology('torus:4x5'))).toThrow(
      'wormcast: labelling torus-hcm on torus:4x5: the number of rows k1 = 5 must be even (seed 003 section 4.1), e.g. torus:4x6',
    );
    expect(() => torusHcm(parseTopology('torus:4x4x4'))).toThrow(
      'defined for 2D tori only (torus:k0xk1), not 3 dimensions',
    );
    expect(() => torusHcm(parseTopology('mesh:4x4'))).toThrow(
      'labelling torus-hcm: needs a 2D torus (torus:k0xk1 with k1 even), not mesh:4x4',
    );
  });
});

describe('star-cycle labelling (seed 003 section 4.2)', () => {
  it('reproduces every 4-star label printed in seed 003, with 1234 labelled 0', () => {
    const t = parseTopology('star:4');
    const l = starCycle(t);
    const seed: Array<[string, number]> = [
      ['1234', 0],
      ['2134', 1],
      ['3124', 2],
      ['2314', 4],
      ['1243', 7],
      ['4123', 9],
      ['2413', 11],
      ['3412', 12],
      ['1432', 17],
      ['3421', 19],
      ['2341', 21],
      ['3241', 22],
    ];
    for (const [addr, label] of seed) expect(l.labelOf[t.parse(addr)], addr).toBe(label);
    expect(Array.from(l.nodeAt, (v) => t.format(v)).join(' ')).toBe(
      '1234 2134 3124 1324 2314 3214 4213 1243 2143 4123 1423 2413 3412 4312 1342 3142 4132 1432 2431 3421 4321 2341 3241 4231',
    );
    expect(defaultLabelling(t).labelOf).toEqual(l.labelOf);
  });

  it('is a Hamiltonian cycle of the n-star for n = 3..8', () => {
    for (let n = 3; n <= 8; n++) {
      const t = parseTopology(`star:${n}`);
      const l = starCycle(t);
      expect(l.cycle).toBe(true);
      expect(l.nodeAt[0]).toBe(0);
      checkHamiltonian(t, l.nodeAt, true, t.spec);
    }
  });

  it('is a Hamiltonian cycle of the 9-star (362,880 nodes)', () => {
    const t = parseTopology('star:9');
    checkHamiltonian(t, starCycle(t).nodeAt, true, t.spec);
  });

  it('is built from blocks: C_n = (Q_k g_n) for k = 1..n, each Q_k covering one last symbol, n, n-1, ..., 1', () => {
    for (let n = 3; n <= 7; n++) {
      const seq = starCycleGenerators(n);
      const block = FACTORIAL[n - 1]!;
      expect(seq.length).toBe(FACTORIAL[n]);
      seq.forEach((g, i) => {
        expect(g >= 2 && g <= n).toBe(true);
        expect(g === n).toBe(i % block === block - 1);
      });
      const t = parseTopology(`star:${n}`);
      const l = starCycle(t);
      for (let k = 0; k < n; k++) {
        for (let i = k * block; i < (k + 1) * block; i++) expect(t.format(l.nodeAt[i]!).at(-1)).toBe(String(n - k));
      }
    }
  });

  it('has exactly four boundary links on the 4-star (|dl| > 12): 23-0, 16-1, 20-3, 22-7', () => {
    const t = parseTopology('star:4');
    const l = starCycle(t).labelOf;
    const found: string[] = [];
    for (let v = 0; v < t.nodes; v++) {
      for (let p = 0; p < t.ports; p++) {
        const a = l[v]!;
        const b = l[t.neighbor(v, p)]!;
        if (a > b && isBoundaryLink(a, b, t.nodes)) found.push(`${a}-${b}`);
      }
    }
    expect(found.sort()).toEqual(['16-1', '20-3', '22-7', '23-0']);
  });

  it('explains what it needs', () => {
    expect(() => starCycle(parseTopology('torus:4x4'))).toThrow(
      'labelling star-cycle: needs a star graph (star:n), not torus:4x4',
    );
  });
});
