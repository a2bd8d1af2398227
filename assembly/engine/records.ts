// The one way records of the region are read and written: `xxxRec(i)` is the address of record i
// of a region, its stride the layout's XXX_STRIDE; `ld(rec, F)` and `st(rec, F, v)` read and write
// field F of it (binaryen folds the constant field offset into the load's offset). Hot loops
// compute a record's address once and read its fields from it; wget/sget (and their setters) are
// the one-access shorthand. Lists of one word per entry (owner, qHead, active, ready, ...) are read
// through `entry(list, i)`; header words through `header`/`setHeader`.
import { WORM_STRIDE, SLOT_STRIDE, TREE_STRIDE, DEST_STRIDE, ARB_STRIDE, VCQ_STRIDE, WIRE_STRIDE, IN_STRIDE } from "./layout";
import { BASE, WORM, SLOT, TREE, DEST, ARB, VCQ, SLOT_WIRES, VC_WIRES, INPORT } from "./state";

@inline export function ld(rec: usize, f: i32): i32 { return load<i32>(rec + <usize>f * sizeof<i32>()); }
@inline export function st(rec: usize, f: i32, v: i32): void { store<i32>(rec + <usize>f * sizeof<i32>(), v); }

@inline export function header(f: i32): i32 { return ld(BASE, f); }
@inline export function setHeader(f: i32, v: i32): void { st(BASE, f, v); }
// entry i of a list of one i32 per entry
@inline export function entry(list: usize, i: i32): usize { return list + <usize>i * sizeof<i32>(); }

// record i of the region at `base`, of `stride` words
@inline function rec(base: usize, i: i32, stride: i32): usize { return base + <usize>i * <usize>stride * sizeof<i32>(); }

// the slot record s of the slot region at `slots` (a hot loop keeps the region base in a local)
@inline export function slotIn(slots: usize, s: i32): usize { return rec(slots, s, SLOT_STRIDE); }
@inline export function slotRec(s: i32): usize { return rec(SLOT, s, SLOT_STRIDE); }
@inline export function wormRec(w: i32): usize { return rec(WORM, w, WORM_STRIDE); }
@inline export function treeRec(e: i32): usize { return rec(TREE, e, TREE_STRIDE); }
@inline export function destRec(d: i32): usize { return rec(DEST, d, DEST_STRIDE); }
// the arbitration record of network channel ch (multiplexed VCs), in the region at `arbs`
@inline export function arbIn(arbs: usize, ch: i32): usize { return rec(arbs, ch, ARB_STRIDE); }
@inline export function arbRec(ch: i32): usize { return rec(ARB, ch, ARB_STRIDE); }
@inline export function inRec(port: i32): usize { return rec(INPORT, port, IN_STRIDE); }
// the queue record of network VC vc (vcRelease 'tail-sent')
@inline export function vcqRec(vc: i32): usize { return rec(VCQ, vc, VCQ_STRIDE); }
// the wire records (linkLatency > 1) of slot s (flits into its buffer) and of network VC vc
// (credits back)
@inline export function slotWire(s: i32): usize { return rec(SLOT_WIRES, s, WIRE_STRIDE); }
@inline export function vcWire(vc: i32): usize { return rec(VC_WIRES, vc, WIRE_STRIDE); }

@inline export function wget(w: i32, f: i32): i32 { return ld(wormRec(w), f); }
@inline export function wset(w: i32, f: i32, v: i32): void { st(wormRec(w), f, v); }
@inline export function sget(s: i32, f: i32): i32 { return ld(slotRec(s), f); }
@inline export function sset(s: i32, f: i32, v: i32): void { st(slotRec(s), f, v); }
