import { engineLayout as L, readChannelFlits } from 'wormcast';

/**
 * One cycle of a flit-level run as the watch shows it (docs/web.md "Watching a simulation"),
 * read from the engine's region between two runUntil calls: the engine itself is not touched,
 * so a run that is not watched pays nothing. The fields are those of src/engine/layout.ts and
 * docs/model-flit.md "Worms and slots": every live slot of an active worm holds the VC it was
 * granted (owner[vc] = slot) or waits for it (F_PENDING); a slot's buffer holds in - out flits
 * at its downstream router.
 */

/** A VC held by a worm. */
export interface HeldVc {
  vc: number;
  kind: 'network' | 'injection' | 'ejection';
  /** Network: the channel's upstream node; injection / ejection: the node. */
  node: number;
  /** Network: the port at `node`; injection / ejection: the channel's index at the node. */
  port: number;
  /** The VC's index on its channel (class x K + copy; 0 off the network). */
  index: number;
  /** Worm number in the run. */
  worm: number;
  /** Flits in the VC's buffer (in - out; an ejection VC sinks them at once: 0). */
  flits: number;
  /** Flits that have crossed the VC so far. */
  passed: number;
}

/** A header waiting for a VC (a request not granted): at `node`, for the VC `vc`. */
export interface BlockedHeader {
  worm: number;
  vc: number;
  kind: 'network' | 'injection' | 'ejection';
  /** Where the header waits: the upstream node of the channel it asks for. */
  node: number;
  port: number;
  index: number;
  /** The worm that holds the VC (the first of the K a network request may take), -1 when it is free (granted next cycle). */
  holder: number;
}

/** A destination whose tail was delivered (its time is the cycle after the tail's crossing). */
export interface Delivery {
  node: number;
  worm: number;
  tail: number;
}

export interface Snapshot {
  /** The next cycle to simulate: the state after cycles 0 .. cycle - 1. */
  cycle: number;
  /** The engine's H_STATUS code (src/engine/layout.ts ST_*). */
  status: number;
  held: HeldVc[];
  blocked: BlockedHeader[];
  /** Deliveries of the last RECENT cycles, newest first. */
  delivered: Delivery[];
  /** Flits carried by each network channel (node * ports + port) since cycle 0. */
  channelFlits: Int32Array;
  /** Active worms (created and not done). */
  active: number;
  /** Flits injected into and ejected from the network so far (engine counters). */
  injected: number;
  ejected: number;
}

/** Deliveries stay marked this many cycles. */
export const RECENT = 8;

/**
 * Read the snapshot of a region. `wormNumber` maps a worm record to its number in the run
 * (a streamed run reuses records: src/engine/feed.ts; a run given all its worms: the record).
 */
export function readSnapshot(region: Uint8Array, wormNumber: (rec: number) => number = (r) => r): Snapshot {
  const m = new Int32Array(region.buffer, region.byteOffset, region.byteLength >> 2);
  const c = new Float64Array(region.buffer, region.byteOffset + L.COUNTERS_BYTE, L.COUNTERS);
  const N = m[L.H_NODES]!;
  const P = m[L.H_PORTS]!;
  const V = m[L.H_V]!;
  const Q = m[L.H_Q]!;
  const QE = m[L.H_QE]! || Q;
  const K = m[L.H_K]!;
  const inj = m[L.H_INJ]!;
  const ej = m[L.H_EJ]!;
  const cycle = m[L.H_CYCLE]!;
  const oW = m[L.H_O_WORM]! >> 2;
  const oS = m[L.H_O_SLOT]! >> 2;
  const oO = m[L.H_O_OWNER]! >> 2;
  const oA = m[L.H_O_ACTIVE]! >> 2;
  const oD = m[L.H_O_DEST]! >> 2;
  const where = (vc: number): { kind: HeldVc['kind']; node: number; port: number; index: number } => {
    if (vc < inj) {
      const ch = Math.floor(vc / V);
      return { kind: 'network', node: Math.floor(ch / P), port: ch % P, index: vc % V };
    }
    if (vc < ej) return { kind: 'injection', node: Math.floor((vc - inj) / Q), port: (vc - inj) % Q, index: 0 };
    return { kind: 'ejection', node: Math.floor((vc - ej) / QE), port: (vc - ej) % QE, index: 0 };
  };
  const holderOf = (vc: number): number => {
    const s = m[oO + vc]!;
    return s >= 0 ? wormNumber(m[oS + s * L.SLOT_STRIDE + L.S_WORM]!) : -1;
  };
  const held: HeldVc[] = [];
  const heldAt = new Map<number, number>();
  const blocked: BlockedHeader[] = [];
  const delivered: Delivery[] = [];
  const activeN = m[L.H_ACTIVE_N]!;
  const active = Array.from(m.subarray(oA, oA + activeN)).sort((a, b) => wormNumber(a) - wormNumber(b));
  for (const rec of active) {
    const wb = oW + rec * L.WORM_STRIDE;
    const worm = wormNumber(rec);
    if (m[wb + L.W_STATE] === L.WS_REQUEST) {
      const vc = m[wb + L.W_INJVC]!;
      blocked.push({ worm, vc, ...where(vc), holder: holderOf(vc) });
    }
    for (let s = m[wb + L.W_SLOTS]!; s >= 0; s = m[oS + s * L.SLOT_STRIDE + L.S_NEXT]!) {
      const sb = oS + s * L.SLOT_STRIDE;
      const f = m[sb + L.S_FLAGS]!;
      if ((f & L.F_DEAD) !== 0) continue;
      // an injection slot names its worm's injection VC (back-to-back injection gives the VC up when
      // the tail has crossed the channel, and the slot then names a spare word: docs/model-flit.md)
      const vc = m[sb + L.S_PARENT]! < 0 ? m[wb + L.W_INJVC]! : m[sb + L.S_VC]!;
      if ((f & L.F_PENDING) !== 0) {
        // a network request may take any of its class's K VCs: name the first one's holder
        const first = (f & (L.F_NET | L.F_EXACT)) === L.F_NET && K > 1 ? vc - ((vc % V) % K) : vc;
        blocked.push({ worm, vc, ...where(vc), holder: holderOf(first) });
        continue;
      }
      // every granted slot buffers flits, also one that gave its VC up early (back-to-back
      // injection, vcRelease 'tail-sent': its flits still wait ahead of the holder's); a VC is
      // listed once, under its holder, with all the flits it buffers
      const inn = m[sb + L.S_IN]!;
      const flits = (f & L.F_EJECT) !== 0 ? 0 : inn - m[sb + L.S_OUT]!;
      const listed = heldAt.get(vc);
      if (listed === undefined) {
        heldAt.set(vc, held.length);
        held.push({ vc, ...where(vc), worm, flits, passed: m[sb + L.S_OUT]! });
      } else {
        const h = held[listed]!;
        h.flits += flits;
        if (m[oO + vc] === s) Object.assign(h, { worm, passed: m[sb + L.S_OUT]! });
      }
    }
    for (let d = 0; d < m[wb + L.W_NDEST]!; d++) {
      const db = oD + (m[wb + L.W_DEST]! + d) * L.DEST_STRIDE;
      const tail = m[db + L.D_TAIL]!;
      if (tail >= 0 && tail > cycle - RECENT) delivered.push({ node: m[db + L.D_NODE]!, worm, tail });
    }
  }
  const listed = new Set(active);
  // a worm that finished this cycle has left the active list: its last deliveries are in the worms just done
  for (let rec = 0, worms = Math.min(m[L.H_WORMS]!, m[L.H_WCAP]! || m[L.H_WORMS]!); rec < worms; rec++) {
    const wb = oW + rec * L.WORM_STRIDE;
    const done = m[wb + L.W_DONE]!;
    if (done < 0 || done <= cycle - RECENT || done > cycle || listed.has(rec)) continue;
    for (let d = 0; d < m[wb + L.W_NDEST]!; d++) {
      const db = oD + (m[wb + L.W_DEST]! + d) * L.DEST_STRIDE;
      const tail = m[db + L.D_TAIL]!;
      if (tail >= 0 && tail > cycle - RECENT) delivered.push({ node: m[db + L.D_NODE]!, worm: wormNumber(rec), tail });
    }
  }
  delivered.sort((a, b) => b.tail - a.tail || a.worm - b.worm || a.node - b.node);
  return {
    cycle,
    status: m[L.H_STATUS]!,
    held,
    blocked,
    delivered,
    channelFlits: flitsOf(region, N, P),
    active: activeN,
    injected: c[L.C_INJECTED]!,
    ejected: c[L.C_EJECTED]!,
  };
}

/** Flits per network channel; a run without channel counting (option channelUse off) has zeros. */
function flitsOf(region: Uint8Array, N: number, P: number): Int32Array {
  const f = readChannelFlits(region, N, P);
  return f.length === N * P ? f : new Int32Array(N * P);
}
