import { WormcastError, parseIntIn } from '../errors.ts';
import type { Topology } from '../topology/types.ts';
import { mulberry32 } from '../random.ts';

/** Re-exported: the generator `--seed` drives (src/random.ts). */
export { mulberry32 };

/**
 * The destination set of a multicast as a sorted Int32Array of distinct node ids; throws a
 * WormcastError naming a destination that is out of range, repeated, or the source.
 */
export function normalizeDestinations(t: Topology, source: number, dests: ArrayLike<number>): Int32Array {
  if (!Number.isInteger(source) || source < 0 || source >= t.nodes) {
    throw new WormcastError(`${t.spec}: source ${source} is not a node (0..${t.nodes - 1})`);
  }
  const out = Int32Array.from(dests as ArrayLike<number>);
  for (const d of out) {
    if (d < 0 || d >= t.nodes) throw new WormcastError(`${t.spec}: destination ${d} is not a node (0..${t.nodes - 1})`);
    if (d === source) throw new WormcastError(`${t.spec}: destination ${t.format(d)} is the source`);
  }
  out.sort();
  for (let i = 1; i < out.length; i++) {
    if (out[i] === out[i - 1]) throw new WormcastError(`${t.spec}: destination ${t.format(out[i]!)} is listed twice`);
  }
  return out;
}

/**
 * A uniformly random set of m destinations other than the source (sorted). Draws by a
 * partial Fisher-Yates shuffle for dense sets and by rejection for sparse ones.
 */
export function randomDestinations(t: Topology, source: number, m: number, random: () => number): Int32Array {
  if (!Number.isInteger(m) || m < 0 || m > t.nodes - 1) {
    throw new WormcastError(`${t.spec}: ${m} random destinations is out of range; must be 0..${t.nodes - 1}`);
  }
  const out = new Int32Array(m);
  if (m * 4 > t.nodes) {
    const all = new Int32Array(t.nodes - 1);
    for (let v = 0, k = 0; v < t.nodes; v++) if (v !== source) all[k++] = v;
    for (let i = 0; i < m; i++) {
      const j = i + Math.floor(random() * (all.length - i));
      const x = all[j]!;
      all[j] = all[i]!;
      all[i] = x;
      out[i] = x;
    }
  } else {
    const seen = new Set<number>([source]);
    for (let i = 0; i < m; ) {
      const v = Math.floor(random() * t.nodes);
      if (!seen.has(v)) {
        seen.add(v);
        out[i++] = v;
      }
    }
  }
  return out.sort();
}

/** What `--dests` can say: an explicit list, `all` (broadcast) or `random:<m>`. */
export type DestinationSpec = { kind: 'list'; nodes: Int32Array } | { kind: 'all' } | { kind: 'random'; m: number };

/**
 * Parse a `--dests` value: `random:<m>`, `all`, or addresses separated by semicolons or
 * whitespace (mesh and CCC addresses contain commas: `0,0;5,4`, `(3,01010);(1,00101)`).
 */
export function parseDestinations(t: Topology, text: string): DestinationSpec {
  const s = text.trim();
  if (s === 'all') return { kind: 'all' };
  const r = /^random:(.*)$/.exec(s);
  if (r) return { kind: 'random', m: parseIntIn(r[1]!, 0, t.nodes - 1, `--dests ${s}`) };
  // with a ';' anywhere, only ';' separates (an address may then contain spaces)
  const parts = s
    .split(s.includes(';') ? ';' : /\s+/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (parts.length === 0)
    throw new WormcastError(`--dests '${text}': expected addresses separated by ';' or spaces, 'all', or random:<m>`);
  return { kind: 'list', nodes: Int32Array.from(parts.map((p) => t.parse(p))) };
}

/** Resolve a destination spec for one multicast (random sets draw from `random`). */
export function resolveDestinations(
  t: Topology,
  source: number,
  spec: DestinationSpec,
  random: () => number,
): Int32Array {
  if (spec.kind === 'list') return normalizeDestinations(t, source, spec.nodes);
  if (spec.kind === 'random') return randomDestinations(t, source, spec.m, random);
  const all = new Int32Array(t.nodes - 1);
  for (let v = 0, k = 0; v < t.nodes; v++) if (v !== source) all[k++] = v;
  return all;
}
