// Option injectionBuffer 'lanes' (docs/model-flit.md "BookSim's router"; the reference's
// InjectionLanes): an injection channel's V lanes, BookSim2's injection VCs. A message granted the
// channel takes the lane after the one taken last and queues there behind the earlier messages'
// flits (F_BEHIND, as a header behind a tail in a 'tail-sent' buffer); the lane's B flits are
// shared by its messages (LN_HELD); the input stage serves the lanes round-robin (arbitration.ts).
import { S_FLAGS, F_BEHIND, LN_HELD, LN_LAST, LN_STRIDE } from "./layout";
import { LANELAST, LANEREC, SLOTLANE, V } from "./state";
import { ld, st, sget, sset, entry } from "./records";
import { reachFront } from "./tail-sent";

// lane record l (injection channel iq's lane i is record iq V + i)
@inline function laneRec(l: i32): usize {
  return LANEREC + <usize>l * <usize>LN_STRIDE * sizeof<i32>();
}
// injection slot s's two words: its lane record's number, and the slot queued behind it (-1 none)
@inline function slotLane(s: i32): usize {
  return SLOTLANE + <usize>s * 2 * sizeof<i32>();
}

// injection slot s of injection channel iq takes its lane
export function laneEnter(s: i32, iq: i32): void {
  const lp = entry(LANELAST, iq);
  const lane = (load<i32>(lp) + 1) % V;
  store<i32>(lp, lane);
  const l = iq * V + lane;
  const r = laneRec(l);
  const sl = slotLane(s);
  store<i32>(sl, l);
  store<i32>(sl, -1, 4);
  const last = ld(r, LN_LAST);
  if (last >= 0) {
    store<i32>(slotLane(last), s, 4);
    sset(s, S_FLAGS, sget(s, S_FLAGS) | F_BEHIND);
  }
  st(r, LN_LAST, s);
}

// injection slot s's lane index at its injection port (the input stage's VC index)
@inline export function laneIndex(s: i32): i32 {
  return load<i32>(slotLane(s)) % V;
}

// the flits in injection slot s's lane
@inline export function laneHeld(s: i32): i32 {
  return ld(laneRec(load<i32>(slotLane(s))), LN_HELD);
}

// a flit came into (d = 1) or left (d = -1) injection slot s's lane
@inline export function laneFlit(s: i32, d: i32): void {
  const r = laneRec(load<i32>(slotLane(s)));
  st(r, LN_HELD, ld(r, LN_HELD) + d);
}

// the tail of injection slot s left its lane: the message behind it reaches the front, as a
// header behind a tail in a network VC's buffer
export function laneDone(s: i32): void {
  const sl = slotLane(s);
  const behind = load<i32>(sl, 4);
  if (behind >= 0) reachFront(behind, 0);
  const r = laneRec(load<i32>(sl));
  if (ld(r, LN_LAST) == s) st(r, LN_LAST, -1);
}
