// Option linkLatency > 1 or creditDelay != 0: the flits and credits still on a wire (docs/model-flit.md
// "Time"), kept in wire records (WIRE_* of the layout: last cycle, bit mask), one event a cycle at
// most; a flit is on its wire LAT cycles, a credit CLAT (LAT + creditDelay, 1..31: the mask's 32
// bits). The rule flags `wire` (WIRE: LAT or CLAT over 1) and `tail` (vcRelease 'tail-sent') are parameters of the
// inlined functions that need them. The run chooses the variant once per cycle (readyCycle,
// linksCycle): with the default rules they are the constants false, and binaryen drops their code,
// so the default path tests nothing per flit (issue 15: testing LAT on every move and readiness
// check cost about 2.5 % of the 16x16 torus bench); the other copy reads WIRE and TAILSENT.
import { S_IN, S_OUT, S_VC, WIRE_LAST, WIRE_MASK } from "./layout";
import { LAT, CLAT, T } from "./state";
import { ld, st, slotWire, vcWire } from "./records";

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
