// The run's state outside the region: the absolute addresses of the regions and the configuration,
// read from the region's header at every engineRun (configure), and the counters, kept in module
// globals while a run lasts (engineRun loads them from the region and stores them back).
// Single capitals are the model's symbols (docs/model-flit.md): P ports, V VCs per channel, K VCs
// per class, Q injection and QE ejection channels per node, B buffer, R router delay, S startup.
import {
  H_PORTS, H_V, H_K, H_Q, H_B, H_R, H_S, H_FLAGS, H_NODES, H_QE, H_INJ, H_EJ, H_SLOTCAP, H_LAT,
  H_CREDIT_DELAY, H_O_VALLOC, H_O_LANES,
  FLAG_EJECTION_VCS, FLAG_LATE_GRANT, FLAG_VC_ROUND_ROBIN, FLAG_INJECTION_LANES,
  H_READY_AT, H_O_OWNER, H_O_ARB, H_O_WINNER, H_O_ALONE, H_O_CHFLITS, H_O_QHEAD, H_O_QTAIL,
  H_O_WORM, H_O_DEST, H_O_TREE, H_O_SLOT, H_O_ACTIVE, H_O_READY, H_O_ROUTE, H_O_INJL, H_O_WAIT,
  H_O_VCQ, H_O_LAT, H_O_INPORT, FLAG_MUX, FLAG_CHANNEL_USE, FLAG_BACK_TO_BACK, FLAG_TAIL_SENT, FLAG_LOCKSTEP,
  FLAG_PER_PORT, FLAG_QUEUED_PIPELINED, FLAG_READY_AUTO, WIRE_STRIDE, LN_STRIDE,
  COUNTERS_BYTE, C_FLITHOPS, C_INJECTED, C_EJECTED, C_VCWAIT, C_SAMEGROUP, C_SHARING, C_GRANTS,
} from "./layout";

// absolute addresses of the regions (src/engine/layout.ts names each)
export let BASE: usize = 0;
export let OWNER: usize = 0;
export let ARB: usize = 0;
export let WINNER: usize = 0;
export let ALONE: usize = 0;
export let CHFLITS: usize = 0;
export let QHEAD: usize = 0;
export let QTAIL: usize = 0;
export let WORM: usize = 0;
export let DEST: usize = 0;
export let TREE: usize = 0;
export let SLOT: usize = 0;
export let ACTIVE: usize = 0;
export let READY: usize = 0;
export let ROUTE: usize = 0;
export let INJL: usize = 0;
export let WAITERS: usize = 0;
// option vcRelease 'tail-sent': the queue records of the network VCs
export let VCQ: usize = 0;
// option linkLatency > 1: the wire records of the slots, then of the network VCs (H_O_LAT)
export let SLOT_WIRES: usize = 0;
export let VC_WIRES: usize = 0;
// option switch 'per-port': the input-port records (H_O_INPORT)
export let INPORT: usize = 0;

// "BookSim's router" (docs/model-flit.md): option vcAllocator 'round-robin', the allocator's region
// (H_O_VALLOC: per VC id its pointer, then per VC id its group head, then per slot the request list,
// then per slot its next in its group); option injectionBuffer 'lanes', the lane region (H_O_LANES:
// per injection channel its last lane, then the lane records, then per slot its lane and the slot
// behind it)
export let VPTR: usize = 0;
export let VGROUP: usize = 0;
export let VPEND: usize = 0;
export let VNEXT: usize = 0;
export let LANELAST: usize = 0;
export let LANEREC: usize = 0;
export let SLOTLANE: usize = 0;

// the configuration
export let P: i32 = 0;
export let V: i32 = 0;
export let K: i32 = 0;
export let Q: i32 = 0;
export let QE: i32 = 0;
export let B: i32 = 0;
export let R: i32 = 0;
export let S: i32 = 0;
// VCs multiplexed on their channel (arbitration)
export let MUX: bool = false;
// option channelUse, one VC per link (multiplexed channels count their flits in the arb records)
export let CHANUSE: bool = false;
// option injection 'back-to-back' (docs/model-flit.md "The source"); false: 'after-tail'
export let B2B: bool = false;
// option vcRelease 'tail-sent' (docs/model-flit.md "One cycle t" 4b)
export let TAILSENT: bool = false;
// option treeReplication 'lockstep' (docs/model-flit.md "Tree replication")
export let LOCKSTEP: bool = false;
// option switch 'per-port' (docs/model-flit.md "Arbitration", the input stage)
export let PERPORT: bool = false;
// option queuedHeader (docs/model-flit.md "One cycle t" 4b): a header that reaches the front of a
// 'tail-sent' buffer in cycle t + 1 (the tail ahead left during t) is routed from t + 1 + this + R on
export let BEHIND_LEAD: i32 = 0;
// option linkLatency (cycles per network channel traversal)
export let LAT: i32 = 1;
// a credit's cycles on its wire: linkLatency + option creditDelay, 1..31 (docs/model-flit.md "Time")
export let CLAT: i32 = 1;
// the wire records are present and the `wire` variants taken: a flit or a credit on a wire (LAT or
// CLAT over 1)
export let WIRE: bool = false;
// "BookSim's router" (docs/model-flit.md): option ejection 'vcs' (V ejection VCs per node, one flit a
// cycle over them: KE, the VCs an ejection request may take, is V), lateGrant 'next-cycle',
// vcAllocator 'round-robin', injectionBuffer 'lanes'
export let EJVCS: bool = false;
export let KE: i32 = 1;
export let LATEGRANT: bool = false;
export let VCRR: bool = false;
export let LANES: bool = false;
// vcAllocator 'round-robin': the requests asked so far this cycle (the list VPEND)
export let NPEND: i32 = 0;
// multiplexed VCs: a cycle starting with this many live slots is evaluated with the ready list
export let READY_AT: i32 = 0;
// option readyListAt not given (FLAG_READY_AUTO): above READY_AT the walk stays while moves are dense
export let READY_AUTO: bool = false;
// multiplexed VCs evaluated by the walk (H_WALK), kept here while a run lasts
export let WALK: bool = false;
// the owner word after the last VC's, never owned: a slot that gave its VC up before its tail left
// (back-to-back injection, 'tail-sent') names it, so that freeVc, on the hot path, needs no test
export let SPAREVC: i32 = 0;
// the first injection VC id and the first ejection VC id (network VCs come first: ch V + index)
export let INJ: i32 = 0;
export let EJ: i32 = 0;
// the cycle being simulated (the model's t)
export let T: i32 = 0;

// counters (C_*), in module globals while a run lasts
export let flitHops: f64 = 0;
export let injected: f64 = 0;
export let ejected: f64 = 0;
export let vcWait: f64 = 0;
export let sameGroup: f64 = 0;
export let sharing: f64 = 0;
export let grants: f64 = 0;
// sharing events of the current cycle, committed at the end of its step 2
export let sharingNow: i32 = 0;
// the walk's pass 2: moves posted for pass 3 (NPOST), and moves made at once (MOVED; the network
// hops of unicast worms, the frequent case, are counted in a local of the pass and added at its end)
export let NPOST: i32 = 0;
export let MOVED: i32 = 0;

@inline function word(base: usize, f: i32): i32 { return load<i32>(base + <usize>f * sizeof<i32>()); }
@inline function region(base: usize, f: i32): usize { return base + <usize>word(base, f); }
@inline function counterAt(base: usize, c: i32): usize { return base + <usize>COUNTERS_BYTE + <usize>c * sizeof<f64>(); }

export function configure(base: usize): void {
  BASE = base;
  OWNER = region(base, H_O_OWNER);
  ARB = region(base, H_O_ARB);
  WINNER = region(base, H_O_WINNER);
  ALONE = region(base, H_O_ALONE);
  CHFLITS = region(base, H_O_CHFLITS);
  QHEAD = region(base, H_O_QHEAD);
  QTAIL = region(base, H_O_QTAIL);
  WORM = region(base, H_O_WORM);
  DEST = region(base, H_O_DEST);
  TREE = region(base, H_O_TREE);
  SLOT = region(base, H_O_SLOT);
  ACTIVE = region(base, H_O_ACTIVE);
  READY = region(base, H_O_READY);
  ROUTE = region(base, H_O_ROUTE);
  INJL = region(base, H_O_INJL);
  WAITERS = region(base, H_O_WAIT);
  VCQ = region(base, H_O_VCQ);
  SLOT_WIRES = region(base, H_O_LAT);
  INPORT = region(base, H_O_INPORT);
  VC_WIRES = SLOT_WIRES + <usize>word(base, H_SLOTCAP) * <usize>WIRE_STRIDE * sizeof<i32>();
  READY_AT = word(base, H_READY_AT);
  READY_AUTO = (word(base, H_FLAGS) & FLAG_READY_AUTO) != 0;
  P = word(base, H_PORTS);
  V = word(base, H_V);
  K = word(base, H_K);
  Q = word(base, H_Q);
  QE = word(base, H_QE);
  B = word(base, H_B);
  R = word(base, H_R);
  S = word(base, H_S);
  const flags = word(base, H_FLAGS);
  MUX = (flags & FLAG_MUX) != 0;
  CHANUSE = (flags & FLAG_CHANNEL_USE) != 0;
  B2B = (flags & FLAG_BACK_TO_BACK) != 0;
  TAILSENT = (flags & FLAG_TAIL_SENT) != 0;
  LOCKSTEP = (flags & FLAG_LOCKSTEP) != 0;
  PERPORT = (flags & FLAG_PER_PORT) != 0;
  // 'pipelined': routed max(1, R - 1) cycles after the tail left, i.e. from t + 1 + (that - 1 - R) + R
  BEHIND_LEAD = (flags & FLAG_QUEUED_PIPELINED) != 0 ? max<i32>(1, R - 1) - 1 - R : 0;
  LAT = word(base, H_LAT);
  CLAT = LAT + word(base, H_CREDIT_DELAY);
  WIRE = LAT > 1 || CLAT > 1;
  INJ = word(base, H_INJ);
  EJ = word(base, H_EJ);
  SPAREVC = EJ + word(base, H_NODES) * QE;
  EJVCS = (flags & FLAG_EJECTION_VCS) != 0;
  KE = EJVCS ? V : 1;
  LATEGRANT = (flags & FLAG_LATE_GRANT) != 0;
  VCRR = (flags & FLAG_VC_ROUND_ROBIN) != 0;
  LANES = (flags & FLAG_INJECTION_LANES) != 0;
  const slots = <usize>word(base, H_SLOTCAP);
  const vcs = <usize>(SPAREVC);
  VPTR = region(base, H_O_VALLOC);
  VGROUP = VPTR + vcs * sizeof<i32>();
  VPEND = VGROUP + vcs * sizeof<i32>();
  VNEXT = VPEND + slots * sizeof<i32>();
  const nq = <usize>(word(base, H_NODES) * Q);
  LANELAST = region(base, H_O_LANES);
  LANEREC = LANELAST + nq * sizeof<i32>();
  SLOTLANE = LANEREC + nq * <usize>V * <usize>LN_STRIDE * sizeof<i32>();
}

export function loadCounters(): void {
  flitHops = load<f64>(counterAt(BASE, C_FLITHOPS));
  injected = load<f64>(counterAt(BASE, C_INJECTED));
  ejected = load<f64>(counterAt(BASE, C_EJECTED));
  vcWait = load<f64>(counterAt(BASE, C_VCWAIT));
  sameGroup = load<f64>(counterAt(BASE, C_SAMEGROUP));
  sharing = load<f64>(counterAt(BASE, C_SHARING));
  grants = load<f64>(counterAt(BASE, C_GRANTS));
}

export function storeCounters(): void {
  store<f64>(counterAt(BASE, C_FLITHOPS), flitHops);
  store<f64>(counterAt(BASE, C_INJECTED), injected);
  store<f64>(counterAt(BASE, C_EJECTED), ejected);
  store<f64>(counterAt(BASE, C_VCWAIT), vcWait);
  store<f64>(counterAt(BASE, C_SAMEGROUP), sameGroup);
  store<f64>(counterAt(BASE, C_SHARING), sharing);
  store<f64>(counterAt(BASE, C_GRANTS), grants);
}
