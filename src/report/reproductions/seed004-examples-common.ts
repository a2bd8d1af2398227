import { tracePlan } from '../../analysis/paths.ts';
import { trafficOf } from '../../analysis/traffic.ts';
import type { Plan } from '../../multicast/plan.ts';
import type { Topology } from '../../topology/types.ts';
import { type Drawing, drawingSvg } from './seed004-examples-draw.ts';
import type { Check, FigureData, Reproduction } from './types.ts';

/*
 * Seed 004's worked examples, tables and deadlock figures (chapters 5 and 6) as reproductions:
 * each entry computes a table of items, "what the seed prints" beside "what wormcast computes",
 * with an agree column, and each check names the items it compares and quotes the sentence of the
 * seed it checks. The network drawings are given as text (routes, tree edges, channels): the
 * seed's figures are drawings whose content is in the surrounding text.
 */

/** One compared quantity: the seed's value and wormcast's; `agree` defaults to equal strings. */
export interface Item {
  key: string;
  seed: string | number;
  wormcast: string | number;
  agree?: boolean;
}

/** A check on items: every row whose key is `key` (or in `key`, or matches it) must agree. */
export interface ItemCheck {
  key: string | readonly string[] | RegExp;
  claim: string;
  cite: string;
  expect?: 'holds' | 'fails';
}

export interface Example {
  id: string;
  caption: string;
  kind?: 'worked-example' | 'table';
  seedShows: string;
  setup: string;
  items: () => Item[] | Promise<Item[]>;
  checks: ItemCheck[];
  deviations?: string[];
  /** The network drawing written as the entry's SVG (the seed's figure is a drawing). */
  draw?: () => DrawSpec;
}

export type DrawSpec = Omit<Drawing, 'title'>;

export const NOT_PRINTED = '(not printed)';
const COLUMNS = ['item', 'seed', 'wormcast', 'agree'];

function selects(key: ItemCheck['key'], k: string): boolean {
  if (typeof key === 'string') return key === k;
  if (key instanceof RegExp) return key.test(k);
  return key.includes(k);
}

function itemCheck(c: ItemCheck): Check {
  return {
    claim: c.claim,
    cite: c.cite,
    ...(c.expect ? { expect: c.expect } : {}),
    test: (d: FigureData) => {
      const rows = d.table!.rows.filter((r) => selects(c.key, String(r[0])));
      if (rows.length === 0) return { ok: false, detail: `no item ${String(c.key)}` };
      const bad = rows.filter((r) => r[3] !== 'yes');
      const show = (r: Array<string | number>) => `${r[0]}: wormcast ${r[2]}, seed ${r[1]}`;
      if (bad.length > 0)
        return { ok: false, detail: `${bad.length} of ${rows.length} differ; ${bad.slice(0, 3).map(show).join('; ')}` };
      return { ok: true, detail: rows.length === 1 ? show(rows[0]!) : `all ${rows.length} items agree` };
    },
  };
}

/** The reproduction of one example. */
export function example(e: Example): Reproduction {
  return {
    id: e.id,
    seed: '004',
    caption: e.caption,
    kind: e.kind ?? 'worked-example',
    seedShows: e.seedShows,
    runs: { quick: 'the same (exact)', full: 'the same (exact)' },
    compute: async (): Promise<FigureData> => {
      const items = await e.items();
      // cells as text: counts stay integers in the report (which prints numbers with two decimals)
      const rows = items.map((i) => [
        i.key,
        String(i.seed),
        String(i.wormcast),
        i.seed === NOT_PRINTED && i.agree === undefined
          ? '-'
          : (i.agree ?? String(i.seed) === String(i.wormcast))
            ? 'yes'
            : 'no',
      ]);
      return {
        xTitle: '',
        yTitle: '',
        series: [],
        table: { columns: COLUMNS, rows },
        setup: e.setup,
        ...(e.draw ? { drawing: drawingSvg({ ...e.draw(), title: `${e.id}: ${e.caption}` }) } : {}),
      };
    },
    checks: e.checks.map(itemCheck),
    deviations: e.deviations ?? [],
  };
}

/** "(x,y)" as the seed writes mesh nodes; hypercube addresses as bit strings. */
export function node(t: Topology, v: number): string {
  return t.kind === 'mesh' ? `(${t.format(v)})` : t.format(v);
}

export const list = (t: Topology, vs: ArrayLike<number>): string => Array.from(vs, (v) => node(t, v)).join(', ');

/** The node sequence of message id's route (its sender, then the head of every hop). */
export function routeNodes(plan: Plan, id: number): number[] {
  const t = plan.topology;
  const paths = tracePlan(plan);
  const out = [plan.senders[id]!];
  for (let c = paths.offsets[id]!; c < paths.offsets[id + 1]!; c++) {
    const ch = Math.floor(paths.channels[c]! / paths.vcs);
    out.push(t.neighbor(Math.floor(ch / t.ports), ch % t.ports));
  }
  return out;
}

/** The message of a path plan that uses network `name` (e.g. 'high'), in message order. */
export function messagesOn(plan: Plan, name: string): number[] {
  return plan.messages.filter((m) => m.network === name).map((m) => m.id);
}

/** The directed edges of tree message id as [from, to] nodes, parents first. */
export function treeLinks(plan: Plan, id: number): Array<[number, number]> {
  const tr = plan.trees!;
  const out: Array<[number, number]> = [];
  const a = tr.offsets[id]!;
  for (let e = a; e < tr.offsets[id + 1]!; e++) {
    const p = tr.parents[e]!;
    out.push([p < 0 ? plan.senders[id]! : tr.nodes[a + p]!, tr.nodes[e]!]);
  }
  return out;
}

/**
 * The tree of message id with its paths contracted: an edge (u, v) for every pair of "tree
 * nodes" (the sender, branch points and destinations) joined by a path through no other, as the
 * seed's E(T) lists a Steiner tree (section 5.2).
 */
export function contractedTree(plan: Plan, id: number): Array<[number, number]> {
  const links = treeLinks(plan, id);
  const children = new Map<number, number[]>();
  for (const [u, v] of links) children.set(u, [...(children.get(u) ?? []), v]);
  const dests = new Set(plan.destPool.subarray(plan.destOffsets[id]!, plan.destOffsets[id + 1]!));
  const keep = (v: number) => dests.has(v) || (children.get(v)?.length ?? 0) >= 2;
  const out: Array<[number, number]> = [];
  const walk = (top: number, at: number): void => {
    for (const c of children.get(at) ?? []) {
      if (keep(c)) {
        out.push([top, c]);
        walk(c, c);
      } else walk(top, c);
    }
  };
  walk(plan.senders[id]!, plan.senders[id]!);
  return out;
}

/**
 * The destinations tree message id delivers below each child of node u (by the child node): the
 * lists u forwards. At the sender, the sets the source splits D into.
 */
export function splitBelow(plan: Plan, id: number, u: number): Map<number, number[]> {
  const links = treeLinks(plan, id);
  const dests = new Set(plan.destPool.subarray(plan.destOffsets[id]!, plan.destOffsets[id + 1]!));
  const children = new Map<number, number[]>();
  for (const [a, b] of links) children.set(a, [...(children.get(a) ?? []), b]);
  const order = Array.from(plan.destPool.subarray(plan.destOffsets[id]!, plan.destOffsets[id + 1]!));
  const out = new Map<number, number[]>();
  for (const c of children.get(u) ?? []) {
    const got: number[] = [];
    const stack = [c];
    while (stack.length > 0) {
      const v = stack.pop()!;
      if (dests.has(v) && !got.includes(v)) got.push(v);
      stack.push(...(children.get(v) ?? []));
    }
    out.set(
      c,
      got.sort((a, b) => order.indexOf(a) - order.indexOf(b)),
    );
  }
  return out;
}

/** Sets compared as sets: sorted member lists. */
export const asSet = (t: Topology, vs: ArrayLike<number>): string =>
  vs.length === 0
    ? '(none)'
    : Array.from(vs)
        .sort((a, b) => a - b)
        .map((v) => node(t, v))
        .join(', ');

/** A set the seed prints, in wormcast's sorted order. */
export const seedSet = (t: Topology, addrs: readonly string[]): string =>
  asSet(
    t,
    addrs.map((a) => t.parse(a)),
  );

/** Traffic metrics a path or tree figure prints: channels, maximum distance. */
export function traffic(plan: Plan): { channels: number; maxHops: number } {
  const m = trafficOf(plan);
  return { channels: m.traffic, maxHops: m.maxHops };
}

/** Whether every destination is reached at its distance from the source (shortest paths). */
export function allShortest(plan: Plan): boolean {
  const m = trafficOf(plan);
  return Array.from(plan.destinations).every((d, i) => m.hops[i] === plan.topology.distance(plan.source, d));
}

/** Consecutive pairs of a node sequence: the links of a path. */
export const pathLinks = (ns: readonly number[]): Array<[number, number]> =>
  ns.slice(1).map((v, i) => [ns[i]!, v] as [number, number]);

/** A plan drawn: each message's links in its own colour, the source and destinations marked. */
export function planDrawing(plan: Plan, labels?: ArrayLike<number>): DrawSpec {
  const arrows: DrawSpec['arrows'] = [];
  const groups: string[] = [];
  plan.messages.forEach((m, i) => {
    const links = m.kind === 'tree' ? treeLinks(plan, m.id) : pathLinks(routeNodes(plan, m.id));
    groups.push(
      m.kind === 'tree'
        ? `tree${m.network ? ` in N${m.network}` : ''}`
        : `worm ${i + 1}${m.network === 'high' || m.network === 'low' ? ` (${m.network}-channel network)` : ''}`,
    );
    for (const [a, b] of links) arrows.push({ from: a, to: b, group: i });
  });
  return {
    topology: plan.topology,
    arrows,
    groups,
    sources: [plan.source],
    dests: Array.from(plan.destinations),
    ...(labels ? { labels } : {}),
  };
}

/** A labelling drawn: the labels beside the nodes and the Hamiltonian path (or cycle) as arrows. */
export function labellingDrawing(
  t: Topology,
  nodeAt: ArrayLike<number>,
  labels: ArrayLike<number>,
  name: string,
): DrawSpec {
  return {
    topology: t,
    arrows: pathLinks(Array.from(nodeAt)).map(([a, b]) => ({ from: a, to: b, group: 0 })),
    groups: [name],
    labels,
  };
}
