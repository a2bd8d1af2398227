import { WormcastError } from '../errors.ts';
import { mulberry32 } from '../random.ts';
import type { Topology } from '../topology/types.ts';
import { buildFaultSet, type FaultSet } from './fault-set.ts';

/** The forms of `--faults`, for errors and help. */
export const FAULTS_FORM =
  "items joined by ';': link:A-B | node:A (addresses in the topology's form) | links:N | nodes:N | links:P% | nodes:P%";

/** The seed of random faults when `--fault-seed` is not given. */
export const DEFAULT_FAULT_SEED = 1;

interface RandomItem {
  readonly what: 'links' | 'nodes';
  /** A count, or a percentage of the family's links or nodes when `percent`. */
  readonly amount: number;
  readonly percent: boolean;
  readonly item: string;
}

function badItem(item: string, why: string): WormcastError {
  return new WormcastError(`faults: bad item ${quoted(item)}: ${why}; expected ${FAULTS_FORM}`);
}

/** An item as an error line shows it: one line, at most 40 characters (docs/cli.md). */
function quoted(item: string): string {
  const s = JSON.stringify(item.length > 40 ? `${item.slice(0, 40)}...` : item);
  return `'${s.slice(1, -1)}'`;
}

function parseAmount(item: string, what: 'links' | 'nodes', body: string): RandomItem {
  const m = /^(\d+(?:\.\d+)?)(%?)$/.exec(body.trim());
  if (!m) throw badItem(item, `'${body}' is not a count or a percentage`);
  const amount = Number(m[1]);
  const percent = m[2] === '%';
  if (!percent && !Number.isInteger(amount)) throw badItem(item, `a count must be a whole number`);
  if (percent && amount > 100) throw badItem(item, `a percentage must be 0..100`);
  return { what, amount, percent, item };
}

/** A node of t by its human address; a bad one is named with its item. */
function address(t: Topology, item: string, text: string): number {
  try {
    return t.parse(text);
  } catch (e) {
    // the topology's message without its own `wormcast: ` prefix: one prefix per line
    throw new WormcastError(`faults: bad item ${quoted(item)}: ${(e as Error).message.replace(/^wormcast: /, '')}`);
  }
}

/**
 * Every undirected link (a, b), a < b, in node-then-port order, packed as a * nodes + b in a
 * Float64Array (exact below 2^53; a million-node mesh has two million links): the draw's population.
 */
function allLinks(t: Topology): Float64Array {
  let n = 0;
  const out = new Float64Array(Math.ceil((t.nodes * t.ports) / 2));
  for (let v = 0; v < t.nodes; v++)
    for (let p = 0; p < t.ports; p++) {
      const w = t.neighbor(v, p);
      // the first port of v that reaches w: one entry per link even if two ports led there
      let first = true;
      for (let q = 0; q < p && first; q++) if (t.neighbor(v, q) === w) first = false;
      if (w > v && first) out[n++] = v * t.nodes + w;
    }
  return out.subarray(0, n);
}

/** `k` distinct elements of `pool` (partially shuffled in place), by a partial Fisher-Yates. */
function draw<T extends { length: number; [i: number]: number }>(pool: T, k: number, rand: () => number): number[] {
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(rand() * (pool.length - i));
    const tmp = pool[i]!;
    pool[i] = pool[j]!;
    pool[j] = tmp;
  }
  return Array.from({ length: k }, (_, i) => pool[i]!);
}

function countOf(r: RandomItem, total: number, available: number): number {
  // a percentage is of the whole network (links:5% of mesh:8x8's 112 links is 6), rounded
  const k = r.percent ? Math.round((r.amount / 100) * total) : r.amount;
  if (k > available)
    throw badItem(r.item, `${k} ${r.what} asked, only ${available} healthy ${r.what} are left to draw from`);
  return k;
}

/**
 * The fault set `--faults` describes on topology t. Listed faults are taken as given; random ones
 * are drawn from mulberry32(seed), nodes first and then links, each among those still healthy
 * (a drawn link never touches a faulty node), so one seed gives one fault set on every machine.
 * '' and 'none' mean no faults.
 */
export function parseFaults(t: Topology, text: string, seed = DEFAULT_FAULT_SEED): FaultSet {
  const links: [number, number][] = [];
  const nodes: number[] = [];
  const random: RandomItem[] = [];
  const trimmed = text.trim();
  if (trimmed !== '' && trimmed !== 'none') {
    for (const raw of trimmed.split(';')) {
      const item = raw.trim();
      if (item === '') continue;
      const colon = item.indexOf(':');
      if (colon < 0) throw badItem(item, 'no kind before a colon');
      const kind = item.slice(0, colon).trim();
      const body = item.slice(colon + 1).trim();
      if (kind === 'link') {
        const ends = body.split('-');
        if (ends.length !== 2) throw badItem(item, 'a link is two addresses joined by -');
        const link: [number, number] = [address(t, item, ends[0]!), address(t, item, ends[1]!)];
        // a link named twice (either way round) is a slip, as a hot spot listed twice is
        if (links.some(([a, b]) => (a === link[0] && b === link[1]) || (a === link[1] && b === link[0])))
          throw badItem(item, 'the link is listed twice');
        links.push(link);
      } else if (kind === 'node') {
        const v = address(t, item, body);
        if (nodes.includes(v)) throw badItem(item, 'the node is listed twice');
        nodes.push(v);
      } else if (kind === 'links' || kind === 'nodes') {
        random.push(parseAmount(item, kind, body));
      } else {
        throw badItem(item, `unknown kind ${quoted(kind)}`);
      }
    }
  }
  if (random.length > 0) {
    const rand = mulberry32(seed);
    const faultyNode = new Uint8Array(t.nodes);
    for (const v of nodes) faultyNode[v] = 1;
    for (const r of random.filter((x) => x.what === 'nodes')) {
      const pool: number[] = [];
      for (let v = 0; v < t.nodes; v++) if (faultyNode[v] === 0) pool.push(v);
      for (const v of draw(pool, countOf(r, t.nodes, pool.length), rand)) {
        faultyNode[v] = 1;
        nodes.push(v);
      }
    }
    const listed = new Set(links.map(([a, b]) => Math.min(a, b) * t.nodes + Math.max(a, b)));
    for (const r of random.filter((x) => x.what === 'links')) {
      const every = allLinks(t);
      const pool = every.filter((key) => {
        const a = Math.floor(key / t.nodes);
        return faultyNode[a] === 0 && faultyNode[key - a * t.nodes] === 0 && !listed.has(key);
      });
      for (const key of draw(pool, countOf(r, every.length, pool.length), rand)) {
        listed.add(key);
        const a = Math.floor(key / t.nodes);
        links.push([a, key - a * t.nodes]);
      }
    }
  }
  return buildFaultSet(t, links, nodes);
}
