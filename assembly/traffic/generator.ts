// Traffic drawn by the kernel (docs/traffic.md "Traffic drawn by the kernel"): the twin of
// TrafficStream.take() in src/experiment/run/traffic-stream.ts for unicast traffic. Each node has
// its own streams (mulberry32 states in its record of the generator region, G_* in
// src/engine/layout.ts); messages are created in the order of (next arrival, node), the host's
// heap order, so they get the host's worm numbers: the host writes that heap, and the kernel keeps
// the nodes in a calendar of CAL_BUCKETS buckets by arrival cycle (bucket c mod CAL_BUCKETS, a
// list through N_LINK), whose due nodes of cycle t it takes in node order. The host starts the streams
// (TrafficStream's constructor) and copies them here; from then on no message crosses the boundary.
import {
  H_GEN, H_WORMS, H_WCAP, H_WFREED, G_NODES, G_PROCESS, G_HEAP_N, G_CYCLES, G_SELF, G_PATTERN,
  G_NHOT, G_NSIZES, G_FLITS, G_ROUTESEED, G_KEYS, G_O_NODE, G_O_CLOCK, G_O_HEAP, G_O_FIXED,
  G_O_HOT, G_O_SIZES, G_O_CUM, G_O_HIST, G_O_ACCEPT, G_O_BATCH, G_O_CAL, G_CALINIT, G_CALNOW, CAL_BUCKETS, N_LINK, GEN_VALUES_BYTE, GV_RATE,
  GV_LNRATE, GV_ALPHA, GV_BETA, GV_LNALPHA, GV_ONRATE, GV_HOTFRAC, N_ARR, N_DEST, N_SIZE, N_NEXT,
  N_LEFT, N_ON, NODE_STRIDE, PROC_EXPONENTIAL, PROC_UNIFORM, PROC_ONOFF, PROC_BATCH, PAT_FIXED,
  PAT_HOTSPOT, W_KIND, W_SRC, W_FLITS, W_CREATED, W_DEST, W_NDEST, W_TREE, W_FIRSTTRIG,
  W_NEXTTRIG, W_STATE, W_TOSEND, W_START, W_INJECT, W_SLOTS, W_INJVC, W_NEXTQ, W_GROUP, W_ACT,
  W_DONE, W_INJQ, W_LIVE, W_WAIT, W_DELIVERED, W_KEY, KIND_UNICAST, WS_WAITING, D_NODE, D_HEAD,
  D_TAIL, D_WORM,
} from "../engine/layout";
import { BASE } from "../engine/state";
import { ld, st, header, setHeader, wormRec, destRec } from "../engine/records";
import { nextUniform, wormKey } from "./random";
import { detLog } from "./det-log";

// the generator region and its parts (absolute addresses; GEN 0: the host writes the worms)
export let GEN: usize = 0;
export let VALUES: usize = 0;
let NODE: usize = 0;
let CLOCK: usize = 0;
let HEAP: usize = 0;
let CAL: usize = 0;
let FIXED: usize = 0;
let HOT: usize = 0;
let SIZES: usize = 0;
let CUM: usize = 0;
export let HIST: usize = 0;
export let ACCEPT: usize = 0;
export let BATCH: usize = 0;

@inline function part(f: i32): usize { return GEN + <usize>ld(GEN, f); }

// read the generator region's addresses from the engine region at BASE (engineRun, after configure)
export function configureGenerator(): void {
  const off = header(H_GEN);
  GEN = off == 0 ? 0 : BASE + <usize>off;
  if (GEN == 0) return;
  VALUES = GEN + <usize>GEN_VALUES_BYTE;
  NODE = part(G_O_NODE);
  CLOCK = part(G_O_CLOCK);
  HEAP = part(G_O_HEAP);
  CAL = part(G_O_CAL);
  FIXED = part(G_O_FIXED);
  HOT = part(G_O_HOT);
  SIZES = part(G_O_SIZES);
  CUM = part(G_O_CUM);
  HIST = part(G_O_HIST);
  ACCEPT = part(G_O_ACCEPT);
  BATCH = part(G_O_BATCH);
  if (gen(G_CALINIT) == 0) buildCalendar();
}

// the statistics part of a region in the generator's layout at byte offset `off` of the engine
// region: the host's multicast groups (H_GROUPS, retireGroups in retire.ts) use it without streams
export function configureStats(off: i32): void {
  GEN = BASE + <usize>off;
  VALUES = GEN + <usize>GEN_VALUES_BYTE;
  HIST = part(G_O_HIST);
  ACCEPT = part(G_O_ACCEPT);
  BATCH = part(G_O_BATCH);
}

@inline export function gen(f: i32): i32 { return ld(GEN, f); }
@inline function setGen(f: i32, v: i32): void { st(GEN, f, v); }
@inline export function value(f: i32): f64 { return load<f64>(VALUES + (<usize>f << 3)); }
@inline function nodeRec(v: i32): usize { return NODE + <usize>v * <usize>NODE_STRIDE * 4; }
@inline function heapAt(i: i32): i32 { return load<i32>(HEAP + (<usize>i << 2)); }
@inline function setHeapAt(i: i32, v: i32): void { store<i32>(HEAP + (<usize>i << 2), v); }
@inline function nextOf(v: i32): i32 { return ld(nodeRec(v), N_NEXT); }
@inline function linkOf(v: i32): i32 { return ld(nodeRec(v), N_LINK); }
@inline function setLink(v: i32, u: i32): void { st(nodeRec(v), N_LINK, u); }
@inline function bucketAt(c: i32): usize { return CAL + (<usize>(c & (CAL_BUCKETS - 1)) << 2); }

// a cycle count of the host's f64 arithmetic as an i32: past the i32 range it is never due
@inline function cycleOf(t: f64): i32 { return t >= 2147483647.0 ? i32.MAX_VALUE : <i32>t; }

// node v joins the bucket of its next arrival (G_HEAP_N counts the nodes in the calendar)
function enter(v: i32): void {
  const b = bucketAt(nextOf(v));
  setLink(v, load<i32>(b));
  store<i32>(b, v);
  setGen(G_HEAP_N, gen(G_HEAP_N) + 1);
}

// the calendar from the heap the host wrote (its order does not matter: a cycle's nodes are taken
// in node order), once per run
function buildCalendar(): void {
  for (let i: i32 = 0; i < CAL_BUCKETS; i++) store<i32>(CAL + (<usize>i << 2), -1);
  const n = gen(G_HEAP_N);
  setGen(G_HEAP_N, 0);
  for (let i: i32 = 0; i < n; i++) enter(heapAt(i));
  setGen(G_CALNOW, 0);
  setGen(G_CALINIT, 1);
}

// take the nodes due at cycle t out of its bucket into the heap's array (the host's heap, read
// once by buildCalendar, is the scratch of a cycle's due nodes: at most every node), in node
// order; their count
function takeDue(t: i32): i32 {
  const b = bucketAt(t);
  let n: i32 = 0;
  let prev: i32 = -1;
  let v = load<i32>(b);
  while (v >= 0) {
    const next = linkOf(v);
    if (nextOf(v) == t) {
      if (prev < 0) store<i32>(b, next);
      else setLink(prev, next);
      // insertion in node order (a cycle's due nodes are few)
      let j = n;
      while (j > 0 && heapAt(j - 1) > v) {
        setHeapAt(j, heapAt(j - 1));
        j--;
      }
      setHeapAt(j, v);
      n++;
      setGen(G_HEAP_N, gen(G_HEAP_N) - 1);
    } else prev = v;
    v = next;
  }
  return n;
}

// the next arrival of node v after its current one (TrafficStream.advance)
function advance(v: i32): void {
  const p = nodeRec(v);
  const arr = p + <usize>N_ARR * 4;
  const proc = gen(G_PROCESS);
  const rate = value(GV_RATE);
  if (proc == PROC_EXPONENTIAL || proc == PROC_UNIFORM) {
    const c = CLOCK + (<usize>v << 3);
    const u = nextUniform(arr);
    const x = proc == PROC_EXPONENTIAL ? -detLog(1 - u) / rate : (2 * u) / rate;
    const clock = load<f64>(c) + x;
    store<f64>(c, clock);
    st(p, N_NEXT, cycleOf(Math.floor(clock)));
  } else if (proc == PROC_ONOFF) {
    st(p, N_NEXT, cycleOf(nextOnOff(p, <f64>ld(p, N_NEXT))));
  } else {
    // a geometric gap: the failed trials before the next success
    const gap = rate >= 1 ? 1.0 : 1 + Math.floor(detLog(1 - nextUniform(arr)) / value(GV_LNRATE));
    st(p, N_NEXT, cycleOf(<f64>ld(p, N_NEXT) + gap));
  }
}

// BookSim's two-state Markov source cycle by cycle after cycle t (TrafficStream.nextOnOff)
function nextOnOff(p: usize, t: f64): f64 {
  const arr = p + <usize>N_ARR * 4;
  const alpha = value(GV_ALPHA);
  const beta = value(GV_BETA);
  const onRate = value(GV_ONRATE);
  const end = <f64>gen(G_CYCLES);
  while (true) {
    if (ld(p, N_ON) == 0) {
      t += alpha >= 1 ? 1.0 : 1 + Math.floor(detLog(1 - nextUniform(arr)) / value(GV_LNALPHA));
      st(p, N_ON, 1);
    } else {
      t++;
      if (nextUniform(arr) < beta) {
        st(p, N_ON, 0);
        continue;
      }
    }
    if (nextUniform(arr) < onRate) return t;
    if (t >= end) return t;
  }
}

// node v's next arrival is one to send: within the run's cycles, or its batch (TrafficStream.due)
@inline function due(v: i32): bool {
  if (gen(G_PROCESS) == PROC_BATCH) return ld(nodeRec(v), N_LEFT) > 0;
  return nextOf(v) < gen(G_CYCLES);
}

// 'hotspot': a hot node with probability GV_HOTFRAC, else -1 (TrafficStream.hotspotOf)
function hotspotOf(src: i32, ds: usize): i32 {
  if (nextUniform(ds) >= value(GV_HOTFRAC)) return -1;
  const n = gen(G_NHOT);
  const self = gen(G_SELF) != 0;
  let choices = 0;
  for (let i = 0; i < n; i++) if (self || load<i32>(HOT + (<usize>i << 2)) != src) choices++;
  if (choices == 0) return -1;
  let k = <i32>Math.floor(nextUniform(ds) * <f64>choices);
  for (let i = 0; i < n; i++) {
    const h = load<i32>(HOT + (<usize>i << 2));
    if (!self && h == src) continue;
    if (k == 0) return h;
    k--;
  }
  return -1;
}

// the destination of a message of src (TrafficStream.destinationsOf, unicast)
function destinationOf(src: i32): i32 {
  const pattern = gen(G_PATTERN);
  if (pattern == PAT_FIXED) return load<i32>(FIXED + (<usize>src << 2));
  const ds = nodeRec(src) + <usize>N_DEST * 4;
  if (pattern == PAT_HOTSPOT) {
    const hot = hotspotOf(src, ds);
    if (hot >= 0) return hot;
  }
  const self = gen(G_SELF) != 0;
  const nodes = gen(G_NODES);
  let d = <i32>Math.floor(nextUniform(ds) * <f64>(self ? nodes : nodes - 1));
  if (!self && d >= src) d++;
  return d;
}

// a message's size: the run's, or one drawn from the mix (drawSize, message-sizes.ts)
function sizeOf(src: i32): i32 {
  const n = gen(G_NSIZES);
  if (n == 0) return gen(G_FLITS);
  const u = nextUniform(nodeRec(src) + <usize>N_SIZE * 4);
  let i = 0;
  while (i < n - 1 && u >= load<f64>(CUM + (<usize>i << 3))) i++;
  return load<i32>(SIZES + (<usize>i << 2));
}

// worm number n, a unicast from src to dest created at `created`, into record rec (writeWorm's
// initial state, src/engine/input.ts); its destination record is the record of the same index
function writeUnicast(n: i32, rec: i32, src: i32, dest: i32, flits: i32, created: i32): void {
  const w = wormRec(rec);
  st(w, W_KIND, KIND_UNICAST);
  st(w, W_SRC, src);
  st(w, W_FLITS, flits);
  st(w, W_CREATED, created);
  st(w, W_DEST, rec);
  st(w, W_NDEST, 1);
  st(w, W_TREE, -1);
  st(w, W_FIRSTTRIG, -1);
  st(w, W_NEXTTRIG, -1);
  st(w, W_STATE, WS_WAITING);
  st(w, W_TOSEND, flits);
  st(w, W_START, -1);
  st(w, W_INJECT, -1);
  st(w, W_SLOTS, -1);
  st(w, W_INJVC, -1);
  st(w, W_NEXTQ, -1);
  st(w, W_GROUP, n);
  st(w, W_ACT, -1);
  st(w, W_DONE, -1);
  st(w, W_INJQ, -1);
  st(w, W_LIVE, 0);
  st(w, W_WAIT, 0);
  st(w, W_DELIVERED, 0);
  st(w, W_KEY, wormKey(gen(G_ROUTESEED), n, gen(G_KEYS)));
  const d = destRec(rec);
  st(d, D_NODE, dest);
  st(d, D_HEAD, -1);
  st(d, D_TAIL, -1);
  st(d, D_WORM, rec);
}

/**
 * Step 1's traffic: create the messages due at cycle t as worms H_WORMS, H_WORMS + 1, ... (the
 * activation that follows queues them). False when one is due and every record holds a message
 * not yet retired: the run is saturated (the host's capacity stop, src/experiment/run/stream-run.ts).
 */
export function generate(t: i32): bool {
  const wcap = header(H_WCAP);
  const count = takeDue(t);
  for (let k: i32 = 0; k < count; k++) {
    const v = heapAt(k);
    // node v as often as its next arrival is t again (then it comes first: the nodes left are larger)
    while (true) {
      const n = header(H_WORMS);
      if (n - header(H_WFREED) >= wcap) {
        // saturated: the nodes still due go back to the calendar (the run stops)
        for (let i = k; i < count; i++) enter(heapAt(i));
        return false;
      }
      const created = nextOf(v);
      if (gen(G_PROCESS) == PROC_BATCH) st(nodeRec(v), N_LEFT, ld(nodeRec(v), N_LEFT) - 1);
      advance(v);
      const again = due(v);
      const dest = destinationOf(v);
      writeUnicast(n, n % wcap, v, dest, sizeOf(v), created);
      setHeader(H_WORMS, n + 1);
      if (!again) break;
      if (nextOf(v) != t) {
        enter(v);
        break;
      }
    }
  }
  setGen(G_CALNOW, t + 1);
  return true;
}

// the creation cycle of the next message, or -1 when the traffic is over
export function nextArrival(): i32 {
  if (gen(G_HEAP_N) == 0) return -1;
  // every arrival is at G_CALNOW or later: the first cycle from there whose bucket holds a node due
  // then, or (none within a turn of the calendar) the least arrival of all
  const from = gen(G_CALNOW);
  let least: i32 = i32.MAX_VALUE;
  for (let c = from; c < from + CAL_BUCKETS; c++) {
    for (let v = load<i32>(bucketAt(c)); v >= 0; v = linkOf(v)) {
      const a = nextOf(v);
      if (a == c) return c;
      if (a < least) least = a;
    }
  }
  return least;
}
