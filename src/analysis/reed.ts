import { WormcastError } from '../errors.ts';
import { createRouting } from '../routing/registry.ts';
import { tracePath } from '../routing/trace.ts';
import { DELIVER, INJECT, portOf, vcOf, type RoutingFunction } from '../routing/types.ts';
import { Ccc } from '../topology/ccc.ts';

/**
 * Reed's analysis of CCC routing (seed 002, "Simple Routing Algorithm", "Optimal Routing
 * Algorithm", "Comparisons"): the mean number of ring links a message traverses under
 * uniform traffic with Wittie's simple routing (`ccc-simple`) and with the optimal
 * ring-covering routing (`ccc-optimal`), formulas (1) and (2), the reduction of the one
 * over the other, and the link message intensities. docs/reproductions.md, "Seed 002".
 */

/**
 * Which (source, destination) pairs the uniform traffic averages over.
 * - `all`: the N^2 ordered pairs, source = destination included (a message to itself
 *   crosses no link). Seed 002's convention: "all source and destination addresses are
 *   presumed to be equally likely", independently; formulas (1) and (2) hold exactly in it.
 * - `distinct`: the N(N - 1) ordered pairs with source != destination. Every mean is the
 *   `all` mean times N / (N - 1).
 */
export type PairConvention = 'all' | 'distinct';

/** The seed's convention (see PairConvention). */
export const DEFAULT_PAIRS: PairConvention = 'all';

/** Dimensions n of the n-CCC the analysis accepts (the Ccc topology's range). */
export const REED_MIN_N = 3;
export const REED_MAX_N = 16;

/** Link traversals summed over a set of routes. */
export interface Traversals {
  /** Ring (cycle) links: ports 1 and 2 of the CCC. */
  ring: number;
  /** Cube links: port 0. */
  cube: number;
  /** Routes summed (pairs, source = destination included when it was enumerated). */
  routes: number;
}

/**
 * Ring and cube links of the routes of r from node `src` to every node of its CCC (src
 * itself included, 0 links), following r.route hop by hop without allocating.
 *
 * The symmetry shortcut (seed 002, "Definitions and Assumptions"): both routing functions
 * depend only on the ring positions i, j and the set of differing cycle-address bits
 * x xor y, and count ring links the same way after rotating the ring. So the CCC
 * automorphisms w -> w xor z and (i, w) -> (i + 1, w rotated) map routes onto routes of
 * the same ring and cube length, they act transitively on the nodes, and every source
 * has the same totals: the sum over all N^2 pairs is N times the sum from node 0. That is
 * n 2^n routes instead of n^2 4^n (49,152 instead of 2.4e9 for n = 12).
 */
export function traversalsFrom(r: RoutingFunction, src = 0): Traversals {
  const t = r.topology;
  const maxHops = 4 * t.nodes + 64;
  let ring = 0;
  let cube = 0;
  for (let dst = 0; dst < t.nodes; dst++) {
    let node = src;
    let vc = INJECT;
    for (let hops = 0; ; hops++) {
      const word = r.route(node, dst, vc);
      if (word === DELIVER) {
        if (node !== dst) throw new Error(`${r.name}: delivered at ${t.format(node)}, not at ${t.format(dst)}`);
        break;
      }
      if (hops >= maxHops)
        throw new Error(`${r.name} on ${t.spec}: route ${t.format(src)} -> ${t.format(dst)} exceeds ${maxHops} hops`);
      const port = portOf(word);
      if (port === 0) cube++;
      else ring++;
      node = t.neighbor(node, port);
      vc = vcOf(word);
    }
  }
  return { ring, cube, routes: t.nodes };
}

/**
 * Ring and cube links of r's routes over every ordered pair of nodes, source =
 * destination included, with tracePath: the brute force the shortcut is tested against.
 * O(N^2) routes: use for n <= 6.
 */
export function traversalsAllPairs(r: RoutingFunction): Traversals {
  const t = r.topology;
  let ring = 0;
  let cube = 0;
  for (let s = 0; s < t.nodes; s++) {
    for (let d = 0; d < t.nodes; d++) {
      for (const h of tracePath(r, s, d)) {
        if (h.port === 0) cube++;
        else ring++;
      }
    }
  }
  return { ring, cube, routes: t.nodes * t.nodes };
}

/**
 * Divisor turning totals from one source (N routes, one of them to itself) into a mean
 * per message: N for `all` pairs, N - 1 for `distinct` pairs.
 */
function perSource(nodes: number, pairs: PairConvention): number {
  return pairs === 'all' ? nodes : nodes - 1;
}

/**
 * Seed 002 formula (1): the mean ring links of the simple algorithm on the n-CCC,
 * 5n/4 + 1/2^(n-1) - 2 - (1/(4n) if n is odd). Step A, clockwise until the last
 * distinguished position (each of the n positions, the destination's included, is
 * distinguished with probability 1/2), traverses sum_{l=0}^{n-1} l / 2^(n-l) =
 * n + 1/2^(n-1) - 2 links; step B, the shorter way round to the destination, whose
 * offset is uniform, (1/n) sum_{l=0}^{n-1} min(l, n - l) = n/4 (- 1/(4n) for odd n).
 * The formula is the `all`-pairs mean; `distinct` rescales it by N/(N - 1).
 */
export function reedFormula1(n: number, pairs: PairConvention = DEFAULT_PAIRS): number {
  const all = (5 * n) / 4 + 1 / 2 ** (n - 1) - 2 - (n % 2 === 1 ? 1 / (4 * n) : 0);
  return rescale(all, n, pairs);
}

/**
 * Formula (1) times 4n 2^n: the exact integer total of ring links from one source
 * (over all n 2^n destinations), times 4:
 * 5 n^2 2^n + 8n - 8n 2^n - (2^n if n is odd).
 */
export function reedFormula1Total4(n: number): number {
  const p = 2 ** n;
  return 5 * n * n * p + 8 * n - 8 * n * p - (n % 2 === 1 ? p : 0);
}

/** Options of reedFormula2: the printed formula's two slips, for the errata analysis. */
export interface Formula2Options {
  /** Lower limit of the outer sum over a: `ceil` (corrected, default) or `floor` (as printed). */
  lowerLimit?: 'ceil' | 'floor';
  /** Case II term: 2D - a - 2c (`corrected`, default) or 2D - c - 2c (`printed`). */
  caseII?: 'corrected' | 'printed';
  pairs?: PairConvention;
}

/**
 * Lemma 2 of seed 002 with p = q = 1/2: R(m, len) is the probability of a run of at least
 * m successes in len trials, R(m, len) = p^m + q sum_{j=0}^{m-1} p^j R(m, len-j-1),
 * R(m, len) = 0 for m > len (and R(0, len) = 1). Returned as a table R[m][len].
 */
function runTable(n: number): number[][] {
  const R: number[][] = [];
  for (let m = 0; m <= n + 1; m++) {
    const row: number[] = [];
    for (let len = 0; len <= n; len++) {
      if (m === 0) row.push(1);
      else if (m > len) row.push(0);
      else {
        let v = 0.5 ** m;
        for (let j = 0; j < m; j++) v += 0.5 * 0.5 ** j * row[len - j - 1]!;
        row.push(v);
      }
    }
    R.push(row);
  }
  return R;
}

/**
 * Seed 002 formula (2), the theorem: the mean ring links of the optimal algorithm,
 *   sum_{a} P(a,D) sum_{b=1}^{a} Q(b-1,a-1) sum_{c=1}^{D-a} Q(c-1,D-a-1) min{D+a-2b, 2D-a-2c}
 *   + P(D,D) sum_{b=1}^{D} Q(b-1,D-1) min{2(D-b), D},
 * with P of Lemma 1 (1/D when a = D or 2a = D, else 2/D) and Q(m, len) = R(m, len) -
 * R(m+1, len) the probability that the longest run of non-distinguished positions among
 * len is exactly m (Lemma 2). The outer sum runs over a = ceil(D/2) .. D-1 and the case II
 * term is 2D - a - 2c: the corrections of docs/errata.md; the options restore the printed
 * forms. O(D^3). The `all`-pairs mean; `distinct` rescales it by N/(N - 1).
 */
export function reedFormula2(D: number, options: Formula2Options = {}): number {
  const R = runTable(D);
  const Q = (m: number, len: number): number => (R[m]?.[len] ?? 0) - (R[m + 1]?.[len] ?? 0);
  const P = (a: number): number => (a === D || 2 * a === D ? 1 / D : 2 / D);
  const printedII = options.caseII === 'printed';
  const from = options.lowerLimit === 'floor' ? Math.floor(D / 2) : Math.ceil(D / 2);
  let sum = 0;
  for (let a = from; a <= D - 1; a++) {
    for (let b = 1; b <= a; b++) {
      const qb = Q(b - 1, a - 1);
      for (let c = 1; c <= D - a; c++) {
        const caseII = printedII ? 2 * D - c - 2 * c : 2 * D - a - 2 * c;
        sum += P(a) * qb * Q(c - 1, D - a - 1) * Math.min(D + a - 2 * b, caseII);
      }
    }
  }
  for (let b = 1; b <= D; b++) sum += P(D) * Q(b - 1, D - 1) * Math.min(2 * (D - b), D);
  return rescale(sum, D, options.pairs ?? DEFAULT_PAIRS);
}

/** An `all`-pairs mean on the n-CCC converted to the given convention. */
function rescale(all: number, n: number, pairs: PairConvention): number {
  const nodes = n * 2 ** n;
  return pairs === 'all' ? all : (all * nodes) / (nodes - 1);
}

/** One row of the analysis: the n-CCC under uniform traffic (means are per message). */
export interface ReedRow {
  n: number;
  nodes: number;
  pairs: PairConvention;
  /** Mean ring links of ccc-simple, by enumeration. */
  simple: number;
  /** Mean ring links of ccc-optimal, by enumeration. */
  optimal: number;
  /** Formula (1), the seed's closed form for `simple`. */
  formula: number;
  /** Formula (2) with the errata corrections, the seed's O(D^3) sum for `optimal`. */
  formula2: number;
  /** (simple - optimal) / simple: the fraction of ring traversals the optimal routing saves. */
  reduction: number;
  /** Mean cube links per message (the same for both routings; n/2 for `all` pairs). */
  cube: number;
  /** Undirected ring links n 2^n and cube links n 2^(n-1). */
  ringLinks: number;
  cubeLinks: number;
  /**
   * Link message intensities (seed 002, "Comparisons"): mean traversals of the links of a
   * kind per message divided by the number of links of that kind, i.e. the expected
   * number of times one given link is traversed by one uniformly chosen message. Every
   * link of a kind carries the same load, by the symmetry above. `cubeIntensity` is 1/2^n
   * for `all` pairs; the seed compares the ring intensities with it.
   */
  cubeIntensity: number;
  ringIntensitySimple: number;
  ringIntensityOptimal: number;
}

/** Options of reedRow / reedTable. */
export interface ReedOptions {
  pairs?: PairConvention;
}

/**
 * The analysis of the n-CCC: enumerates ccc-simple and ccc-optimal from node 0 to every
 * node (traversalsFrom) and evaluates formulas (1) and (2).
 */
export function reedRow(n: number, options: ReedOptions = {}): ReedRow {
  checkN(n, 'n');
  const pairs = options.pairs ?? DEFAULT_PAIRS;
  const t = new Ccc(n);
  const simpleT = traversalsFrom(createRouting('ccc-simple', t));
  const optimalT = traversalsFrom(createRouting('ccc-optimal', t));
  if (simpleT.cube !== optimalT.cube) throw new Error(`reed: cube links differ between routings on ${t.spec}`);
  const div = perSource(t.nodes, pairs);
  const simple = simpleT.ring / div;
  const optimal = optimalT.ring / div;
  const cube = simpleT.cube / div;
  const ringLinks = n * 2 ** n;
  const cubeLinks = n * 2 ** (n - 1);
  return {
    n,
    nodes: t.nodes,
    pairs,
    simple,
    optimal,
    formula: reedFormula1(n, pairs),
    formula2: reedFormula2(n, { pairs }),
    reduction: (simple - optimal) / simple,
    cube,
    ringLinks,
    cubeLinks,
    cubeIntensity: cube / cubeLinks,
    ringIntensitySimple: simple / ringLinks,
    ringIntensityOptimal: optimal / ringLinks,
  };
}

/** reedRow for n = minN..maxN. */
export function reedTable(minN: number, maxN: number, options: ReedOptions = {}): ReedRow[] {
  checkN(minN, 'min-n');
  checkN(maxN, 'max-n');
  if (minN > maxN) throw new WormcastError(`reed: min-n ${minN} is greater than max-n ${maxN}`);
  const rows: ReedRow[] = [];
  for (let n = minN; n <= maxN; n++) rows.push(reedRow(n, options));
  return rows;
}

function checkN(n: number, what: string): void {
  if (!Number.isInteger(n) || n < REED_MIN_N || n > REED_MAX_N) {
    throw new WormcastError(`reed: ${what} ${n} is out of range; must be an integer ${REED_MIN_N}..${REED_MAX_N}`);
  }
}
