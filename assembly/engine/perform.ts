// The last pass of a multiplexed cycle (the walk's pass 3, the ready list's pass 2): the listed
// moves that won every channel they need happen, in list order (the order of deliveries, hence of
// triggered activations); finished worms leave the active list.
import { H_ACTIVE_N, H_LASTPROGRESS, S_FLAGS, S_WORM, W_LIVE, W_TOSEND, W_STATE, WS_DONE, F_CONTEND, F_INLOST } from "./layout";
import { READY, ACTIVE } from "./state";
import { ld, st, header, setHeader, wget, entry, slotRec } from "./records";
import { wins } from "./arbitration";
import { move } from "./move";
import { finish } from "./worms";

// the first n moves of the ready list; `moved` and `finished` count those made earlier in the cycle
@inline export function performPosted(t: i32, n: i32, moved: i32, finished: i32, wire: bool, tail: bool, gen: bool = true): void {
  for (let i: i32 = 0; i < n; i++) {
    const s = load<i32>(entry(READY, i));
    const p = slotRec(s);
    const f = ld(p, S_FLAGS);
    if ((f & (F_CONTEND | F_INLOST)) != 0) {
      st(p, S_FLAGS, f & ~(F_CONTEND | F_INLOST));
      // switch 'per-port': a move that lost its input port never entered its output channels
      if ((f & F_INLOST) != 0 || !wins(p, gen)) continue;
    }
    const w = ld(p, S_WORM);
    moved++;
    // a worm can only finish by a move that freed one of its slots (move returns true)
    if (move(s, p, w, wire, tail, gen) && wget(w, W_LIVE) == 0 && wget(w, W_TOSEND) == 0) {
      finish(w, t);
      finished++;
    }
  }
  if (moved > 0) setHeader(H_LASTPROGRESS, t);
  if (finished > 0) dropFinished();
}

// the worms that finished leave the active list (the others keep their order)
@inline function dropFinished(): void {
  let j: i32 = 0;
  const na = header(H_ACTIVE_N);
  for (let k: i32 = 0; k < na; k++) {
    const w = load<i32>(entry(ACTIVE, k));
    if (wget(w, W_STATE) != WS_DONE) {
      store<i32>(entry(ACTIVE, j), w);
      j++;
    }
  }
  setHeader(H_ACTIVE_N, j);
}
