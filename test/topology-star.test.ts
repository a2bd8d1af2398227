import { describe, expect, it } from 'vitest';
import { parseTopology } from '../src/topology/registry.ts';
import { FACTORIAL, rankPermutation, Star, unrankPermutation } from '../src/topology/star.ts';
import { configureTopology, loadWasm } from '../src/wasm/module.ts';
import { bfs, rng } from './utils.ts';

describe('star graph addresses (Lehmer rank)', () => {
  it('numbers permutations in lexicographic order: 1234 is 0, 1432 is 5, 4321 is 23', () => {
    const t = parseTopology('star:4');
    expect(t.parse('1234')).toBe(0);
    expect(t.parse('1243')).toBe(1);
    expect(t.parse('1432')).toBe(5);
    expect(t.parse('2134')).toBe(6);
    expect(t.parse('4321')).toBe(23);
    expect(t.format(17)).toBe('3421');
  });

  it('rank and unrank are inverse on every permutation up to 7 symbols', () => {
    for (let n = 1; n <= 7; n++) {
      const p = new Int8Array(n);
      let prev = '';
      for (let r = 0; r < FACTORIAL[n]!; r++) {
        unrankPermutation(r, n, p);
        expect(rankPermutation(p)).toBe(r);
        const word = Array.from(p).join(',');
        if (n <= 9 && prev !== '') expect(word > prev).toBe(true); // lexicographic order (n <= 9: one digit)
        prev = word;
      }
    }
  });

  it('parse and format round-trip every node of the 5-star; #id is the id itself', () => {
    const t = parseTopology('star:5');
    for (let v = 0; v < t.nodes; v++) expect(t.parse(t.format(v))).toBe(v);
    expect(t.parse('#17')).toBe(17);
    expect(t.parse(' 54321 ')).toBe(119);
  });

  it('rejects bad addresses, naming the input and the valid form', () => {
    const t = parseTopology('star:4');
    expect(() => t.parse('143')).toThrow(
      "wormcast: star:4: bad address '143': expected 4 symbols, a permutation of the symbols 1..4 such as 1234",
    );
    expect(() => t.parse('1442')).toThrow("bad address '1442': symbol 4 repeats");
    expect(() => t.parse('1532')).toThrow("bad address '1532': '5' is not a symbol 1..4");
    expect(() => t.parse('0123')).toThrow("'0' is not a symbol 1..4");
    expect(() => t.parse('12a4')).toThrow("'a' is not a symbol 1..4");
    expect(() => t.parse('#24')).toThrow('node id 24 is out of range; must be 0..23');
    expect(() => parseTopology('star:10')).toThrow('star:10: n must be 3..9');
    expect(() => parseTopology('star:2')).toThrow('n must be 3..9');
  });
});

describe('star graph structure (seed 003 section 4.2)', () => {
  it('port p applies g_{p+2}, interchanging the symbols at positions 1 and p+2', () => {
    const t = parseTopology('star:4');
    const v = t.parse('1432');
    expect([0, 1, 2].map((p) => t.format(t.neighbor(v, p)))).toEqual(['4132', '3412', '2431']);
    expect(t.neighbor(v, 3)).toBe(-1);
    expect(t.neighbor(v, -1)).toBe(-1);
    expect(t.portName(2)).toBe('g4');
  });

  it('has n! nodes, degree n-1, n!(n-1)/2 links, every generator an involution with distinct neighbours', () => {
    for (let n = 3; n <= 7; n++) {
      const t = new Star(n);
      expect(t.nodes).toBe(FACTORIAL[n]);
      expect(t.ports).toBe(n - 1);
      let arcs = 0;
      for (let v = 0; v < t.nodes; v++) {
        const seen = new Set<number>();
        for (let p = 0; p < t.ports; p++) {
          const u = t.neighbor(v, p);
          expect(t.neighbor(u, p)).toBe(v);
          expect(u).toBe(t.neighborDirect(v, p));
          seen.add(u);
          arcs++;
        }
        expect(seen.size).toBe(n - 1);
        expect(seen.has(v)).toBe(false);
      }
      expect(arcs / 2).toBe(t.links);
    }
  });

  it('distance by cycle structure equals BFS on every pair up to the 6-star; diameter floor(3(n-1)/2)', () => {
    for (let n = 3; n <= 6; n++) {
      const t = new Star(n);
      let max = 0;
      for (let a = 0; a < t.nodes; a++) {
        const d = bfs(t, a);
        for (let b = 0; b < t.nodes; b++) {
          if (t.distance(a, b) !== d[b])
            expect.fail(`${t.spec}: distance ${t.format(a)} -> ${t.format(b)} is ${t.distance(a, b)}, BFS ${d[b]}`);
          if (d[b]! > max) max = d[b]!;
        }
      }
      expect(max).toBe(t.diameter);
      expect(t.diameter).toBe(Math.floor((3 * (n - 1)) / 2));
    }
  });

  it('distance matches BFS from a sample of sources on the 7-star, and the eccentricity is the diameter', () => {
    const t = new Star(7);
    const r = rng(7);
    for (let k = 0; k < 4; k++) {
      const a = Math.floor(r() * t.nodes);
      const d = bfs(t, a);
      let max = 0;
      for (let b = 0; b < t.nodes; b++) {
        if (t.distance(a, b) !== d[b]) expect.fail(`${t.format(a)} -> ${t.format(b)}`);
        max = Math.max(max, d[b]!);
      }
      expect(max).toBe(9);
    }
  });

  it('the wasm neighbour (host table and direct starNeighbor) equals the TS neighbour on every node and port up to the 7-star, and on 9-star samples', async () => {
    const w = await loadWasm();
    for (let n = 3; n <= 7; n++) {
      const t = new Star(n);
      configureTopology(w, t);
      for (const table of [true, false]) {
        if (!table) w.setNeighborTable(0);
        let bad = 0;
        for (let v = 0; v < t.nodes; v++)
          for (let p = -1; p <= t.ports; p++) if (w.neighbor(v, p) !== t.neighbor(v, p)) bad++;
        expect(bad, `${t.spec} table ${table}`).toBe(0);
      }
    }
    const t = new Star(9);
    w.setTopology(5, t.nodes, t.ports, 1);
    w.setRadix(0, 9);
    const r = rng(9);
    for (let k = 0; k < 2000; k++) {
      const v = Math.floor(r() * t.nodes);
      const p = k % t.ports;
      expect(w.neighbor(v, p)).toBe(t.neighborDirect(v, p));
    }
    expect(w.neighbor(t.nodes - 1, 7)).toBe(t.parse('187654329'));
  });
});
