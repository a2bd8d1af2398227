// Option vcAllocator 'round-robin' (docs/model-flit.md "BookSim's router"; the reference's
// RoundRobinVcAllocator): BookSim2's separable VC allocator as step 2c. The requests of a cycle are
// listed as step 2 makes them (allocAsk) and served after it (allocate): the requests for one
// output VC class (one group: the first VC id of their choices) in round-robin order of their
// input VC, from the one after the input the class granted last (VPTR); each takes the lowest free
// VC of its choices or waits (tryGrant).
import { S_FLAGS, S_VC, S_PARENT, S_PORT, S_WORM, F_PENDING } from "./layout";
import { VPTR, VGROUP, VPEND, VNEXT, P, V, LANES, NPEND } from "./state";
import { ld, sget, entry, slotRec } from "./records";
import { tryGrant } from "./vcs";
import { laneIndex } from "./lanes";

// request s asks this cycle
@inline export function allocAsk(s: i32): void {
  store<i32>(entry(VPEND, NPEND), s);
  NPEND++;
}

// the index of request s's input VC at its router: its parent's (network: port V + VC index;
// injection: P V + its lane)
function inputIndex(s: i32): i32 {
  const par = sget(s, S_PARENT);
  const pp = slotRec(par);
  if (ld(pp, S_PARENT) < 0) return P * V + (LANES ? laneIndex(par) : 0);
  return ld(pp, S_PORT) * V + ld(pp, S_VC) % V;
}

// serve the cycle's requests, each group once, at the place of its first request
export function allocate(): void {
  const n = NPEND;
  NPEND = 0;
  // chain each group's requests in the order they asked: VGROUP[key] its first, VNEXT the next
  for (let i = n - 1; i >= 0; i--) {
    const key = sget(load<i32>(entry(VPEND, i)), S_VC);
    store<i32>(entry(VNEXT, i), load<i32>(entry(VGROUP, key)));
    store<i32>(entry(VGROUP, key), i);
  }
  const N = (P + 1) * V;
  for (let i: i32 = 0; i < n; i++) {
    const s0 = load<i32>(entry(VPEND, i));
    if (s0 < 0) continue;
    const key = sget(s0, S_VC);
    if (load<i32>(entry(VGROUP, key)) != i) continue;
    store<i32>(entry(VGROUP, key), -1);
    const ptr = load<i32>(entry(VPTR, key));
    // the members in turn: the one whose input comes first after the pointer (the first asked on
    // a tie), then the next; a member served is struck from the list (-1)
    while (true) {
      let best: i32 = -1;
      let bestTurn: i32 = N;
      for (let j = i; j >= 0; j = load<i32>(entry(VNEXT, j))) {
        const s = load<i32>(entry(VPEND, j));
        if (s < 0) continue;
        const turn = (inputIndex(s) - ptr - 1 + N) % N;
        if (turn < bestTurn) {
          best = j;
          bestTurn = turn;
        }
      }
      if (best < 0) break;
      const s = load<i32>(entry(VPEND, best));
      store<i32>(entry(VPEND, best), -1);
      tryGrant(s, sget(s, S_WORM));
      if ((sget(s, S_FLAGS) & F_PENDING) == 0) store<i32>(entry(VPTR, key), inputIndex(s));
    }
  }
}
