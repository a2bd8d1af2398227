// Step 4a-d (docs/model-flit.md "One cycle t"; the reference's move): a move takes the first
// waiting flit out of a slot into every child at once (lock-step), and its effects.
import {
  S_VC, S_IN, S_OUT, S_FLAGS, S_CHILD, S_SIB, S_NODE, S_HEAD, S_TARGET, S_CHAN, W_FLITS, W_DELIVERED,
  W_LIVE, D_HEAD, D_TAIL, F_EJECT, F_DEAD, F_MOVED, F_RELEASED, A_FLITS, WIRE_MASK, S_PARENT,
} from "./layout";
import { MUX, CHANUSE, LAT, B, T, SPAREVC, PERPORT, EJVCS, LANES, flitHops, ejected } from "./state";
import { laneFlit, laneDone } from "./lanes";
import { DEBUG } from "./invariants";
import { ld, st, wget, wset, entry, slotRec, wormRec, destRec, arbRec, slotWire } from "./records";
import { wireEvent, creditEvent } from "./wire";
import { releaseChildren, queueLeft, queueDone } from "./tail-sent";
import { freeVc } from "./vcs";
import { countChannel } from "./channel-use";
import { unlink, freeSlot } from "./slots";
import { arbitrated, arbitratedInput } from "./arbitration";
import { trigger } from "./worms";

// Slot s of worm w (record p) passes a flit on; true if a slot of the worm was freed (its tail
// left, or a copy was delivered). The caller records the progress (H_LASTPROGRESS).
// `gen`: the run may have switch 'per-port' or lock-step trees (false in the cycle variants for
// runs that have neither, so that their checks cost nothing there: engine.ts chooseVariants).
// `links`: one VC per link (links.ts), where option channelUse counts a slot's flits as its tail
// leaves (channel-use.ts); false in the multiplexed evaluations, which then carry no code for it
// (with it, the walk's default variant ran at 0.97 on the 8x8 mesh bench: bench --ab)
@inline export function move(s: i32, p: usize, w: i32, wire: bool, tail: bool, gen: bool = true, links: bool = false): bool {
  const t = T;
  const wq = wormRec(w);
  const flits = ld(wq, W_FLITS);
  const out = ld(p, S_OUT) + 1;
  let freed = false;
  if (gen && PERPORT) arbitratedInput(s, p);
  // injectionBuffer 'lanes' ("BookSim's router"): a flit left the injection slot's lane
  const lane = gen && LANES && ld(p, S_PARENT) < 0;
  if (lane) laneFlit(s, -1);
  st(p, S_OUT, out);
  if (wire) creditEvent(p, ld(p, S_IN) - out + 1, t, tail);
  if (!MUX) st(p, S_FLAGS, ld(p, S_FLAGS) | F_MOVED);
  if (tail && (ld(p, S_FLAGS) & F_RELEASED) != 0) queueLeft(p);
  for (let c = ld(p, S_CHILD); c >= 0;) {
    const cp = slotRec(c);
    const f = ld(cp, S_FLAGS);
    const n = ld(cp, S_IN) + 1;
    st(cp, S_IN, n);
    if ((f & F_EJECT) != 0) {
      st(cp, S_OUT, n);
      ejected += 1;
      // ejection 'vcs' ("BookSim's router"): the node's ejection channel moved this VC's flit
      if (gen && EJVCS) arbitrated(arbRec(ld(cp, S_CHAN)), ld(cp, S_VC));
      const rec = destRec(ld(cp, S_TARGET));
      if (n == 1) st(rec, D_HEAD, t + 1);
      if (n == flits) {
        st(rec, D_TAIL, t + 1);
        st(wq, W_DELIVERED, ld(wq, W_DELIVERED) + 1);
        st(cp, S_FLAGS, f | F_DEAD);
        st(wq, W_LIVE, ld(wq, W_LIVE) - 1);
        freed = true;
        freeVc(c);
        trigger(w, ld(cp, S_NODE), t + 1);
      }
    } else {
      if (DEBUG) assert(n - ld(cp, S_OUT) <= B, "move: a buffer holds at most B flits");
      if (wire) {
        if (n == 1) {
          st(cp, S_HEAD, t + LAT);
          st(slotWire(c), WIRE_MASK, 0);
        }
        wireEvent(slotWire(c), t);
      } else if (n == 1) st(cp, S_HEAD, t + 1);
      flitHops += 1;
      // option channelUse: multiplexed channels count here, one VC per link at the slot's end
      if (MUX) {
        const a = arbRec(ld(cp, S_CHAN));
        st(a, A_FLITS, ld(a, A_FLITS) + 1);
        arbitrated(a, ld(cp, S_VC));
      }
    }
    c = ld(cp, S_SIB);
  }
  if (out == flits) {
    // 'tail-sent': the tail came into every network child (lock-step): their VCs are released;
    // a released slot's own leaves its VC's queue
    if (tail) {
      releaseChildren(p);
      if ((ld(p, S_FLAGS) & F_RELEASED) != 0) {
        queueDone(s, ld(p, S_VC));
        st(p, S_VC, SPAREVC);
      }
    }
    if (lane) laneDone(s);
    tailLeft(s, w, links);
    freed = true;
  }
  return freed;
}

// the tail has left slot s: its VC is free and it returns to the free list
@inline export function tailLeft(s: i32, w: i32, links: bool = false): void {
  if (links && CHANUSE) countChannel(slotRec(s));
  wset(w, W_LIVE, wget(w, W_LIVE) - 1);
  freeVc(s);
  unlink(s, w);
  freeSlot(s);
}
