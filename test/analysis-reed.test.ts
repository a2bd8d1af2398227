import { describe, expect, it } from 'vitest';
import {
  reedFormula1,
  reedFormula1Total4,
  reedFormula2,
  reedRow,
  reedTable,
  traversalsAllPairs,
  traversalsFrom,
  type ReedRow,
} from '../src/analysis/reed.ts';
import { createRouting } from '../src/routing/registry.ts';
import { tracePath } from '../src/routing/trace.ts';
import { Ccc } from '../src/topology/ccc.ts';
import { rng } from './utils.ts';
import { runCli } from './cli.ts';

const run = runCli;

/** The table for n = 3..12, computed once (about 0.2 s). */
const table: ReedRow[] = reedTable(3, 12);

describe('seed 002: mean ring links of ccc-simple, enumeration vs formula (1)', () => {
  it('agree to 1e-12 for every n = 3..12', () => {
    expect(table.map((r) => r.n)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    for (const r of table) expect(Math.abs(r.simple - r.formula), `n = ${r.n}`).toBeLessThan(1e-12);
  });

  it('agree exactly as integers: 4 x (ring links from one source) = 5n^2 2^n + 8n - 8n 2^n - [n odd] 2^n', () => {
    for (let n = 3; n <= 12; n++) {
      const total = traversalsFrom(createRouting('ccc-simple', new Ccc(n))).ring;
      expect(4 * total, `n = ${n}`).toBe(reedFormula1Total4(n));
    }
  });

  it('gives the hand-worked values 23/12 (n = 3), 3.125 (n = 4), 4.2625 (n = 5)', () => {
    expect(reedFormula1(3)).toBeCloseTo(23 / 12, 14);
    expect(reedFormula1(4)).toBe(3.125);
    expect(reedFormula1(5)).toBeCloseTo(4.2625, 14);
    expect(table[0]!.simple).toBeCloseTo(23 / 12, 14);
  });
});

describe('seed 002: mean ring links of ccc-optimal, enumeration vs formula (2)', () => {
  it('agree to 1e-12 for every n = 3..12 with the corrected formula (2)', () => {
    for (const r of table) expect(Math.abs(r.optimal - r.formula2), `n = ${r.n}`).toBeLessThan(1e-12);
    expect(table[0]!.optimal).toBeCloseTo(19 / 12, 14);
    expect(table[2]!.optimal).toBeCloseTo(3.45, 14);
  });

  it('the printed formula (2) (floor lower limit, case II 2D - c - 2c) does not match enumeration', () => {
    // docs/errata.md: floor(D/2) adds a term of probability 2/D for odd D; 2D - c - 2c is a slip.
    expect(reedFormula2(3, { lowerLimit: 'floor' })).toBeCloseTo(31 / 12, 12);
    expect(reedFormula2(4, { lowerLimit: 'floor' })).toBeCloseTo(table[1]!.optimal, 12); // same for even D
    for (const r of table) {
      expect(Math.abs(reedFormula2(r.n, { caseII: 'printed' }) - r.optimal), `n = ${r.n}`).toBeGreaterThan(0.05);
    }
  });
});

describe('the symmetry shortcut (one source, n 2^n routes)', () => {
  it('equals brute force over all N^2 pairs routed with ccc-simple and ccc-optimal, n = 3..6', () => {
    for (let n = 3; n <= 6; n++) {
      const t = new Ccc(n);
      for (const name of ['ccc-simple', 'ccc-optimal']) {
        const r = createRouting(name, t);
        const one = traversalsFrom(r);
        const all = traversalsAllPairs(r);
        expect(all.routes).toBe(t.nodes * one.routes);
        expect(all.ring, `${name} n = ${n}`).toBe(t.nodes * one.ring);
        expect(all.cube, `${name} n = ${n}`).toBe(t.nodes * one.cube);
      }
    }
  });

  it('every source gives the same totals (vertex transitivity): 12 random sources of the 9-CCC', () => {
    const t = new Ccc(9);
    const r = rng(2);
    for (const name of ['ccc-simple', 'ccc-optimal']) {
      const routing = createRouting(name, t);
      const base = traversalsFrom(routing);
      for (let k = 0; k < 12; k++) {
        const src = Math.floor(r() * t.nodes);
        expect(traversalsFrom(routing, src), `${name} from ${t.format(src)}`).toEqual(base);
      }
    }
  });

  it('the optimal ring links from one source are the ringCover lengths: distance minus cube links', () => {
    const t = new Ccc(7);
    const r = createRouting('ccc-optimal', t);
    let sumDistance = 0;
    for (let d = 0; d < t.nodes; d++) sumDistance += t.distance(0, d);
    const one = traversalsFrom(r);
    expect(one.ring + one.cube).toBe(sumDistance);
  });
});

describe('reduction of ccc-optimal over ccc-simple', () => {
  it('is (simple - optimal) / simple: 4/23 for n = 3, then 16.0 .. 19.1 % for n = 4..12', () => {
    expect(table[0]!.reduction).toBeCloseTo(4 / 23, 14);
    expect(table.map((r) => Math.round(1000 * r.reduction) / 10)).toEqual([
      17.4, 16.0, 19.1, 17.9, 18.5, 17.6, 17.6, 16.9, 16.7, 16.1,
    ]);
    for (const r of table) expect(r.reduction).toBeCloseTo((r.simple - r.optimal) / r.simple, 14);
  });

  it("never reaches seed 002's 20.5 % for n = 3..16 (docs/errata.md); relative to the optimal, n = 10 gives 20.3 %", () => {
    for (let n = 3; n <= 16; n++) {
      const s = reedFormula1(n);
      const o = reedFormula2(n);
      expect((s - o) / s, `n = ${n}`).toBeLessThan(0.195);
    }
    const r10 = table[7]!;
    expect(r10.nodes).toBe(10_240); // seed 002: "D = 10 gives 10,240 nodes"
    expect(Math.round((1000 * (r10.simple - r10.optimal)) / r10.optimal) / 10).toBe(20.3);
  });

  it('the optimal never takes more ring links than the simple on any pair of the 5-CCC', () => {
    const t = new Ccc(5);
    const s = createRouting('ccc-simple', t);
    const o = createRouting('ccc-optimal', t);
    const ring = (path: ReturnType<typeof tracePath>) => path.filter((h) => h.port !== 0).length;
    for (let d = 0; d < t.nodes; d++) expect(ring(tracePath(o, 0, d))).toBeLessThanOrEqual(ring(tracePath(s, 0, d)));
  });
});

describe('link message intensities (seed 002, "Comparisons")', () => {
  it('cube: n/2 cube links per message over n 2^(n-1) links = 1/2^n exactly', () => {
    for (const r of table) {
      expect(r.cube).toBe(r.n / 2);
      expect(r.cubeLinks).toBe(r.n * 2 ** (r.n - 1));
      expect(r.cubeIntensity).toBe(1 / 2 ** r.n);
    }
  });

  it('ring: mean ring links over the n 2^n ring links', () => {
    for (const r of table) {
      expect(r.ringLinks).toBe(r.n * 2 ** r.n);
      expect(r.ringIntensitySimple).toBeCloseTo(r.simple / r.ringLinks, 15);
      expect(r.ringIntensityOptimal).toBeCloseTo(r.optimal / r.ringLinks, 15);
    }
  });

  it('is the load of every single link: per-link traversals over all N^2 pairs of the 4-CCC, divided by N^2', () => {
    const t = new Ccc(4);
    const row = reedRow(4);
    for (const [name, ringIntensity] of [
      ['ccc-simple', row.ringIntensitySimple],
      ['ccc-optimal', row.ringIntensityOptimal],
    ] as const) {
      const r = createRouting(name, t);
      const load = new Map<string, number>();
      for (let s = 0; s < t.nodes; s++) {
        for (let d = 0; d < t.nodes; d++) {
          for (const h of tracePath(r, s, d)) {
            const key = `${h.port === 0 ? 'cube' : 'ring'} ${Math.min(h.from, h.to)}-${Math.max(h.from, h.to)}`;
            load.set(key, (load.get(key) ?? 0) + 1);
          }
        }
      }
      const perPair = (kind: string) => [...load].filter(([k]) => k.startsWith(kind)).map(([, v]) => v / t.nodes ** 2);
      expect(perPair('ring')).toHaveLength(row.ringLinks);
      expect(perPair('cube')).toHaveLength(row.cubeLinks);
      for (const v of perPair('ring')) expect(v).toBeCloseTo(ringIntensity, 14);
      for (const v of perPair('cube')) expect(v).toBeCloseTo(row.cubeIntensity, 14);
    }
  });

  it('simple ring intensity exceeds the cube one only from n = 8; optimal stays below it up to n = 21 (docs/errata.md)', () => {
    const simpleOverCube = (n: number) => reedFormula1(n) / n; // ring intensity x 2^n
    const optimalOverCube = (n: number) => reedFormula2(n) / n;
    expect(simpleOverCube(7)).toBeLessThan(1);
    expect(simpleOverCube(8)).toBeGreaterThan(1);
    for (let n = 3; n <= 21; n++) expect(optimalOverCube(n), `n = ${n}`).toBeLessThan(1);
    expect(optimalOverCube(22)).toBeGreaterThan(1);
    for (const r of table) expect(r.ringIntensityOptimal * 2 ** r.n).toBeCloseTo(optimalOverCube(r.n), 12);
  });
});

describe('pair convention', () => {
  it("'distinct' averages over N(N-1) pairs: brute force of the 4-CCC, and every mean scaled by N/(N-1)", () => {
    const t = new Ccc(4);
    const all = reedRow(4);
    const distinct = reedRow(4, { pairs: 'distinct' });
    expect(all.pairs).toBe('all');
    expect(distinct.pairs).toBe('distinct');
    const brute = traversalsAllPairs(createRouting('ccc-simple', t));
    expect(distinct.simple).toBeCloseTo(brute.ring / (t.nodes * (t.nodes - 1)), 14);
    const k = t.nodes / (t.nodes - 1);
    expect(distinct.simple).toBeCloseTo(all.simple * k, 14);
    expect(distinct.optimal).toBeCloseTo(all.optimal * k, 14);
    expect(distinct.formula).toBeCloseTo(distinct.simple, 12);
    expect(distinct.formula2).toBeCloseTo(distinct.optimal, 12);
    expect(distinct.cubeIntensity).toBeCloseTo(k / 2 ** 4, 15);
    expect(distinct.reduction).toBeCloseTo(all.reduction, 14);
  });

  it('rejects n outside 3..16 with a WormcastError naming the range', () => {
    expect(() => reedRow(2)).toThrow('wormcast: reed: n 2 is out of range; must be an integer 3..16');
    expect(() => reedTable(3, 17)).toThrow('max-n 17');
    expect(() => reedTable(8, 5)).toThrow('min-n 8 is greater than max-n 5');
  });
});

describe('wormcast analyze reed', () => {
  it('--json prints a list of rows with n, simple, optimal, formula, reduction and the intensities', () => {
    const r = run('analyze', 'reed', '--min-n', '3', '--max-n', '6', '--json');
    expect(r.status).toBe(0);
    const rows = JSON.parse(r.stdout) as ReedRow[];
    expect(rows.map((row) => row.n)).toEqual([3, 4, 5, 6]);
    for (const row of rows) {
      for (const key of [
        'simple',
        'optimal',
        'formula',
        'formula2',
        'reduction',
        'cubeIntensity',
        'ringIntensitySimple',
        'ringIntensityOptimal',
      ]) {
        expect(typeof (row as unknown as Record<string, unknown>)[key], key).toBe('number');
      }
    }
    expect(rows[0]).toMatchObject({ n: 3, nodes: 24, pairs: 'all', cube: 1.5, cubeIntensity: 0.125 });
    expect(rows[0]!.simple).toBeCloseTo(23 / 12, 14);
    expect(rows[0]!.optimal).toBeCloseTo(19 / 12, 14);
    expect(rows[3]).toEqual(table[3]);
  });

  it('defaults to n = 3..12 and prints a text table', () => {
    const r = run('analyze', 'reed');
    expect(r.status).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(3 + 10);
    expect(lines[3]).toMatch(/^\s*3\s+24\s+1\.916667\s+1\.916667\s+1\.583333\s+1\.583333\s+17\.39%/);
    expect(lines[12]).toMatch(/^12\s+49152\s/);
  });

  it('bad --max-n, --min-n or --pairs: one line naming it, exit status 2', () => {
    for (const [args, text] of [
      [['--max-n', '17'], '--max-n: 17 is out of range; must be 3..16'],
      [['--max-n', '2'], '--max-n: 2 is out of range; must be 3..16'],
      [['--max-n', '3.5'], "--max-n: '3.5' is not an integer; must be 3..16"],
      [['--max-n', 'twelve'], "--max-n: 'twelve' is not an integer; must be 3..16"],
      [['--min-n', '9', '--max-n', '5'], '--min-n 9 is greater than --max-n 5'],
      [['--max-n', '4', '--pairs', 'some'], "--pairs: unknown convention 'some': expected one of all, distinct"],
    ] as const) {
      const r = run('analyze', 'reed', ...args);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toBe(`wormcast: ${text}\n`);
      expect(r.stdout).toBe('');
    }
  });
});
