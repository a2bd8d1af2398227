import type { RoutingFunction } from '../routing/types.ts';
import * as L from './layout.ts';
import type { EngineCounters, EngineStatus } from './types.ts';

const STATUS: Record<number, EngineStatus> = {
  [L.ST_RUNNING]: 'running',
  [L.ST_FINISHED]: 'finished',
  [L.ST_DEADLOCK]: 'deadlock',
  [L.ST_LIMIT]: 'limit',
  [L.ST_NO_SLOTS]: 'out-of-slots',
  [L.ST_BAD_ROUTE]: 'bad-route',
  [L.ST_SATURATED]: 'saturated',
};

/** The name of an H_STATUS code. */
export function statusName(code: number): EngineStatus {
  return STATUS[code] ?? 'bad-route';
}

/** The f64 counters of a region. */
export function readCounters(c: Float64Array): EngineCounters {
  return {
    flitHops: c[L.C_FLITHOPS]!,
    injectedFlits: c[L.C_INJECTED]!,
    ejectedFlits: c[L.C_EJECTED]!,
    vcWaitCycles: c[L.C_VCWAIT]!,
    sameMulticastWaits: c[L.C_SAMEGROUP]!,
    sharingEvents: c[L.C_SHARING]!,
    grants: c[L.C_GRANTS]!,
  };
}

/** The slot capacity of a run (option `slots`) and the most slots it had live at once. */
export interface SlotUse {
  capacity: number;
  peak: number;
}

/** Read the slot capacity and the peak of live slots from a region's header. */
export function readSlotUse(region: Uint8Array): SlotUse {
  const m = new Int32Array(region.buffer, region.byteOffset, L.HEADER_WORDS);
  return { capacity: m[L.H_SLOTCAP]!, peak: m[L.H_MAXSLOTS]! };
}

/** Per-worm and per-destination times read from a region (docs/model-flit.md "Results"). */
export interface WormTimes {
  /** Activation cycle (creation, or trigger delivery), -1 if never activated. */
  activated: Int32Array;
  /** Cycle the header crossed the injection channel, -1 if never. */
  injected: Int32Array;
  /** Arrival time of the last flit anywhere (the worm is done), -1 if not done. */
  done: Int32Array;
  /** Cycles of VC waiting (one per requested VC per cycle). */
  waits: Int32Array;
  /** First destination record of each worm. */
  destBase: Int32Array;
  destNode: Int32Array;
  /** Header arrival and tail delivery per destination record, -1 if not (yet). */
  destHead: Int32Array;
  destTail: Int32Array;
  destWorm: Int32Array;
}

/** Copy the per-worm and per-destination results out of a region (every worm of a whole run). */
export function readTimes(region: Uint8Array): WormTimes {
  return readWormTimes(region, 0, new Int32Array(region.buffer, region.byteOffset, L.HEADER_WORDS)[L.H_WORMS]!);
}

/**
 * The results of worms first .. first + count - 1 (worm n is in record n mod H_WCAP): destBase
 * indexes the returned destination arrays, destWorm gives worm numbers.
 */
export function readWormTimes(region: Uint8Array, first: number, count: number): WormTimes {
  const m = new Int32Array(region.buffer, region.byteOffset, region.byteLength >> 2);
  const wcap = m[L.H_WCAP]!;
  const oW = m[L.H_O_WORM]! >> 2;
  const oD = m[L.H_O_DEST]! >> 2;
  const rec = (k: number): number => oW + ((first + k) % wcap) * L.WORM_STRIDE;
  const wf = (f: number): Int32Array => {
    const a = new Int32Array(count);
    for (let k = 0; k < count; k++) a[k] = m[rec(k) + f]!;
    return a;
  };
  const destBase = new Int32Array(count);
  let dests = 0;
  for (let k = 0; k < count; k++) {
    destBase[k] = dests;
    dests += m[rec(k) + L.W_NDEST]!;
  }
  const destNode = new Int32Array(dests);
  const destHead = new Int32Array(dests);
  const destTail = new Int32Array(dests);
  const destWorm = new Int32Array(dests);
  for (let k = 0; k < count; k++) {
    const d0 = m[rec(k) + L.W_DEST]!;
    for (let j = 0; j < m[rec(k) + L.W_NDEST]!; j++) {
      const db = oD + (d0 + j) * L.DEST_STRIDE;
      const d = destBase[k]! + j;
      destNode[d] = m[db + L.D_NODE]!;
      destHead[d] = m[db + L.D_HEAD]!;
      destTail[d] = m[db + L.D_TAIL]!;
      destWorm[d] = first + k;
    }
  }
  return {
    activated: wf(L.W_ACT),
    injected: wf(L.W_INJECT),
    done: wf(L.W_DONE),
    waits: wf(L.W_WAIT),
    destBase,
    destNode,
    destHead,
    destTail,
    destWorm,
  };
}

/** Flits carried by each network physical channel (empty when channelUse was off). */
export function readChannelFlits(region: Uint8Array, nodes: number, ports: number): Int32Array {
  const m = new Int32Array(region.buffer, region.byteOffset, region.byteLength >> 2);
  if ((m[L.H_FLAGS]! & L.FLAG_CHANNEL_USE) === 0) return new Int32Array(0);
  if ((m[L.H_FLAGS]! & L.FLAG_MUX) === 0) {
    const o = m[L.H_O_CHFLITS]! >> 2;
    const out = m.slice(o, o + nodes * ports);
    addLiveSlotFlits(m, out);
    return out;
  }
  // multiplexed VCs: in each channel's arbitration record
  const a = m[L.H_O_ARB]! >> 2;
  const out = new Int32Array(nodes * ports);
  for (let c = 0; c < out.length; c++) out[c] = m[a + c * L.ARB_STRIDE + L.A_FLITS]!;
  return out;
}

/**
 * One VC per link: the kernel adds a network slot's flits to its channel when the slot's tail has
 * left it (or, under 'tail-sent', come into it: F_RELEASED) (assembly/engine/channel-use.ts), so
 * the flits of the other slots still live, every one in an active worm's slot list, are added here.
 */
function addLiveSlotFlits(m: Int32Array, out: Int32Array): void {
  const active = m[L.H_O_ACTIVE]! >> 2;
  const worms = m[L.H_O_WORM]! >> 2;
  const slots = m[L.H_O_SLOT]! >> 2;
  for (let k = 0; k < m[L.H_ACTIVE_N]!; k++) {
    const w = m[active + k]!;
    for (let s = m[worms + w * L.WORM_STRIDE + L.W_SLOTS]!; s >= 0; s = m[slots + s * L.SLOT_STRIDE + L.S_NEXT]!) {
      const p = slots + s * L.SLOT_STRIDE;
      if ((m[p + L.S_FLAGS]! & (L.F_NET | L.F_RELEASED)) === L.F_NET) out[m[p + L.S_CHAN]!]! += m[p + L.S_IN]!;
    }
  }
}

/** One VC named for a report. */
export interface VcName {
  vc: number;
  /** 'network', 'injection' or 'ejection'. */
  kind: string;
  node: string;
  port: number;
  vcClass: string;
  /**
   * vcRelease 'tail-sent': the worm holds this VC but its flits wait in its buffer behind flits
   * of the next worm (an earlier holder, released at its tail), not for the VC itself.
   */
  behind?: true;
}

/** A deadlock: the worms of one wait-for cycle, and every worm that waits. */
export interface DeadlockReport {
  /** The cycle the watchdog declared the deadlock (the run's last cycle + 1). */
  cycle: number;
  /** The last cycle in which a flit moved or a VC was granted: the network froze after it. */
  lastProgress: number;
  /**
   * Worm indices around one cycle of the wait-for graph: each waits for a VC the next one holds,
   * or (vcRelease 'tail-sent') for room in a VC's buffer behind the next one's flits.
   */
  worms: number[];
  /** The VC each worm of `worms` waits for (held by the next worm; `behind`: its buffer holds the next worm's flits ahead). */
  channels: VcName[];
  /** Every worm waiting for a VC held by another worm, or behind another worm's flits in a VC's buffer. */
  waiting: number[];
}

/** How VC ids are numbered (docs/model-flit.md "Channels and virtual channels"). */
export interface VcSpace {
  ports: number;
  /** VCs per network channel (V) and per routing class (K). */
  v: number;
  k: number;
  /** Injection and ejection channels per node. */
  q: number;
  qe: number;
  /** First injection and first ejection VC id. */
  inj: number;
  ej: number;
  /**
   * Option ejection 'vcs' (docs/model-flit.md "BookSim's router"): a node's QE ejection VCs are the
   * VCs of its one ejection channel, not QE channels.
   */
  ejectionVcs?: boolean;
}

/** The VC numbering of a region. */
export function vcSpace(region: Uint8Array): VcSpace {
  const m = new Int32Array(region.buffer, region.byteOffset, L.HEADER_WORDS);
  // ejection channels per node: H_QE when the region has it (consumption channels may outnumber Q)
  return {
    ports: m[L.H_PORTS]!,
    v: m[L.H_V]!,
    k: m[L.H_K]!,
    q: m[L.H_Q]!,
    qe: m[L.H_QE]! || m[L.H_Q]!,
    inj: m[L.H_INJ]!,
    ej: m[L.H_EJ]!,
    ejectionVcs: (m[L.H_FLAGS]! & L.FLAG_EJECTION_VCS) !== 0,
  };
}

/** Name a VC id. */
export function nameVcOf(s: VcSpace, routing: RoutingFunction, vc: number): VcName {
  const t = routing.topology;
  if (vc < s.inj) {
    const ch = Math.floor(vc / s.v);
    return {
      vc,
      kind: 'network',
      node: t.format(Math.floor(ch / s.ports)),
      port: ch % s.ports,
      vcClass: `${routing.vcClasses[Math.floor((vc % s.v) / s.k)] ?? '?'}${s.k > 1 ? `.${vc % s.k}` : ''}`,
    };
  }
  const kind = vc < s.ej ? 'injection' : 'ejection';
  const per = vc < s.ej ? s.q : s.qe;
  const k = vc - (vc < s.ej ? s.inj : s.ej);
  const node = t.format(Math.floor(k / per));
  // ejection 'vcs': the node's one ejection channel, VC k % QE of it
  if (kind === 'ejection' && s.ejectionVcs) return { vc, kind, node, port: 0, vcClass: String(k % per) };
  return { vc, kind, node, port: k % per, vcClass: '-' };
}

/** Name a VC id of a region's layout. */
export function nameVc(region: Uint8Array, routing: RoutingFunction, vc: number): VcName {
  return nameVcOf(vcSpace(region), routing, vc);
}

/**
 * An edge of the wait-for graph: the worm waits for VC `vc`, held by worm `to`; or, `behind`
 * (vcRelease 'tail-sent'), its slot holds VC `vc` queued behind the flits of worm `to`'s slot,
 * released to it at its tail, which must leave the buffer first.
 */
export interface WaitEdge {
  to: number;
  vc: number;
  behind?: true;
}

/** Edges in the order waitForCycle takes them: by worm, then VC, a wait for the VC before a wait behind it. */
export function edgeOrder(a: WaitEdge, b: WaitEdge): number {
  return a.to - b.to || a.vc - b.vc || (a.behind ? 1 : 0) - (b.behind ? 1 : 0);
}

/**
 * The deadlock report from the wait-for graph `edges` (waiting worm -> its edges, worms in
 * ascending order, each worm's edges sorted by holder then VC): one cycle of it, by depth-first
 * search from the lowest-numbered waiting worm (docs/model-flit.md "Watchdog").
 */
export function waitForCycle(
  edges: Map<number, WaitEdge[]>,
  name: (vc: number) => VcName,
  cycle: number,
  lastProgress: number,
): DeadlockReport {
  const waiting = [...edges.keys()].sort((a, b) => a - b);
  // iterative DFS with colours; the first back edge closes a cycle
  const colour = new Map<number, number>();
  for (const start of waiting) {
    if (colour.has(start)) continue;
    const stack: Array<{ w: number; i: number }> = [{ w: start, i: 0 }];
    colour.set(start, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const out = edges.get(top.w) ?? [];
      if (top.i >= out.length) {
        colour.set(top.w, 2);
        stack.pop();
        continue;
      }
      const e = out[top.i++]!;
      const c = colour.get(e.to) ?? 0;
      if (c === 1) {
        const ring = stack.slice(stack.findIndex((f) => f.w === e.to));
        const worms = ring.map((f) => f.w);
        const channels = ring.map((f) => {
          const e = edges.get(f.w)![f.i - 1]!;
          return e.behind ? { ...name(e.vc), behind: true as const } : name(e.vc);
        });
        return { cycle, lastProgress, worms, channels, waiting };
      }
      if (c === 0) {
        colour.set(e.to, 1);
        stack.push({ w: e.to, i: 0 });
      }
    }
  }
  return { cycle, lastProgress, worms: [], channels: [], waiting };
}

/**
 * The deadlock report of a stopped run: the wait-for graph (worm -> the holder of each VC it
 * has requested and not been granted) and one cycle in it, by depth-first search from the
 * lowest-numbered waiting worm (docs/model-flit.md "Watchdog"). `number` gives the worm number of
 * a record (a streamed run reuses records: WasmEngine.deadlock); by default records are numbers.
 */
export function deadlockReport(
  region: Uint8Array,
  routing: RoutingFunction,
  number: (rec: number) => number = (r) => r,
): DeadlockReport {
  const m = new Int32Array(region.buffer, region.byteOffset, region.byteLength >> 2);
  const oW = m[L.H_O_WORM]! >> 2;
  const oS = m[L.H_O_SLOT]! >> 2;
  const oO = m[L.H_O_OWNER]! >> 2;
  const oA = m[L.H_O_ACTIVE]! >> 2;
  const edges = new Map<number, WaitEdge[]>();
  const active = Array.from(m.subarray(oA, oA + m[L.H_ACTIVE_N]!)).sort((a, b) => number(a) - number(b));
  for (const w of active) {
    const wb = oW + w * L.WORM_STRIDE;
    const out: WaitEdge[] = [];
    if (m[wb + L.W_STATE] === L.WS_REQUEST) {
      const vc = m[wb + L.W_INJVC]!;
      const h = m[oO + vc]!;
      if (h >= 0) out.push({ to: number(m[oS + h * L.SLOT_STRIDE + L.S_WORM]!), vc });
    }
    for (let s = m[wb + L.W_SLOTS]!; s >= 0; s = m[oS + s * L.SLOT_STRIDE + L.S_NEXT]!) {
      const f = m[oS + s * L.SLOT_STRIDE + L.S_FLAGS]!;
      if ((f & L.F_PENDING) === 0) continue;
      const vc = m[oS + s * L.SLOT_STRIDE + L.S_VC]!;
      // a network request may take any of the K VCs of its class, an ejection request under
      // ejection 'vcs' any of its node's V: it waits for all their holders
      const k =
        (f & (L.F_NET | L.F_EXACT)) === L.F_NET
          ? m[L.H_K]!
          : (f & L.F_EJECT) !== 0 && (m[L.H_FLAGS]! & L.FLAG_EJECTION_VCS) !== 0
            ? m[L.H_V]!
            : 1;
      for (let i = 0; i < k; i++) {
        const h = m[oO + vc + i]!;
        if (h >= 0) out.push({ to: number(m[oS + h * L.SLOT_STRIDE + L.S_WORM]!), vc: vc + i });
      }
    }
    out.sort(edgeOrder);
    if (out.length > 0) edges.set(number(w), out);
  }
  // vcRelease 'tail-sent': a released slot x still in its VC's buffer names the slot queued right
  // behind it (S_CHAN), whose worm waits for x's flits to leave
  for (const w of active) {
    for (let x = m[oW + w * L.WORM_STRIDE + L.W_SLOTS]!; x >= 0; x = m[oS + x * L.SLOT_STRIDE + L.S_NEXT]!) {
      const xb = oS + x * L.SLOT_STRIDE;
      if ((m[xb + L.S_FLAGS]! & L.F_RELEASED) === 0 || m[xb + L.S_CHAN]! < 0) continue;
      const y = number(m[oS + m[xb + L.S_CHAN]! * L.SLOT_STRIDE + L.S_WORM]!);
      if (y === number(w)) continue;
      const out = edges.get(y) ?? [];
      out.push({ to: number(w), vc: m[xb + L.S_VC]!, behind: true });
      edges.set(y, out.sort(edgeOrder));
    }
  }
  const space = vcSpace(region);
  return waitForCycle(edges, (vc) => nameVcOf(space, routing, vc), m[L.H_CYCLE]!, m[L.H_LASTPROGRESS]!);
}

/** A deadlock report in a few short lines (the text output; the full report is the JSON). */
export interface DeadlockSummary {
  /** `DEADLOCK at cycle c: worms a -> b -> a each wait for a VC the next one holds:` */
  head: string;
  /** One line per worm of the cycle (`worm a waits for network channel ...`), at most `limit` of them. */
  cycle: string[];
  /** `waiting worms: ...`, at most `listed` numbers and then how many more. */
  waiting: string;
}

/**
 * What worm i of a deadlock's wait-for cycle waits for, in words: `worm a waits for network
 * channel 3,3 +x vc escape.0`, or under 'tail-sent' `worm a holds ..., its flits behind worm b's in
 * the buffer` (the CLI's summary and the browser app's cycle labels).
 */
export function cycleWormLine(d: DeadlockReport, i: number, routing: RoutingFunction): string {
  const c = d.channels[i]!;
  const channel = `${c.kind} channel ${c.node} ${c.kind === 'network' ? routing.topology.portName(c.port) : `#${c.port}`} vc ${c.vcClass}`;
  return c.behind
    ? `worm ${d.worms[i]} holds ${channel}, its flits behind worm ${d.worms[(i + 1) % d.worms.length]}'s in the buffer`
    : `worm ${d.worms[i]} waits for ${channel}`;
}

/** Worms of a wait-for cycle the summary names, and waiting worms it lists. */
export const SUMMARY_CYCLE_WORMS = 8;
export const SUMMARY_WAITING_WORMS = 20;

/**
 * Summarise a deadlock report for a terminal or a page: a report lists every waiting worm, a
 * million numbers on a large network (one 1.16 MB line for star:8), so the text names the first
 * SUMMARY_CYCLE_WORMS worms of the cycle and the first SUMMARY_WAITING_WORMS waiting worms, says
 * how many there are in all and points to the JSON (`--json`) for the rest. A report that fits
 * is printed whole, as before.
 */
export function deadlockSummary(d: DeadlockReport, routing: RoutingFunction): DeadlockSummary {
  const more = ' (--json lists them all)';
  const ring = d.worms.slice(0, SUMMARY_CYCLE_WORMS);
  let head: string;
  // vcRelease 'tail-sent': some worms wait behind the next one's flits in a VC they hold
  const behind = d.channels.some((c) => c.behind);
  const what = behind
    ? 'each waits for a VC the next one holds or behind its flits in a VC released to it at its tail'
    : 'each wait for a VC the next one holds';
  if (d.worms.length === 0)
    head = `DEADLOCK at cycle ${d.cycle}: no wait-for cycle found among the ${d.waiting.length} waiting worms`;
  else if (d.worms.length <= SUMMARY_CYCLE_WORMS)
    head = `DEADLOCK at cycle ${d.cycle}: worms ${d.worms.join(' -> ')} -> ${d.worms[0]} ${what}:`;
  else
    head = `DEADLOCK at cycle ${d.cycle}: a wait-for cycle of ${d.worms.length} worms, ${ring.join(' -> ')} -> ... -> ${d.worms[0]}, ${what.replace(/^each wait /, 'each waits ')}:`;
  const cycle = ring.map((_, i) => cycleWormLine(d, i, routing));
  if (d.worms.length > ring.length)
    cycle.push(`... and ${d.worms.length - ring.length} more worms of the cycle${more}`);
  const listed = d.waiting.slice(0, SUMMARY_WAITING_WORMS);
  const waiting =
    d.waiting.length <= SUMMARY_WAITING_WORMS
      ? `waiting worms: ${d.waiting.join(', ')}`
      : `waiting worms: ${d.waiting.length} in all, the first ${listed.length}: ${listed.join(', ')}, ...${more}`;
  return { head, cycle, waiting };
}
