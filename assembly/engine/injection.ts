// The source (docs/model-flit.md "The source", "One cycle t" 2a and 3): the injection request of a
// queue head, and the flits it puts into its injection slot.
import {
  H_LASTPROGRESS, S_VC, S_IN, S_OUT, S_FLAGS, S_PARENT, S_NODE, S_TARGET, S_CLASS, S_PORT, S_HEAD,
  W_KIND, W_KEY, W_TREE, W_DEST, W_INJVC, W_INJQ, W_SRC, W_STATE, W_START, W_NEXTQ, W_WAIT,
  W_TOSEND, W_INJECT, KIND_TREE, WS_SENDING, T_CHILD, T_PORT, D_NODE, F_MOVED,
} from "./layout";
import { OWNER, QHEAD, QTAIL, B2B, B, Q, S, T, SPAREVC, LANES, vcWait, grants, injected } from "./state";
import { laneEnter, laneHeld, laneFlit } from "./lanes";
import { ld, st, setHeader, sset, wget, wset, entry, slotRec, treeRec, destRec } from "./records";
import { newSlot } from "./slots";
import { becomeHead } from "./worms";
import { route } from "../routing/dispatch";
import { DELIVER, INJECT, setRouteKey } from "../routing/state";

// the injection port (all-port) of worm w at its source: that of its first hop
export function firstPort(w: i32, src: i32): i32 {
  if (wget(w, W_KIND) == KIND_TREE) {
    const child = ld(treeRec(wget(w, W_TREE)), T_CHILD);
    return child < 0 ? 0 : ld(treeRec(child), T_PORT);
  }
  setRouteKey(wget(w, W_KEY));
  const r = route(src, ld(destRec(wget(w, W_DEST)), D_NODE), INJECT);
  return r == DELIVER ? 0 : r & 0xff;
}

// Step 2a: queue head w takes its injection VC if free (its injection slot), else waits a cycle;
// the next worm of the queue becomes head
export function requestInjection(w: i32): void {
  const vc = wget(w, W_INJVC);
  const holder = load<i32>(entry(OWNER, vc));
  if (holder >= 0) {
    vcWait += 1;
    wset(w, W_WAIT, wget(w, W_WAIT) + 1);
    return;
  }
  const s = newSlot(w);
  if (s < 0) return;
  const iq = wget(w, W_INJQ);
  const src = wget(w, W_SRC);
  sset(s, S_VC, vc);
  sset(s, S_PARENT, -1);
  sset(s, S_NODE, src);
  sset(s, S_TARGET, wget(w, W_KIND) == KIND_TREE ? wget(w, W_TREE) : 0);
  sset(s, S_CLASS, INJECT);
  sset(s, S_PORT, iq - src * Q);
  store<i32>(entry(OWNER, vc), s);
  // injectionBuffer 'lanes' ("BookSim's router"): the message takes its lane
  if (LANES) laneEnter(s, iq);
  wset(w, W_STATE, WS_SENDING);
  // after-tail: the startup begins now; back-to-back: it began when the worm became head
  if (!B2B) wset(w, W_START, T + S);
  else if (wget(w, W_START) < T) wset(w, W_START, T);
  grants += 1;
  setHeader(H_LASTPROGRESS, T);
  const next = wget(w, W_NEXTQ);
  store<i32>(entry(QHEAD, iq), next);
  if (next < 0) store<i32>(entry(QTAIL, iq), -1);
  else becomeHead(next, T);
}

// the source of worm w may send this cycle (flits left, startup over)
@inline export function sourceMaySend(wq: usize, t: i32): bool {
  return ld(wq, W_STATE) == WS_SENDING && ld(wq, W_TOSEND) > 0 && t >= ld(wq, W_START);
}

// the source of worm w sends a flit if its injection slot has room at the start of the cycle
export function inject(w: i32): void {
  const ib = load<i32>(entry(OWNER, wget(w, W_INJVC)));
  const p = slotRec(ib);
  // injectionBuffer 'lanes' ("BookSim's router"): the lane's B flits are its messages'
  if (LANES) {
    if (laneHeld(ib) >= B) return;
    laneFlit(ib, 1);
  } else if (ld(p, S_IN) - ld(p, S_OUT) + ((ld(p, S_FLAGS) & F_MOVED) != 0 ? 1 : 0) >= B) return;
  injectFlit(w, p, ld(p, S_IN));
}

// the source puts its next flit into its injection slot (record p, holding `in` flits so far)
@inline export function injectFlit(w: i32, p: usize, n0: i32): void {
  const left = wget(w, W_TOSEND) - 1;
  wset(w, W_TOSEND, left);
  // back-to-back: the tail has crossed the injection channel, which is free from the next cycle
  // (every injection request of this cycle was made before any injection)
  if (B2B && left == 0) {
    store<i32>(entry(OWNER, wget(w, W_INJVC)), -1);
    st(p, S_VC, SPAREVC);
  }
  const n = n0 + 1;
  st(p, S_IN, n);
  if (n == 1) {
    st(p, S_HEAD, T + 1);
    wset(w, W_INJECT, T);
  }
  injected += 1;
  setHeader(H_LASTPROGRESS, T);
}
