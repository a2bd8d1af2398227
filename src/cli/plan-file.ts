import { z } from 'zod';
import { planWorms } from '../engine/plan-worms.ts';
import type { WormSpec } from '../engine/types.ts';
import { WormcastError } from '../errors.ts';
import { readInputText } from '../experiment/config/input-file.ts';
import { jsonTooDeep, MAX_NESTING } from '../experiment/config/nesting.ts';
import { planWormsUnderFaults } from '../experiment/run/fault-events.ts';
import { buildFaultSet, type FaultSet, isFaultFree } from '../fault/fault-set.ts';
import { NONE, PlanBuilder } from '../multicast/plan.ts';
import { createRouting } from '../routing/registry.ts';
import type { RoutingFunction } from '../routing/types.ts';
import { parseTopology } from '../topology/registry.ts';
import type { Topology } from '../topology/types.ts';

/**
 * The largest plan file `simulate --plan` reads (docs/plan-json.md "Reading a plan"): 256 MiB.
 * A plan's JSON grows with its messages and hops; a larger file would take gigabytes of heap
 * to parse, and a device such as /dev/zero never ends.
 */
export const PLAN_FILE_MAX_BYTES = 256 * 1024 * 1024;

/** A user's text in an error line: quoted, at most 40 characters. */
function q(text: string): string {
  return `'${text.length > 40 ? `${text.slice(0, 40)}...` : text}'`;
}

/**
 * The text of a plan file: refused when larger than `limit` bytes (a regular file by its size,
 * without reading it; a pipe or device after reading at most limit + 1 bytes: readInput). A
 * UTF-8 byte order mark is dropped.
 */
export function readPlanFile(path: string, limit = PLAN_FILE_MAX_BYTES): string {
  return readInputText(path, {
    limit,
    devices: true,
    problem: (p) => {
      switch (p.kind) {
        case 'unreadable':
          return `--plan: cannot read '${path}' (${p.code})`;
        case 'directory':
          return `--plan: '${path}' is a directory; expected a file printed by 'wormcast plan --json'`;
        case 'device':
          return `--plan: '${path}' is a device; expected a file printed by 'wormcast plan --json'`;
        case 'too-large':
          return `--plan: '${path}' is larger than ${p.limit} bytes, the limit of a plan file (docs/plan-json.md)`;
      }
    },
  });
}

/** One hop as `plan --json` prints it; `port` is optional (it must agree when given). */
const HopSchema = z.object({ from: z.string(), to: z.string(), port: z.string().optional(), vc: z.string() });

const MessageSchema = z.object({
  id: z.number().int().nonnegative().optional(),
  from: z.string(),
  dests: z.array(z.string()).min(1, 'a message delivers to at least one node'),
  after: z.number().int().nonnegative().nullable(),
  kind: z.enum(['unicast', 'path', 'tree']),
  hops: z.array(HopSchema).optional(),
});

/** The fields `simulate --plan` reads; `plan --json` prints more, which are ignored. */
const PlanSchema = z.object({
  topology: z.string(),
  routing: z.string(),
  source: z.string(),
  destinations: z.array(z.string()).min(1, 'a plan has at least one destination'),
  messages: z.array(MessageSchema).min(1, 'a plan has at least one message'),
  // written by `wormcast plan --faults` (docs/plan-json.md): the run applies them
  faults: z.object({ links: z.array(z.tuple([z.string(), z.string()])), nodes: z.array(z.string()) }).optional(),
});

type PlanJson = z.infer<typeof PlanSchema>;
type MessageJson = z.infer<typeof MessageSchema>;

/** `messages[3].hops[2].vc` for a zod issue path. */
function fieldPath(path: readonly PropertyKey[]): string {
  let s = '';
  for (const k of path) s += typeof k === 'number' ? `[${k}]` : `${s === '' ? '' : '.'}${String(k)}`;
  return s === '' ? 'the plan' : s;
}

/** Parse an address of field `where`, the error naming the field. */
function address(t: Topology, text: string, where: string): number {
  try {
    return t.parse(text);
  } catch (e) {
    if (e instanceof WormcastError)
      throw new WormcastError(`--plan: ${where}: ${e.message.replace(/^wormcast: /, '')}`);
    throw e;
  }
}

/** The result of reading a plan: its routing function, worms (created at cycle 0) and multicast. */
export interface PlanWorms {
  routing: RoutingFunction;
  worms: WormSpec[];
  /** The destinations that get a copy (all of them without faults). */
  dests: number[];
  source: number;
  /** The plan's faults, when it has any, and how many destinations they keep from their copies. */
  faults?: FaultSet;
  undeliverable?: number;
}

/** One message's checked hops: the plan channel id, the node reached and the parent hop of each. */
interface Hops {
  channels: number[];
  nodes: number[];
  parents: number[];
}

/**
 * Check one message's hops and turn them into plan channels (parents first): every
 * hop is a channel of the topology (the two nodes adjacent, the VC class one of the routing
 * function's, the port name when given that channel's), leaves the sender or a node an earlier
 * hop reached (the previous hop's for a path), a tree reaches no node twice, and the hops reach
 * every destination of the message.
 */
function edgesOf(
  t: Topology,
  routing: RoutingFunction,
  m: MessageJson,
  i: number,
  src: number,
  dests: readonly number[],
): Hops {
  const at = `messages[${i}]`;
  const hops = m.hops ?? [];
  if (m.kind !== 'unicast' && hops.length === 0)
    throw new WormcastError(`--plan: ${at}.hops: a ${m.kind} worm needs its hops`);
  const reached: number[] = [];
  // tree: the index of the edge that reaches each node (a Map: plans of 10^5 edges stay linear)
  const edgeTo = new Map<number, number>();
  const parents: number[] = [];
  const channels = hops.map((h, k): number => {
    const where = `${at}.hops[${k}]`;
    const from = address(t, h.from, `${where}.from`);
    const to = address(t, h.to, `${where}.to`);
    let parent: number;
    if (m.kind === 'path' || m.kind === 'unicast') {
      // a walk: each hop leaves where the previous one arrived
      const expected = k === 0 ? src : reached[k - 1]!;
      if (from !== expected)
        throw new WormcastError(
          `--plan: ${where}.from: ${h.from} is not where the ${k === 0 ? 'message starts' : 'previous hop arrived'} (${t.format(expected)})`,
        );
      parent = k - 1;
    } else {
      parent = from === src ? -1 : (edgeTo.get(from) ?? -2);
      if (parent === -2)
        throw new WormcastError(
          `--plan: ${where}.from: ${h.from} is neither the sender ${t.format(src)} nor reached by an earlier hop of the tree`,
        );
      if (to === src || edgeTo.has(to)) throw new WormcastError(`--plan: ${where}.to: the tree reaches ${h.to} twice`);
      edgeTo.set(to, k);
    }
    let port = -1;
    let adjacent = false;
    for (let p = 0; p < t.ports && port < 0; p++) {
      if (t.neighbor(from, p) !== to) continue;
      adjacent = true;
      if (h.port === undefined || t.portName(p) === h.port) port = p;
    }
    if (port < 0) {
      const why = adjacent ? `no port ${q(h.port ?? '')} joins them` : 'the nodes are not neighbours';
      throw new WormcastError(`--plan: ${where}: ${h.from} -> ${h.to} is not a channel of ${t.spec} (${why})`);
    }
    const vc = routing.vcClasses.indexOf(h.vc);
    if (vc < 0)
      throw new WormcastError(
        `--plan: ${where}.vc: ${q(h.vc)} is not a VC class of ${routing.name}; expected one of ${routing.vcClasses.join(', ')}`,
      );
    reached.push(to);
    parents.push(parent);
    return (from * t.ports + port) * routing.vcClasses.length + vc;
  });
  if (hops.length > 0) {
    if (m.kind === 'unicast' && reached.at(-1) !== dests[0])
      throw new WormcastError(
        `--plan: ${at}.hops: a unicast's hops end at its destination ${t.format(dests[0]!)}, not ${t.format(reached.at(-1)!)}`,
      );
    const seen = new Set(reached);
    dests.forEach((d, j) => {
      if (!seen.has(d))
        throw new WormcastError(`--plan: ${at}.dests[${j}]: ${t.format(d)} is not reached by the message's hops`);
    });
  }
  return { channels, nodes: reached, parents };
}

/**
 * Read the worms of one Plan as `wormcast plan --json` prints it (docs/plan-json.md "Reading a
 * plan"). The JSON is checked by a schema (field types, message kinds), then against the network
 * and the multicast: addresses, channels, VC classes, senders (the source, or a node the
 * triggering message delivered to), `after` naming an earlier message (so no chain of triggers
 * is circular), every destination received exactly once and by no other node. Errors name the
 * message index and field. Path and tree worms follow the plan's hops exactly; unicasts are
 * routed by the routing function.
 */
export function wormsFromPlanJson(text: string, flits: number): PlanWorms {
  let raw: unknown;
  // zod and the error lines walk the data recursively: a 200,000-deep array must not reach them
  const deep = jsonTooDeep(text);
  if (deep)
    throw new WormcastError(
      `--plan: line ${deep.line}: nested deeper than ${MAX_NESTING} levels; expected the output of 'wormcast plan --json' (4 levels)`,
    );
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new WormcastError(
      `--plan: not JSON (${(e as Error).message}); expected the output of 'wormcast plan --json'`,
    );
  }
  const parsed = PlanSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new WormcastError(
      `--plan: ${fieldPath(issue.path)}: ${issue.message}; expected the output of 'wormcast plan --json' (docs/plan-json.md)`,
    );
  }
  const plan: PlanJson = parsed.data;
  let t: Topology;
  let routing: RoutingFunction;
  try {
    t = parseTopology(plan.topology);
    routing = createRouting(plan.routing, t);
  } catch (e) {
    if (e instanceof WormcastError) throw new WormcastError(`--plan: ${e.message.replace(/^wormcast: /, '')}`);
    throw e;
  }
  const source = address(t, plan.source, 'source');
  const destinations = plan.destinations.map((d, j) => address(t, d, `destinations[${j}]`));
  const isDest = new Set<number>();
  destinations.forEach((d, j) => {
    if (d === source) throw new WormcastError(`--plan: destinations[${j}]: ${plan.destinations[j]} is the source`);
    if (isDest.has(d)) throw new WormcastError(`--plan: destinations[${j}]: ${plan.destinations[j]} appears twice`);
    isDest.add(d);
  });
  const received = new Map<number, number>();
  const messageDests: number[][] = [];
  const builder = new PlanBuilder(plan.messages.length);
  // send order per (trigger, sender), as a Plan numbers a sender's messages
  const sent = new Map<string, number>();
  const routes = { offsets: [0], channels: [] as number[] };
  const trees = { offsets: [0], nodes: [] as number[], channels: [] as number[], parents: [] as number[] };
  plan.messages.forEach((m, i) => {
    const at = `messages[${i}]`;
    if (m.id !== undefined && m.id !== i)
      throw new WormcastError(`--plan: ${at}.id: ${m.id} is not the message's index ${i}`);
    const src = address(t, m.from, `${at}.from`);
    const dests = m.dests.map((d, j) => address(t, d, `${at}.dests[${j}]`));
    dests.forEach((d, j) => {
      if (!isDest.has(d))
        throw new WormcastError(`--plan: ${at}.dests[${j}]: ${m.dests[j]} is not one of the plan's destinations`);
      if (received.has(d))
        throw new WormcastError(
          `--plan: ${at}.dests[${j}]: ${m.dests[j]} already receives messages[${received.get(d)}]`,
        );
      received.set(d, i);
    });
    if (m.kind === 'unicast' && dests.length !== 1)
      throw new WormcastError(`--plan: ${at}.dests: a unicast has exactly one destination, not ${dests.length}`);
    if (m.after === null) {
      if (src !== source)
        throw new WormcastError(
          `--plan: ${at}.from: ${m.from} is not the source ${plan.source}; only the source sends without a triggering message (after: null)`,
        );
    } else {
      if (m.after >= i)
        throw new WormcastError(
          `--plan: ${at}.after: ${m.after} is not an earlier message (0..${i - 1}); a message waits for one listed before it`,
        );
      if (!messageDests[m.after]!.includes(src))
        throw new WormcastError(
          `--plan: ${at}.from: ${m.from} did not receive messages[${m.after}], the message it waits for (after: ${m.after})`,
        );
    }
    messageDests.push(dests);
    const after = m.after ?? NONE;
    const key = `${after} ${src}`;
    const order = sent.get(key) ?? 0;
    sent.set(key, order + 1);
    builder.add({ from: src, dests, after, order, kind: m.kind });
    // path and tree worms follow the plan's own hops exactly (the worms of src/engine/plan-worms.ts)
    const hops = edgesOf(t, routing, m, i, src, dests);
    // element by element: a spread of a 10^5-hop message would overflow the call stack
    hops.channels.forEach((c, k) => {
      routes.channels.push(c);
      if (m.kind !== 'tree') return;
      trees.nodes.push(hops.nodes[k]!);
      trees.channels.push(c);
      trees.parents.push(hops.parents[k]!);
    });
    routes.offsets.push(routes.channels.length);
    trees.offsets.push(trees.channels.length);
  });
  destinations.forEach((d, j) => {
    if (!received.has(d))
      throw new WormcastError(`--plan: destinations[${j}]: no message delivers to ${plan.destinations[j]}`);
  });
  const built = builder.build(
    t,
    routing,
    'plan-file',
    source,
    Int32Array.from(destinations).sort(),
    { offsets: Int32Array.from(routes.offsets), channels: Int32Array.from(routes.channels) },
    {
      offsets: Int32Array.from(trees.offsets),
      nodes: Int32Array.from(trees.nodes),
      channels: Int32Array.from(trees.channels),
      parents: Int32Array.from(trees.parents),
    },
  );
  const f = plan.faults ? planFaultSet(t, plan.faults) : null;
  if (!f || isFaultFree(f)) return { routing, worms: planWorms(built, 0, flits, 0, 0), source, dests: destinations };
  if (routing.choices)
    throw new WormcastError(
      `--plan: routing ${routing.name} is adaptive and its selection could take a dead channel; a plan with faults needs a deterministic routing`,
    );
  // what the faults leave of the plan, as in dynamic runs (docs/faults.md "Plans"); the routing
  // carries the set so that the engines check no worm is given a dead channel
  const cut = planWormsUnderFaults(built, f, 0, flits, 0);
  return {
    routing: routing.faults ? routing : { ...routing, faults: f },
    worms: cut.worms,
    source,
    dests: cut.dests,
    faults: f,
    undeliverable: cut.undeliverable,
  };
}

/** The fault set of a plan file's `faults` field, its addresses checked as the plan's others. */
function planFaultSet(t: Topology, faults: { links: [string, string][]; nodes: string[] }): FaultSet {
  const links = faults.links.map(
    ([a, b], j) => [address(t, a, `faults.links[${j}][0]`), address(t, b, `faults.links[${j}][1]`)] as const,
  );
  const nodes = faults.nodes.map((v, j) => address(t, v, `faults.nodes[${j}]`));
  try {
    return buildFaultSet(t, links, nodes);
  } catch (e) {
    if (e instanceof WormcastError) throw new WormcastError(`--plan: ${e.message.replace(/^wormcast: /, '')}`);
    throw e;
  }
}
