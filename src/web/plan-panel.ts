import {
  WormcastError,
  checkContention,
  evaluateSteps,
  getAlgorithm,
  mulberry32,
  parseDestinations,
  parseIntIn,
  parseTopology,
  physicalSharing,
  resolveDestinations,
  routingFor,
  tracePlan,
  trafficOf,
  type PortModel,
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

/**
 * A plan for the drawing (src/web/draw/overlay.ts): each message's hops as physical channels
 * (node * ports + port), in message id order, with its step and kind.
 */
export interface PlanDrawing {
  source: number;
  dests: Int32Array;
  /** Hops of message i: channels[offsets[i] .. offsets[i + 1]). */
  channels: Int32Array;
  offsets: Int32Array;
  steps: Int32Array;
  /** 0 unicast, 1 path worm, 2 tree worm. */
  kinds: Uint8Array;
  /** The destinations each message delivers to: dests of message i are msgDests[destOffsets[i] .. destOffsets[i + 1]). */
  msgDests: Int32Array;
  destOffsets: Int32Array;
}

/** Hops (and destinations) of one message listed at most in its row. */
export const HOP_LIMIT = 200;

/** Destinations listed by address at most (the rest are counted). */
export const DEST_LIMIT = 1000;

/** The plan and its step-level analysis, ready to show. */
export interface PlanView {
  heading: string;
  /** The network of the plan. */
  spec: string;
  port: PortModel;
  /** The first DEST_LIMIT destinations by address; destinationCount counts them all. */
  destinations: string[];
  destinationCount: number;
  drawing: PlanDrawing;
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
  contention?: { violations: number; examples: string[]; channels: number[] };
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
    return {
      from: node,
      to: t.neighbor(node, p),
      label: `${t.portName(p)}${multi ? `/${routing.vcClasses[vc]}` : ''}`,
    };
  };
  const order = Array.from({ length: plan.count }, (_, id) => id).sort(
    (a, b) => steps.messageStep[a]! - steps.messageStep[b]! || a - b,
  );
  const rows: MessageRow[] = order.slice(0, rowLimit).map((id) => {
    const m = plan.message(id);
    const hs: Array<{ from: number; to: number; label: string }> = [];
    // a worm of thousands of hops (a broadcast tree) is listed by its first HOP_LIMIT
    const total = paths.offsets[id + 1]! - paths.offsets[id]!;
    for (let h = paths.offsets[id]!; h < paths.offsets[id]! + Math.min(total, HOP_LIMIT); h++) hs.push(hop(h));
    const more = total > HOP_LIMIT ? ` … (${total} hops in all)` : '';
    // a tree worm's hops are edges in breadth-first order, not one chain
    const path =
      m.kind === 'tree'
        ? hs.map((h) => `${t.format(h.from)} -${h.label}-> ${t.format(h.to)}`).join(', ')
        : `${t.format(m.from)}${hs.map((h) => ` -${h.label}-> ${t.format(h.to)}`).join('')}`;
    const to =
      m.dests.length <= HOP_LIMIT
        ? m.dests.map((d) => t.format(d)).join(' ')
        : `${m.dests
            .slice(0, HOP_LIMIT)
            .map((d) => t.format(d))
            .join(' ')} … (${m.dests.length} in all)`;
    return {
      id,
      step: steps.messageStep[id]!,
      from: t.format(m.from),
      to: m.dests.length === 1 ? t.format(m.dests[0]!) : `{${to}}`,
      kind: m.kind,
      network: m.network ?? '',
      path: path + more,
      address:
        m.address.length <= HOP_LIMIT
          ? m.address.map((a) => t.format(a)).join(' ')
          : `${m.address
              .slice(0, HOP_LIMIT)
              .map((a) => t.format(a))
              .join(' ')} … (${m.address.length} in all)`,
    };
  });
  const physical = new Int32Array(paths.channels.length);
  for (let h = 0; h < physical.length; h++) physical[h] = Math.floor(paths.channels[h]! / paths.vcs);
  const destOffsets = new Int32Array(plan.count + 1);
  for (let id = 0; id < plan.count; id++) destOffsets[id + 1] = destOffsets[id]! + plan.message(id).dests.length;
  const msgDests = new Int32Array(destOffsets[plan.count]!);
  for (let id = 0; id < plan.count; id++) msgDests.set(plan.message(id).dests, destOffsets[id]!);
  const drawing: PlanDrawing = {
    source,
    dests: Int32Array.from(dests),
    channels: physical,
    offsets: Int32Array.from(paths.offsets),
    steps: Int32Array.from(steps.messageStep),
    kinds: Uint8Array.from({ length: plan.count }, (_, id) => {
      const k = plan.message(id).kind;
      return k === 'tree' ? 2 : k === 'path' ? 1 : 0;
    }),
    msgDests,
    destOffsets,
  };
  const view: PlanView = {
    heading: `${algorithm.name} on ${t.spec} (routing ${routing.name}, ${port}-port): ${t.format(source)} to ${dests.length} destinations`,
    spec: t.spec,
    port,
    destinations: Array.from(dests.slice(0, DEST_LIMIT), (d) => t.format(d)),
    destinationCount: dests.length,
    drawing,
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
      // the physical channels of the listed contending pairs, highlighted on the drawing
      channels: [...new Set(c.examples.map((v) => v.node * t.ports + v.port))],
      examples: c.examples.map(
        (v) =>
          `messages ${v.first} (step ${v.firstStep}, ${t.format(plan.senders[v.first]!)} -> ${t.format(plan.receiver(v.first))}) and ${v.second} (step ${v.secondStep}, ${t.format(plan.senders[v.second]!)} -> ${t.format(plan.receiver(v.second))}) share ${t.format(v.node)} ${t.portName(v.port)} vc ${routing.vcClasses[v.vc] ?? v.vc}`,
      ),
    };
    view.sharing = { sharedPairs: s.sharedPairs, blocked: s.blocked, steps: s.steps, meanSteps: round(s.meanSteps) };
  }
  return view;
}

/** A long cell (a worm's path, an address field) cut to CELL_CHARS characters in the table; the export has it whole. */
export const CELL_CHARS = 400;
function cell(text: string): string {
  return text.length <= CELL_CHARS
    ? text
    : `${text.slice(0, CELL_CHARS)} … (${text.length} characters; export CSV or JSON for all)`;
}

/** Rows of the message table per page. */
export const PAGE_ROWS = 20;

/** A table paginated in the page: PAGE_ROWS rows at a time with previous/next buttons, so that a large plan keeps the page short. */
function paginated(
  headers: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
  testId: string,
): HTMLElement {
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_ROWS));
  const holder = el('div', { class: 'paged' });
  const info = el('span', { class: 'page-info', 'data-testid': `${testId}-page` });
  const prev = el('button', { type: 'button', class: 'small', 'data-testid': `${testId}-prev` }, '◀ previous');
  const next = el('button', { type: 'button', class: 'small', 'data-testid': `${testId}-next` }, 'next ▶');
  let page = 0;
  const show = (): void => {
    const from = page * PAGE_ROWS;
    const slice = rows.slice(from, from + PAGE_ROWS);
    holder.replaceChildren(table(headers, slice, { 'data-testid': testId }));
    info.textContent = `rows ${rows.length === 0 ? 0 : from + 1}-${from + slice.length} of ${rows.length}`;
    prev.disabled = page === 0;
    next.disabled = page >= pages - 1;
  };
  prev.addEventListener('click', () => {
    if (page > 0) {
      page--;
      show();
    }
  });
  next.addEventListener('click', () => {
    if (page < pages - 1) {
      page++;
      show();
    }
  });
  show();
  return el('div', {}, pages > 1 ? el('p', { class: 'pager' }, prev, ' ', info, ' ', next) : info, holder);
}

/** The plan as page content: heading, metrics, contention, and the message table (paginated). */
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
    metrics.push([
      'contention (seed 001 Definition 4)',
      v.contention.violations === 0 ? 'contention-free' : `${v.contention.violations} contending pairs of unicasts`,
    ]);
    metrics.push([
      'physical-link sharing (seed 000 section 6)',
      `${v.sharing.sharedPairs} pairs share a link in one step; with the delays: steps ${v.sharing.steps}, mean ${v.sharing.meanSteps}`,
    ]);
  }
  const shown =
    v.destinations.length < v.destinationCount
      ? `${v.destinations.slice(0, 30).join(' ')} … (${v.destinationCount} in all)`
      : v.destinations.join(' ');
  const out: Node[] = [
    el('p', { class: 'heading', 'data-testid': 'plan-heading' }, v.heading),
    el(
      'p',
      { class: 'dests', 'data-testid': 'plan-dests-list' },
      `destinations: ${v.destinationCount > 30 ? `${v.destinations.slice(0, 30).join(' ')} … (${v.destinationCount} in all)` : shown}`,
    ),
    el(
      'dl',
      { class: 'metrics', 'data-testid': 'plan-metrics' },
      ...metrics.flatMap(([k, val]) => [el('dt', {}, k), el('dd', { 'data-metric': k.split(' (')[0]! }, val)]),
    ),
  ];
  if (v.contention && v.contention.examples.length > 0) {
    out.push(el('ul', { class: 'violations' }, ...v.contention.examples.map((x) => el('li', {}, x))));
  }
  out.push(
    paginated(
      ['step', 'from', 'to', 'kind', 'path (port per hop)', 'address field D'],
      v.rows.map((r) => [
        r.step,
        r.from,
        r.to,
        r.network ? `${r.kind} (${r.network})` : r.kind,
        cell(r.path),
        cell(r.address),
      ]),
      'plan-messages',
    ),
  );
  if (v.hidden > 0)
    out.push(
      el(
        'p',
        { class: 'note' },
        `… and ${v.hidden} more messages not listed (the drawing shows them all; export JSON for the numbers)`,
      ),
    );
  return out;
}
