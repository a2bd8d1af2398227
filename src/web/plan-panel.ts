import {
  WormcastError, checkContention, evaluateSteps, getAlgorithm, mulberry32, parseDestinations, parseIntIn,
  parseTopology, physicalSharing, resolveDestinations, routingFor, tracePlan, trafficOf, type PortModel,
} from 'wormcast';
import { el, table } from './dom.ts';

/** What the plan form asks for (the options of `wormcast plan`); empty strings mean "default". */
export interface PlanRequest {
  topology: string;
  algorithm: string;
  /** '' for the algorithm's default routing. */
  routing: string;
  source: string;
  /** Addresses separated by ';' or spaces, `all`, or `random:<m>`. */
  dests: string;
  /** '' for the port model the algorithm was designed for. */
  port: string;
  /** Seed of random:<m>; '' for 1 (as the CLI). */
  seed: string;
  /** Run the contention and physical-sharing analysis (the CLI's default; off = --no-check). */
  check: boolean;
}

/** One message of the plan as a table row. */
export interface MessageRow {
  id: number;
  step: number;
  from: string;
  /** The receiver, or `{d1 d2 ...}` for a worm with several destinations. */
  to: string;
  kind: string;
  network: string;
  /** A chain `a -port/vc-> b -> ...` for unicasts and path worms; the edges for tree worms. */
  path: string;
  /** The address field D (unicast-based plans). */
  address: string;
}

/** The plan and its step-level analysis, ready to show. */
export interface PlanView {
  heading: string;
  port: PortModel;
  destinations: string[];
  /** Messages in step order (then id), at most `rowLimit`; `hidden` counts the rest. */
  rows: MessageRow[];
  hidden: number;
  steps: number;
  meanSteps: number;
  lowerBound: number;
  traffic: number;
  additionalTraffic: number;
  worms: number;
  maxHops: number;
  meanHops: number;
  /** Absent when the check was not asked for. */
  contention?: { violations: number; examples: string[] };
  sharing?: { sharedPairs: number; blocked: number; steps: number; meanSteps: number };
}

/** Round for output: at most 4 decimals (as the CLI). */
function round(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

/**
 * Build a multicast plan and analyse it as `wormcast plan` does: steps (docs/model.md),
 * lower bound, traffic (seed 004 section 7.1), contention (seed 001 Definition 4) and
 * physical-link sharing (seed 000 section 6). Bad input throws a WormcastError.
 */
export function computePlan(req: PlanRequest, rowLimit = 400): PlanView {
  const t = parseTopology(req.topology);
  const algorithm = getAlgorithm(req.algorithm.trim());
  const routing = routingFor(algorithm, t, req.routing === '' ? undefined : req.routing);
  let port: PortModel = algorithm.port;
  if (req.port === 'one' || req.port === 'all') port = req.port;
  else if (req.port !== '') throw new WormcastError(`port model '${req.port}': expected one or all`);
  const seed = req.seed.trim() === '' ? 1 : parseIntIn(req.seed, 0, 2 ** 32 - 1, 'seed');
  const source = t.parse(req.source);
  const dests = resolveDestinations(t, source, parseDestinations(t, req.dests), mulberry32(seed));
  const plan = algorithm.build(routing, source, dests);
  const steps = evaluateSteps(plan, port);
  const paths = tracePlan(plan);
  const traffic = trafficOf(plan, paths);
  const multi = routing.vcClasses.length > 1;
  const hop = (h: number): { from: number; to: number; label: string } => {
    const vc = paths.channels[h]! % paths.vcs;
    const phys = (paths.channels[h]! - vc) / paths.vcs;
    const node = Math.floor(phys / t.ports);
    const p = phys % t.ports;
    return { from: node, to: t.neighbor(node, p), label: `${t.portName(p)}${multi ? `/${routing.vcClasses[vc]}` : ''}` };
  };
  const order = Array.from({ length: plan.count }, (_, id) => id).sort((a, b) => steps.messageStep[a]! - steps.messageStep[b]! || a - b);
  const rows: MessageRow[] = order.slice(0, rowLimit).map((id) => {
    const m = plan.message(id);
    const hs: Array<{ from: number; to: number; label: string }> = [];
    for (let h = paths.offsets[id]!; h < paths.offsets[id + 1]!; h++) hs.push(hop(h));
    // a tree worm's hops are edges in breadth-first order, not one chain
    const path = m.kind === 'tree'
      ? hs.map((h) => `${t.format(h.from)} -${h.label}-> ${t.format(h.to)}`).join(', ')
      : `${t.format(m.from)}${hs.map((h) => ` -${h.label}-> ${t.format(h.to)}`).join('')}`;
    return {
      id,
      step: steps.messageStep[id]!,
      from: t.format(m.from),
      to: m.dests.length === 1 ? t.format(m.dests[0]!) : `{${m.dests.map((d) => t.format(d)).join(' ')}}`,
      kind: m.kind,
      network: m.network ?? '',
      path,
      address: m.address.map((a) => t.format(a)).join(' '),
    };
  });
  const view: PlanView = {
    heading: `${algorithm.name} on ${t.spec} (routing ${routing.name}, ${port}-port): ${t.format(source)} to ${dests.length} destinations`,
    port,
    destinations: Array.from(dests, (d) => t.format(d)),
    rows,
    hidden: plan.count - rows.length,
    steps: steps.steps,
    meanSteps: round(steps.meanSteps),
    lowerBound: steps.lowerBound,
    traffic: traffic.traffic,
    additionalTraffic: traffic.additionalTraffic,
    worms: traffic.worms,
    maxHops: traffic.maxHops,
    meanHops: round(traffic.meanHops),
  };
  if (req.check) {
    const c = checkContention(plan, steps, paths);
    const s = physicalSharing(plan, steps, paths);
    view.contention = {
      violations: c.violations,
      examples: c.examples.map((v) => `messages ${v.first} (step ${v.firstStep}, ${t.format(plan.senders[v.first]!)} -> ${t.format(plan.receiver(v.first))}) and ${v.second} (step ${v.secondStep}, ${t.format(plan.senders[v.second]!)} -> ${t.format(plan.receiver(v.second))}) share ${t.format(v.node)} ${t.portName(v.port)} vc ${routing.vcClasses[v.vc] ?? v.vc}`),
    };
    view.sharing = { sharedPairs: s.sharedPairs, blocked: s.blocked, steps: s.steps, meanSteps: round(s.meanSteps) };
  }
  return view;
}

/** The plan as page content: heading, metrics, contention, and the message table. */
export function renderPlan(v: PlanView): Node[] {
  const metrics: Array<[string, string]> = [
    ['steps', String(v.steps)],
    ['lower bound', String(v.lowerBound)],
    ['mean steps over the destinations', String(v.meanSteps)],
    ['traffic (channels, seed 004 section 7.1)', `${v.traffic} (additional ${v.additionalTraffic})`],
    ['messages (worms)', String(v.worms)],
    ['hops to a destination', `max ${v.maxHops}, mean ${v.meanHops}`],
  ];
  if (v.contention && v.sharing) {
    metrics.push(['contention (seed 001 Definition 4)', v.contention.violations === 0 ? 'contention-free' : `${v.contention.violations} contending pairs of unicasts`]);
    metrics.push(['physical-link sharing (seed 000 section 6)', `${v.sharing.sharedPairs} pairs share a link in one step; with the delays: steps ${v.sharing.steps}, mean ${v.sharing.meanSteps}`]);
  }
  const out: Node[] = [
    el('p', { class: 'heading', 'data-testid': 'plan-heading' }, v.heading),
    el('p', { class: 'dests' }, `destinations: ${v.destinations.join(' ')}`),
    el('dl', { class: 'metrics', 'data-testid': 'plan-metrics' }, ...metrics.flatMap(([k, val]) => [el('dt', {}, k), el('dd', { 'data-metric': k.split(' (')[0]! }, val)])),
  ];
  if (v.contention && v.contention.examples.length > 0) {
    out.push(el('ul', { class: 'violations' }, ...v.contention.examples.map((x) => el('li', {}, x))));
  }
  out.push(table(['step', 'from', 'to', 'kind', 'path (port per hop)', 'address field D'],
    v.rows.map((r) => [r.step, r.from, r.to, r.network ? `${r.kind} (${r.network})` : r.kind, r.path, r.address]), { 'data-testid': 'plan-messages' }));
  if (v.hidden > 0) out.push(el('p', { class: 'note' }, `… and ${v.hidden} more messages (not shown)`));
  return out;
}
