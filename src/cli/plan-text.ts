import type { PlanPaths } from '../analysis/paths.ts';
import type { Plan } from '../multicast/plan.ts';

/*
 * The text listing of `wormcast plan` (docs/cli.md "Progress and limits"): one row per message in
 * step order, a tree worm drawn as its tree (each node with children: `node -> child (port), ...`),
 * and everything long cut with a note, since a broadcast on a large network has millions of
 * messages or hops. `--json` prints everything.
 */

/** Rows (message rows and tree lines together) the listing shows at most. */
export const LISTING_LINES = 200;
/** Hops of one path shown in its row. */
export const ROW_HOPS = 64;
/** Addresses of one list (a worm's destinations, an address field) shown in a row. */
export const ROW_ADDRESSES = 32;

/** `a b c` of at most `limit` nodes, then `... (+N more)`. */
export function shortList(plan: Plan, nodes: ArrayLike<number>, limit = ROW_ADDRESSES): string {
  const t = plan.topology;
  const out: string[] = [];
  const n = Math.min(nodes.length, limit);
  for (let i = 0; i < n; i++) out.push(t.format(nodes[i]!));
  if (nodes.length > limit) out.push(`... (+${(nodes.length - limit).toLocaleString('en-US')} more)`);
  return out.join(' ');
}

/** The port (and, with several classes, VC class) name of virtual channel `vc`. */
function hopLabel(plan: Plan, vc: number, V: number): string {
  const t = plan.topology;
  const port = t.portName(((vc / V) | 0) % t.ports);
  return V > 1 ? `${port}/${plan.routing.vcClasses[vc % V]}` : port;
}

/** ` -port-> node` for each hop of a path message, at most ROW_HOPS of them. */
export function pathText(plan: Plan, paths: PlanPaths, id: number): string {
  const t = plan.topology;
  const V = paths.vcs;
  const a = paths.offsets[id]!;
  const b = paths.offsets[id + 1]!;
  let s = t.format(plan.senders[id]!);
  for (let h = a; h < Math.min(b, a + ROW_HOPS); h++) {
    const ch = (paths.channels[h]! / V) | 0;
    s += ` -${hopLabel(plan, paths.channels[h]!, V)}-> ${t.format(t.neighbor((ch / t.ports) | 0, ch % t.ports))}`;
  }
  if (b - a > ROW_HOPS)
    s += ` ... (${(b - a - ROW_HOPS).toLocaleString('en-US')} more hops; ${(b - a).toLocaleString('en-US')} in all)`;
  return s;
}

/**
 * The lines of tree message `id`, parents first (the order of plan.trees): for every tree node
 * with children, `node -> child (port), child (port)`; `*` marks the node that delivers a
 * destination (the first tree node at it, as the engine delivers; src/analysis/traffic.ts).
 * At most `limit` lines; returns them and how many there were in all.
 */
export function treeLines(plan: Plan, id: number, limit: number): { lines: string[]; total: number } {
  const tr = plan.trees!;
  const t = plan.topology;
  const V = plan.routing.vcClasses.length;
  const a = tr.offsets[id]!;
  const n = tr.offsets[id + 1]! - a;
  // children of tree node p (p = -1 the sender, else edge index p) as a linked list in edge order
  const first = new Int32Array(n + 1).fill(-1);
  const last = new Int32Array(n + 1).fill(-1);
  const next = new Int32Array(n).fill(-1);
  for (let e = 0; e < n; e++) {
    const p = tr.parents[a + e]! + 1;
    if (first[p] === -1) first[p] = e;
    else next[last[p]!] = e;
    last[p] = e;
  }
  const delivers = new Uint8Array(n);
  const seen = new Map<number, number>();
  for (let e = n - 1; e >= 0; e--) seen.set(tr.nodes[a + e]!, e);
  for (let k = plan.destOffsets[id]!; k < plan.destOffsets[id + 1]!; k++) {
    const e = seen.get(plan.destPool[k]!);
    if (e !== undefined) delivers[e] = 1;
  }
  const name = (e: number): string => `${t.format(tr.nodes[a + e]!)}${delivers[e] ? '*' : ''}`;
  const lines: string[] = [];
  let total = 0;
  for (let p = -1; p < n; p++) {
    if (first[p + 1] === -1) continue;
    total++;
    if (lines.length >= limit) continue;
    const kids: string[] = [];
    for (let e = first[p + 1]!; e >= 0; e = next[e]!)
      kids.push(`${name(e)} (${hopLabel(plan, tr.channels[a + e]!, V)})`);
    lines.push(`${p < 0 ? t.format(plan.senders[id]!) : name(p)} -> ${kids.join(', ')}`);
  }
  return { lines, total };
}

/** Whether message `id` is drawn as a tree. */
export function isTreeMessage(plan: Plan, id: number): boolean {
  const tr = plan.trees;
  return tr !== undefined && plan.kinds[id] === 2 && tr.offsets[id + 1]! > tr.offsets[id]!;
}

/**
 * The listing of `plan`'s messages in step order (then id), at most LISTING_LINES lines, and
 * a closing note when something was cut.
 */
export function planListing(plan: Plan, paths: PlanPaths, messageStep: ArrayLike<number>, width: number): string[] {
  const t = plan.topology;
  const ids = Int32Array.from({ length: plan.count }, (_, id) => id).sort(
    (x, y) => messageStep[x]! - messageStep[y]! || x - y,
  );
  const lines: string[] = [];
  let shown = 0;
  let treeNodesCut = 0;
  for (const id of ids) {
    if (lines.length >= LISTING_LINES) break;
    shown++;
    const from = t.format(plan.senders[id]!);
    const dests = plan.destPool.subarray(plan.destOffsets[id]!, plan.destOffsets[id + 1]!);
    const to = dests.length === 1 ? t.format(dests[0]!) : `{${shortList(plan, dests)}}`;
    const address = plan.addressPool.subarray(plan.addrStart[id]!, plan.addrEnd[id]!);
    const d = address.length > 0 ? `; D = {${shortList(plan, address)}}` : '';
    const head = `${String(messageStep[id]).padStart(4)}  ${from.padEnd(width)} -> ${to.padEnd(width)}  `;
    if (isTreeMessage(plan, id)) {
      const edges = plan.trees!.offsets[id + 1]! - plan.trees!.offsets[id]!;
      lines.push(
        `${head}tree worm, ${edges.toLocaleString('en-US')} channels (node -> children (port); * delivers)${d}`,
      );
      const tree = treeLines(plan, id, LISTING_LINES - lines.length);
      for (const l of tree.lines) lines.push(`${' '.repeat(8)}${l}`);
      treeNodesCut += tree.total - tree.lines.length;
    } else {
      lines.push(`${head}${pathText(plan, paths, id)}${d}`);
    }
  }
  const cut: string[] = [];
  if (shown < plan.count)
    cut.push(`${shown.toLocaleString('en-US')} of ${plan.count.toLocaleString('en-US')} messages`);
  if (treeNodesCut > 0) cut.push(`${treeNodesCut.toLocaleString('en-US')} tree nodes with children not drawn`);
  if (cut.length > 0)
    lines.push(
      `  (the listing stops after ${LISTING_LINES} lines: ${cut.join('; ')}; --json prints every message and hop)`,
    );
  return lines;
}
