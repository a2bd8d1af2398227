import { WormcastError } from '../../errors.ts';
import { DELIVER, portOf, vcOf, type RoutingFunction } from '../../routing/types.ts';
import { NONE, PlanBuilder, type Plan } from '../plan.ts';

/**
 * The routes of a plan's worms as they are built: virtual channel ids
 * (node * ports + port) * V + class in hop order, worm after worm.
 */
export class RouteBuffer {
  channels: Int32Array;
  length = 0;

  constructor(capacity = 64) {
    this.channels = new Int32Array(Math.max(16, capacity));
  }

  push(vc: number): void {
    if (this.length === this.channels.length) {
      const grown = new Int32Array(this.channels.length * 2);
      grown.set(this.channels);
      this.channels = grown;
    }
    this.channels[this.length++] = vc;
  }
}

/** The port of `from` that leads to `to`; throws when they are not adjacent. */
export function portTo(r: RoutingFunction, from: number, to: number): number {
  const t = r.topology;
  for (let p = 0; p < t.ports; p++) if (t.neighbor(from, p) === to) return p;
  throw new Error(`${t.spec}: ${t.format(from)} and ${t.format(to)} are not adjacent`);
}

/** Append the hop from `from` to its neighbour `to` on VC class `vc`. */
export function pushHop(r: RoutingFunction, buf: RouteBuffer, from: number, to: number, vc: number): void {
  buf.push((from * r.topology.ports + portTo(r, from, to)) * r.vcClasses.length + vc);
}

/**
 * Follow routing function r from `from` to `to`, starting with input class vcIn (INJECT at a
 * source, or the class the worm arrived on at a destination), appending every hop's VC to buf.
 * Returns the class of the last hop (vcIn when from = to). Throws when the route leaves the
 * network or exceeds 4N + 64 hops.
 */
export function routeLeg(r: RoutingFunction, from: number, to: number, vcIn: number, buf: RouteBuffer): number {
  const t = r.topology;
  const P = t.ports;
  const V = r.vcClasses.length;
  const limit = 4 * t.nodes + 64;
  let node = from;
  let vc = vcIn;
  for (let hops = 0; ; hops++) {
    const word = r.route(node, to, vc);
    if (word === DELIVER) {
      if (node !== to) throw new Error(`${r.name}: delivered at ${t.format(node)}, not at ${t.format(to)}`);
      return vc;
    }
    if (hops >= limit)
      throw new WormcastError(
        `${r.name} on ${t.spec}: route ${t.format(from)} -> ${t.format(to)} exceeds ${limit} hops`,
      );
    const port = portOf(word);
    const next = t.neighbor(node, port);
    if (next < 0) throw new Error(`${r.name}: port ${port} of ${t.format(node)} leads nowhere`);
    vc = vcOf(word);
    buf.push((node * P + port) * V + vc);
    node = next;
  }
}

/** One worm of a path plan: its channel network, destinations in order, and route in buf. */
export interface WormPart {
  readonly network: string;
  readonly dests: ArrayLike<number>;
  /** Its hops are buf.channels[start .. end). */
  readonly start: number;
  readonly end: number;
}

/**
 * Route a worm by r through its destinations in order (intermediate reception: the worm keeps its
 * class from one destination to the next), starting at `from` with input class `vcIn`.
 */
export function routeWorm(
  r: RoutingFunction,
  network: string,
  from: number,
  dests: ArrayLike<number>,
  vcIn: number,
  buf: RouteBuffer,
): WormPart {
  const start = buf.length;
  let at = from;
  let vc = vcIn;
  for (let i = 0; i < dests.length; i++) {
    const d = dests[i]!;
    vc = routeLeg(r, at, d, vc, buf);
    at = d;
  }
  return { network, dests, start, end: buf.length };
}

/**
 * The Plan of a set of worms, all sent by the source at once (after = NONE), in the given order;
 * worms without destinations are left out. Each message is kind 'path' with its destinations as
 * both `dests` and the header's address field, and its route stored in plan.routes (unless not
 * `explicit`: the engines then route it hop by hop, an adaptive function choosing each hop).
 */
export function assemblePathPlan(
  r: RoutingFunction,
  algorithm: string,
  source: number,
  destinations: Int32Array,
  worms: readonly WormPart[],
  buf: RouteBuffer,
  explicit = true,
): Plan {
  const kept = worms.filter((w) => w.dests.length > 0);
  const builder = new PlanBuilder(kept.length);
  const offsets = new Int32Array(kept.length + 1);
  const channels = new Int32Array(kept.reduce((s, w) => s + w.end - w.start, 0));
  let len = 0;
  kept.forEach((w, i) => {
    const dests = Array.from(w.dests);
    builder.add({ from: source, dests, after: NONE, order: i, kind: 'path', network: w.network, address: dests });
    channels.set(buf.channels.subarray(w.start, w.end), len);
    len += w.end - w.start;
    offsets[i + 1] = len;
  });
  return builder.build(r.topology, r, algorithm, source, destinations, explicit ? { offsets, channels } : undefined);
}

/** Sort the nodes of `set` by key(node), ascending (descending when `down`). */
export function sortByKey(set: ArrayLike<number>, key: Int32Array, down = false): Int32Array {
  const out = Int32Array.from(set as ArrayLike<number>);
  out.sort((a, b) => (down ? key[b]! - key[a]! : key[a]! - key[b]!));
  return out;
}
