// A worm's life (docs/model-flit.md "One cycle t" 1, 2a, 4d-e): activation into its injection
// queue, becoming the queue head (and joining the active list), its startup, and its end.
import {
  H_ACTIVE_N, H_ROUTE_N, H_DONE, W_SRC, W_ACT, W_INJQ, W_INJVC, W_NEXTQ, W_STATE, W_START, W_SLOTS,
  W_DONE, W_FIRSTTRIG, W_NEXTTRIG, S_WORM, S_NEXT, WS_WAITING, WS_QUEUED, WS_REQUEST, WS_SENDING,
  WS_DONE,
} from "./layout";
import { OWNER, QHEAD, QTAIL, ACTIVE, ROUTE, MUX, WALK, B2B, Q, S, INJ } from "./state";
import { ld, header, setHeader, sget, wget, wset, entry } from "./records";
import { freeSlot } from "./slots";
import { firstPort } from "./injection";

// worm w is created (or triggered) at `time`: it joins the queue of its injection channel
export function activate(w: i32, time: i32): void {
  const src = wget(w, W_SRC);
  wset(w, W_ACT, time);
  const q = Q == 1 ? 0 : firstPort(w, src);
  const iq = src * Q + q;
  wset(w, W_INJQ, iq);
  wset(w, W_INJVC, INJ + iq);
  const tail = load<i32>(entry(QTAIL, iq));
  if (tail < 0) {
    store<i32>(entry(QHEAD, iq), w);
    store<i32>(entry(QTAIL, iq), w);
    becomeHead(w, time);
  } else {
    wset(tail, W_NEXTQ, w);
    store<i32>(entry(QTAIL, iq), w);
    wset(w, W_STATE, WS_QUEUED);
  }
}

// worm w becomes the head of its injection queue at `time`. Back-to-back: its startup runs from
// then, or from the end of the startup of the worm holding the channel if later (W_START: the
// cycle it ends; the reference's becomeHead)
export function becomeHead(w: i32, time: i32): void {
  wset(w, W_STATE, WS_REQUEST);
  if (B2B) {
    const holder = load<i32>(entry(OWNER, wget(w, W_INJVC)));
    const hs = holder >= 0 ? wget(sget(holder, S_WORM), W_START) : time;
    wset(w, W_START, (hs > time ? hs : time) + S);
  }
  appendActive(w);
}

// a new queue head joins the active list and, with multiplexed VCs, the routing list
function appendActive(w: i32): void {
  const n = header(H_ACTIVE_N);
  store<i32>(entry(ACTIVE, n), w);
  setHeader(H_ACTIVE_N, n + 1);
  if (MUX && WALK) {
    const r = header(H_ROUTE_N);
    store<i32>(entry(ROUTE, r), w);
    setHeader(H_ROUTE_N, r + 1);
  }
}

// a worm in its startup (granted its injection VC, t < W_START) has nothing to do: its only
// slot, the injection slot, holds no flit and no header to route, and its source may not send
@inline export function starting(wq: usize, t: i32): bool {
  return ld(wq, W_STATE) == WS_SENDING && t < ld(wq, W_START);
}

// rule 4d: a tail delivery of worm w at `node` activates the worms it triggers there, in list order
export function trigger(w: i32, node: i32, time: i32): void {
  for (let u = wget(w, W_FIRSTTRIG); u >= 0; u = wget(u, W_NEXTTRIG)) {
    if (wget(u, W_SRC) == node && wget(u, W_STATE) == WS_WAITING) activate(u, time);
  }
}

// rule 4e: worm w is done in cycle t; its remaining (dead ejection) slots return to the free list
export function finish(w: i32, t: i32): void {
  for (let d = wget(w, W_SLOTS); d >= 0;) {
    const next = sget(d, S_NEXT);
    freeSlot(d);
    d = next;
  }
  wset(w, W_SLOTS, -1);
  wset(w, W_STATE, WS_DONE);
  wset(w, W_DONE, t + 1);
  setHeader(H_DONE, header(H_DONE) + 1);
}
