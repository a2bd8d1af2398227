// Option linkLatency > 1 or creditDelay != 0: the flits and credits still on a wire (docs/model-flit.md
// "Time"), kept in wire records (WIRE_* of the layout: last cycle, bit mask), one event a cycle at
// most; a flit is on its wire LAT cycles, a credit CLAT (LAT + creditDelay, 1..31: the mask's 32
// bits). The rule flags `wire` (WIRE: LAT or CLAT over 1) and `tail` (vcRelease 'tail-sent') are parameters of the
// inlined functions that need them. The run chooses the variant once per cycle (readyCycle,
// linksCycle): with the default rules they are the constants false, and binaryen drops their code,
// so the default path tests nothing per flit (issue 15: testing LAT on every move and readiness
// check cost about 2.5 % of the 16x16 torus bench); the other copy reads WIRE and TAILSENT.
import { S_IN, S_OUT, S_VC, WIRE_LAST, WIRE_MASK } from "./layout";
import { LAT, CLAT, B, T, INJ } from "./state";
import { ld, st, slotWire, vcWire } from "./records";
import { ROUTING_OPTION } from "../routing/state";

// A credit is read only for a buffer that may be full: a child holding `held` flits at the start of
// cycle t (on the wire into it included) is tested against its credits on the wire only when
// held + CLAT - 1 >= B (readiness.ts full). A credit of a flit that leaves during t' is on the wire
// for the tests of t' + 1 .. t' + CLAT - 1, and a VC's buffer gains one flit a cycle at most, its
// holder changing only when it is empty ('tail-sent' aside): so if the buffer held h flits at the
// start of t', no test of those cycles reads the credit unless h - 1 + CLAT - 2 + CLAT - 1 >= B,
// h >= B - 2 CLAT + 3 (CREDIT_AT). Such credits are not recorded: the record costs more than every
// other part of a hop (16x16 torus, link latency 2: 8.7 %, docs/kernel.md "Link latency").
// 'tail-sent' (earlier holders' flits queued in the buffer) and the most-credits selection (which
// reads every VC's credits, route-step.ts channelRoom) record them all.
export let CREDIT_AT: i32 = i32.MIN_VALUE;

export function configureCredits(): void {
  CREDIT_AT = ROUTING_OPTION >> 8 == 3 ? i32.MIN_VALUE : B - 2 * CLAT + 3;
}

// a flit leaves the buffer of slot p (record), which held `held` at the start of cycle t: its credit
// goes on the wire of p's VC (a network VC; the sources' injection VCs keep one cycle)
@inline export function creditEvent(p: usize, held: i32, t: i32, tail: bool): void {
  if ((tail || held >= CREDIT_AT) && ld(p, S_VC) < INJ) wireEvent(vcWire(ld(p, S_VC)), t);
}

// events recorded at wire record `r` that happened during t - lat + 1 .. t - 1 (still on a wire of
// lat cycles at the start of cycle t; an event of cycle t itself, recorded during it, is not
// counted: the state is the cycle's start)
@inline export function onWire(r: usize, t: i32, lat: i32): i32 {
  const a = ld(r, WIRE_LAST);
  const hi = a - t + lat - 1;
  if (hi < 0) return 0;
  const lo = a - t + 1 > 0 ? a - t + 1 : 0;
  const width = hi - lo + 1;
  if (width <= 0) return 0;
  return popcnt<i32>((ld(r, WIRE_MASK) >>> lo) & ((1 << width) - 1));
}

@inline export function wireEvent(r: usize, t: i32): void {
  const d = t - ld(r, WIRE_LAST);
  st(r, WIRE_LAST, t);
  st(r, WIRE_MASK, d >= 32 ? 1 : (ld(r, WIRE_MASK) << d) | 1);
}

// no event on the wire of a new slot yet (a record freed by an earlier slot may name recent cycles)
@inline export function clearSlotWire(s: i32): void {
  st(slotWire(s), WIRE_MASK, 0);
}

// slot s (record p) has a flit in its buffer at the start of cycle T (at most LAT - 1 flits are
// on a wire, one a cycle: with LAT or more counted the wire record need not be read)
@inline export function hasFlit(s: i32, p: usize, wire: bool): bool {
  const n = ld(p, S_IN) - ld(p, S_OUT);
  if (wire) return n >= LAT || (n > 0 && n - onWire(slotWire(s), T, LAT) > 0);
  return n > 0;
}

// the credits of network child cp's VC still on the wire (0 with CLAT 1: nothing is read)
@inline export function creditsOut(cp: usize, wire: bool): i32 {
  if (wire) return onWire(vcWire(ld(cp, S_VC)), T, CLAT);
  return 0;
}
