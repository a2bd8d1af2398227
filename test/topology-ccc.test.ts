import { describe, expect, it } from 'vitest';
import { WormcastError } from '../src/errors.ts';
import { Ccc, cccDiameter } from '../src/topology/ccc.ts';
import { ringCover, ringCoverLength } from '../src/topology/ccc-ring.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { bfs, rng } from './utils.ts';

/**
 * Seed 002's own formulation of the optimal ring walk, computed independently of
 * ringCover: A is the longer arc between s and d (the whole ring when s = d), b - 1 the
 * longest run of non-distinguished nodes inside A, c - 1 the longest run outside A;
 * the walk is min{D + a - 2b, 2D - a - 2c} (case II as corrected in INDEX.md), and
 * min{2(D - b), D} when s = d (second term of formula (2)).
 */
function reedCases(D: number, s: number, d: number, mask: number): { caseI: number; caseII: number } {
  const distinguished = (p: number) => ((mask >>> p) & 1) === 1;
  /** 1 + longest run of non-distinguished nodes strictly inside the arc s -> s+len (step dir). */
  const gap = (from: number, len: number, dir: number): number => {
    let run = 0;
    let longest = 0;
    for (let k = 1; k < len; k++) {
      const p = (((from + dir * k) % D) + D) % D;
      run = distinguished(p) ? 0 : run + 1;
      longest = Math.max(longest, run);
    }
    return longest + 1;
  };
  if (s === d) {
    const b = gap(s, D, 1);
    return { caseI: 2 * (D - b), caseII: D };
  }
  const up = (d - s + D) % D; // arc s -> d in increasing position
  const [a, dirA] = up >= D - up ? [up, 1] : [D - up, -1];
  const b = gap(s, a, dirA);
  const c = gap(s, D - a, -dirA);
  return { caseI: D + a - 2 * b, caseII: 2 * D - a - 2 * c };
}

describe('n-CCC topology (seed 000 Definition 1)', () => {
  it('has n 2^n nodes, 3n 2^(n-1) edges, degree 3, and exactly the edges of Definition 1', () => {
    for (let n = 3; n <= 8; n++) {
      const t = new Ccc(n);
      expect(t.nodes).toBe(n * 2 ** n);
      const edges = new Set<number>();
      for (let v = 0; v < t.nodes; v++) {
        const seen = new Set<number>();
        for (let p = 0; p < t.ports; p++) {
          const u = t.neighbor(v, p);
          seen.add(u);
          // Definition 1: same cycle and i - i' = +-1 mod n, or same i and w, w' differ in bit i.
          const [i, w, i2, w2] = [v % n, Math.floor(v / n), u % n, Math.floor(u / n)];
          const cycleEdge = w === w2 && ((i - i2 + n) % n === 1 || (i2 - i + n) % n === 1);
          const cubeEdge = i === i2 && (w ^ w2) === 1 << i;
          expect(cycleEdge || cubeEdge).toBe(true);
          expect([0, 1, 2].some((q) => t.neighbor(u, q) === v)).toBe(true);
          edges.add(Math.min(u, v) * t.nodes + Math.max(u, v));
        }
        expect(seen.size).toBe(3);
        expect(t.neighbor(v, 3)).toBe(-1);
      }
      expect(edges.size).toBe(3 * n * 2 ** (n - 1));
      expect(t.links).toBe(edges.size);
    }
  });

  it('rejects n outside 3..16 naming the range', () => {
    expect(() => parseTopology('ccc:2')).toThrow('ccc:2: n must be 3..16');
    expect(() => parseTopology('ccc:17')).toThrow('n must be 3..16');
  });

  it('orders ids by the dimension order <_d (seed 000 Definition 3 example)', () => {
    const t = new Ccc(5);
    const nodes = ['(0,00001)', '(3,10000)', '(1,01100)', '(4,00001)'].map((a) => t.parse(a));
    expect(nodes.sort((a, b) => a - b).map((v) => t.format(v))).toEqual([
      '(0,00001)',
      '(4,00001)',
      '(1,01100)',
      '(3,10000)',
    ]);
  });

  it('sorts the seed 000 section 5 multicast set into the printed dimension-ordered chain', () => {
    const t = new Ccc(5);
    const phi = [
      '(3,01010)',
      '(1,00101)',
      '(0,10000)',
      '(4,01011)',
      '(2,10101)',
      '(3,00000)',
      '(1,01011)',
      '(0,11000)',
    ];
    const sorted = phi
      .map((a) => t.parse(a))
      .sort((a, b) => a - b)
      .map((v) => t.format(v));
    expect(sorted).toEqual([
      '(3,00000)',
      '(1,00101)',
      '(3,01010)',
      '(1,01011)',
      '(4,01011)',
      '(0,10000)',
      '(2,10101)',
      '(0,11000)',
    ]);
  });
});

describe('n-CCC distance and diameter', () => {
  it('distance equals BFS on every pair for n = 3..6', () => {
    for (let n = 3; n <= 6; n++) {
      const t = new Ccc(n);
      let bad = 0;
      for (let s = 0; s < t.nodes; s++) {
        const dist = bfs(t, s);
        for (let v = 0; v < t.nodes; v++) if (t.distance(s, v) !== dist[v]) bad++;
      }
      expect(bad, `ccc:${n}`).toBe(0);
    }
  });

  it('distance equals BFS from 20 random sources of a 10-CCC', () => {
    const t = new Ccc(10);
    const r = rng(7);
    for (let k = 0; k < 20; k++) {
      const s = Math.floor(r() * t.nodes);
      const dist = bfs(t, s);
      let bad = 0;
      for (let v = 0; v < t.nodes; v++) if (t.distance(s, v) !== dist[v]) bad++;
      expect(bad).toBe(0);
    }
  });

  it('diameter equals the BFS eccentricity of node 0 (the CCC is vertex-transitive) for n = 3..12', () => {
    for (let n = 3; n <= 12; n++) {
      const t = new Ccc(n);
      expect(t.diameter, `ccc:${n}`).toBe(Math.max(...bfs(t, 0)));
    }
    expect([3, 4, 5, 6, 7, 8, 16].map(cccDiameter)).toEqual([6, 8, 10, 13, 15, 18, 38]);
  });

  it('hand-worked distances on the 3-CCC', () => {
    const t = new Ccc(3);
    // Same node; one cube hop; opposite corner of the cube from the same position:
    // (0,000) -> (0,111) crosses cube links at positions 0, 1, 2 and goes once round
    // the cycle (3 ring links) back to position 0: 3 + 3, the diameter.
    expect(t.distance(t.parse('(0,000)'), t.parse('(0,000)'))).toBe(0);
    expect(t.distance(t.parse('(1,000)'), t.parse('(1,010)'))).toBe(1);
    expect(t.distance(t.parse('(0,000)'), t.parse('(0,111)'))).toBe(6);
    expect(t.distance(t.parse('(0,000)'), t.parse('(2,000)'))).toBe(1);
  });
});

describe('ring covering (seed 002, optimal routing)', () => {
  it('an 11-node arrangement consistent with Figures III and IV: case I = 9, case II = 12, walk 9', () => {
    // s = 0, d = 5: the longer arc A runs 0, 10, 9, ..., 5 (a = 6); distinguished nodes
    // 10 and 6 leave a run of 3 inside A (b = 4), 2 and 4 runs of 1 outside (c = 2).
    const mask = (1 << 2) | (1 << 4) | (1 << 6) | (1 << 10);
    expect(reedCases(11, 0, 5, mask)).toEqual({ caseI: 9, caseII: 12 });
    expect(ringCoverLength(11, 0, 5, mask)).toBe(9);
  });

  it('equals min(case I, case II) of seed 002 for every s, d and distinguished set, D = 3..8', () => {
    for (let D = 3; D <= 8; D++) {
      let bad = 0;
      for (let s = 0; s < D; s++) {
        for (let d = 0; d < D; d++) {
          for (let mask = 0; mask < 1 << D; mask++) {
            const { caseI, caseII } = reedCases(D, s, d, mask);
            if (ringCoverLength(D, s, d, mask) !== Math.min(caseI, caseII)) bad++;
          }
        }
      }
      expect(bad, `D = ${D}`).toBe(0);
    }
  });

  it('its first step starts a walk of the promised length that visits every distinguished node', () => {
    const r = rng(3);
    let wrong = 0;
    for (let k = 0; k < 20_000; k++) {
      const D = 3 + Math.floor(r() * 14);
      let s = Math.floor(r() * D);
      const d = Math.floor(r() * D);
      let mask = Math.floor(r() * 2 ** D);
      const promised = ringCoverLength(D, s, d, mask);
      let steps = 0;
      mask &= ~(1 << s);
      while (mask !== 0 || s !== d) {
        const port = ringCover(D, s, d, mask) & 3;
        if (port !== 1 && port !== 2) break;
        s = port === 1 ? (s + 1) % D : (s + D - 1) % D;
        mask &= ~(1 << s);
        steps++;
      }
      if (steps !== promised || mask !== 0 || s !== d || ringCover(D, s, d, 0) !== 0) wrong++;
    }
    expect(wrong).toBe(0);
  });
});

describe('n-CCC addresses', () => {
  it('formats (i,w) with w in n binary digits and parses it back, and the plain id, for n = 3..6', () => {
    const t5 = new Ccc(5);
    expect(t5.format(10 * 5 + 3)).toBe('(3,01010)');
    expect(t5.parse('(3,01010)')).toBe(53);
    expect(t5.parse(' ( 3 , 01010 ) ')).toBe(53);
    expect(t5.parse('53')).toBe(53);
    expect(t5.parse('#53')).toBe(53);
    for (let n = 3; n <= 6; n++) {
      const t = new Ccc(n);
      for (let v = 0; v < t.nodes; v++) {
        expect(t.parse(t.format(v))).toBe(v);
        expect(t.parse(String(v))).toBe(v);
      }
    }
  });

  it('rejects bad addresses naming the address and the valid form or range', () => {
    const t = new Ccc(5);
    const bad: Array<[string, string]> = [
      ['(5,01010)', "wormcast: ccc:5: bad address '(5,01010)': cycle position '5' must be 0..4"],
      ['(-1,01010)', "cycle position '-1' must be 0..4"],
      ['(3,0101)', "wormcast: ccc:5: bad address '(3,0101)': cycle address '0101' must be exactly 5 binary digits"],
      ['(3,01210)', "cycle address '01210' must be exactly 5 binary digits"],
      ['160', "address '160': 160 is out of range; must be 0..159"],
      ['(3,01010', "bad address '(3,01010': expected (i,w) with i in 0..4 and w 5 binary digits, or a node id 0..159"],
      ['abc', "bad address 'abc': expected (i,w)"],
      ['', "bad address '': expected (i,w)"],
    ];
    for (const [address, message] of bad) {
      expect(() => t.parse(address), address).toThrow(WormcastError);
      expect(() => t.parse(address), address).toThrow(message);
    }
  });

  it('names its ports', () => {
    expect([0, 1, 2].map((p) => new Ccc(3).portName(p))).toEqual(['cube', 'cycle+', 'cycle-']);
  });
});
