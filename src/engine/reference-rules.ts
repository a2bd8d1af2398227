import { selectionNamed } from '../routing/selection.ts';
import { DELIVER, INJECT, type RoutingFunction } from '../routing/types.ts';
import type { ResolvedOptions } from './input.ts';
import type { InjectionLanes, Slot, SlotPlace, VcBuffers, Worm } from './reference-objects.ts';
import type { VcSpace } from './results.ts';
import { keysOf, wormKey } from './worm-key.ts';

// The rules of docs/model-flit.md, one predicate or function each (the page's table "Rule ->
// reference predicate" lists them). Every engine option is resolved here once, when the engine is
// built (`rulesOf`): the cycle's steps in reference.ts call these and read no option, so a new
// option changes a predicate here, not the steps.

/** The rules the cycle's steps ask, with the engine options resolved in. */
export interface Rules {
  /** "Routing keys": worm n's key, passed to every route of the worm. */
  routingKey(n: number): number;
  /** "Channels", injection: the q of worm w's injection channel (one-port 0; all-port its first hop's port). */
  injectionQueue(w: Worm): number;
  /** "Channels", ejection: the q of the ejection channel of a copy delivered from slot `parent`. */
  ejectionQueue(parent: Slot): number;
  /** "BookSim's router", ejection 'vcs': the node's V ejection VCs a copy may take (1: its channel's one). */
  readonly ejectionChoices: number;
  /** "The source": w became its queue's head at `time`; `holder` holds the injection VC, if any. */
  startupAtHead(w: Worm, time: number, holder: Slot | null): void;
  /** "The source": w was granted its injection VC in cycle t; sets the first cycle it may send. */
  startupAtGrant(w: Worm, t: number): void;
  /** Step 3, the source: w offers a flit in cycle t and its injection buffer has room. */
  sourceReady(w: Worm, t: number): boolean;
  /** "The source", back-to-back: the source has sent w's tail, so the injection VC is free. */
  injectionFreedAtTailSent(w: Worm): boolean;
  /** Step 2b: granted slot s's header is routed in cycle t (router delay; 'tail-sent': at the front). */
  headerRoutable(s: Slot, t: number): boolean;
  /** Step 3: slot s holds a flit that has arrived by t ("Time": flits on the wire are not there yet). */
  flitAvailable(s: Slot, t: number): boolean;
  /** Step 3: granted child c can take one more flit in cycle t (credits, 'tail-sent' FIFO, link latency). */
  roomInChild(c: Slot, t: number): boolean;
  /** "Time": the cycle a flit crossing a network channel during t is in the downstream buffer. */
  arrival(t: number): number;
  /** "Time": a flit was sent into network slot c during t (its flight is remembered while l > 1). */
  flitSent(c: Slot, t: number): void;
  /** "Time": a flit left network VC vc's buffer during t (its credit's flight, while l + creditDelay > 1). */
  flitLeft(vc: number, t: number): void;
  /** Step 4b: network slot c, having just received a flit, gives its VC up ('tail-sent': that flit was the tail). */
  releasesOnTailIn(c: Slot): boolean;
  /** Step 3: slot s's move is ready: it is routed, holds a flit, and every child is granted and has room. */
  moveReady(s: Slot, t: number): boolean;
  /**
   * Step 2b, "Routing keys", "The input port", "Adaptive routing: choices and selection": the route
   * word of s's header toward `dest` in cycle t: `route`, or for a function with choices the one its
   * selection picks among the choices with a free VC of their class, `route` when none is free.
   */
  routeOf(s: Slot, dest: number, t: number): number;
  /** Step 2c: the lowest-numbered free VC among request s's choices, or -1 (it waits this cycle). */
  freeChoice(s: Slot): number;
  /** Step 2c: waiting request s is a network request whose class's first copy is held by its own multicast. */
  sameMulticastWait(s: Slot): boolean;
  /** Step 2c, "Tree replication": request s asks for its VC on its own ('lockstep': not a tree worm's). */
  asksAlone(s: Slot): boolean;
  /** Step 2c, "Tree replication": the requests worm w asks for together after its routings ('lockstep': a tree worm's, all or none). */
  jointRequests(w: Worm): Slot[];
  /** Step 2c, "Tree replication": every header of w has been routed (its joint requests may be granted). */
  levelComplete(w: Worm): boolean;
  /** Step 3, "Tree replication": w makes no move and sends nothing this cycle ('lockstep': a tree worm whose headers are all routed with a request not granted). */
  treeBlocked(w: Worm): boolean;
  /** "Memory": with `live` slots in use, no slot is left for a new request (option slots). */
  outOfSlots(live: number): boolean;
  /** "Watchdog": nothing has moved or been granted since `lastProgress`, `cycle` included, for too long. */
  frozen(cycle: number, lastProgress: number): boolean;
}

/** The rules of a run with options `o`, reading the network VCs' buffers and owners. */
export function rulesOf(
  o: ResolvedOptions,
  consumptionPerVc: boolean,
  space: VcSpace,
  routing: RoutingFunction,
  buffers: VcBuffers,
  owner: ReadonlyArray<Slot | null>,
  lanes: InjectionLanes | null = null,
): Rules {
  const { buffer: B, routerDelay: R, startup: S, linkLatency: l, creditDelay, watchdog: W } = o;
  const backToBack = o.injection === 'back-to-back';
  const tailSent = o.vcRelease === 'tail-sent';
  const lockstep = o.treeReplication === 'lockstep';
  // "One cycle t" 4b, 'tail-sent': a header that reached the front at f (the cycle after the tail
  // ahead left) is routed from f + behind on: R ('router-delay'), or max(1, R - 1) after that tail
  // left ('pipelined': BookSim routes the next packet the cycle after the tail's switch allocation)
  const behind = o.queuedHeader === 'pipelined' ? Math.max(1, R - 1) - 1 : R;
  const { ports: P, v: V, q: Q } = space;

  // "Time": with l = 1 nothing is on a wire at a cycle's start, and nothing is remembered
  const onWire = wireOf(l);
  const remember = rememberOf(l);
  // "Time", creditDelay: a credit is on its wire for l + creditDelay cycles
  const cl = l + creditDelay;
  const creditsOnWire = wireOf(cl);
  const rememberCredit = rememberOf(cl);
  // "One cycle t" 4b: with 'tail-credit' a VC's buffer holds its holder's flits only
  const buffered = tailSent ? (c: Slot): number => flitsIn(buffers.fifo[c.vc]!) : (c: Slot): number => c.in - c.out;

  // "Tree replication": no granted slot of w waits for its header to be routed
  const levelComplete = (w: Worm): boolean => w.slots.every((s) => !s.granted || s.routed || s.kind === 'ejection');
  // "BookSim's router", injectionBuffer 'lanes': a message's header is routed at its lane's front,
  // as a header queued behind a tail in a network VC's buffer ('behind' after it reached the front)
  const injectionRoutable = lanes
    ? (s: Slot, t: number): boolean => lanes.atFront(s) && t >= Math.max(s.head + R, lanes.frontSince(s) + behind)
    : (s: Slot, t: number): boolean => t >= s.head + R;
  // "BookSim's router", lateGrant 'next-cycle': no flit passes into a child in the cycle of a grant
  // that came after a wait
  const lateGrant = o.lateGrant === 'next-cycle';
  const freeChoice = (s: Slot): number => {
    for (let i = 0; i < s.choices; i++) if (!owner[s.vc + i]) return s.vc + i;
    return -1;
  };

  return {
    routingKey: (n) => wormKey(o.routeSeed, n, keysOf(routing)),
    injectionQueue: Q === 1 ? () => 0 : (w) => firstPort(routing, w),
    ejectionChoices: o.ejection === 'vcs' ? V : 1,
    ejectionQueue:
      o.ejection === 'vcs'
        ? () => 0
        : consumptionPerVc
          ? (p) => (p.kind === 'network' ? p.vc % (P * V) : p.port * V)
          : Q === 1
            ? () => 0
            : (p) => p.port,
    startupAtHead: backToBack
      ? (w, time, holder) => {
          // one startup at a time per channel, overlapping the holder's transmission
          w.start = Math.max(time, holder ? holder.worm.start : time) + S;
        }
      : () => {},
    startupAtGrant: backToBack
      ? (w, t) => {
          w.start = Math.max(t, w.start);
        }
      : (w, t) => {
          w.start = t + S;
        },
    sourceReady: lanes
      ? (w, t) => w.toSend > 0 && t >= w.start && lanes.held(w.injSlot!) < B
      : (w, t) => w.toSend > 0 && t >= w.start && w.injSlot!.in - w.injSlot!.out < B,
    injectionFreedAtTailSent: backToBack ? (w) => w.toSend === 0 : () => false,
    headerRoutable: tailSent
      ? (s, t) => {
          if (s.routed || s.kind === 'ejection' || s.head < 0) return false;
          if (s.kind === 'injection') return injectionRoutable(s, t);
          // behind earlier holders' flits: `behind` cycles after it reached the front, R after its arrival
          if (buffers.fifo[s.vc]![0] !== s) return false;
          return t >= Math.max(s.head + R, buffers.frontSince[s.vc]! + behind);
        }
      : (s, t) =>
          !s.routed &&
          s.kind !== 'ejection' &&
          s.head >= 0 &&
          (s.kind === 'injection' ? injectionRoutable(s, t) : t >= s.head + R),
    flitAvailable: (s, t) => s.in - s.out - onWire(s.sent, t) > 0,
    roomInChild: (c, t) => c.kind === 'ejection' || buffered(c) + creditsOnWire(buffers.left[c.vc]!, t) < B,
    arrival: (t) => t + l,
    flitSent: (c, t) => remember(c.sent, t),
    flitLeft: (vc, t) => rememberCredit(buffers.left[vc]!, t),
    releasesOnTailIn: tailSent ? (c) => c.in === c.worm.spec.flits : () => false,
    outOfSlots: (live) => live >= o.slots,
    frozen: (cycle, lastProgress) => cycle - lastProgress >= W,
    moveReady(s, t) {
      if (s.kind === 'ejection' || !s.routed || !this.flitAvailable(s, t)) return false;
      for (const c of s.children)
        if (!c.granted || !this.roomInChild(c, t) || (lateGrant && c.lateAt === t)) return false;
      return true;
    },
    routeOf: routing.choices
      ? adaptiveRoute(
          routing,
          space,
          owner,
          (vc, t) => {
            // "Adaptive routing", most-credits: the flits a VC's buffer holds or will hold, as its upstream counts them
            const holder = owner[vc];
            const held = tailSent ? flitsIn(buffers.fifo[vc]!) : holder ? holder.in - holder.out : 0;
            return held + creditsOnWire(buffers.left[vc]!, t);
          },
          B,
        )
      : (s, dest) => nextHop(routing, s, dest),
    freeChoice,
    // under 'lockstep' a request may wait with its first copy free (a sibling's VC is held)
    sameMulticastWait: (s) => s.kind === 'network' && owner[s.vc]?.worm.group === s.worm.group,
    asksAlone: lockstep ? (s) => !s.worm.tree : () => true,
    jointRequests: lockstep ? (w) => (w.tree ? w.slots.filter((s) => !s.granted) : []) : () => [],
    levelComplete,
    treeBlocked: lockstep ? (w) => w.tree !== null && w.slots.some((s) => !s.granted) && levelComplete(w) : () => false,
  };
}

/**
 * "Adaptive routing: choices and selection": Rules.routeOf for a routing function with choices.
 * `used(vc, t)`: the flits VC vc's downstream buffer holds or will hold in cycle t (its credits not
 * yet back upstream); a candidate's credits are the free buffer flits over every VC of its channel,
 * V * B minus their sum (BookSim's GetUsedCredit of an output port, as room), read only by most-credits.
 */
function adaptiveRoute(
  routing: RoutingFunction,
  space: VcSpace,
  owner: ReadonlyArray<Slot | null>,
  used: (vc: number, t: number) => number,
  buffer: number,
): (s: Slot, dest: number, t: number) => number {
  const select = selectionNamed(routing.selection ?? 'first-free');
  const byCredits = routing.selection === 'most-credits';
  const { ports: P, v: V, k: K } = space;
  const classFree = (chan: number, cls: number): boolean => {
    for (let i = 0; i < K; i++) if (!owner[chan * V + cls * K + i]) return true;
    return false;
  };
  const room = (chan: number, t: number): number => {
    let n = V * buffer;
    for (let i = 0; i < V; i++) n -= used(chan * V + i, t);
    return n;
  };
  return (s, dest, t) => {
    const def = nextHop(routing, s, dest);
    if (def === DELIVER) return def;
    const words = routing.choices!(s.node, dest, s.cls, s.worm.key, s.port);
    const candidates = words.map((w) => {
      const chan = s.node * P + (w & 0xff);
      return { word: w, free: classFree(chan, w >> 8), credits: byCredits ? room(chan, t) : 0 };
    });
    const i = select(candidates, s.worm.key);
    return i < 0 ? def : words[i]!;
  };
}

/** "Time": the count of a wire of l cycles' events still on it at t (none with l = 1: nothing is read). */
function wireOf(l: number): (times: number[], t: number) => number {
  return l === 1 ? () => 0 : (times, t) => flitsInFlight(times, t, l);
}

/** "Time": record an event on a wire of l cycles, keeping the last l (nothing with l = 1). */
function rememberOf(l: number): (times: number[], t: number) => void {
  return l === 1
    ? () => {}
    : (times, t) => {
        times.push(t);
        if (times.length > l) times.shift();
      };
}

/** "Time": entries of `times` (cycles, ascending) within the last l - 1 cycles before t: still on the wire. */
function flitsInFlight(times: number[], t: number, l: number): number {
  let n = 0;
  for (let i = times.length - 1; i >= 0 && times[i]! > t - l; i--) n++;
  return n;
}

/** "One cycle t" 4b, 'tail-sent': the flits in a VC's buffer are those of every slot queued there. */
function flitsIn(queued: Slot[]): number {
  let n = 0;
  for (const s of queued) n += s.in - s.out;
  return n;
}

/** "Channels", all-port injection: the port of the first hop, 0 for a worm that crosses no link. */
function firstPort(routing: RoutingFunction, w: Worm): number {
  if (w.tree) {
    const first = w.tree.children[0]![0];
    return first === undefined ? 0 : w.tree.port[first]!;
  }
  const r = routing.route(w.spec.src, w.spec.dests[0]!, INJECT, w.key);
  return r === DELIVER ? 0 : r & 0xff;
}

// The rules no option changes, called a few times per slot's life.

/** "Channels", injection: the slot of worm w's injection VC (its q chosen by `activate`). */
export function injectionPlace(space: VcSpace, w: Worm): SlotPlace {
  const port = w.injQ - w.spec.src * space.q;
  return { kind: 'injection', node: w.spec.src, vc: w.injVc, choices: 1, target: 0, cls: INJECT, port, chan: -1 };
}

/**
 * Step 2b: the requests routed slot s makes, in order. Unicast and path: the ejection VC if s's
 * node is the destination headed for, then the VC towards the next destination if any; tree: the
 * ejection VC where the entry is a destination, then one VC per child edge. null marks a bad route
 * (the run stops after the cycle's step 2).
 */
export function childRequests(
  rules: Rules,
  routing: RoutingFunction,
  space: VcSpace,
  s: Slot,
  t: number,
): Array<SlotPlace | null> {
  const w = s.worm;
  const out: Array<SlotPlace | null> = [];
  if (w.tree) {
    const tr = w.tree;
    if (tr.dest[s.target]! >= 0) out.push(ejectionPlace(rules, space, s, tr.dest[s.target]!));
    for (const e of tr.children[s.target]!) {
      const vi = tr.vc[e]!;
      out.push(networkPlace(routing, space, s, tr.port[e]!, vi, Math.floor(vi / space.k), e, tr.exact[e]!));
    }
    return out;
  }
  let j = s.target;
  if (w.spec.dests[j] === s.node) out.push(ejectionPlace(rules, space, s, j++));
  if (j < w.spec.dests.length) {
    const r = rules.routeOf(s, w.spec.dests[j]!, t);
    out.push(r === DELIVER ? null : networkPlace(routing, space, s, r & 0xff, (r >> 8) * space.k, r >> 8, j, false));
  }
  return out;
}

/** "Routing keys", "The input port": the route of s's header to `dest`, with its worm's key and s's port. */
function nextHop(routing: RoutingFunction, s: Slot, dest: number): number {
  return routing.route(s.node, dest, s.cls, s.worm.key, s.port);
}

/** "Channels": VC index `vi` (class K + copy) of the channel leaving s's node by `port`; any of the class's K unless `exact`. */
function networkPlace(
  routing: RoutingFunction,
  space: VcSpace,
  s: Slot,
  port: number,
  vi: number,
  cls: number,
  target: number,
  exact: boolean,
): SlotPlace | null {
  const node = routing.topology.neighbor(s.node, port);
  if (node < 0) return null;
  const chan = s.node * space.ports + port;
  return { kind: 'network', node, vc: chan * space.v + vi, choices: exact ? 1 : space.k, target, cls, port, chan };
}

/** "Channels", ejection: the ejection VC of the copy delivered from slot `parent` to destination index `dest`. */
function ejectionPlace(rules: Rules, space: VcSpace, parent: Slot, dest: number): SlotPlace {
  const q = rules.ejectionQueue(parent);
  const vc = space.ej + parent.node * space.qe + q;
  return {
    kind: 'ejection',
    node: parent.node,
    vc,
    choices: rules.ejectionChoices,
    target: dest,
    cls: -2,
    port: q,
    chan: -1,
  };
}

/** Step 4d: the worms a tail delivery of worm w at `node` starts, in list order. */
export function triggeredBy(w: Worm, node: number): Worm[] {
  return w.triggers.filter((u) => u.spec.src === node && u.state === 'waiting');
}
