// Option channelUse with one VC per link: the flits carried per network channel (chanFlits). A
// network slot's flits are added to its channel once, when its tail has left it (tailLeft) or,
// under 'tail-sent', came into it (release, which then gives the channel up); the live slots'
// flits are added by the reader (src/engine/results.ts readChannelFlits). Counted flit by flit,
// each count was a memory miss at a million nodes (20 M channels, 80 MB): without any count
// hypercube:20 ran 150 cycles at 8.4-8.8 M flit-hops per CPU second against 6.8-7.4 M with the
// counts logged and added after each cycle (docs/kernel.md "hypercube:20, the scale target"). A
// count made as the tail leaves is still a miss the moves wait for (the count's load took 11 % of
// that run's samples): the counts are logged and added at the end of the cycle (countLogged, one
// VC per link's cycles in links.ts), in a loop whose misses overlap.
import { S_CHAN, S_FLAGS, S_IN, F_NET, F_RELEASED } from "./layout";
import { CHFLITS } from "./state";
import { ld, entry } from "./records";

const LOG_SIZE: i32 = 2048;
// (channel, flits) pairs
const LOG: usize = memory.data(LOG_SIZE * 8);
let logged: i32 = 0;

// the flits that came into network slot p (record) join its channel's count; a released slot
// ('tail-sent') was counted at its release, and its S_CHAN names the next holder queued behind it
@inline export function countChannel(p: usize): void {
  if ((ld(p, S_FLAGS) & (F_NET | F_RELEASED)) == F_NET) {
    if (logged == LOG_SIZE) countLogged();
    const e = LOG + (<usize>logged << 3);
    store<i32>(e, ld(p, S_CHAN));
    store<i32>(e, ld(p, S_IN), 4);
    logged++;
  }
}

// add the logged counts to chanFlits (whole again at the end of every cycle)
export function countLogged(): void {
  for (let i: i32 = 0; i < logged; i++) {
    const e = LOG + (<usize>i << 3);
    const c = entry(CHFLITS, load<i32>(e));
    store<i32>(c, load<i32>(c) + load<i32>(e, 4));
  }
  logged = 0;
}
