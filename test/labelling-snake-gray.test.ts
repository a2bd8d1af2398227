import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { customLabelling, isAdjacent } from '../src/labelling/custom.ts';
import { grayLabel, hypercubeGray } from '../src/labelling/hypercube-gray.ts';
import { meshSnake, snakeLabel } from '../src/labelling/mesh-snake.ts';
import { defaultLabelling } from '../src/labelling/registry.ts';
import type { Labelling } from '../src/labelling/types.ts';
import { parseTopology } from '../src/topology/registry.ts';
import type { Topology } from '../src/topology/types.ts';

/** labelOf and nodeAt are inverse permutations and consecutive labels are adjacent. */
function expectHamiltonianPath(t: Topology, lab: Labelling): void {
  expect(lab.nodeAt.length).toBe(t.nodes);
  const seen = new Uint8Array(t.nodes);
  for (let l = 0; l < t.nodes; l++) {
    const v = lab.nodeAt[l]!;
    expect(seen[v], `node ${v} listed twice`).toBe(0);
    seen[v] = 1;
    expect(lab.labelOf[v]).toBe(l);
    if (l > 0 && !isAdjacent(t, lab.nodeAt[l - 1]!, v))
      expect.fail(`${t.spec}: labels ${l - 1} and ${l} are not adjacent`);
  }
}

describe('mesh snake labelling (seed 004 section 6.2.2)', () => {
  it('4 x 3 mesh of Figure 6.9: l(x, y) = y*n + x on even rows, y*n + n - x - 1 on odd rows (top row 11 10 9)', () => {
    const t = parseTopology('mesh:3x4');
    const lab = meshSnake(t);
    const rows = [3, 2, 1, 0].map((y) => [0, 1, 2].map((x) => lab.labelOf[t.parse(`${x},${y}`)]));
    expect(rows).toEqual([
      [11, 10, 9],
      [6, 7, 8],
      [5, 4, 3],
      [0, 1, 2],
    ]);
  });

  it('6 x 6 example of Figures 6.13 and 6.16: source (3,2) is label 15; DH and DL in the printed sorted order', () => {
    const t = parseTopology('mesh:6x6');
    const lab = meshSnake(t);
    const l = (a: string) => lab.labelOf[t.parse(a)]!;
    expect(l('3,2')).toBe(15); // "the source is the node labeled with 15"
    const dh = ['5,3', '1,3', '5,4', '4,5', '0,5'].map(l);
    const dl = ['0,2', '5,1', '5,0', '0,0'].map(l);
    expect(dh).toEqual([18, 22, 29, 31, 35]); // listed ascending in the seed
    expect(dl).toEqual([12, 6, 5, 0]); // listed descending in the seed
  });

  it('is a Hamiltonian path on 6x6, 5x3, 1x5, 4x4x4, 3x5x2 and 2x3x3 meshes', () => {
    for (const spec of ['mesh:6x6', 'mesh:5x3', 'mesh:1x5', 'mesh:4x4x4', 'mesh:3x5x2', 'mesh:2x3x3']) {
      const t = parseTopology(spec);
      expectHamiltonianPath(t, meshSnake(t));
    }
  });

  it('3D: plane z holds labels z*k0*k1 .. z*k0*k1 + k0*k1 - 1, in the 2D snake order on even z and reversed on odd z', () => {
    const t = parseTopology('mesh:4x4x4');
    const lab = meshSnake(t);
    const plane = parseTopology('mesh:4x4');
    const snake2 = meshSnake(plane);
    for (let v = 0; v < t.nodes; v++) {
      const [x, y, z] = [v % 4, (v >> 2) % 4, v >> 4];
      const l2 = snake2.labelOf[x + 4 * y]!;
      expect(lab.labelOf[v]).toBe(16 * z + (z % 2 === 0 ? l2 : 15 - l2));
    }
  });

  it('is a Hamiltonian path on random 2D and 3D meshes (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 7 }), { minLength: 2, maxLength: 3 }), (dims) => {
        const t = parseTopology(`mesh:${dims.join('x')}`);
        expectHamiltonianPath(t, meshSnake(t));
        expect(snakeLabel([0, 0, 0].slice(0, dims.length), dims)).toBe(0);
      }),
      { numRuns: 60 },
    );
  });

  it('is a cycle only when the path closes (k0 x 2), and is the default mesh labelling', () => {
    expect(meshSnake(parseTopology('mesh:5x2')).cycle).toBe(true);
    expect(meshSnake(parseTopology('mesh:6x6')).cycle).toBe(false);
    expect(defaultLabelling(parseTopology('mesh:6x6')).name).toBe('mesh-snake');
  });

  it('rejects a non-mesh topology with the valid forms', () => {
    expect(() => meshSnake(parseTopology('torus:4x4'))).toThrow(
      /wormcast: labelling mesh-snake: needs a mesh .*not torus:4x4/,
    );
  });
});

describe('hypercube reflected Gray code labelling (seed 004 section 6.3)', () => {
  it('in a 4-cube l(0011) = 2 and l(1000) = 15', () => {
    const t = parseTopology('hypercube:4');
    const lab = hypercubeGray(t);
    expect(lab.labelOf[t.parse('0011')]).toBe(2);
    expect(lab.labelOf[t.parse('1000')]).toBe(15);
  });

  it('equals the Hamilton cycle of Table 5.3 (h(x) = l(x) + 1)', () => {
    const t = parseTopology('hypercube:4');
    const table = [
      '0000',
      '0001',
      '0011',
      '0010',
      '0110',
      '0111',
      '0101',
      '0100',
      '1100',
      '1101',
      '1111',
      '1110',
      '1010',
      '1011',
      '1001',
      '1000',
    ];
    expect(Array.from(hypercubeGray(t).nodeAt, (v) => t.format(v))).toEqual(table);
    expect(hypercubeGray(t).cycle).toBe(true);
  });

  it('the dual-path example of Figure 6.19: from 1100, DL = {0100, 0111, 0011} and DH = {1111, 1000} in that order', () => {
    const t = parseTopology('hypercube:4');
    const lab = hypercubeGray(t);
    const l = (a: string) => lab.labelOf[t.parse(a)]!;
    expect(['0100', '0111', '0011'].every((a) => l(a) < l('1100'))).toBe(true);
    expect(l('1100') < l('1111') && l('1111') < l('1000')).toBe(true);
  });

  it('l is the prefix parity of the address bits (c_{n-j} = d_{n-1} xor ... xor d_{n-j}) and a Hamiltonian cycle for n = 1..12', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: (1 << 20) - 1 }), (v) => {
        let c = 0;
        let parity = 0;
        for (let i = 19; i >= 0; i--) {
          parity ^= (v >> i) & 1;
          c |= parity << i;
        }
        expect(grayLabel(v)).toBe(c);
      }),
    );
    for (let n = 1; n <= 12; n++) {
      const t = parseTopology(`hypercube:${n}`);
      const lab = hypercubeGray(t);
      expectHamiltonianPath(t, lab);
      if (n >= 2) expect(isAdjacent(t, lab.nodeAt[t.nodes - 1]!, lab.nodeAt[0]!)).toBe(true);
    }
  });

  it('rejects a non-hypercube', () => {
    expect(() => hypercubeGray(parseTopology('mesh:4x4'))).toThrow(/needs a hypercube .*not mesh:4x4/);
  });
});

describe('custom Hamiltonian path or cycle', () => {
  const mesh4 = parseTopology('mesh:4x4');
  const seedCycle = [0, 1, 2, 3, 7, 6, 5, 9, 10, 11, 15, 14, 13, 12, 8, 4];

  it('accepts the 4x4 cycle of seed 004 section 5.4 and gives the h(x) - 1 of Table 5.1', () => {
    const lab = customLabelling(mesh4, seedCycle, true);
    expect(lab.cycle).toBe(true);
    expect(lab.name).toBe('custom-cycle');
    // Table 5.1: h(0..15) = 1 2 3 4 16 7 6 5 15 8 9 10 14 13 12 11
    expect(Array.from(lab.labelOf, (l) => l + 1)).toEqual([1, 2, 3, 4, 16, 7, 6, 5, 15, 8, 9, 10, 14, 13, 12, 11]);
    expectHamiltonianPath(mesh4, lab);
  });

  it('accepts a path that does not close when cycle is false', () => {
    const snake = Array.from(meshSnake(mesh4).nodeAt);
    expect(customLabelling(mesh4, snake, false).name).toBe('custom-path');
    expect(() => customLabelling(mesh4, snake, true)).toThrow(
      /not a cycle: the last node 0,3 \(12, position 15\) is not adjacent to the first 0,0 \(0\)/,
    );
  });

  it('names the first bad position and node', () => {
    const swapped = [...seedCycle];
    [swapped[5], swapped[6]] = [swapped[6]!, swapped[5]!]; // 0 1 2 3 7 5 6 ...
    expect(() => customLabelling(mesh4, swapped, true)).toThrow(
      'wormcast: custom labelling on mesh:4x4: position 5: node 1,1 (5) is not adjacent to node 3,1 (7) at position 4',
    );
    const dup = [...seedCycle];
    dup[15] = 0;
    expect(() => customLabelling(mesh4, dup, true)).toThrow('position 15: node 0,0 (0) already appears at position 0');
    expect(() => customLabelling(mesh4, seedCycle.slice(0, 15), true)).toThrow(
      'the order has 15 nodes; a Hamiltonian cycle lists all 16 nodes',
    );
    const out = [...seedCycle];
    out[3] = 16;
    expect(() => customLabelling(mesh4, out, false)).toThrow('position 3: 16 is not a node; must be 0..15');
    const frac = [...seedCycle];
    frac[0] = 0.5;
    expect(() => customLabelling(mesh4, frac, false)).toThrow('position 0: 0.5 is not a node');
  });

  it('accepts the Gray code as a custom cycle on a hypercube and rejects the identity order', () => {
    const t = parseTopology('hypercube:4');
    expect(Array.from(customLabelling(t, Array.from(hypercubeGray(t).nodeAt), true).labelOf)).toEqual(
      Array.from(hypercubeGray(t).labelOf),
    );
    const identity = Array.from({ length: 16 }, (_, i) => i);
    expect(() => customLabelling(t, identity, false)).toThrow(
      'position 2: node 0010 (2) is not adjacent to node 0001 (1) at position 1',
    );
  });
});
