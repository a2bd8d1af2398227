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

/** Copy the per-worm and per-destination results out of a region. */
export function readTimes(region: Uint8Array): WormTimes {
  const m = new Int32Array(region.buffer, region.byteOffset, region.byteLength >> 2);
  const worms = m[L.H_WORMS]!;
  const oW = m[L.H_O_WORM]! >> 2;
  const oD = m[L.H_O_DEST]! >> 2;
  const wf = (f: number): Int32Array => {
    const a = new Int32Array(worms);
    for (let w = 0; w < worms; w++) a[w] = m[oW + w * L.WORM_STRIDE + f]!;
    return a;
  };
  const destBase = wf(L.W_DEST);
  let dests = 0;
  for (let w = 0; w < worms; w++) dests += m[oW + w * L.WORM_STRIDE + L.W_NDEST]!;
  const df = (f: number): Int32Array => {
    const a = new Int32Array(dests);
    for (let d = 0; d < dests; d++) a[d] = m[oD + d * L.DEST_STRIDE + f]!;
    return a;
  };
  return {
    activated: wf(L.W_ACT), injected: wf(L.W_INJECT), done: wf(L.W_DONE), waits: wf(L.W_WAIT), destBase,
    destNode: df(L.D_NODE), destHead: df(L.D_HEAD), destTail: df(L.D_TAIL), destWorm: df(L.D_WORM),
  };
}

/** Flits carried by each network physical channel (empty when channelUse was off). */
export function readChannelFlits(region: Uint8Array, nodes: number, ports: number): Int32Array {
  const m = new Int32Array(region.buffer, region.byteOffset, region.byteLength >> 2);
  if ((m[L.H_FLAGS]! & L.FLAG_CHANNEL_USE) === 0) return new Int32Array(0);
  if ((m[L.H_FLAGS]! & L.FLAG_MUX) === 0) {
    const o = m[L.H_O_CHFLITS]! >> 2;
    return m.slice(o, o + nodes * ports);
  }
  // multiplexed VCs: in each channel's arbitration record
  const a = m[L.H_O_ARB]! >> 2;
  const out = new Int32Array(nodes * ports);
  for (let c = 0; c < out.length; c++) out[c] = m[a + c * L.ARB_STRIDE + L.A_FLITS]!;
  return out;
}

/** One VC named for a report. */
export interface VcName {
  vc: number;
  /** 'network', 'injection' or 'ejection'. */
  kind: string;
  node: string;
  port: number;
  vcClass: string;
}

/** A deadlock: the worms of one wait-for cycle, and every worm that waits. */
export interface DeadlockReport {
  /** The cycle the watchdog declared the deadlock (the run's last cycle + 1). */
  cycle: number;
  /** The last cycle in which a flit moved or a VC was granted: the network froze after it. */
  lastProgress: number;
  /** Worm indices around one cycle of the wait-for graph: each waits for a VC the next one holds. */
  worms: number[];
  /** The VC each worm of `worms` waits for (held by the next worm). */
  channels: VcName[];
  /** Every worm waiting for a VC held by another worm. */
  waiting: number[];
}

/** Name a VC id of the layout. */
export function nameVc(region: Uint8Array, routing: RoutingFunction, vc: number): VcName {
  const m = new Int32Array(region.buffer, region.byteOffset, region.byteLength >> 2);
  const t = routing.topology;
  const P = m[L.H_PORTS]!;
  const V = m[L.H_V]!;
  const Q = m[L.H_Q]!;
  const inj = m[L.H_INJ]!;
  const ej = m[L.H_EJ]!;
  if (vc < inj) {
    const ch = Math.floor(vc / V);
    return { vc, kind: 'network', node: t.format(Math.floor(ch / P)), port: ch % P, vcClass: `${routing.vcClasses[Math.floor((vc % V) / m[L.H_K]!)] ?? '?'}${m[L.H_K]! > 1 ? `.${vc % m[L.H_K]!}` : ''}` };
  }
  const kind = vc < ej ? 'injection' : 'ejection';
  // ejection channels per node: H_QE when the region has it (consumption channels may outnumber Q)
  const per = vc < ej ? Q : (m[L.H_QE]! || Q);
  const k = vc - (vc < ej ? inj : ej);
  return { vc, kind, node: t.format(Math.floor(k / per)), port: k % per, vcClass: '-' };
}

/**
 * The deadlock report of a stopped run: the wait-for graph (worm -> the holder of each VC it
 * has requested and not been granted) and one cycle in it, by depth-first search from the
 * lowest-numbered waiting worm (docs/model-flit.md "Watchdog").
 */
export function deadlockReport(region: Uint8Array, routing: RoutingFunction): DeadlockReport {
  const m = new Int32Array(region.buffer, region.byteOffset, region.byteLength >> 2);
  const oW = m[L.H_O_WORM]! >> 2;
  const oS = m[L.H_O_SLOT]! >> 2;
  const oO = m[L.H_O_OWNER]! >> 2;
  const oA = m[L.H_O_ACTIVE]! >> 2;
  const edges = new Map<number, Array<{ to: number; vc: number }>>();
  const active = Array.from(m.subarray(oA, oA + m[L.H_ACTIVE_N]!)).sort((a, b) => a - b);
  for (const w of active) {
    const wb = oW + w * L.WORM_STRIDE;
    const out: Array<{ to: number; vc: number }> = [];
    if (m[wb + L.W_STATE] === L.WS_REQUEST) {
      const vc = m[wb + L.W_INJVC]!;
      const h = m[oO + vc]!;
      if (h >= 0) out.push({ to: m[oS + h * L.SLOT_STRIDE + L.S_WORM]!, vc });
    }
    for (let s = m[wb + L.W_SLOTS]!; s >= 0; s = m[oS + s * L.SLOT_STRIDE + L.S_NEXT]!) {
      const f = m[oS + s * L.SLOT_STRIDE + L.S_FLAGS]!;
      if ((f & L.F_PENDING) === 0) continue;
      const vc = m[oS + s * L.SLOT_STRIDE + L.S_VC]!;
      // a network request may take any of the K VCs of its class: it waits for all their holders
      const k = (f & (L.F_NET | L.F_EXACT)) === L.F_NET ? m[L.H_K]! : 1;
      for (let i = 0; i < k; i++) {
        const h = m[oO + vc + i]!;
        if (h >= 0) out.push({ to: m[oS + h * L.SLOT_STRIDE + L.S_WORM]!, vc: vc + i });
      }
    }
    out.sort((a, b) => a.to - b.to || a.vc - b.vc);
    if (out.length > 0) edges.set(w, out);
  }
  const waiting = [...edges.keys()];
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
        const from = stack.findIndex((f) => f.w === e.to);
        const ring = stack.slice(from);
        const worms = ring.map((f) => f.w);
        const channels = ring.map((f) => {
          const list = edges.get(f.w)!;
          return nameVc(region, routing, list[f.i - 1]!.vc);
        });
        return { cycle: m[L.H_CYCLE]!, lastProgress: m[L.H_LASTPROGRESS]!, worms, channels, waiting };
      }
      if (c === 0) {
        colour.set(e.to, 1);
        stack.push({ w: e.to, i: 0 });
      }
    }
  }
  return { cycle: m[L.H_CYCLE]!, lastProgress: m[L.H_LASTPROGRESS]!, worms: [], channels: [], waiting };
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
  if (d.worms.length === 0) head = `DEADLOCK at cycle ${d.cycle}: no wait-for cycle found among the ${d.waiting.length} waiting worms`;
  else if (d.worms.length <= SUMMARY_CYCLE_WORMS) head = `DEADLOCK at cycle ${d.cycle}: worms ${d.worms.join(' -> ')} -> ${d.worms[0]} each wait for a VC the next one holds:`;
  else head = `DEADLOCK at cycle ${d.cycle}: a wait-for cycle of ${d.worms.length} worms, ${ring.join(' -> ')} -> ... -> ${d.worms[0]}, each waits for a VC the next one holds:`;
  const cycle = ring.map((w, i) => {
    const c = d.channels[i]!;
    return `worm ${w} waits for ${c.kind} channel ${c.node} ${c.kind === 'network' ? routing.topology.portName(c.port) : `#${c.port}`} vc ${c.vcClass}`;
  });
  if (d.worms.length > ring.length) cycle.push(`... and ${d.worms.length - ring.length} more worms of the cycle${more}`);
  const listed = d.waiting.slice(0, SUMMARY_WAITING_WORMS);
  const waiting = d.waiting.length <= SUMMARY_WAITING_WORMS
    ? `waiting worms: ${d.waiting.join(', ')}`
    : `waiting worms: ${d.waiting.length} in all, the first ${listed.length}: ${listed.join(', ')}, ...${more}`;
  return { head, cycle, waiting };
}
