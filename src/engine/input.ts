import { WormcastError } from '../errors.ts';
import { DELIVER } from '../routing/types.ts';
import * as L from './layout.ts';
import { keysOf, wormKey } from './worm-key.ts';
import type { RoutingFunction } from '../routing/types.ts';
import type { EngineInput, EngineOptions, WormPlace, WormSpec } from './types.ts';

/**
 * Default of option readyListAt: a multiplexed cycle that starts with this many live slots or
 * more is evaluated with the ready list (its slot records no longer fit the caches, and one visit per
 * slot beats the walk's two passes over the routing worms; docs/validation.md), a smaller one
 * with moves during the walk. Not given, the walk is also kept above it while most slots move
 * (FLAG_READY_AUTO; docs/kernel.md "Which evaluation").
 */
export const READY_LIST_SLOTS = 2048;

/**
 * The default slot capacity is enough for every VC and worm, up to this many (256 MiB of slot
 * records): a network of a million nodes under load needs millions (option `slots` sets it).
 */
export const DEFAULT_MAX_SLOTS = 1 << 22;

/**
 * The injection rule `wormcast simulate` and experiments use when none is given (docs/model-flit.md
 * "The source"): BookSim's back-to-back source for unicast traffic, the seeds' one-port model
 * (after-tail: a node's messages enter the network one after the other) for multicast algorithms
 * and plans. The engine's own default is back-to-back.
 */
export function defaultInjection(algorithm: string): 'back-to-back' | 'after-tail' {
  return algorithm === 'unicast' ? 'back-to-back' : 'after-tail';
}

/** Options with their defaults filled in. */
export interface ResolvedOptions {
  buffer: number;
  routerDelay: number;
  startup: number;
  allPort: boolean;
  vcLinks: boolean;
  watchdog: number;
  channelUse: boolean;
  slots: number;
  vcsPerClass: number;
  /** Live slots from which a multiplexed cycle is evaluated with the ready list. */
  readyAt: number;
  /** readyListAt was not given: above readyAt the walk is kept while moves are dense (FLAG_READY_AUTO). */
  readyAuto: boolean;
  /** When the next worm of an injection queue may send (docs/model-flit.md "The source"). */
  injection: 'back-to-back' | 'after-tail';
  /** When a network VC is freed (docs/model-flit.md "One cycle t" 4b). */
  vcRelease: 'tail-credit' | 'tail-sent';
  /** How a tree worm's branches advance (docs/model-flit.md "Tree replication"). */
  treeReplication: 'independent' | 'lockstep';
  /** Crossbar inputs of a router: one per VC, or one per input port (docs/model-flit.md "Arbitration"). */
  switch: 'per-vc' | 'per-port';
  /** When a header queued behind a tail in a VC's buffer is routed (docs/model-flit.md "One cycle t" 4b). */
  queuedHeader: 'router-delay' | 'pipelined';
  /** Cycles a flit (and its credit) takes to cross a network channel (docs/model-flit.md "Time"). */
  linkLatency: number;
  /** Cycles a credit takes beyond the link latency (docs/model-flit.md "Time"). */
  creditDelay: number;
  /** BookSim's router (docs/model-flit.md "BookSim's router"): its ejection VCs. */
  ejection: 'channels' | 'vcs';
  /** BookSim's router: a grant after a wait passes its first flit the next cycle. */
  lateGrant: 'same-cycle' | 'next-cycle';
  /** BookSim's router: the injection port's lanes. */
  injectionBuffer: 'per-message' | 'lanes';
  /** BookSim's router: the VC allocator's order. */
  vcAllocator: 'oldest-first' | 'round-robin';
  /** Seed of the worms' routing keys (docs/model-flit.md "Routing keys"). */
  routeSeed: number;
}

/** Fill in and check the engine options; errors name the option and the valid range. */
export function resolveOptions(o: EngineOptions = {}, vcTotalHint = 1 << 20): ResolvedOptions {
  const int = (v: number | undefined, def: number, min: number, max: number, what: string): number => {
    const x = v ?? def;
    if (!Number.isInteger(x) || x < min || x > max)
      throw new WormcastError(`engine option ${what}: ${x} must be an integer ${min}..${max}`);
    return x;
  };
  const word = <W extends string>(v: string | undefined, what: string, words: readonly [W, ...W[]]): W => {
    if (v === undefined) return words[0];
    if (!(words as readonly string[]).includes(v))
      throw new WormcastError(`engine option ${what}: '${String(v)}' must be ${words.join(' or ')}`);
    return v as W;
  };
  const buffer = int(o.buffer, 8, 1, 1 << 20, 'buffer');
  const routerDelay = int(o.routerDelay, 1, 0, 1 << 16, 'routerDelay');
  const startup = int(o.startup, 1, 0, 1 << 24, 'startup');
  const minWatch = startup + routerDelay + 2;
  const watchdog = int(o.watchdog, Math.max(1000, 4 * minWatch), minWatch, 1 << 30, 'watchdog');
  const vcsPerClass = int(o.vcsPerClass, 1, 1, 64, 'vcsPerClass');
  // the default never falls below the minimum a user may give (tiny networks have fewer VCs than 16)
  const slots = int(o.slots, Math.max(16, Math.min(vcTotalHint, DEFAULT_MAX_SLOTS)), 16, 1 << 25, 'slots');
  const readyAt = int(o.readyListAt, READY_LIST_SLOTS, 0, 1 << 30, 'readyListAt');
  // the first word of each list is the option's default
  word(o.consumption, 'consumption', ['port', 'vc'] as const);
  const vcRelease = word(o.vcRelease, 'vcRelease', ['tail-credit', 'tail-sent'] as const);
  const treeReplication = word(o.treeReplication, 'treeReplication', ['independent', 'lockstep'] as const);
  const sw = word(o.switch, 'switch', ['per-vc', 'per-port'] as const);
  const queuedHeader = word(o.queuedHeader, 'queuedHeader', ['router-delay', 'pipelined'] as const);
  // a header queues behind another worm's tail in a buffer only when VCs are handed on at tail-sent
  if (o.queuedHeader === 'pipelined' && o.vcRelease !== 'tail-sent') {
    throw new WormcastError(
      `engine option queuedHeader: 'pipelined' needs vcRelease 'tail-sent' (this run has ${o.vcRelease ?? 'tail-credit'})`,
    );
  }
  const ejection = word(o.ejection, 'ejection', ['channels', 'vcs'] as const);
  const lateGrant = word(o.lateGrant, 'lateGrant', ['same-cycle', 'next-cycle'] as const);
  const injectionBuffer = word(o.injectionBuffer, 'injectionBuffer', ['per-message', 'lanes'] as const);
  const vcAllocator = word(o.vcAllocator, 'vcAllocator', ['oldest-first', 'round-robin'] as const);
  // docs/model-flit.md "BookSim's router": its rules are those of an input-queued router with one
  // crossbar input per port, and not of seed 004's lock-step trees
  const router = [
    ejection !== 'channels' ? `ejection '${ejection}'` : '',
    lateGrant !== 'same-cycle' ? `lateGrant '${lateGrant}'` : '',
    injectionBuffer !== 'per-message' ? `injectionBuffer '${injectionBuffer}'` : '',
    vcAllocator !== 'oldest-first' ? `vcAllocator '${vcAllocator}'` : '',
  ].filter((x) => x !== '');
  if (router.length > 0 && o.switch !== 'per-port')
    throw new WormcastError(
      `engine option ${router[0]} is a rule of BookSim's router and needs switch 'per-port' (this run has ${o.switch ?? 'per-vc'})`,
    );
  if (router.length > 0 && o.treeReplication === 'lockstep')
    throw new WormcastError(
      `engine option ${router[0]} is a rule of BookSim's router and does not combine with treeReplication 'lockstep' (seed 004's trees)`,
    );
  const routeSeed = o.routeSeed ?? 0;
  if (!Number.isSafeInteger(routeSeed) || routeSeed < 0)
    throw new WormcastError(`engine option routeSeed: ${routeSeed} must be an integer 0..${Number.MAX_SAFE_INTEGER}`);
  const injection = word(o.injection, 'injection', ['back-to-back', 'after-tail'] as const);
  const linkLatency = int(o.linkLatency, 1, 1, 16, 'linkLatency');
  const creditDelay = int(o.creditDelay, 0, -15, 30, 'creditDelay');
  // a credit takes a cycle at least; the wasm engine's wire records remember 32 cycles (a bit mask)
  if (linkLatency + creditDelay < 1 || linkLatency + creditDelay > 31)
    throw new WormcastError(
      `engine option creditDelay: ${creditDelay} with linkLatency ${linkLatency} makes a credit take ${linkLatency + creditDelay} cycles; linkLatency + creditDelay must be 1..31`,
    );
  return {
    buffer,
    routerDelay,
    startup,
    watchdog,
    slots,
    vcsPerClass,
    readyAt,
    readyAuto: o.readyListAt === undefined,
    allPort: o.port === 'all',
    vcLinks: o.vcLinks === true,
    channelUse: o.channelUse !== false,
    injection,
    vcRelease,
    treeReplication,
    switch: sw,
    queuedHeader,
    linkLatency,
    creditDelay,
    ejection,
    lateGrant,
    injectionBuffer,
    vcAllocator,
    routeSeed,
  };
}

/** The sizes, resolved options and layout of a run. */
export interface Prepared {
  layout: L.Layout;
  options: ResolvedOptions;
}

/** Check the input and compute its layout. */
export function prepare(input: EngineInput): Prepared {
  const r = input.routing;
  const t = r.topology;
  const K = input.options?.vcsPerClass ?? 1;
  const V = r.vcClasses.length * K;
  const n = t.nodes;
  const P = t.ports;
  let dests = 0;
  let treeEntries = 0;
  let extraSlots = 0;
  let lastCreated = -1;
  input.worms.forEach((w, i) => {
    const where = `worm ${i}`;
    const node = (x: number, what: string): void => {
      if (!Number.isInteger(x) || x < 0 || x >= n)
        throw new WormcastError(`${where}: ${what} ${x} is not a node of ${t.spec} (0..${n - 1})`);
    };
    node(w.src, 'source');
    if (w.dests.length === 0) throw new WormcastError(`${where}: no destinations`);
    if (w.kind === 'unicast' && w.dests.length !== 1)
      throw new WormcastError(`${where}: a unicast has exactly one destination, not ${w.dests.length}`);
    w.dests.forEach((d) => node(d, 'destination'));
    if (new Set(w.dests).size !== w.dests.length) throw new WormcastError(`${where}: destinations repeat`);
    if (!Number.isInteger(w.flits) || w.flits < 1 || w.flits > 1 << 24)
      throw new WormcastError(`${where}: flits ${w.flits} must be 1..${1 << 24}`);
    if (w.after !== undefined) {
      if (!Number.isInteger(w.after) || w.after < 0 || w.after >= input.worms.length || w.after === i) {
        throw new WormcastError(`${where}: after ${w.after} must be another worm index 0..${input.worms.length - 1}`);
      }
      if (w.created !== undefined) throw new WormcastError(`${where}: give either created or after, not both`);
    } else {
      const c = w.created ?? -1;
      if (!Number.isInteger(c) || c < 0)
        throw new WormcastError(`${where}: created ${w.created} must be a cycle >= 0 (or give after)`);
      if (c < lastCreated)
        throw new WormcastError(
          `${where}: created ${c} is before the previous worm's ${lastCreated}; list worms in creation order`,
        );
      lastCreated = c;
    }
    dests += w.dests.length;
    if (w.kind === 'tree') {
      if (!w.tree) throw new WormcastError(`${where}: a tree worm needs its tree edges`);
      treeEntries += w.tree.length + 1;
      extraSlots += w.tree.length + 1;
    } else extraSlots += 2;
  });
  const q = input.options?.port === 'all' ? P : 1;
  // consumption channels (docs/model-flit.md "Channels"): the port model's, or one per incoming VC
  // docs/model-flit.md "BookSim's router": option ejection 'vcs' gives every node V ejection VCs
  const qe = input.options?.ejection === 'vcs' ? V : input.options?.consumption === 'vc' ? P * V : q;
  const mux = V >= 2 && input.options?.vcLinks !== true;
  const vcTotal = n * P * V + n * q + n * qe;
  const cap = input.capacity;
  const options = resolveOptions(input.options, vcTotal + (cap ? cap.slots : extraSlots));
  if (options.switch === 'per-port' && !mux)
    throw new WormcastError(
      `engine option switch: 'per-port' needs VCs multiplexed on each link (2 or more VCs per channel, vcLinks off); this run has ${V} VC(s) per channel${input.options?.vcLinks ? ' on their own links' : ''}`,
    );
  const layout = L.computeLayout({
    nodes: n,
    ports: P,
    vcs: V,
    q,
    qe,
    worms: Math.max(input.worms.length, cap?.worms ?? 0),
    dests: Math.max(dests, cap?.dests ?? 0),
    treeEntries: Math.max(treeEntries, cap?.treeEntries ?? 0),
    slots: options.slots,
    mux,
    tailSent: input.options?.vcRelease === 'tail-sent',
    wires: options.linkLatency > 1 || options.linkLatency + options.creditDelay > 1,
    channelUse: options.channelUse,
    perPort: options.switch === 'per-port',
    ejectionVcs: options.ejection === 'vcs',
    vcRoundRobin: options.vcAllocator === 'round-robin',
    injectionLanes: options.injectionBuffer === 'lanes',
  });
  return { layout, options };
}

/**
 * Write the initial state of a run into `buf` at byte offset `base` (the region must be
 * zeroed or fresh). Both engines start from exactly these bytes.
 */
export function writeInput(buf: ArrayBuffer, base: number, input: EngineInput, prep: Prepared): void {
  const { layout: lay, options: o } = prep;
  const s = lay.sizes;
  const r = input.routing;
  const i32 = new Int32Array(buf, base, lay.bytes >> 2);
  i32.fill(0);
  const h = i32;
  h[L.H_NODES] = s.nodes;
  h[L.H_PORTS] = s.ports;
  h[L.H_V] = s.vcs;
  h[L.H_K] = o.vcsPerClass;
  h[L.H_Q] = s.q;
  h[L.H_QE] = s.qe;
  h[L.H_B] = o.buffer;
  h[L.H_R] = o.routerDelay;
  h[L.H_S] = o.startup;
  h[L.H_WATCHDOG] = o.watchdog;
  h[L.H_FLAGS] =
    (s.mux ? L.FLAG_MUX : 0) |
    (s.channelUse ? L.FLAG_CHANNEL_USE : 0) |
    (o.injection === 'back-to-back' ? L.FLAG_BACK_TO_BACK : 0) |
    (o.vcRelease === 'tail-sent' ? L.FLAG_TAIL_SENT : 0) |
    (o.treeReplication === 'lockstep' ? L.FLAG_LOCKSTEP : 0) |
    (o.switch === 'per-port' ? L.FLAG_PER_PORT : 0) |
    (o.queuedHeader === 'pipelined' ? L.FLAG_QUEUED_PIPELINED : 0) |
    (o.readyAuto ? L.FLAG_READY_AUTO : 0) |
    (o.ejection === 'vcs' ? L.FLAG_EJECTION_VCS : 0) |
    (o.lateGrant === 'next-cycle' ? L.FLAG_LATE_GRANT : 0) |
    (o.vcAllocator === 'round-robin' ? L.FLAG_VC_ROUND_ROBIN : 0) |
    (o.injectionBuffer === 'lanes' ? L.FLAG_INJECTION_LANES : 0);
  // worms written so far (all of them, unless the run is streamed: src/engine/feed.ts) and records
  h[L.H_WORMS] = input.worms.length;
  h[L.H_WCAP] = Math.max(1, s.worms);
  h[L.H_SLOTCAP] = s.slots;
  h[L.H_CYCLE] = 0;
  h[L.H_NEXTCREATE] = 0;
  h[L.H_ACTIVE_N] = 0;
  h[L.H_FREESLOT] = 0;
  h[L.H_DONE] = 0;
  h[L.H_STATUS] = L.ST_RUNNING;
  h[L.H_LASTPROGRESS] = 0;
  h[L.H_O_OWNER] = lay.owner;
  h[L.H_O_ARB] = lay.arb;
  h[L.H_O_WINNER] = lay.winner;
  h[L.H_O_ALONE] = lay.alone;
  h[L.H_O_CHFLITS] = lay.chanFlits;
  h[L.H_O_QHEAD] = lay.qHead;
  h[L.H_O_QTAIL] = lay.qTail;
  h[L.H_O_WORM] = lay.worm;
  h[L.H_O_DEST] = lay.dest;
  h[L.H_O_TREE] = lay.tree;
  h[L.H_O_SLOT] = lay.slot;
  h[L.H_O_ACTIVE] = lay.active;
  h[L.H_O_READY] = lay.ready;
  h[L.H_O_WAIT] = lay.waiters;
  h[L.H_O_VCQ] = lay.vcq;
  h[L.H_LAT] = o.linkLatency;
  h[L.H_CREDIT_DELAY] = o.creditDelay;
  h[L.H_O_LAT] = lay.lat;
  h[L.H_O_INPORT] = lay.inport;
  h[L.H_O_VALLOC] = lay.valloc;
  h[L.H_O_LANES] = lay.lanes;
  if (s.vcRoundRobin) {
    // docs/model-flit.md "BookSim's router": every pointer at the last input index ((P + 1) V - 1),
    // so that input 0 comes first; no group yet
    const v0 = lay.valloc >> 2;
    i32.fill((s.ports + 1) * s.vcs - 1, v0, v0 + lay.vcTotal);
    i32.fill(-1, v0 + lay.vcTotal, v0 + 2 * lay.vcTotal);
  }
  if (s.injectionLanes) {
    // every injection channel's last lane V - 1 (the first message takes lane 0); every lane empty
    const l0 = lay.lanes >> 2;
    const nq = s.nodes * s.q;
    i32.fill(s.vcs - 1, l0, l0 + nq);
    for (let i = 0; i < nq * s.vcs; i++) i32[l0 + nq + i * L.LN_STRIDE + L.LN_LAST] = -1;
  }
  if (lay.sizes.perPort) {
    // every input port's pointer at its last VC, so that VC 0 comes first; no entry yet
    const ports = lay.sizes.nodes * lay.sizes.ports + lay.sizes.nodes * lay.sizes.q;
    for (let i = 0; i < ports; i++) {
      i32[(lay.inport >> 2) + i * L.IN_STRIDE + L.IN_RR] = lay.sizes.vcs - 1;
      i32[(lay.inport >> 2) + i * L.IN_STRIDE + L.IN_STAMP] = -1;
    }
  }
  if (o.vcRelease === 'tail-sent') {
    // no earlier holder in any buffer
    for (let v = 0; v < lay.injBase; v++) {
      i32[(lay.vcq >> 2) + v * L.VCQ_STRIDE + L.Q_LAST] = -1;
      i32[(lay.vcq >> 2) + v * L.VCQ_STRIDE + L.Q_DEC] = -1;
    }
  }
  h[L.H_O_ROUTE] = lay.route;
  h[L.H_ROUTE_N] = 0;
  h[L.H_O_INJL] = lay.injl;
  h[L.H_READY_AT] = o.readyAt;
  h[L.H_WALK] = 1;
  h[L.H_INJ] = lay.injBase;
  h[L.H_EJ] = lay.ejBase;
  i32.fill(-1, lay.owner >> 2, (lay.owner >> 2) + lay.vcTotal + 1);
  if (s.mux) {
    const ch = s.nodes * s.ports;
    for (let c = 0; c < ch; c++) {
      const a = (lay.arb >> 2) + c * L.ARB_STRIDE;
      // the round-robin pointer holds the id of the VC last moved; at first the channel's last VC
      i32[a + L.A_RR] = c * s.vcs + s.vcs - 1;
      i32[a + L.A_STAMP] = -1;
    }
    // option ejection 'vcs': node a's ejection channel, arbitration record N P + a, over its V ejection VCs
    if (s.ejectionVcs)
      for (let a = 0; a < s.nodes; a++) {
        const r = (lay.arb >> 2) + (ch + a) * L.ARB_STRIDE;
        i32[r + L.A_RR] = lay.ejBase + a * s.qe + s.qe - 1;
        i32[r + L.A_STAMP] = -1;
      }
  }
  // qHead and qTail are separate regions (each 8-byte aligned, so not contiguous when N*Q is odd)
  i32.fill(-1, lay.qHead >> 2, (lay.qHead >> 2) + s.nodes * s.q);
  i32.fill(-1, lay.qTail >> 2, (lay.qTail >> 2) + s.nodes * s.q);
  // slots: a free list 0 -> 1 -> ... -> cap-1 -> -1
  const S0 = lay.slot >> 2;
  for (let k = 0; k < s.slots; k++) i32[S0 + k * L.SLOT_STRIDE + L.S_NEXT] = k + 1 < s.slots ? k + 1 : -1;
  const W0 = lay.worm >> 2;
  let dest = 0;
  let entry = 0;
  const lastTrig = new Int32Array(s.worms).fill(-1);
  input.worms.forEach((w, i) => {
    writeWorm(i32, lay, r, o.vcsPerClass, w, { rec: i, dest, entry, group: w.group ?? i }, i, o.routeSeed);
    dest += w.dests.length;
    if (w.kind === 'tree' && w.tree) entry += w.tree.length + 1;
    if (w.after !== undefined) {
      const a = w.after;
      if (lastTrig[a] === -1) i32[W0 + a * L.WORM_STRIDE + L.W_FIRSTTRIG] = i;
      else i32[W0 + lastTrig[a]! * L.WORM_STRIDE + L.W_NEXTTRIG] = i;
      lastTrig[a] = i;
    }
  });
}

export type { WormPlace } from './types.ts';

/**
 * A tree worm's tree, checked (docs/model-flit.md "Worms and slots"): entry 0 is the source,
 * entry k + 1 the end of edge k. Both engines build their trees from it.
 */
export interface WormTree {
  node: number[];
  /** Parent entry (-1 for the source). */
  parent: number[];
  /** Port of the parent's node the edge leaves by (-1 for the source). */
  port: number[];
  /** VC index within the channel: class * K + copy (-1 for the source). */
  vc: number[];
  /** The edge names its copy (TreeEdge.copy): no choice among the class's K VCs. */
  exact: boolean[];
  /** Child entries, in edge order. */
  children: number[][];
  /** Index in the worm's dests delivered at this entry, or -1. */
  dest: number[];
}

/** The checked tree of tree worm `w` (`label` names it in errors). */
export function wormTree(r: RoutingFunction, vcsPerClass: number, w: WormSpec, label: number): WormTree {
  const t = r.topology;
  const i = label;
  const edges = w.tree ?? [];
  const tr: WormTree = {
    node: [w.src],
    parent: [-1],
    port: [-1],
    vc: [-1],
    exact: [false],
    children: [[]],
    dest: [-1],
  };
  edges.forEach((edge, k) => {
    if (edge.parent < -1 || edge.parent >= k)
      throw new WormcastError(
        `worm ${i}: tree edge ${k} has parent ${edge.parent}; must be -1..${k - 1} (parents first)`,
      );
    const from = tr.node[edge.parent + 1]!;
    const to = t.neighbor(from, edge.port);
    if (to < 0)
      throw new WormcastError(`worm ${i}: tree edge ${k}: port ${edge.port} of ${t.format(from)} leads nowhere`);
    if (edge.vc < 0 || edge.vc >= r.vcClasses.length)
      throw new WormcastError(`worm ${i}: tree edge ${k}: VC class ${edge.vc} must be 0..${r.vcClasses.length - 1}`);
    const copy = edge.copy ?? 0;
    if (!Number.isInteger(copy) || copy < 0 || copy >= vcsPerClass)
      throw new WormcastError(`worm ${i}: tree edge ${k}: copy ${copy} must be 0..${vcsPerClass - 1}`);
    tr.node.push(to);
    tr.parent.push(edge.parent + 1);
    tr.port.push(edge.port);
    tr.vc.push(edge.vc * vcsPerClass + copy);
    tr.exact.push(edge.copy !== undefined);
    tr.children.push([]);
    tr.dest.push(-1);
    tr.children[edge.parent + 1]!.push(k + 1);
  });
  w.dests.forEach((d, k) => {
    const at = tr.node.indexOf(d);
    if (at < 0) throw new WormcastError(`worm ${i}: destination ${t.format(d)} is not a node of its tree`);
    tr.dest[at] = k;
  });
  return tr;
}

/** A unicast or path worm must be routable: the routing function must reach each destination in turn. */
export function checkRoutable(r: RoutingFunction, w: WormSpec, label: number): void {
  let at = w.src;
  for (const d of w.dests) {
    if (at !== d && r.route(at, d, -1) === DELIVER)
      throw new WormcastError(
        `worm ${label}: ${r.name} cannot route ${r.topology.format(at)} -> ${r.topology.format(d)}`,
      );
    at = d;
  }
}

/**
 * Write worm `w` into record `place.rec` of the region viewed by `i32` (its destinations from
 * record `place.dest`, its tree from entry `place.entry`), in its initial state; `label` names it
 * in errors. Trigger links (W_FIRSTTRIG, W_NEXTTRIG) are the caller's.
 */
export function writeWorm(
  i32: Int32Array,
  lay: L.Layout,
  r: RoutingFunction,
  vcsPerClass: number,
  w: WormSpec,
  place: WormPlace,
  label: number,
  routeSeed: number,
): void {
  const { dest, entry: root } = place;
  const W0 = lay.worm >> 2;
  const D0 = lay.dest >> 2;
  const T0 = lay.tree >> 2;
  const wb = W0 + place.rec * L.WORM_STRIDE;
  i32[wb + L.W_KIND] = w.kind === 'unicast' ? L.KIND_UNICAST : w.kind === 'path' ? L.KIND_PATH : L.KIND_TREE;
  i32[wb + L.W_SRC] = w.src;
  i32[wb + L.W_FLITS] = w.flits;
  i32[wb + L.W_CREATED] = w.after === undefined ? (w.created ?? 0) : -1;
  i32[wb + L.W_DEST] = dest;
  i32[wb + L.W_NDEST] = w.dests.length;
  i32[wb + L.W_TREE] = -1;
  i32[wb + L.W_FIRSTTRIG] = -1;
  i32[wb + L.W_NEXTTRIG] = -1;
  i32[wb + L.W_STATE] = L.WS_WAITING;
  i32[wb + L.W_TOSEND] = w.flits;
  i32[wb + L.W_START] = -1;
  i32[wb + L.W_INJECT] = -1;
  i32[wb + L.W_SLOTS] = -1;
  i32[wb + L.W_INJVC] = -1;
  i32[wb + L.W_NEXTQ] = -1;
  i32[wb + L.W_GROUP] = place.group;
  i32[wb + L.W_ACT] = -1;
  i32[wb + L.W_DONE] = -1;
  i32[wb + L.W_INJQ] = -1;
  i32[wb + L.W_LIVE] = 0;
  i32[wb + L.W_WAIT] = 0;
  i32[wb + L.W_DELIVERED] = 0;
  i32[wb + L.W_KEY] = wormKey(routeSeed, label, keysOf(r));
  for (let k = 0; k < w.dests.length; k++) {
    const db = D0 + (dest + k) * L.DEST_STRIDE;
    i32[db + L.D_NODE] = w.dests[k]!;
    i32[db + L.D_HEAD] = -1;
    i32[db + L.D_TAIL] = -1;
    i32[db + L.D_WORM] = place.rec;
  }
  if (w.kind === 'tree' && w.tree) {
    const tr = wormTree(r, vcsPerClass, w, label);
    i32[wb + L.W_TREE] = root;
    for (let k = 0; k < tr.node.length; k++) {
      const b = T0 + (root + k) * L.TREE_STRIDE;
      const ch = tr.children[k]!;
      i32[b + L.T_NODE] = tr.node[k]!;
      i32[b + L.T_PARENT] = k === 0 ? -1 : root + tr.parent[k]!;
      i32[b + L.T_PORT] = tr.port[k]!;
      i32[b + L.T_VC] = tr.vc[k]!;
      i32[b + L.T_EXACT] = tr.exact[k]! ? 1 : 0;
      i32[b + L.T_DEST] = tr.dest[k]! < 0 ? -1 : dest + tr.dest[k]!;
      // children in edge order: the first child, then each child's next sibling
      i32[b + L.T_CHILD] = ch.length > 0 ? root + ch[0]! : -1;
      const p = tr.parent[k]!;
      const sibs = p < 0 ? [] : tr.children[p]!;
      const next = sibs.indexOf(k) + 1;
      i32[b + L.T_SIB] = p >= 0 && next < sibs.length ? root + sibs[next]! : -1;
    }
  } else if (w.kind !== 'tree') {
    checkRoutable(r, w, label);
  }
}
