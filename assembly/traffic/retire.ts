// Retiring the kernel's messages (docs/traffic.md "Traffic drawn by the kernel"): the twin of
// StreamStats.add (src/experiment/run/stream-stats.ts) for unicast messages. The oldest worms
// that are done give their statistics to the generator region and free their records, in number
// order (a message still in flight holds up the ones after it, as WormFeed.release does).
// retireGroups does the same for the multicast groups the host writes (docs/traffic.md
// "Multicast groups retired by the kernel"), the twin of StreamStats.add for any group.
import {
  H_WORMS, H_WCAP, H_WFREED, H_GROUPS, G_FROM, G_TO, G_BATCHES, G_LASTTAIL, G_NODES, G_FLITS,
  G_O_GROUP, G_GCAP, G_O_GDEST, G_GWRITTEN, G_GFREED, G_O_NODEBEST, W_SRC, W_FLITS,
  W_CREATED, W_DEST, W_NDEST, W_DONE, W_INJECT, W_KEY, D_NODE, D_TAIL, GV_MULTICASTS, GV_COMPLETED,
  GV_DESTCOUNT, GV_LATSUM, GV_LATMAX, GV_NETSUM, GV_COMPSUM, GV_COMPMAX, GV_GENFLITS, GV_HOPSUM,
  GV_HISTN, GV_HISTMAX, GR_CREATED, GR_SRC, GR_FLITS, GR_FIRST, GR_COUNT, GR_DESTS, GR_NDESTS,
  GROUP_STRIDE, NB_GROUP, NB_TAIL, NB_NET, NODEBEST_STRIDE,
} from "../engine/layout";
import { ld, st, header, setHeader, wormRec, destRec } from "../engine/records";
import { configure } from "../engine/state";
import { neighbor } from "../topology";
import { route } from "../routing/dispatch";
import { DELIVER, INJECT, setRouteKey, setRouteInPort } from "../routing/state";
import { GEN, VALUES, HIST, ACCEPT, BATCH, gen, value, configureStats } from "./generator";

// the latency histogram's bins (latency-histogram.ts): exact below 1024, then 512 per octave
const EXACT: i32 = 1024;
const EXACT_BITS: i32 = 10;
const SUB: i32 = 512;
const SUB_BITS: i32 = 9;

@inline function add(f: i32, x: f64): void {
  const a = VALUES + (<usize>f << 3);
  store<f64>(a, load<f64>(a) + x);
}
@inline function raise(f: i32, x: f64): void {
  const a = VALUES + (<usize>f << 3);
  if (x > load<f64>(a)) store<f64>(a, x);
}
@inline function addAt(list: usize, i: i32, x: f64): void {
  const a = list + (<usize>i << 3);
  store<f64>(a, load<f64>(a) + x);
}

@inline function binOf(x: i32): i32 {
  if (x < EXACT) return x;
  const k = 31 - clz<i32>(x);
  return EXACT + (k - EXACT_BITS) * SUB + ((x - (1 << k)) >>> (k - SUB_BITS));
}

// the hops of the routing function's route from src to dest under the worm's key: the route its
// header took, for every function that does not choose by the network's state (stream-stats.ts hopCount)
function hops(src: i32, dest: i32, key: i32): i32 {
  setRouteKey(key);
  setRouteInPort(-1);
  let node = src;
  let vc = INJECT;
  let n: i32 = 0;
  const bound = 4 * gen(G_NODES) + 64;
  while (n < bound) {
    const r = route(node, dest, vc);
    if (r == DELIVER) break;
    node = neighbor(node, r & 0xff);
    vc = r >> 8;
    setRouteInPort(r & 0xff);
    n++;
  }
  return n;
}

// the statistics of the unicast in record rec; `measuredTo`: the end of the window the run
// measured (i32.MAX_VALUE while it runs)
function account(rec: i32, measuredTo: i32): void {
  const w = wormRec(rec);
  const flits = <f64>ld(w, W_FLITS);
  const d = destRec(ld(w, W_DEST));
  const tail = ld(d, D_TAIL);
  const from = gen(G_FROM);
  const to = gen(G_TO);
  if (tail > gen(G_LASTTAIL)) store<i32>(GEN + (<usize>G_LASTTAIL << 2), tail);
  if (tail >= from && tail < to && tail < measuredTo) addAt(ACCEPT, ld(d, D_NODE), flits);
  const c = ld(w, W_CREATED);
  if (c < from || c >= to || c >= measuredTo) return;
  add(GV_MULTICASTS, 1);
  add(GV_GENFLITS, flits);
  if (tail < 0) return;
  const lat = tail - c;
  const x = <f64>lat;
  add(GV_COMPLETED, 1);
  add(GV_LATSUM, x);
  add(GV_NETSUM, <f64>(tail - ld(w, W_INJECT)));
  addAt(HIST, binOf(lat), 1);
  add(GV_HISTN, 1);
  raise(GV_HISTMAX, x);
  add(GV_HOPSUM, <f64>hops(ld(w, W_SRC), ld(d, D_NODE), ld(w, W_KEY)));
  raise(GV_LATMAX, x);
  add(GV_DESTCOUNT, 1);
  add(GV_COMPSUM, x);
  raise(GV_COMPMAX, x);
  const B = gen(G_BATCHES);
  if (B > 0) {
    const q = <i32>((<i64>(c - from) * <i64>B) / <i64>(to - from));
    const b = q < B - 1 ? q : B - 1;
    addAt(BATCH, b, x);
    addAt(BATCH, B + b, 1);
  }
}

/**
 * Retire the oldest worms: those done (`all` false, during the run), or every one left (`all`
 * true, the end of the run, measured up to `measuredTo`).
 */
export function retire(all: bool, measuredTo: i32): void {
  const worms = header(H_WORMS);
  const wcap = header(H_WCAP);
  let f = header(H_WFREED);
  while (f < worms) {
    const rec = f % wcap;
    if (!all && ld(wormRec(rec), W_DONE) < 0) break;
    account(rec, measuredTo);
    f++;
  }
  setHeader(H_WFREED, f);
}

@inline function groupRec(g: i32): usize {
  return GEN + <usize>gen(G_O_GROUP) + <usize>(g % gen(G_GCAP)) * <usize>GROUP_STRIDE * 4;
}
@inline function bestRec(node: i32): usize {
  return GEN + <usize>gen(G_O_NODEBEST) + <usize>node * <usize>NODEBEST_STRIDE * 4;
}

// every worm of group record gr is done
function groupDone(gr: usize): bool {
  const first = ld(gr, GR_FIRST);
  const wcap = header(H_WCAP);
  for (let i = 0; i < ld(gr, GR_COUNT); i++) if (ld(wormRec((first + i) % wcap), W_DONE) < 0) return false;
  return true;
}

// the statistics of group g (StreamStats.add: a FedGroup and its GroupTimes); `measuredTo` as
// for account. Per node, the first tail delivery by any of the group's worms (ties: the first in
// worm and record order) and its network latency go to the node's best record, stamped g + 1.
function accountGroup(g: i32, measuredTo: i32): void {
  const gr = groupRec(g);
  const f = ld(gr, GR_FLITS);
  const flits = <f64>(f > 0 ? f : gen(G_FLITS));
  const from = gen(G_FROM);
  const to = gen(G_TO);
  const c = ld(gr, GR_CREATED);
  const measured = c >= from && c < to && c < measuredTo;
  const first = ld(gr, GR_FIRST);
  const wcap = header(H_WCAP);
  const stamp = g + 1;
  for (let i = 0; i < ld(gr, GR_COUNT); i++) {
    const w = wormRec((first + i) % wcap);
    const d0 = ld(w, W_DEST);
    const inject = ld(w, W_INJECT);
    for (let k = 0; k < ld(w, W_NDEST); k++) {
      const d = destRec(d0 + k);
      const tail = ld(d, D_TAIL);
      const node = ld(d, D_NODE);
      if (tail > gen(G_LASTTAIL)) store<i32>(GEN + (<usize>G_LASTTAIL << 2), tail);
      if (tail >= from && tail < to && tail < measuredTo) addAt(ACCEPT, node, flits);
      if (!measured || tail < 0) continue;
      const b = bestRec(node);
      if (ld(b, NB_GROUP) != stamp || tail < ld(b, NB_TAIL)) {
        st(b, NB_GROUP, stamp);
        st(b, NB_TAIL, tail);
        st(b, NB_NET, tail - inject);
      }
    }
  }
  if (!measured) return;
  const n = ld(gr, GR_NDESTS);
  const dests = GEN + <usize>gen(G_O_GDEST) + (<usize>ld(gr, GR_DESTS) << 2);
  add(GV_MULTICASTS, 1);
  add(GV_GENFLITS, flits * <f64>n);
  for (let j = 0; j < n; j++) if (ld(bestRec(load<i32>(dests + (<usize>j << 2))), NB_GROUP) != stamp) return;
  add(GV_COMPLETED, 1);
  const src = ld(gr, GR_SRC);
  const key = ld(gr, GR_COUNT) > 0 ? ld(wormRec(first % wcap), W_KEY) : 0;
  let last: i32 = 0;
  let sum: f64 = 0;
  for (let j = 0; j < n; j++) {
    const node = load<i32>(dests + (<usize>j << 2));
    const b = bestRec(node);
    const lat = ld(b, NB_TAIL) - c;
    const x = <f64>lat;
    add(GV_LATSUM, x);
    sum += x;
    add(GV_NETSUM, <f64>ld(b, NB_NET));
    addAt(HIST, binOf(lat), 1);
    add(GV_HISTN, 1);
    raise(GV_HISTMAX, x);
    add(GV_HOPSUM, <f64>hops(src, node, key));
    raise(GV_LATMAX, x);
    if (lat > last) last = lat;
    add(GV_DESTCOUNT, 1);
  }
  add(GV_COMPSUM, <f64>last);
  raise(GV_COMPMAX, <f64>last);
  const B = gen(G_BATCHES);
  if (B > 0) {
    const q = <i32>((<i64>(c - from) * <i64>B) / <i64>(to - from));
    const b = q < B - 1 ? q : B - 1;
    addAt(BATCH, b, sum / <f64>n);
    addAt(BATCH, B + b, 1);
  }
}

/**
 * Multicast groups written by the host (header word H_GROUPS): retire the oldest groups whose
 * worms are all done (`all` false: WormFeed.release), or every group left (`all` true, the end of
 * the run measured up to `measuredTo`: WormFeed.remaining), oldest first; returns the groups
 * retired so far (G_GFREED). The host frees their records after the call.
 */
export function retireGroups(base: usize, all: bool, measuredTo: i32): i32 {
  configure(base);
  configureStats(header(H_GROUPS));
  let f = gen(G_GFREED);
  const written = gen(G_GWRITTEN);
  while (f < written) {
    if (!all && !groupDone(groupRec(f))) break;
    accountGroup(f, measuredTo);
    f++;
  }
  st(GEN, G_GFREED, f);
  return f;
}
