import { WormcastError } from '../errors.ts';
import type { WormScheme } from '../multicast/path-based/worm-scheme.ts';
import type { RoutingFunction } from '../routing/types.ts';

/** The channel dependency graph over virtual channels `(node * ports + port) * V + class`. */
export interface DependencyGraph {
  readonly routing: RoutingFunction;
  /** V: VC classes per physical channel. */
  readonly vcs: number;
  /** Head node of each physical channel (-1: the port leads nowhere). */
  readonly headOf: Int32Array;
  /**
   * Successors of VC c: bit (port * V + class) set means c -> (headOf[c / V] * ports + port) * V + class.
   */
  readonly succ: Uint32Array;
  /** 1 for every VC some route or worm uses. */
  readonly used: Uint8Array;
  /**
   * Schemes with junctions (multidestination worms): 1 for every VC on which a worm reaches one of
   * its destinations (its head node is that destination). Empty for unicast routing functions.
   */
  readonly arrived: Uint8Array;
  /**
   * Per arrived VC c: the first hops (successor bits, as in `succ`) a worm that reached its
   * destination on c may take next. The consumption-channel model (src/analysis/consumption.ts)
   * needs them apart from the other successors of c.
   */
  readonly junctionOut: Uint32Array;
}

/** Largest `legs` table (see Walk) a build allocates by default: 64 MiB. */
export const LEG_TABLE_BYTES = 1 << 26;

/** Tuning of buildDependencyGraph; the graph is the same whatever they are. */
export interface BuildOptions {
  /** Largest `legs` table to allocate (default LEG_TABLE_BYTES); 0 turns it off. */
  readonly legTableBytes?: number;
}

/**
 * The working state of one build. Every array is allocated once and reused for each destination.
 * The tables the walk reads at random are kept small, since they decide its speed on 10^5 VCs:
 * the VCs queued for the current destination are a bit set (cleared after each destination and
 * OR-ed into `usedBits`), and a VC's head node and class come from one table.
 *
 * ```
 * array        index                    meaning
 * info         VC c                     head node * 32 + class of c (-1: the port leads nowhere)
 * seen         bit c                    c is queued for the current destination
 * usedBits     bit c                    c is on some route or worm (any destination)
 * queue        0 .. tail                VCs to expand for the current destination
 * memoStamp    w * (V + 1) + k + 1      epoch of memoWord (k = INJECT is slot 0)
 * memoWord     w * (V + 1) + k + 1      route(w, b, k) as a successor bit, for the current b
 * arrived      VC c                     1: some leg ends on c (its head is that leg's destination)
 * classesAt    node a                   bit k: some leg ends at a on class k
 * firstOut     a * V + k                junction rule: first-hop bits of legs leaving a on class k
 * legs         (slot(k) * n + b) * n + a  1 + route(a, b, k) as a successor bit, 0: not walked yet
 * ```
 *
 * `legs` remembers, across the passes, the states of the classes a junction pass may start legs
 * on (those not among the start classes): an entry is set when the state (a, k, b) is expanded,
 * and then everything after it is in the graph already, so a later pass that starts a leg there
 * only needs its first hop. It takes n^2 bytes per such class and is kept only up to
 * LEG_TABLE_BYTES (64 MiB: a 64 x 64 torus or a 7-star with hcm's two q classes); without it
 * the later passes walk their legs again (the same graph, more route calls).
 */
interface Walk {
  readonly scheme: WormScheme;
  readonly r: RoutingFunction;
  readonly n: number;
  readonly P: number;
  readonly V: number;
  readonly headOf: Int32Array;
  readonly info: Int32Array;
  readonly succ: Uint32Array;
  readonly seen: Uint32Array;
  readonly usedBits: Uint32Array;
  readonly queue: Int32Array;
  readonly memoStamp: Int32Array;
  readonly memoWord: Int32Array;
  readonly arrived: Uint8Array;
  readonly classesAt: Uint32Array;
  readonly firstOut: Uint32Array;
  /** Junction first hops per arrived VC (DependencyGraph.junctionOut). */
  readonly junctionOut: Uint32Array;
  /** See above; empty when over LEG_TABLE_BYTES. */
  readonly legs: Uint8Array;
  /** Slot of each class in `legs`, -1 for none. */
  readonly legSlot: Int32Array;
  /** Counts destinations walked (pass by pass): the memo's notion of "the current destination". */
  epoch: number;
}

/** The error for route word `word` at node a toward b, which is not a usable (port, class). */
function badWord(w: Walk, a: number, b: number, word: number): never {
  const t = w.r.topology;
  const where = `deadlock ${w.scheme.name} on ${t.spec}`;
  if (word === -1)
    throw new WormcastError(`${where}: ${w.r.name} delivers at ${t.format(a)} on the way to ${t.format(b)}`);
  const port = word & 0xff;
  if (port >= w.P || w.headOf[a * w.P + port]! < 0) {
    throw new WormcastError(
      `${where}: ${w.r.name} leaves ${t.format(a)} through port ${port}, which leads nowhere (to ${t.format(b)})`,
    );
  }
  throw new WormcastError(`${where}: ${w.r.name} uses undeclared VC class ${word >> 8} at ${t.format(a)}`);
}

/** route(a, b, k) as a successor bit (port * V + class) of node a, checked. */
function routeBit(w: Walk, a: number, b: number, k: number): number {
  const word = w.r.route(a, b, k);
  const port = word & 0xff;
  const vc = word >> 8;
  if (port >= w.P || vc < 0 || vc >= w.V || w.headOf[a * w.P + port]! < 0) badWord(w, a, b, word);
  return port * w.V + vc;
}

/** routeBit through the memo of the current destination (schemes: a state is often met twice). */
function memoBit(w: Walk, a: number, b: number, k: number): number {
  const m = a * (w.V + 1) + k + 1;
  if (w.memoStamp[m] === w.epoch) return w.memoWord[m]!;
  const bit = routeBit(w, a, b, k);
  w.memoStamp[m] = w.epoch;
  w.memoWord[m] = bit;
  const slot = k >= 0 && w.legs.length > 0 ? w.legSlot[k]! : -1;
  if (slot >= 0) w.legs[(slot * w.n + b) * w.n + a] = bit + 1;
  return bit;
}

/** Queue VC o for the current destination unless it is queued already; returns the new tail. */
function enqueue(w: Walk, o: number, tail: number): number {
  const word = o >>> 5;
  const mask = 1 << (o & 31);
  if ((w.seen[word]! & mask) !== 0) return tail;
  w.seen[word]! |= mask;
  w.queue[tail] = o;
  return tail + 1;
}

/**
 * The walk toward destination b of a scheme without junctions (a unicast routing function): queue
 * the first hop from every source on every start class, then expand the queued states (VC, b)
 * breadth-first: a VC c whose head is not b depends on the route's next hop from its head on
 * c's class. Every state is expanded once however many routes share it, and the states are
 * forgotten at the end. This loop makes almost every route call of a build, so it keeps the
 * tables in locals and routes inline (routeBit and enqueue spelled out).
 */
function walkRoutes(w: Walk, b: number, starts: Int32Array): void {
  const { r, n, info, headOf, succ, seen, queue, P, V } = w;
  const first = w.scheme.first;
  const PV = P * V;
  let tail = 0;
  if (starts.length === 1 && !first) {
    // one start class and no first rule (every unicast routing function); the enqueue is written
    // out in both loops on purpose: a shared closure made hc on the 10-CCC 25 % slower
    const k = starts[0]!;
    for (let a = 0; a < n; a++) {
      if (a === b) continue;
      const word = r.route(a, b, k);
      const port = word & 0xff;
      const vc = word >> 8;
      if (port >= P || vc < 0 || vc >= V || headOf[a * P + port]! < 0) badWord(w, a, b, word);
      const o = a * PV + port * V + vc;
      const mask = 1 << (o & 31);
      if ((seen[o >>> 5]! & mask) === 0) {
        seen[o >>> 5]! |= mask;
        queue[tail++] = o;
      }
    }
  } else {
    for (let a = 0; a < n; a++) {
      if (a === b) continue;
      for (let i = 0; i < starts.length; i++) {
        const k = starts[i]!;
        if (first && !first(a, b, k)) continue;
        const word = r.route(a, b, k);
        const port = word & 0xff;
        const vc = word >> 8;
        if (port >= P || vc < 0 || vc >= V || headOf[a * P + port]! < 0) badWord(w, a, b, word);
        const o = a * PV + port * V + vc;
        const mask = 1 << (o & 31);
        if ((seen[o >>> 5]! & mask) === 0) {
          seen[o >>> 5]! |= mask;
          queue[tail++] = o;
        }
      }
    }
  }
  for (let head = 0; head < tail; head++) {
    const c = queue[head]!;
    const x = info[c]!;
    const node = x >> 5;
    if (node === b) continue;
    const word = r.route(node, b, x & 31);
    const port = word & 0xff;
    const vc = word >> 8;
    if (port >= P || vc < 0 || vc >= V || headOf[node * P + port]! < 0) badWord(w, node, b, word);
    const bit = port * V + vc;
    succ[c]! |= 1 << bit;
    const o = node * PV + bit;
    const mask = 1 << (o & 31);
    if ((seen[o >>> 5]! & mask) === 0) {
      seen[o >>> 5]! |= mask;
      queue[tail++] = o;
    }
  }
  forget(w);
}

/**
 * walkRoutes for a routing function that draws per packet (RoutingFunction.keys > 1) or reads the
 * input port (RoutingFunction.inPort: the port of the VC expanded, exact): every state (VC, b) gets
 * the successors of every key. The union over-approximates the routes (a route keeps one key, the
 * union may combine the choices of several), so an acyclic graph still proves freedom from
 * deadlock; for dor with tieBreak 'random' it is exact, since a route meets each dimension's tie
 * at most once and reads a different key bit at each.
 */
function walkKeyedRoutes(w: Walk, b: number, starts: Int32Array, keys: number): void {
  const { n, info, succ, P, V } = w;
  const PV = P * V;
  let tail = 0;
  const first = w.scheme.first;
  const step = (a: number, k: number, from: number): void => {
    const inPort = from >= 0 ? ((from / V) | 0) % P : -1;
    for (let key = 0; key < keys; key++) {
      const word = w.r.route(a, b, k, key, inPort);
      const port = word & 0xff;
      const vc = word >> 8;
      if (port >= P || vc < 0 || vc >= V || w.headOf[a * P + port]! < 0) badWord(w, a, b, word);
      if (from >= 0) succ[from]! |= 1 << (port * V + vc);
      tail = enqueue(w, a * PV + port * V + vc, tail);
    }
  };
  for (let a = 0; a < n; a++) {
    if (a === b) continue;
    for (let i = 0; i < starts.length; i++) {
      const k = starts[i]!;
      if (first && !first(a, b, k)) continue;
      step(a, k, -1);
    }
  }
  for (let head = 0; head < tail; head++) {
    const c = w.queue[head]!;
    const x = info[c]!;
    const node = x >> 5;
    if (node !== b) step(node, x & 31, c);
  }
  forget(w);
}

/** End of a destination: the queued VCs are used; clear the queued set. */
function forget(w: Walk): void {
  const { seen, usedBits } = w;
  for (let i = 0; i < seen.length; i++) {
    usedBits[i]! |= seen[i]!;
    seen[i] = 0;
  }
}

/**
 * Expand the queued states (VC, b) of a scheme with junctions, as walkRoutes does, then forget
 * them. A VC whose head is b ends a leg (recorded in `arrived` and `classesAt`); a state met
 * again for the same destination (a junction start, or a VC entering a node on a class some
 * other VC entered it on) is routed once (the memo), and states of the classes in `legs` are
 * remembered for the later passes.
 */
function expand(w: Walk, b: number, tail: number): void {
  const { r, n, info, headOf, succ, seen, queue, memoStamp, memoWord, legs, legSlot, P, V, epoch } = w;
  const PV = P * V;
  const V1 = V + 1;
  const remember = legs.length > 0;
  for (let head = 0; head < tail; head++) {
    const c = queue[head]!;
    const x = info[c]!;
    const node = x >> 5;
    const k = x & 31;
    if (node === b) {
      w.arrived[c] = 1;
      w.classesAt[node]! |= 1 << k;
      continue;
    }
    let bit: number;
    const m = node * V1 + k + 1;
    if (memoStamp[m] === epoch) {
      bit = memoWord[m]!;
    } else {
      const word = r.route(node, b, k);
      const port = word & 0xff;
      const vc = word >> 8;
      if (port >= P || vc < 0 || vc >= V || headOf[node * P + port]! < 0) badWord(w, node, b, word);
      bit = port * V + vc;
      memoStamp[m] = epoch;
      memoWord[m] = bit;
      if (remember && legSlot[k]! >= 0) legs[(legSlot[k]! * n + b) * n + node] = bit + 1;
    }
    succ[c]! |= 1 << bit;
    const o = node * PV + bit;
    const mask = 1 << (o & 31);
    if ((seen[o >>> 5]! & mask) === 0) {
      seen[o >>> 5]! |= mask;
      queue[tail++] = o;
    }
  }
  forget(w);
}

/**
 * Build the channel dependency graph of a scheme over all source/destination pairs
 * (docs/deadlock.md). For each destination b the states (incoming VC, b) that some worm reaches
 * are expanded once. Junction starts are added class by class until no new class arrives; a
 * class that worms also start with at their sources is not walked again, its first hops are
 * taken from the sources' pass (docs/deadlock.md "Scale").
 */
export function buildDependencyGraph(scheme: WormScheme, options: BuildOptions = {}): DependencyGraph {
  const r = scheme.routing;
  const t = r.topology;
  const n = t.nodes;
  const P = t.ports;
  const V = r.vcClasses.length;
  if (P * V > 32) {
    throw new WormcastError(
      `deadlock ${scheme.name} on ${t.spec}: ${P} ports x ${V} VC classes is over the checker's 32 (port, class) pairs per node`,
    );
  }
  const PV = P * V;
  const NV = n * PV;
  const headOf = new Int32Array(n * P);
  for (let ch = 0; ch < n * P; ch++) headOf[ch] = t.neighbor((ch / P) | 0, ch % P);
  const info = new Int32Array(NV);
  for (let c = 0; c < NV; c++) {
    const head = headOf[(c / V) | 0]!;
    info[c] = head < 0 ? -1 : head * 32 + (c % V);
  }
  const junctions = scheme.next !== undefined;
  const words = (NV + 31) >>> 5;
  const starts = Int32Array.from(scheme.startClasses);
  const { first, next } = scheme;
  // Classes whose junction legs are source legs of the first pass (a source starts on class k
  // toward every b the junction rule allows): their legs are walked once, in the first pass.
  let alike = 0;
  if (next && (!first || first === next)) for (const k of starts) if (k >= 0) alike |= 1 << k;
  // The other classes get a slot in `legs`, if it fits.
  const legSlot = new Int32Array(V).fill(-1);
  let slots = 0;
  if (next) for (let k = 0; k < V; k++) if ((alike & (1 << k)) === 0) legSlot[k] = slots++;
  const remember = slots > 0 && slots * n * n <= (options.legTableBytes ?? LEG_TABLE_BYTES);
  if (!remember) legSlot.fill(-1);
  const w: Walk = {
    scheme,
    r,
    n,
    P,
    V,
    headOf,
    info,
    succ: new Uint32Array(NV),
    seen: new Uint32Array(words),
    usedBits: new Uint32Array(words),
    queue: new Int32Array(NV),
    memoStamp: new Int32Array(junctions ? n * (V + 1) : 0),
    memoWord: new Int32Array(junctions ? n * (V + 1) : 0),
    arrived: new Uint8Array(junctions ? NV : 0),
    classesAt: new Uint32Array(junctions ? n : 0),
    firstOut: new Uint32Array(junctions ? n * V : 0),
    junctionOut: new Uint32Array(junctions ? NV : 0),
    legs: new Uint8Array(remember ? slots * n * n : 0),
    legSlot,
    epoch: 0,
  };

  const keys = r.keys ?? 1;
  if ((keys > 1 || r.inPort) && junctions) {
    throw new WormcastError(
      `deadlock ${scheme.name} on ${t.spec}: ${r.name} ${keys > 1 ? `draws a route per packet (${keys} keys)` : 'reads the input port'}; the checker takes such routing functions as unicast schemes only`,
    );
  }
  // First pass: legs from every source on its start classes.
  for (let b = 0; b < n; b++) {
    w.epoch++;
    if (junctions) expand(w, b, sourceStarts(w, b, starts, alike));
    else if (keys > 1 || r.inPort) walkKeyedRoutes(w, b, starts, keys);
    else walkRoutes(w, b, starts);
  }
  if (next) junctionPasses(w, alike);
  const used = new Uint8Array(NV);
  for (let c = 0; c < NV; c++) used[c] = (w.usedBits[c >>> 5]! >>> (c & 31)) & 1;
  return { routing: r, vcs: V, headOf, succ: w.succ, used, arrived: w.arrived, junctionOut: w.junctionOut };
}

/**
 * Queue the first hops of the legs from every source toward b on the start classes of a scheme
 * with junctions, recording the junction first hops of the classes in `alike`; returns the
 * queue length.
 */
function sourceStarts(w: Walk, b: number, starts: Int32Array, alike: number): number {
  const { n, V, firstOut } = w;
  const { first, next } = w.scheme;
  const PV = w.P * V;
  let tail = 0;
  for (let a = 0; a < n; a++) {
    if (a === b) continue;
    for (let i = 0; i < starts.length; i++) {
      const k = starts[i]!;
      if (first && !first(a, b, k)) continue;
      const bit = memoBit(w, a, b, k);
      if (k >= 0 && (alike & (1 << k)) !== 0 && (first || next!(a, b, k))) firstOut[a * V + k]! |= 1 << bit;
      tail = enqueue(w, a * PV + bit, tail);
    }
  }
  return tail;
}

/**
 * Junction passes: legs from destinations on the classes worms arrive with (other than the
 * start classes in `alike`), until no new class arrives; then the junction edges.
 */
function junctionPasses(w: Walk, alike: number): void {
  const { n, V } = w;
  const PV = w.P * V;
  const next = w.scheme.next!;
  const startedAt = new Uint32Array(n).fill(alike);
  const fresh = new Uint32Array(n);
  for (;;) {
    let any = false;
    for (let a = 0; a < n; a++) {
      fresh[a] = w.classesAt[a]! & ~startedAt[a]!;
      if (fresh[a] !== 0) any = true;
      startedAt[a]! |= fresh[a]!;
    }
    if (!any) break;
    for (let b = 0; b < n; b++) {
      w.epoch++;
      let tail = 0;
      for (let a = 0; a < n; a++) {
        let m = a === b ? 0 : fresh[a]!;
        while (m !== 0) {
          const k = 31 - Math.clz32(m);
          m &= ~(1 << k);
          if (!next(a, b, k)) continue;
          const known = w.legSlot[k]! >= 0 ? w.legs[(w.legSlot[k]! * n + b) * n + a]! : 0;
          const bit = known > 0 ? known - 1 : memoBit(w, a, b, k);
          w.firstOut[a * V + k]! |= 1 << bit;
          // a leg from a state walked in an earlier pass adds nothing after its first hop
          if (known === 0) tail = enqueue(w, a * PV + bit, tail);
        }
      }
      expand(w, b, tail);
    }
  }
  junctionEdges(w);
}

/**
 * The junction edges: a VC c on which a leg ends at node a depends on the first hop of every leg
 * that may leave a next. With the rule `next(a, b, k)` that is firstOut[a, k]; with the finer
 * `nextFrom(a, b, k, from)` it depends on c's tail node, so the first hops from (a, k) are routed
 * once per b (on demand) and shared by the VCs arriving at a on class k.
 */
function junctionEdges(w: Walk): void {
  const { n, P, V, arrived, succ, info } = w;
  const PV = P * V;
  const NV = n * PV;
  const nextFrom = w.scheme.nextFrom;
  if (!nextFrom) {
    for (let c = 0; c < NV; c++) {
      if (arrived[c] !== 1) continue;
      const bits = w.firstOut[(info[c]! >> 5) * V + (info[c]! & 31)]!;
      succ[c]! |= bits;
      w.junctionOut[c] = bits;
    }
    return;
  }
  // The arrived VCs grouped by (head node, class): counting sort.
  const start = new Int32Array(n * V + 1);
  for (let c = 0; c < NV; c++) if (arrived[c] === 1) start[(info[c]! >> 5) * V + (info[c]! & 31) + 1]!++;
  for (let i = 0; i < n * V; i++) start[i + 1]! += start[i]!;
  const fill = start.slice(0, n * V);
  const byHead = new Int32Array(start[n * V]!);
  for (let c = 0; c < NV; c++) if (arrived[c] === 1) byHead[fill[(info[c]! >> 5) * V + (info[c]! & 31)]!++] = c;
  const bitTo = new Int32Array(n);
  for (let a = 0; a < n; a++) {
    for (let k = 0; k < V; k++) {
      const from = start[a * V + k]!;
      const to = start[a * V + k + 1]!;
      if (from === to) continue;
      bitTo.fill(-1);
      for (let i = from; i < to; i++) {
        const c = byHead[i]!;
        const tailNode = (c / PV) | 0;
        let bits = 0;
        for (let b = 0; b < n; b++) {
          if (b === a || !nextFrom(a, b, k, tailNode)) continue;
          if (bitTo[b]! < 0) {
            const known = w.legSlot[k]! >= 0 ? w.legs[(w.legSlot[k]! * n + b) * n + a]! : 0;
            bitTo[b] = known > 0 ? known - 1 : routeBit(w, a, b, k);
          }
          bits |= 1 << bitTo[b]!;
        }
        succ[c]! |= bits;
        w.junctionOut[c] = bits;
      }
    }
  }
}
