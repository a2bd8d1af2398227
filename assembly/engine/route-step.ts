// Step 2b (docs/model-flit.md "One cycle t"; the reference's routing): a header that has been in
// its slot's buffer R cycles is routed: its children are created as requests (network VCs towards
// the next hop, or the ejection VC at a destination) and ask for their VCs at once (step 2c).
import {
  H_STATUS, ST_BAD_ROUTE, S_VC, S_NODE, S_FLAGS, S_TARGET, S_CLASS, S_PORT, S_CHAN, W_KIND, W_KEY,
  W_DEST, W_NDEST, KIND_TREE, D_NODE, T_DEST, T_CHILD, T_SIB, T_PORT, T_VC, T_EXACT, F_PENDING,
  F_EJECT, F_ROUTED, F_NET, F_EXACT, S_IN, S_OUT, Q_OCC,
} from "./layout";
import { P, V, K, QE, INJ, EJ, OWNER, B, TAILSENT, CLAT, T, LOCKSTEP, EJVCS, VCRR } from "./state";
import { ld, setHeader, sget, sset, wget, treeRec, destRec, entry, vcqRec, vcWire } from "./records";
import { onWire } from "./wire";
import { newSlot, link } from "./slots";
import { tryGrant } from "./vcs";
import { allocAsk } from "./vc-allocator";
import { route } from "../routing/dispatch";
import { DELIVER, FAULT_MASK, ROUTING_OPTION, setRouteInPort, setRouteKey } from "../routing/state";
import { DEBUG } from "./invariants";
import { CHOICES, choicesInto } from "../routing/choices";
import { neighbor } from "../topology";

// route slot s of worm w (its header is at router S_NODE); a bad route stops the run (ST_BAD_ROUTE)
export function routeSlot(s: i32, w: i32): void {
  const node = sget(s, S_NODE);
  sset(s, S_FLAGS, sget(s, S_FLAGS) | F_ROUTED);
  if (wget(w, W_KIND) == KIND_TREE) {
    // the slot's tree entry names the edges out of this node, each with its VC
    // 'lockstep' ("Tree replication"): the worm's requests ask together after its step 2 (requestTree)
    const now = !LOCKSTEP;
    const e = treeRec(sget(s, S_TARGET));
    const rec = ld(e, T_DEST);
    if (rec >= 0) addEject(s, w, node, rec, now);
    for (let ce = ld(e, T_CHILD); ce >= 0; ) {
      const c = treeRec(ce);
      const vi = ld(c, T_VC);
      addNet(s, w, node, ld(c, T_PORT), vi, vi / K, ce, ld(c, T_EXACT) == 1 ? F_NET | F_EXACT : F_NET, now);
      ce = ld(c, T_SIB);
    }
    return;
  }
  // unicast and path: the destination the header heads for (a path delivers on its way)
  let j = sget(s, S_TARGET);
  const d0 = wget(w, W_DEST);
  if (ld(destRec(d0 + j), D_NODE) == node) {
    addEject(s, w, node, d0 + j, true);
    j++;
  }
  if (j < wget(w, W_NDEST)) {
    setRouteKey(wget(w, W_KEY));
    setRouteInPort(sget(s, S_PORT));
    const dest = ld(destRec(d0 + j), D_NODE);
    let r = route(node, dest, sget(s, S_CLASS));
    if (r != DELIVER && ROUTING_OPTION >= 0x100) r = selectRoute(node, dest, sget(s, S_CLASS), r, wget(w, W_KEY));
    if (r == DELIVER) {
      setHeader(H_STATUS, ST_BAD_ROUTE);
      return;
    }
    // a route result is (VC class << 8) | port; the class's first VC is class K
    addNet(s, w, node, r & 0xff, (r >> 8) * K, r >> 8, j, F_NET, true);
  }
}

// "Adaptive routing: choices and selection" (the reference's adaptiveRoute): among the choices with
// a free VC of their class, the one the selection picks (ROUTING_OPTION >> 8: 1 first-free,
// 2 random from the worm's key, 3 most-credits); none free: the function's route `def`
function selectRoute(node: i32, dest: i32, vcIn: i32, def: i32, key: i32): i32 {
  const n = choicesInto(node, dest, vcIn);
  const sel = ROUTING_OPTION >> 8;
  if (sel == 3) return mostCredits(node, n, def);
  let free: i32 = 0;
  for (let i: i32 = 0; i < n; i++) if (classFree(node, load<i32>(CHOICES + (<usize>i << 2)))) free++;
  if (free == 0) return def;
  let pick = sel == 2 ? <i32>(<u32>key % <u32>free) : 0;
  for (let i: i32 = 0; i < n; i++) {
    const word = load<i32>(CHOICES + (<usize>i << 2));
    if (!classFree(node, word)) continue;
    if (pick == 0) return word;
    pick--;
  }
  return def;
}

// the free choice (of the n in CHOICES) whose channel has the most free buffer flits, the first on a
// tie; none free: `def`
function mostCredits(node: i32, n: i32, def: i32): i32 {
  let best = def;
  let bestRoom: i32 = i32.MIN_VALUE;
  for (let i: i32 = 0; i < n; i++) {
    const word = load<i32>(CHOICES + (<usize>i << 2));
    if (!classFree(node, word)) continue;
    const room = channelRoom(node * P + (word & 0xff));
    if (room > bestRoom) {
      best = word;
      bestRoom = room;
    }
  }
  return best;
}

// free buffer flits downstream over every VC of channel ch: V * B minus the flits each VC's buffer
// holds or will hold (its holder's, those of released holders queued there under tail-sent, and
// its credits still on the wire): the reference's `used`, BookSim's GetUsedCredit as room
function channelRoom(ch: i32): i32 {
  let room = V * B;
  for (let i: i32 = 0; i < V; i++) {
    const vc = ch * V + i;
    const o = load<i32>(entry(OWNER, vc));
    if (o >= 0) room -= sget(o, S_IN) - sget(o, S_OUT);
    if (TAILSENT) room -= ld(vcqRec(vc), Q_OCC);
    if (CLAT > 1) room -= onWire(vcWire(vc), T, CLAT);
  }
  return room;
}

// some VC of the class of route word `word` on its channel out of `node` is free (grantable)
@inline function classFree(node: i32, word: i32): bool {
  const base = (node * P + (word & 0xff)) * V + (word >> 8) * K;
  for (let i: i32 = 0; i < K; i++) if (load<i32>(entry(OWNER, base + i)) < 0) return true;
  return false;
}

// a request of worm w for VC index vi (of class vcClass) of the channel out of `node` by `port`,
// child of slot `parent`; `target` is what its header heads for (S_TARGET); it asks at once if `ask`
function addNet(
  parent: i32, w: i32, node: i32, port: i32, vi: i32, vcClass: i32, target: i32, flags: i32, ask: bool,
): void {
  const next = neighbor(node, port);
  if (next < 0) {
    setHeader(H_STATUS, ST_BAD_ROUTE);
    return;
  }
  const s = newSlot(w);
  if (s < 0) return;
  const ch = node * P + port;
  // issue 22: no worm is given a channel dead to its routing (docs/faults.md); checked in debug only
  if (DEBUG && FAULT_MASK != 0) assert(load<u8>(FAULT_MASK + <usize>ch) == 0, "a worm takes a faulty channel");
  sset(s, S_CHAN, ch);
  sset(s, S_VC, ch * V + vi);
  sset(s, S_NODE, next);
  sset(s, S_CLASS, vcClass);
  sset(s, S_PORT, port);
  sset(s, S_TARGET, target);
  sset(s, S_FLAGS, F_PENDING | flags);
  link(parent, s);
  if (ask) request(s, w);
}

// step 2c for a new request: at once, or with vcAllocator 'round-robin' ("BookSim's router") after
// the cycle's step 2 (vc-allocator.ts)
@inline function request(s: i32, w: i32): void {
  if (VCRR) allocAsk(s);
  else tryGrant(s, w);
}

// Which of its node's QE ejection channels a copy arriving in slot `parent` takes
// (docs/model-flit.md "Channels"): 0 with one per node; the port of the link it arrived on with
// one per link; with one per incoming VC, that VC's index port * V + vc (a worm that crossed no
// link: its injection port's first).
@inline function ejectionIndex(parent: i32): i32 {
  // ejection 'vcs' ("BookSim's router"): the node's V ejection VCs, any free one (tryGrant: KE)
  if (EJVCS || QE == 1) return 0;
  if (QE == P) return sget(parent, S_PORT);
  const vc = sget(parent, S_VC);
  return vc < INJ ? vc % (P * V) : sget(parent, S_PORT) * V;
}

// a request of worm w for the ejection VC at `node` delivering destination record `rec`; it asks
// at once if `ask`
function addEject(parent: i32, w: i32, node: i32, rec: i32, ask: bool): void {
  const s = newSlot(w);
  if (s < 0) return;
  const q = ejectionIndex(parent);
  sset(s, S_VC, EJ + node * QE + q);
  sset(s, S_NODE, node);
  // (no route follows an ejection)
  sset(s, S_CLASS, -2);
  sset(s, S_PORT, q);
  sset(s, S_TARGET, rec);
  sset(s, S_FLAGS, F_PENDING | F_EJECT);
  // ejection 'vcs': the node's ejection channel, arbitrated after the network channels (arbitration.ts)
  if (EJVCS) sset(s, S_CHAN, INJ / V + node);
  link(parent, s);
  if (ask) request(s, w);
}
