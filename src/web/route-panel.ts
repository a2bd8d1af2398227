import {
  DEFAULT_FAULT_SEED,
  WasmRouting,
  WormcastError,
  createRouting,
  isFaultFree,
  optionEntry,
  parseFaults,
  parseIntIn,
  parseTopology,
  portOf,
  tracePath,
  vcOf,
  type Hop,
  type RoutingFunction,
} from 'wormcast';
import { el, table } from './dom.ts';
import type { FaultMasks } from './simulate-panel.ts';

/** What the route form asks for (the options of `wormcast route`). */
export interface RouteRequest {
  topology: string;
  routing: string;
  from: string;
  to: string;
  lowFirst?: boolean;
  shortest?: boolean;
  /** Static faults in the form of `--faults` ('' or absent: none), and the seed of random ones. */
  faults?: string;
  faultSeed?: string;
}

/** One hop as the page shows it (the fields of `wormcast route --json`). */
export interface HopRow {
  from: string;
  to: string;
  port: string;
  vc: string;
}

/** A route computed by the wasm routing and cross-checked with the TS reference. */
export interface RouteView {
  /** `hc on ccc:3: (1,000) -> (0,111), 6 hops (distance 5)`, as `wormcast route` prints it. */
  heading: string;
  /** The hops of the wasm route (the reference's when the wasm route failed). */
  hops: HopRow[];
  distance: number;
  /** Empty when the wasm route equals the reference hop for hop (port and VC class). */
  differences: string[];
  /** For the drawing: the network, the end nodes and the hops as channels (node * ports + port). */
  spec: string;
  src: number;
  dst: number;
  channels: number[];
  /** With faults: the dead channels and faulty nodes (drawn dashed and crossed), and why the route cannot deliver ('' when it can). */
  faults?: FaultMasks;
  undeliverable?: string;
}

/**
 * Compare the route words of the wasm twin with the reference hops: the same number of hops,
 * and at every hop the same output port and VC class (README: every AssemblyScript routine has
 * a TypeScript twin giving identical results).
 */
export function compareRoute(r: RoutingFunction, reference: readonly Hop[], words: ArrayLike<number>): string[] {
  const t = r.topology;
  const out: string[] = [];
  if (words.length !== reference.length) out.push(`wasm takes ${words.length} hops, the reference ${reference.length}`);
  const n = Math.min(words.length, reference.length);
  for (let i = 0; i < n; i++) {
    const h = reference[i]!;
    const w = words[i]!;
    if (portOf(w) !== h.port || vcOf(w) !== h.vc) {
      out.push(
        `hop ${i + 1} at ${t.format(h.from)}: wasm ${t.portName(portOf(w))} vc ${r.vcClasses[vcOf(w)] ?? vcOf(w)}, reference ${t.portName(h.port)} vc ${r.vcClasses[h.vc]}`,
      );
    }
  }
  return out;
}

/** The hops of route words from src (each word's port leads to the next node). */
function wordHops(r: RoutingFunction, src: number, words: ArrayLike<number>): HopRow[] {
  const t = r.topology;
  const rows: HopRow[] = [];
  let node = src;
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const next = t.neighbor(node, portOf(w));
    rows.push({
      from: t.format(node),
      to: next < 0 ? '-' : t.format(next),
      port: t.portName(portOf(w)),
      vc: r.vcClasses[vcOf(w)] ?? String(vcOf(w)),
    });
    if (next < 0) break;
    node = next;
  }
  return rows;
}

/**
 * The route of a unicast routing function from `from` to `to`, computed in WebAssembly (a
 * fresh module instantiated from `wasm`, the bytes of build/wormcast.wasm) and by the TS
 * reference. Bad input throws the WormcastError of the parser or registry that rejects it.
 */
export async function computeRoute(req: RouteRequest, wasm: BufferSource): Promise<RouteView> {
  const t = parseTopology(req.topology);
  const text = (req.faults ?? '').trim();
  const seedText = (req.faultSeed ?? '').trim();
  if (seedText !== '' && text === '') throw new WormcastError('route: fault seed applies with faults only');
  // the range of `wormcast route --fault-seed` (the option table's): 2^31 - 1 refused what the CLI routes
  const range = optionEntry('faultSeed').value as { min: number; max: number };
  const seed = seedText === '' ? DEFAULT_FAULT_SEED : parseIntIn(seedText, range.min, range.max, 'fault seed');
  const f = text === '' || text === 'none' ? undefined : parseFaults(t, text, seed);
  // a box of another routing function would be ignored: say so, as `wormcast route --low-first` does
  for (const [on, words, only] of [
    [req.lowFirst, 'low first', 'ecube'],
    [req.shortest, 'shortest', 'label'],
  ] as const)
    if (on === true && req.routing !== only)
      throw new WormcastError(`route: ${words} applies to routing ${only} only, not ${req.routing}`);
  // a fault-tolerant function (dim-reversal) routes around the faults; the others ignore them, as `wormcast route`
  const r = createRouting(req.routing, t, {
    lowFirst: req.lowFirst,
    shortest: req.shortest,
    ...(f ? { faults: f } : {}),
  });
  const src = t.parse(req.from);
  const dst = t.parse(req.to);
  const reference = tracePath(r, src, dst);
  let differences: string[];
  let hops: HopRow[];
  let channels = reference.map((h) => h.from * t.ports + h.port);
  try {
    const words = (await WasmRouting.create(r, wasm)).trace(src, dst);
    differences = compareRoute(r, reference, words);
    hops = wordHops(r, src, words);
    channels = [];
    let node = src;
    for (let i = 0; i < words.length && node >= 0; i++) {
      channels.push(node * t.ports + portOf(words[i]!));
      node = t.neighbor(node, portOf(words[i]!));
    }
  } catch (e) {
    differences = [`wasm route failed: ${(e as Error).message}`];
    hops = reference.map((h) => ({
      from: t.format(h.from),
      to: t.format(h.to),
      port: t.portName(h.port),
      vc: r.vcClasses[h.vc]!,
    }));
  }
  const distance = t.distance(src, dst);
  // as `wormcast route` says it: an end is faulty, or the first hop over a dead channel
  let undeliverable = '';
  if (f && !isFaultFree(f)) {
    const blocked = reference.findIndex((h) => f.channelMask[h.from * t.ports + h.port] === 1);
    if (f.nodeMask[src] === 1 || f.nodeMask[dst] === 1) undeliverable = 'an end is a faulty node';
    else if (blocked >= 0) undeliverable = `hop ${blocked + 1} crosses a faulty channel`;
  }
  return {
    heading: `${r.name} on ${t.spec}: ${t.format(src)} -> ${t.format(dst)}, ${reference.length} hops (distance ${distance})`,
    hops,
    distance,
    differences,
    spec: t.spec,
    src,
    dst,
    channels,
    ...(f && !isFaultFree(f) ? { faults: { channels: f.channelMask, nodes: f.nodeMask }, undeliverable } : {}),
  };
}

/** The route as page content: heading, hop table, and the wasm-versus-reference line. */
export function renderRoute(v: RouteView): Node[] {
  const ok = v.differences.length === 0;
  return [
    el('p', { class: 'heading', 'data-testid': 'route-heading' }, v.heading),
    table(
      ['#', 'from', 'to', 'port', 'vc class'],
      v.hops.map((h, i) => [i + 1, h.from, h.to, h.port, h.vc]),
      { 'data-testid': 'route-hops' },
    ),
    el(
      'p',
      { class: ok ? 'check ok' : 'check bad', 'data-testid': 'route-check' },
      ok
        ? `wasm = reference (${v.hops.length} hops, same ports and VC classes)`
        : `wasm ≠ reference: ${v.differences.join('; ')}`,
    ),
    ...(v.faults
      ? [
          el(
            'p',
            { class: v.undeliverable ? 'check bad' : 'check ok', 'data-testid': 'route-faults' },
            v.undeliverable
              ? `cannot deliver this route: ${v.undeliverable}`
              : 'delivers this route: no hop crosses a fault',
          ),
        ]
      : []),
  ];
}
