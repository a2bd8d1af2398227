// The flit-level wormhole engine (docs/model-flit.md), over the flat region laid out by
// src/engine/layout.ts, with the evaluation shortcuts of docs/model-flit.md "Evaluation order".
// Its specification is the JS reference src/engine/reference.ts, which evaluates the page's rules
// as written, one function per step of a cycle; the two are held equal on their results
// (test/engine-differential*.test.ts). Comments name the step of docs/model-flit.md "One cycle t"
// (and the reference function) each function evaluates. Nothing here allocates.
// This file is the cycle driver; docs/kernel.md is the reader's guide to the other files.
import {
  H_WATCHDOG, H_WORMS, H_WCAP, H_CYCLE, H_NEXTCREATE, H_ACTIVE_N, H_STATUS, H_LASTPROGRESS,
  H_LIVESLOTS, H_WALK, W_CREATED, ST_RUNNING, ST_FINISHED, ST_DEADLOCK, ST_LIMIT, ST_SATURATED,
} from "./layout";
import { configure, loadCounters, storeCounters, MUX, READY_AT, READY_AUTO, WALK, PERPORT, LOCKSTEP, VCRR, WIRE, TAILSENT, T, flitHops } from "./state";
import { header, setHeader, wget } from "./records";
import { activate } from "./worms";
import { enterWalk, stepWalkDefault, stepWalkTail, stepWalkWire, stepWalkWireTail, stepWalkGeneral } from "./walk";
import { stepReadyDefault, stepReadyTail, stepReadyWire, stepReadyWireTail, stepReadyGeneral, stepReadyAlloc } from "./ready-list";
import { stepLinksDefault, stepLinksTail, stepLinksWire, stepLinksWireTail } from "./links";
import { DEBUG, checkCycle } from "./invariants";
import { configureCredits } from "./wire";
import { GEN, configureGenerator, generate, nextArrival } from "../traffic/generator";
import { retire } from "../traffic/retire";

// The evaluations of steps 2-4 for the run's rules (docs/kernel.md "The cold run"): each variant is
// called through one of these references, set in engineRun, never directly, so that binaryen does
// not inline every variant into one function: V8 compiles a function with its optimising tier
// only once it is hot, and one function holding every variant took it about 70 ms, paid by the
// first run of every process.
let stepWalk: (t: i32) => void = stepWalkDefault;
let stepReady: (t: i32) => void = stepReadyDefault;
let stepLinks: (t: i32) => void = stepLinksDefault;

function chooseVariants(wire: bool, tail: bool): void {
  // switch 'per-port' and lock-step trees: the variants that read them (move.ts `gen`; without
  // them those checks cost the ready list about 7 %); the links' variants read them always
  const gen = PERPORT || LOCKSTEP;
  if (wire) {
    stepWalk = tail ? stepWalkWireTail : stepWalkWire;
    stepReady = tail ? stepReadyWireTail : stepReadyWire;
    stepLinks = tail ? stepLinksWireTail : stepLinksWire;
  } else {
    stepWalk = tail ? stepWalkTail : stepWalkDefault;
    stepReady = tail ? stepReadyTail : stepReadyDefault;
    stepLinks = tail ? stepLinksTail : stepLinksDefault;
  }
  if (gen) {
    stepWalk = stepWalkGeneral;
    stepReady = VCRR ? stepReadyAlloc : stepReadyGeneral;
  }
}

/**
 * Simulate the region at `base` up to (not including) cycle `until`, or until it finishes,
 * deadlocks or fails; returns the status code (H_STATUS). Call it in chunks of bounded
 * cycles (V8 tier-up, shared/TOOLCHAIN.md).
 */
export function engineRun(base: usize, until: i32): i32 {
  configure(base);
  configureCredits();
  configureGenerator();
  if (header(H_STATUS) == ST_LIMIT) setHeader(H_STATUS, ST_RUNNING);
  if (header(H_STATUS) != ST_RUNNING) return header(H_STATUS);
  loadCounters();
  // the flit-hop average of the evaluation choice starts afresh with each run and carries over
  // from call to call (it only chooses how the cycles are evaluated, never what they do)
  if (header(H_CYCLE) == 0) {
    hopsAvg = 0;
    hopsSeen = flitHops;
  }
  chooseVariants(WIRE, TAILSENT);
  // switch 'per-port': every cycle on the ready list (the walk's lone moves skip the input stage)
  WALK = header(H_WALK) != 0 && !PERPORT;
  const worms = header(H_WORMS);
  const wcap = header(H_WCAP);
  const W = header(H_WATCHDOG);
  let t = header(H_CYCLE);
  while (true) {
    if (header(H_ACTIVE_N) == 0) {
      // nothing active: skip to the next creation (worm number n lives in record n mod H_WCAP)
      let nc = header(H_NEXTCREATE);
      while (nc < worms && wget(nc % wcap, W_CREATED) < 0) nc++;
      setHeader(H_NEXTCREATE, nc);
      // kernel traffic: its worms are activated in the cycle they are created, so the next
      // creation is the generator's next arrival
      const next = nc < worms ? wget(nc % wcap, W_CREATED) : GEN != 0 ? nextArrival() : -1;
      if (next < 0) {
        setHeader(H_STATUS, ST_FINISHED);
        break;
      }
      const created = next;
      if (created > t) {
        t = created < until ? created : until;
        setHeader(H_LASTPROGRESS, t);
      }
    }
    if (t >= until) {
      setHeader(H_STATUS, ST_LIMIT);
      break;
    }
    if (!step(t)) break;
    t++;
    if (header(H_STATUS) != ST_RUNNING) break;
    if (DEBUG) checkCycle();
    if (header(H_ACTIVE_N) > 0 && t - 1 - header(H_LASTPROGRESS) >= W) {
      setHeader(H_STATUS, ST_DEADLOCK);
      break;
    }
  }
  setHeader(H_CYCLE, t);
  storeCounters();
  setHeader(H_WALK, WALK ? 1 : 0);
  return header(H_STATUS);
}

// One cycle t: step 1 (kernel traffic: the messages done retired and those due created; the
// activation of the worms created at t), then steps 2-4; false (and no cycle) when a message is
// due and the records are full of messages in flight
function step(t: i32): bool {
  T = t;
  if (GEN != 0) {
    retire(false, i32.MAX_VALUE);
    if (!generate(t)) {
      setHeader(H_STATUS, ST_SATURATED);
      return false;
    }
  }
  const worms = header(H_WORMS);
  const wcap = header(H_WCAP);
  let nc = header(H_NEXTCREATE);
  while (nc < worms) {
    const rec = nc % wcap;
    const created = wget(rec, W_CREATED);
    if (created > t) break;
    if (created >= 0) activate(rec, t);
    nc++;
  }
  setHeader(H_NEXTCREATE, nc);
  if (MUX) stepMux(t);
  else stepLinks(t);
  return true;
}

// Steps 2-4 with multiplexed VCs (reference: routingAndAllocation, readyMoves, arbitration,
// endOfCycle): the walk evaluation until a cycle starts with READY_AT live slots or more, then the
// ready-list evaluation until one starts with fewer than half as many (the results are the same;
// docs/model-flit.md "Evaluation order"). With readyListAt not given (READY_AUTO) the walk is kept
// above READY_AT while the network's flit-hops per cycle, smoothed, stay dense: at most 3 live
// slots each (2.2 to come back), up to AUTO_CAP live slots (docs/kernel.md "Which evaluation").
const AUTO_CAP: i32 = 32768;
let hopsAvg: f64 = 0;
let hopsSeen: f64 = 0;

function stepMux(t: i32): void {
  if (PERPORT) {
    stepReady(t);
    return;
  }
  const live = header(H_LIVESLOTS);
  let dense = false;
  if (READY_AUTO) {
    // the previous cycle's flit-hops, averaged over about 16 cycles
    hopsAvg += (flitHops - hopsSeen - hopsAvg) * 0.0625;
    hopsSeen = flitHops;
    dense = live < AUTO_CAP && <f64>live <= (WALK ? 3.0 : 2.2) * hopsAvg;
  }
  if (WALK) {
    if (live >= READY_AT && !dense) WALK = false;
  } else if (live < READY_AT >> 1 || dense) {
    WALK = true;
    enterWalk();
  }
  if (WALK) stepWalk(t);
  else stepReady(t);
}

/**
 * Kernel traffic, the end of a run: retire the worms done, then every one left, measured up to
 * cycle `measuredTo` (the host's feed.remaining, src/experiment/run/stream-run.ts).
 */
export function retireRest(base: usize, measuredTo: i32): void {
  configure(base);
  configureGenerator();
  retire(false, i32.MAX_VALUE);
  retire(true, measuredTo);
}
