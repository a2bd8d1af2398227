import { portOf, type Topology } from 'wormcast';
import type { PlanView } from '../plan-panel.ts';
import type { FaultMasks, SimulationView } from '../simulate-panel.ts';
import type { WatchFrame } from '../watch/session.ts';
import { FAULT_COLOUR, heatColour } from './paint.ts';

/**
 * What is drawn over a network (docs/web.md "Drawing"): directed channels (node * ports +
 * port) as arrows with a colour group each, marked sources and destinations, a per-channel
 * heat map, labels. A plan's arrows carry their step, and the step slider shows the steps up to
 * the one chosen (the step-level model, docs/model.md).
 */
export interface Overlay {
  caption: string;
  /** The network the overlay belongs to (the drawing switches to it). */
  spec: string;
  arrows: Int32Array;
  /** Colour of each arrow: an index into colors. */
  group: Int32Array;
  colors: string[];
  /** Step of each arrow (plans); absent: always shown. */
  step?: Int32Array;
  /** Largest step (the slider's range); 0 without a slider. */
  maxStep: number;
  sources: Int32Array;
  dests: Int32Array;
  /** Per physical channel, 0..1 (utilisation relative to the busiest channel). */
  heat?: Float32Array;
  /** Thick arrows (a deadlock's wait-for cycle). */
  thick?: boolean;
  labels: Array<{ node: number; text: string }>;
  legend: Array<[string, string]>;
  /** Flits in the buffer of each arrow's VC, drawn as beads along it (a watched run). */
  beads?: Int32Array;
  /** Nodes where a header waits for a VC (red rings). */
  rings?: Int32Array;
  /** Colour of the destination squares (default orange). */
  destColour?: string;
  /** Channels (node * ports + port) of a wait-for cycle, drawn as thick red arrows over the rest. */
  cycle?: Int32Array;
  /** More words for a node's hover line. */
  describe?: (node: number) => string;
  /** A run's faults: dead links drawn dashed and crossed, faulty nodes crossed (docs/faults.md). */
  faults?: FaultMasks;
}

/** The legend entry of a run's faults. */
function faultLegend(f: FaultMasks | undefined): Array<[string, string]> {
  if (!f) return [];
  return [[FAULT_COLOUR, 'faulty link (dashed, ×) and faulty node (×): out of service, no worm crosses them']];
}

/** An adaptive header's outputs not taken (the watch view). */
const NOT_TAKEN = '#c7c7c7';

/** Distinct colours for steps and worms (colour-blind safe first, then more). */
export const PALETTE = [
  '#0072b2',
  '#e69f00',
  '#009e73',
  '#cc79a7',
  '#56b4e9',
  '#d55e00',
  '#7a5195',
  '#3d9970',
  '#b8860b',
  '#444444',
];

/** A unicast route: its hops as arrows, source and destination marked. */
export function routeOverlay(
  t: Topology,
  src: number,
  dst: number,
  channels: readonly number[],
  caption: string,
  faults?: FaultMasks,
): Overlay {
  return {
    ...(faults ? { faults } : {}),
    caption,
    spec: t.spec,
    arrows: Int32Array.from(channels),
    group: new Int32Array(channels.length),
    colors: [PALETTE[0]!],
    maxStep: 0,
    sources: Int32Array.of(src),
    dests: Int32Array.of(dst),
    labels: [],
    legend: [[PALETTE[0]!, 'route'], ['#111', 'source ◯'], ['#d55e00', 'destination ■'], ...faultLegend(faults)],
  };
}

/**
 * A plan: unicast trees coloured by step, path and tree worms coloured by worm (their one
 * step would colour them alike), destinations marked.
 */
export function planOverlay(v: PlanView): Overlay {
  const d = v.drawing;
  const messages = d.steps.length;
  const byWorm = v.steps <= 1 || d.kinds.some((k) => k !== 0);
  const step = new Int32Array(d.channels.length);
  const group = new Int32Array(d.channels.length);
  for (let m = 0; m < messages; m++) {
    for (let h = d.offsets[m]!; h < d.offsets[m + 1]!; h++) {
      step[h] = d.steps[m]!;
      group[h] = (byWorm ? m : d.steps[m]! - 1) % PALETTE.length;
    }
  }
  const legend: Array<[string, string]> = byWorm
    ? Array.from({ length: Math.min(messages, PALETTE.length) }, (_, m): [string, string] => [
        PALETTE[m]!,
        `worm ${m + 1}${messages > PALETTE.length && m === PALETTE.length - 1 ? ' (colours repeat)' : ''}`,
      ])
    : Array.from({ length: Math.min(v.steps, PALETTE.length) }, (_, s): [string, string] => [
        PALETTE[s]!,
        `step ${s + 1}${v.steps > PALETTE.length && s === PALETTE.length - 1 ? ' (colours repeat)' : ''}`,
      ]);
  legend.push(['#111', 'source ◯'], ['#d55e00', 'destination ■']);
  // physical links two unicasts of one step both cross (seed 000 section 6: the VCs of a link share
  // it), highlighted as the heat map's hottest colour
  const shared = sharedLinks(d);
  if (shared) legend.push([heatColour(1), 'link shared by two unicasts of one step (seed 000 section 6)']);
  // channels two messages of one step both use (seed 001 Definition 4), as thick red arrows over the plan
  const contended =
    v.contention && v.contention.channels.length > 0 ? Int32Array.from(v.contention.channels) : undefined;
  if (contended)
    legend.push(['#c00', `contended channel (${v.contention!.violations} contending pairs; seed 001 Definition 4)`]);
  return {
    caption: `plan: ${v.heading}`,
    spec: v.spec,
    arrows: d.channels,
    group,
    colors: PALETTE,
    step,
    maxStep: v.steps,
    sources: Int32Array.of(d.source),
    dests: d.dests,
    labels: [],
    legend,
    ...(contended ? { cycle: contended } : {}),
    ...(shared ? { heat: shared } : {}),
  };
}

/**
 * The physical links (node * ports + port) that two or more unicast messages of one step cross,
 * as a heat map (1 on each such link), or undefined when there is none. Path and tree worms are
 * one step each and are not counted.
 */
export function sharedLinks(d: PlanView['drawing']): Float32Array | undefined {
  const byStep = new Map<number, Map<number, number>>();
  let top = -1;
  for (let m = 0; m < d.steps.length; m++) {
    if (d.kinds[m] !== 0) continue;
    const uses = byStep.get(d.steps[m]!) ?? new Map<number, number>();
    byStep.set(d.steps[m]!, uses);
    const seen = new Set<number>();
    for (let h = d.offsets[m]!; h < d.offsets[m + 1]!; h++) seen.add(d.channels[h]!);
    for (const c of seen) uses.set(c, (uses.get(c) ?? 0) + 1);
  }
  const hot: number[] = [];
  for (const uses of byStep.values())
    for (const [c, n] of uses)
      if (n >= 2) {
        hot.push(c);
        if (c > top) top = c;
      }
  if (hot.length === 0) return undefined;
  const heat = new Float32Array(top + 1);
  for (const c of hot) heat[c] = 1;
  return heat;
}

/** A simulation: channel utilisation as a heat map, and the deadlock's wait-for cycle as thick red arrows. */
export function simulationOverlay(v: SimulationView, ports: number): Overlay {
  let max = 0;
  for (const f of v.channelFlits) if (f > max) max = f;
  const heat = new Float32Array(v.channelFlits.length);
  if (max > 0) for (let c = 0; c < heat.length; c++) heat[c] = v.channelFlits[c]! / max;
  const net = v.cycleChannels.filter((c) => c.port >= 0);
  const cycle = net.length > 0;
  // after a deadlock, the VCs each worm held when it stopped (its tree or path so far), in its colour
  const held = v.deadlockHeld ?? [];
  const worms = [...new Set(held.map(([, w]) => w))].sort((a, b) => a - b);
  return {
    caption: `simulation: ${v.heading}${cycle ? ` — wait-for cycle of ${v.cycleChannels.length} channels` : ''}`,
    spec: v.spec,
    arrows: Int32Array.from(held, ([c]) => c),
    group: Int32Array.from(held, ([, w]) => worms.indexOf(w) % PALETTE.length),
    colors: PALETTE,
    maxStep: 0,
    sources: new Int32Array(0),
    dests: new Int32Array(0),
    heat: max > 0 ? heat : undefined,
    cycle: cycle ? Int32Array.from(net, (c) => c.node * ports + c.port) : undefined,
    labels: net.map((c, i) => ({ node: c.node, text: `${i + 1}` })),
    ...(v.faults ? { faults: v.faults } : {}),
    legend: [
      ...faultLegend(v.faults),
      ...(max > 0
        ? [
            ['#fee08b', `channel utilisation (busiest ${max} flits in ${v.result.cycles} cycles = red)`] as [
              string,
              string,
            ],
          ]
        : []),
      ...worms
        .slice(0, PALETTE.length)
        .map((w, i): [string, string] => [PALETTE[i]!, `VCs held by worm ${w} when the run stopped`]),
      ...(cycle
        ? [['#b3261e', 'wait-for cycle: each worm waits for the channel the next holds'] as [string, string]]
        : []),
    ],
  };
}

/**
 * A cycle of a watched run (docs/web.md "Watching a simulation"): every network VC held, as an
 * arrow in its worm's colour with its buffered flits as beads; headers waiting for a VC as red
 * rings; sources injecting as circles; deliveries of the last cycles as green squares; the
 * utilisation so far as a heat map; a deadlock's wait-for cycle as thick red arrows.
 */
export function watchOverlay(f: WatchFrame, t: Topology): Overlay {
  const s = f.snapshot;
  const P = t.ports;
  const net = s.held.filter((h) => h.kind === 'network');
  let max = 0;
  for (const x of s.channelFlits) if (x > max) max = x;
  const heat = new Float32Array(s.channelFlits.length);
  if (max > 0) for (let c = 0; c < heat.length; c++) heat[c] = s.channelFlits[c]! / max;
  const worms = [...new Set(net.map((h) => h.worm))].sort((a, b) => a - b);
  const byChannel = new Map<number, string[]>();
  for (const h of s.held) {
    if (h.kind !== 'network') continue;
    const list = byChannel.get(h.node) ?? [];
    list.push(`${t.portName(h.port)} vc ${h.index} for worm ${h.worm} (${h.flits} flits buffered)`);
    byChannel.set(h.node, list);
  }
  const waits = new Map<number, string[]>();
  for (const b of s.blocked) {
    const list = waits.get(b.node) ?? [];
    list.push(
      `worm ${b.worm} waits for ${b.kind}${b.kind === 'network' ? ` ${t.portName(b.port)}` : ` #${b.port}`}${b.holder >= 0 ? ` held by worm ${b.holder}` : ''}`,
    );
    waits.set(b.node, list);
  }
  const cycle = Int32Array.from(f.cycleChannels, ([node, port]) => node * P + port);
  // an adaptive header's outputs offered but not taken, as pale arrows beside the one it took
  const others: number[] = [];
  const chose = new Map<number, string[]>();
  for (const c of f.choices ?? []) {
    for (const w of c.offered) if (portOf(w) !== c.port) others.push(c.node * P + portOf(w));
    const list = chose.get(c.node) ?? [];
    list.push(`worm ${c.worm} chose ${c.text}`);
    chose.set(c.node, list);
  }
  return {
    caption: `watch: ${f.heading} — cycle ${f.asked}${f.over ? ` (${f.over})` : ''}`,
    spec: f.spec,
    arrows: Int32Array.from([...net.map((h) => h.node * P + h.port), ...others]),
    group: Int32Array.from([
      ...net.map((h) => worms.indexOf(h.worm) % PALETTE.length),
      ...others.map(() => PALETTE.length),
    ]),
    colors: [...PALETTE, NOT_TAKEN],
    maxStep: 0,
    sources: Int32Array.from(
      s.held.filter((h) => h.kind === 'injection'),
      (h) => h.node,
    ),
    dests: Int32Array.from(s.delivered, (d) => d.node),
    destColour: '#2e7d32',
    heat: max > 0 ? heat : undefined,
    beads: Int32Array.from([...net.map((h) => h.flits), ...others.map(() => 0)]),
    rings: Int32Array.from(s.blocked, (b) => b.node),
    cycle: cycle.length > 0 ? cycle : undefined,
    labels: [],
    ...(f.faults ? { faults: f.faults } : {}),
    legend: [
      ...faultLegend(f.faults),
      ...worms
        .slice(0, PALETTE.length)
        .map((w, i): [string, string] => [
          PALETTE[i]!,
          `worm ${w}${worms.length > PALETTE.length && i === PALETTE.length - 1 ? ' (colours repeat)' : ''}`,
        ]),
      ...(others.length > 0
        ? [[NOT_TAKEN, 'output an adaptive header was offered and did not take'] as [string, string]]
        : []),
      ['#111', 'injecting ◯'],
      ['#b3261e', 'header blocked (ring)'],
      ['#2e7d32', `delivered in the last cycles ■`],
      ...(max > 0 ? [['#fee08b', `utilisation so far (busiest ${max} flits = red)`] as [string, string]] : []),
    ],
    describe: (node) => {
      const parts = [
        ...(byChannel.get(node) ?? []).map((x) => `held ${x}`),
        ...(chose.get(node) ?? []),
        ...(waits.get(node) ?? []),
      ];
      return parts.length > 0 ? `; ${parts.join('; ')}` : '';
    },
  };
}
