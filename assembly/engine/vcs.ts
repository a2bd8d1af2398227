// VC grant and release (docs/model-flit.md "One cycle t" 2c and 4b), the waiter lists of parked
// requests ("Evaluation order", parked requests), and the count of VCs held per multiplexed channel
// that the walk keeps (A_HELD).
import {
  H_LASTPROGRESS, S_WORM, S_VC, S_FLAGS, S_NODE, S_HEAD, S_CHAN, S_NEXT, W_WAIT, W_GROUP, W_SLOTS,
  F_PENDING, F_NET, F_EXACT, F_PARKED, F_SAMEG, F_WAITED, F_BEHIND, F_RELEASED, F_ROUTED, F_EJECT,
  Q_LAST, A_HELD,
} from "./layout";
import { OWNER, WAITERS, MUX, WALK, K, KE, INJ, T, SPAREVC, vcWait, sameGroup, grants } from "./state";
import { DEBUG } from "./invariants";
import { ld, st, sget, sset, wget, wset, setHeader, entry, arbRec, vcqRec } from "./records";

// the walk's count of VCs held on network channel ch goes up (d = 1) or down (d = -1)
@inline export function countHeld(ch: i32, d: i32): void {
  const a = arbRec(ch);
  st(a, A_HELD, ld(a, A_HELD) + d);
}

// Step 2c (the reference's request): grant the lowest free VC of the request, else count a wait; a
// request for one VC that finds it held parks on the VC's waiter list until freeVc wakes it.
// One function on purpose: split into inlined grant and wait helpers it ran at 0.96-0.97 of this
// form on the 64x64 torus bench (bench --ab, issue 28; the module was 2 KB larger).
@inline export function tryGrant(s: i32, w: i32): void {
  const f = sget(s, S_FLAGS);
  if ((f & F_PARKED) != 0) {
    vcWait += 1;
    wset(w, W_WAIT, wget(w, W_WAIT) + 1);
    if ((f & F_SAMEG) != 0) sameGroup += 1;
    return;
  }
  const vc = sget(s, S_VC);
  // a network request any of its class's K VCs, an ejection request any of KE ("BookSim's router")
  const k = (f & (F_NET | F_EXACT)) == F_NET ? K : (f & F_EJECT) != 0 ? KE : 1;
  for (let i: i32 = 0; i < k; i++) {
    const prev = load<i32>(entry(OWNER, vc + i));
    if (prev < 0) {
      // -1 free; -2 freed by 'tail-sent', its last holder's flits still in the buffer
      if (DEBUG) assert(prev == -1 || prev == -2, "grant: the VC is free");
      store<i32>(entry(OWNER, vc + i), s);
      if (MUX && WALK && (f & F_NET) != 0) {
        const h = arbRec(sget(s, S_CHAN));
        st(h, A_HELD, ld(h, A_HELD) + 1);
      }
      let g = f & ~F_PENDING;
      if (prev == -2) {
        // queue behind the youngest earlier holder still in the buffer
        sset(ld(vcqRec(vc + i), Q_LAST), S_CHAN, s);
        g |= F_BEHIND;
      }
      sset(s, S_VC, vc + i);
      sset(s, S_FLAGS, g);
      grants += 1;
      setHeader(H_LASTPROGRESS, T);
      return;
    }
  }
  const holder = load<i32>(entry(OWNER, vc));
  vcWait += 1;
  wset(w, W_WAIT, wget(w, W_WAIT) + 1);
  let same = false;
  if (vc < INJ) {
    same = wget(sget(holder, S_WORM), W_GROUP) == wget(w, W_GROUP);
    if (same) sameGroup += 1;
  }
  if (k == 1) park(s, f, holder, same);
}

// 'lockstep' (docs/model-flit.md "Tree replication"; the reference's requestTogether): after the
// step 2 of tree worm w (record wq), its requests are granted together when no granted slot of it
// waits for its header to be routed and each has a free VC; else each waits this cycle
export function requestTree(w: i32, wq: usize): void {
  let pending = false;
  let go = true;
  for (let s = ld(wq, W_SLOTS); s >= 0; s = sget(s, S_NEXT)) {
    const f = sget(s, S_FLAGS);
    if ((f & F_PENDING) != 0) {
      pending = true;
      if ((f & F_PARKED) != 0 || !anyFree(sget(s, S_VC), (f & (F_NET | F_EXACT)) == F_NET ? K : 1)) go = false;
    } else if ((f & (F_ROUTED | F_EJECT)) == 0) go = false;
  }
  if (!pending) return;
  for (let s = ld(wq, W_SLOTS); s >= 0; s = sget(s, S_NEXT)) {
    const f = sget(s, S_FLAGS);
    if ((f & F_PENDING) == 0) continue;
    if (go || (f & F_PARKED) != 0) tryGrant(s, w);
    else waitTogether(s, w, f, sget(s, S_VC), (f & (F_NET | F_EXACT)) == F_NET ? K : 1);
  }
}

// some VC of vc .. vc + k - 1 is free
@inline function anyFree(vc: i32, k: i32): bool {
  for (let i: i32 = 0; i < k; i++) if (load<i32>(entry(OWNER, vc + i)) < 0) return true;
  return false;
}

// tree request s (flags f, VCs vc .. vc + k - 1, not parked) waits for the rest of its worm: a
// wait as in tryGrant, parked only when its own VC is held (a free one has no holder to wake it)
function waitTogether(s: i32, w: i32, f: i32, vc: i32, k: i32): void {
  const holder = load<i32>(entry(OWNER, vc));
  vcWait += 1;
  wset(w, W_WAIT, wget(w, W_WAIT) + 1);
  let same = false;
  if (vc < INJ && holder >= 0) {
    same = wget(sget(holder, S_WORM), W_GROUP) == wget(w, W_GROUP);
    if (same) sameGroup += 1;
  }
  if (k == 1 && holder >= 0) park(s, f, holder, same);
}

// request s (flags f) parks on the waiter list of its router until its VC's holder frees it
@inline function park(s: i32, f: i32, holder: i32, same: bool): void {
  sset(s, S_FLAGS, f | F_PARKED | (same ? F_SAMEG : 0));
  const list = entry(WAITERS, sget(s, S_NODE));
  sset(s, S_HEAD, load<i32>(list) - 1);
  store<i32>(list, s + 1);
  sset(holder, S_FLAGS, sget(holder, S_FLAGS) | F_WAITED);
}

// Step 4b: slot s's VC is free from the next cycle on; if a request is parked on it (F_WAITED),
// the requests for it parked at its router wake up
@inline export function freeVc(s: i32): void {
  const vc = sget(s, S_VC);
  // a slot that gave its VC up earlier (back-to-back injection, 'tail-sent') names SPAREVC instead
  if (DEBUG) assert(vc == SPAREVC || load<i32>(entry(OWNER, vc)) == s, "freeVc: the slot owns its VC");
  store<i32>(entry(OWNER, vc), -1);
  const f = sget(s, S_FLAGS);
  // a 'tail-sent' released slot (its S_CHAN reused) left the count to queueDone
  if (MUX && WALK && (f & (F_NET | F_RELEASED)) == F_NET) countHeld(sget(s, S_CHAN), -1);
  if ((f & F_WAITED) != 0) wake(entry(WAITERS, sget(s, S_NODE)), vc);
}

// the requests for vc parked at a router (waiter list `list`) wake up; the others stay parked
export function wake(list: usize, vc: i32): void {
  let p = load<i32>(list) - 1;
  let keep: i32 = -1;
  while (p >= 0) {
    const next = sget(p, S_HEAD);
    if (sget(p, S_VC) == vc) {
      sset(p, S_FLAGS, sget(p, S_FLAGS) & ~(F_PARKED | F_SAMEG));
      sset(p, S_HEAD, -1);
    } else {
      sset(p, S_HEAD, keep);
      keep = p;
    }
    p = next;
  }
  store<i32>(list, keep + 1);
}
