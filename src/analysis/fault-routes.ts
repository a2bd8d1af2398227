import { healthyComponents, reachable, unreachablePairs } from '../fault/components.ts';
import type { FaultSet } from '../fault/fault-set.ts';
import { DELIVER, INJECT, portOf, vcOf, type RoutingFunction } from '../routing/types.ts';

/**
 * The largest network whose routable pairs are counted: the count walks every (source,
 * destination) pair once per routing key, memoised per destination, so it grows as nodes^2.
 */
export const ROUTABLE_MAX_NODES = 4096;

/** What a fault set leaves of a routing function (docs/faults.md "Reachability"). */
export interface FaultRoutes {
  /** Ordered pairs, source != destination: nodes * (nodes - 1). */
  readonly pairs: number;
  /** Pairs no route can join: an end is faulty, or the two are in different components. */
  readonly unreachable: number;
  /** Healthy components. */
  readonly components: number;
  /** Reachable pairs whose route under this function crosses a dead channel (or loops): it cannot deliver them. */
  readonly unroutable: number;
}

const masks = new WeakMap<FaultSet, WeakMap<FaultSet, Uint8Array>>();

/**
 * The channels dead to routing function r under fault set f: those f kills, and those r's own fault
 * set kills when it is not f (fault-ring completes f to rectangular blocks and switches off the
 * healthy nodes inside them: src/fault/blocks.ts). A route over either is not delivered.
 */
export function deadChannels(r: RoutingFunction, f: FaultSet): Uint8Array {
  const own = r.faults;
  if (!own || own === f) return f.channelMask;
  let byOwn = masks.get(f);
  if (!byOwn) masks.set(f, (byOwn = new WeakMap()));
  let mask = byOwn.get(own);
  if (!mask) {
    mask = f.channelMask.map((x, i) => x | own.channelMask[i]!);
    byOwn.set(own, mask);
  }
  return mask;
}

const OK = 1;
const FAIL = 2;
const OPEN = 3;

/**
 * For the walk to destination d under routing key `key`: follow the function from src, memoising
 * every (node, input VC, input port) state it passes, so each state is decided once per
 * destination. A state whose route word names a dead channel fails, and so does every state that
 * leads to it; a state met again on the same walk is a loop and fails too.
 */
function walk(
  r: RoutingFunction,
  dead: Uint8Array,
  memo: Uint8Array,
  src: number,
  d: number,
  key: number,
  stride: number,
  portSlots: number,
): boolean {
  const t = r.topology;
  const stack: number[] = [];
  let node = src;
  let vc = INJECT;
  let inPort = -1;
  let verdict = OK;
  for (;;) {
    const state = (node * stride + (vc + 1)) * portSlots + (portSlots > 1 ? inPort + 1 : 0);
    const known = memo[state]!;
    if (known === OK || known === FAIL) {
      verdict = known;
      break;
    }
    if (known === OPEN) {
      verdict = FAIL;
      break;
    }
    memo[state] = OPEN;
    stack.push(state);
    const word = r.route(node, d, vc, key, inPort);
    if (word === DELIVER) {
      verdict = node === d ? OK : FAIL;
      break;
    }
    const port = portOf(word);
    const next = t.neighbor(node, port);
    if (next < 0) throw new Error(`${r.name}: port ${port} of ${t.format(node)} leads nowhere`);
    if (dead[node * t.ports + port] === 1) {
      verdict = FAIL;
      break;
    }
    node = next;
    vc = vcOf(word);
    inPort = port;
  }
  for (const s of stack) memo[s] = verdict;
  return verdict === OK;
}

/**
 * Which (source, destination) pairs routing function r can still deliver under fault set f, as a
 * matrix (src * nodes + dst; 1 = routable): the reachable pairs whose every hop, under every
 * routing key, is a healthy channel. Null above ROUTABLE_MAX_NODES nodes.
 */
export function routablePairs(r: RoutingFunction, f: FaultSet): Uint8Array | null {
  const t = r.topology;
  if (t.nodes > ROUTABLE_MAX_NODES) return null;
  const c = healthyComponents(t, f);
  const stride = r.vcClasses.length + 1;
  const portSlots = r.inPort ? t.ports + 1 : 1;
  const memo = new Uint8Array(t.nodes * stride * portSlots);
  const keys = Math.max(1, r.keys ?? 1);
  const out = new Uint8Array(t.nodes * t.nodes);
  const dead = deadChannels(r, f);
  for (let d = 0; d < t.nodes; d++) {
    if (f.nodeMask[d] === 1) continue;
    for (let s = 0; s < t.nodes; s++) if (s !== d && reachable(c, s, d)) out[s * t.nodes + d] = 1;
    // a pair is routable when the route of every key is: a worm's key is its own draw
    for (let k = 0; k < keys; k++) {
      memo.fill(0);
      for (let s = 0; s < t.nodes; s++)
        if (out[s * t.nodes + d] === 1 && !walk(r, dead, memo, s, d, k, stride, portSlots)) out[s * t.nodes + d] = 0;
    }
  }
  return out;
}

/** The counts of what fault set f leaves of routing function r; null above ROUTABLE_MAX_NODES nodes. */
export function faultRoutes(r: RoutingFunction, f: FaultSet): FaultRoutes | null {
  const t = r.topology;
  const ok = routablePairs(r, f);
  if (!ok) return null;
  const c = healthyComponents(t, f);
  const unreachable = unreachablePairs(t, c);
  let routable = 0;
  for (const x of ok) routable += x;
  const pairs = t.nodes * (t.nodes - 1);
  return { pairs, unreachable, components: c.sizes.length, unroutable: pairs - unreachable - routable };
}

/** True when the route from src to dst under r (key 0) crosses only healthy channels. */
export function routeHealthy(r: RoutingFunction, f: FaultSet, src: number, dst: number): boolean {
  const stride = r.vcClasses.length + 1;
  const portSlots = r.inPort ? r.topology.ports + 1 : 1;
  const memo = new Uint8Array(r.topology.nodes * stride * portSlots);
  return (
    f.nodeMask[src] === 0 && f.nodeMask[dst] === 0 && walk(r, deadChannels(r, f), memo, src, dst, 0, stride, portSlots)
  );
}
