import { arcPoints, type Layout } from './layout.ts';
import { linkClassOf, linkColour } from './link-class.ts';
import { layerLabels, overviewAxes } from './axes.ts';
import type { Overlay } from './overlay.ts';
import type { Pen } from './pen.ts';

/** World to screen: screen = world * scale + offset. */
export interface View {
  scale: number;
  ox: number;
  oy: number;
  width: number;
  height: number;
}

/** What a paint drew (shown in the page's caption and read by tests). */
export interface PaintStats {
  /** 'detail' (nodes and links) or 'density' (blocks of nodes: far out or too many to draw one by one). */
  mode: 'detail' | 'density';
  nodes: number;
  arrows: number;
  /** Network links drawn (each undirected link once; a wrap of a large ring as its two stubs). */
  links: number;
  /** Shapes handed to the pen: what a repaint costs (bounded: DETAIL_CHANNELS and the bucket grid). */
  shapes: number;
  /** Of the links drawn, those out of service (the overlay's faults), drawn dashed and crossed. */
  faultyLinks: number;
  /** Faulty nodes drawn (crossed). */
  faultyNodes: number;
  /** Density blocks coloured by their channels' load (an overview after a run). */
  heatBlocks: number;
  /** Layers of a mesh or torus of 3 or more dimensions named on their tiles (z=0, ...). */
  layerLabels: number;
}

/** Colour steps of the heat map (pale yellow to red). */
export const HEAT_LEVELS = 8;

/** Mean use (0..1 of the busiest channel) of the channels out of the n nodes of a block from order[from]. */
function blockHeat(heat: Float32Array, L: Layout, from: number, n: number): number {
  const P = L.topology.ports;
  let sum = 0;
  for (let i = from; i < from + n; i++) {
    const a = L.order[i]! * P;
    for (let p = 0; p < P; p++) sum += heat[a + p] ?? 0;
  }
  return sum / (n * P);
}

/** Above this many nodes in view, draw density blocks instead of nodes and links. */
export const DETAIL_NODES = 25_000;
/**
 * Above this many channels in view (nodes x ports), draw density blocks too: a hypercube:16 in
 * detail at 25,000 nodes had 200,000 links, arcs most of them (repaints of 278 ms, issue 24).
 */
export const DETAIL_CHANNELS = 100_000;

const LINK = '#b9c2cf';
/** Faulty links and nodes (dashed and crossed: apart from every route, worm and heat colour). */
export const FAULT_COLOUR = '#6a1b9a';
const NODE = '#5b6574';

/** The visible buckets' range. */
function visibleBuckets(L: Layout, v: View): { c0: number; c1: number; r0: number; r1: number } {
  const x0 = (0 - v.ox) / v.scale;
  const x1 = (v.width - v.ox) / v.scale;
  const y0 = (0 - v.oy) / v.scale;
  const y1 = (v.height - v.oy) / v.scale;
  const clamp = (a: number, n: number): number => Math.max(0, Math.min(n - 1, a));
  return {
    c0: clamp(Math.floor((x0 - L.minX) / L.bucket) - 1, L.cols),
    c1: clamp(Math.floor((x1 - L.minX) / L.bucket) + 1, L.cols),
    r0: clamp(Math.floor((y0 - L.minY) / L.bucket) - 1, L.rows),
    r1: clamp(Math.floor((y1 - L.minY) / L.bucket) + 1, L.rows),
  };
}

/**
 * Points along the link a -> b as drawn (world units, no sideways shift): its straight line, or its
 * arc; null for a wrap drawn as stubs. The layout tests check that no drawn link passes over a node.
 */
export function linkPoints(L: Layout, a: number, p: number, b: number): Array<[number, number]> | null {
  if (L.stub(a, p, b)) return null;
  const lo = Math.min(a, b);
  const hi = Math.max(a, b);
  return arcPoints(L.x[lo]!, L.y[lo]!, L.x[hi]!, L.y[hi]!, L.bend(a, p, b));
}

/** Heat colour: pale yellow (little use) to red (the busiest channel). */
export function heatColour(h: number): string {
  const t = Math.max(0, Math.min(1, h));
  const r = Math.round(254 - 40 * t);
  const g = Math.round(224 - 190 * t);
  const b = Math.round(139 - 100 * t);
  return `rgb(${r},${g},${b})`;
}

/**
 * Paint the network and the overlay with `pen`. Only the visible part is drawn: the buckets
 * of the layout that meet the view; beyond DETAIL_NODES nodes in view (or below 1.5 px
 * between neighbours), each bucket is one block shaded by its node count.
 */
export function paint(pen: Pen, L: Layout, o: Overlay | null, v: View, step: number, cursor = -1): PaintStats {
  let shapes = 0;
  const counted: Pen = {
    begin: (stroke, width, fill) => pen.begin(stroke, width, fill),
    end: () => pen.end(),
    line: (a, b, c, d) => {
      shapes++;
      pen.line(a, b, c, d);
    },
    quad: (a, b, c, d, e, f) => {
      shapes++;
      pen.quad(a, b, c, d, e, f);
    },
    dot: (a, b, r) => {
      shapes++;
      pen.dot(a, b, r);
    },
    rect: (a, b, c, d) => {
      shapes++;
      pen.rect(a, b, c, d);
    },
    tri: (a, b, c, d, e, f) => {
      shapes++;
      pen.tri(a, b, c, d, e, f);
    },
    text: (x, y, s, c) => {
      shapes++;
      pen.text(x, y, s, c);
    },
  };
  const stats = paintWith(counted, L, o, v, step, cursor);
  stats.shapes = shapes;
  return stats;
}

function paintWith(pen: Pen, L: Layout, o: Overlay | null, v: View, step: number, cursor: number): PaintStats {
  const t = L.topology;
  const { c0, c1, r0, r1 } = visibleBuckets(L, v);
  let inView = 0;
  for (let r = r0; r <= r1; r++) inView += L.start[r * L.cols + c1 + 1]! - L.start[r * L.cols + c0]!;
  const sx = (n: number): number => L.x[n]! * v.scale + v.ox;
  const sy = (n: number): number => L.y[n]! * v.scale + v.oy;
  const detail = inView <= DETAIL_NODES && inView * t.ports <= DETAIL_CHANNELS && v.scale >= 1.5;
  const stats: PaintStats = {
    mode: detail ? 'detail' : 'density',
    nodes: 0,
    arrows: 0,
    links: 0,
    shapes: 0,
    faultyLinks: 0,
    faultyNodes: 0,
    heatBlocks: 0,
    layerLabels: 0,
  };
  const dead = o?.faults?.channels;
  const inside = (x: number, y: number, m = 20): boolean => x >= -m && y >= -m && x <= v.width + m && y <= v.height + m;
  /** A link or channel from a to b through port p, shifted sideways by `side` px (the two directions apart). */
  const link = (a: number, p: number, b: number, side: number, stubs: boolean): void => {
    let x1 = sx(a);
    let y1 = sy(a);
    let x2 = sx(b);
    let y2 = sy(b);
    if (L.stub(a, p, b)) {
      // a wrap of a large ring: a short stub out of each end, pointing away from the other
      if (!stubs) return;
      const dx = x2 - x1;
      const dy = y2 - y1;
      const len = Math.hypot(dx, dy) || 1;
      const s = Math.min(0.45 * v.scale, 14);
      pen.line(x1, y1, x1 - (dx / len) * s, y1 - (dy / len) * s);
      pen.line(x2, y2, x2 + (dx / len) * s, y2 + (dy / len) * s);
      return;
    }
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len = Math.hypot(dx, dy) || 1;
    const nx = -dy / len;
    const ny = dx / len;
    x1 += nx * side;
    y1 += ny * side;
    x2 += nx * side;
    y2 += ny * side;
    if (L.curved(a, p, b)) {
      const bend = L.bend(a, p, b) * len * (a < b ? 1 : -1);
      pen.quad(x1, y1, (x1 + x2) / 2 + nx * bend, (y1 + y2) / 2 + ny * bend, x2, y2);
    } else pen.line(x1, y1, x2, y2);
  };

  if (detail) {
    // links (each undirected link once) in the colour of their dimension or generator, then the heat map over them
    const classes = new Map<number, number[]>();
    for (let p = 0; p < t.ports; p++) {
      const k = linkClassOf(t, p);
      classes.set(k, [...(classes.get(k) ?? []), p]);
    }
    const widthOf = Math.max(0.6, Math.min(2, v.scale / 10));
    const faulty: number[] = [];
    for (const [k, ports] of classes) {
      pen.begin(o ? LINK : linkColour(k), widthOf);
      for (let r = r0; r <= r1; r++) {
        for (let i = L.start[r * L.cols + c0]!; i < L.start[r * L.cols + c1 + 1]!; i++) {
          const a = L.order[i]!;
          for (const p of ports) {
            const b = t.neighbor(a, p);
            if (b > a) {
              stats.links++;
              // a dead link is drawn dashed below, not as a live one
              if (dead?.[a * t.ports + p]) faulty.push(a, p, b);
              else link(a, p, b, 0, true);
            }
          }
        }
      }
      pen.end();
    }
    if (o?.heat) {
      const buckets = HEAT_LEVELS;
      const byLevel: number[][] = Array.from({ length: buckets }, () => []);
      for (let r = r0; r <= r1; r++) {
        for (let i = L.start[r * L.cols + c0]!; i < L.start[r * L.cols + c1 + 1]!; i++) {
          const a = L.order[i]!;
          for (let p = 0; p < t.ports; p++) {
            const h = o.heat[a * t.ports + p]!;
            if (h > 0) byLevel[Math.min(buckets - 1, Math.floor(h * buckets))]!.push(a * t.ports + p);
          }
        }
      }
      byLevel.forEach((chs, k) => {
        pen.begin(heatColour((k + 0.5) / buckets), Math.max(1.5, Math.min(6, v.scale / 5)));
        for (const c of chs) {
          const a = Math.floor(c / t.ports);
          const p = c % t.ports;
          link(a, p, t.neighbor(a, p), Math.min(3, v.scale / 10), false);
        }
        pen.end();
      });
    }
    if (faulty.length > 0) {
      stats.faultyLinks = faulty.length / 3;
      faultyLinks(pen, L, v, faulty);
    }
    const r = Math.max(1, Math.min(5, v.scale / 6));
    pen.begin(NODE, 1, NODE);
    for (let row = r0; row <= r1; row++) {
      for (let i = L.start[row * L.cols + c0]!; i < L.start[row * L.cols + c1 + 1]!; i++) {
        const a = L.order[i]!;
        const x = sx(a);
        const y = sy(a);
        if (!inside(x, y)) continue;
        pen.dot(x, y, r);
        stats.nodes++;
      }
    }
    pen.end();
    const deadNodes = o?.faults?.nodes;
    if (deadNodes) {
      // a faulty node: a cross over its dot
      const m = Math.max(3, Math.min(8, v.scale / 4));
      pen.begin(FAULT_COLOUR, 2.5);
      for (let row = r0; row <= r1; row++) {
        for (let i = L.start[row * L.cols + c0]!; i < L.start[row * L.cols + c1 + 1]!; i++) {
          const a = L.order[i]!;
          if (!deadNodes[a] || !inside(sx(a), sy(a))) continue;
          pen.line(sx(a) - m, sy(a) - m, sx(a) + m, sy(a) + m);
          pen.line(sx(a) - m, sy(a) + m, sx(a) + m, sy(a) - m);
          stats.faultyNodes++;
        }
      }
      pen.end();
    }
  } else {
    // density: one block per bucket, darker with more nodes; after a run, coloured by its channels' load
    const size = L.bucket * v.scale;
    const full = L.bucket * L.bucket;
    const shades = 6;
    const byShade: Array<Array<[number, number]>> = Array.from({ length: shades }, () => []);
    const loaded: Array<[number, number, number]> = [];
    let top = 0;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const from = L.start[r * L.cols + c]!;
        const n = L.start[r * L.cols + c + 1]! - from;
        if (n === 0) continue;
        stats.nodes += n;
        const at: [number, number] = [L.minX + c * L.bucket, L.minY + r * L.bucket];
        const use = o?.heat ? blockHeat(o.heat, L, from, n) : 0;
        if (use > 0) {
          loaded.push([at[0], at[1], use]);
          if (use > top) top = use;
        } else byShade[Math.min(shades - 1, Math.floor((n / full) * shades))]!.push(at);
      }
    }
    const block = (x: number, y: number): void =>
      pen.rect(x * v.scale + v.ox, y * v.scale + v.oy, Math.max(1, size), Math.max(1, size));
    byShade.forEach((cells, k) => {
      const g = Math.round(215 - k * 18);
      pen.begin('none', 0, `rgb(${g},${g + 4},${g + 10})`);
      for (const [x, y] of cells) block(x, y);
      pen.end();
    });
    // the overview's heat map: each block's mean channel use, relative to the busiest block in view
    const levels: Array<Array<[number, number]>> = Array.from({ length: HEAT_LEVELS }, () => []);
    for (const [x, y, use] of loaded)
      levels[Math.min(HEAT_LEVELS - 1, Math.floor((use / top) * HEAT_LEVELS))]!.push([x, y]);
    levels.forEach((cells, k) => {
      if (cells.length === 0) return;
      const colour = heatColour((k + 0.5) / HEAT_LEVELS);
      pen.begin('none', 0, colour);
      for (const [x, y] of cells) block(x, y);
      pen.end();
      stats.heatBlocks += cells.length;
    });
  }

  if (o) {
    // arrows grouped by colour: one batch each
    const width = o.thick ? Math.max(3, Math.min(8, v.scale / 6)) : Math.max(1.5, Math.min(4, v.scale / 10));
    const side = detail ? Math.min(4, v.scale / 8) : 0;
    const heads = detail && v.scale >= 6;
    const byGroup = new Map<number, number[]>();
    for (let i = 0; i < o.arrows.length; i++) {
      if (o.step && o.step[i]! > step) continue;
      const g = o.group[i]!;
      let list = byGroup.get(g);
      if (!list) byGroup.set(g, (list = []));
      list.push(i);
    }
    for (const [g, list] of byGroup) {
      const colour = o.colors[g % o.colors.length]!;
      pen.begin(colour, width);
      const tips: number[] = [];
      for (const i of list) {
        const c = o.arrows[i]!;
        const a = Math.floor(c / t.ports);
        const p = c % t.ports;
        const b = t.neighbor(a, p);
        if (b < 0) continue;
        if (!inside(sx(a), sy(a), 400) && !inside(sx(b), sy(b), 400) && !L.curved(a, p, b)) continue;
        link(a, p, b, side, true);
        stats.arrows++;
        if (heads && !L.stub(a, p, b) && !L.curved(a, p, b)) tips.push(a, b);
      }
      pen.end();
      if (tips.length > 0) {
        pen.begin(colour, 1, colour);
        const hs = Math.min(12, Math.max(5, v.scale / 4));
        for (let k = 0; k < tips.length; k += 2) {
          const x1 = sx(tips[k]!);
          const y1 = sy(tips[k]!);
          const x2 = sx(tips[k + 1]!);
          const y2 = sy(tips[k + 1]!);
          const len = Math.hypot(x2 - x1, y2 - y1) || 1;
          const ux = (x2 - x1) / len;
          const uy = (y2 - y1) / len;
          const nx = -uy;
          const ny = ux;
          // the tip sits at 70% of the way, on the shifted line
          const tx = x1 + ux * len * 0.7 + nx * side;
          const ty = y1 + uy * len * 0.7 + ny * side;
          pen.tri(
            tx,
            ty,
            tx - ux * hs + nx * hs * 0.5,
            ty - uy * hs + ny * hs * 0.5,
            tx - ux * hs - nx * hs * 0.5,
            ty - uy * hs - ny * hs * 0.5,
          );
        }
        pen.end();
      }
    }
    if (o.beads && detail) {
      // a watched run: the flits buffered in each VC, as beads along its arrow (at most 8 drawn)
      pen.begin('#222222', 1, '#222222');
      const br = Math.max(1, Math.min(3, v.scale / 14));
      for (let i = 0; i < o.arrows.length; i++) {
        const n = Math.min(8, o.beads[i]!);
        if (n <= 0) continue;
        const c = o.arrows[i]!;
        const a = Math.floor(c / t.ports);
        const b = t.neighbor(a, c % t.ports);
        if (b < 0 || L.stub(a, c % t.ports, b) || L.curved(a, c % t.ports, b)) continue;
        const x1 = sx(a);
        const y1 = sy(a);
        const x2 = sx(b);
        const y2 = sy(b);
        if (!inside(x1, y1, 400) && !inside(x2, y2, 400)) continue;
        const len = Math.hypot(x2 - x1, y2 - y1) || 1;
        const nx = -(y2 - y1) / len;
        const ny = (x2 - x1) / len;
        for (let k = 0; k < n; k++) {
          // the newest flit nearest the downstream router
          const f = 0.85 - (0.6 * k) / 8;
          pen.dot(x1 + (x2 - x1) * f + nx * side, y1 + (y2 - y1) * f + ny * side, br);
        }
      }
      pen.end();
    }
    if (o.cycle && o.cycle.length > 0) {
      // a deadlock's wait-for cycle over everything else
      pen.begin('#b3261e', Math.max(3, Math.min(8, v.scale / 6)));
      for (const c of o.cycle) {
        const a = Math.floor(c / t.ports);
        const b = t.neighbor(a, c % t.ports);
        if (b >= 0) {
          link(a, c % t.ports, b, side, true);
          stats.arrows++;
        }
      }
      pen.end();
    }
    const m = Math.max(3, Math.min(8, v.scale / 4));
    if (o.rings && o.rings.length > 0) {
      // headers waiting for a VC
      pen.begin('#b3261e', 2);
      for (const n of o.rings) {
        const x = sx(n);
        const y = sy(n);
        if (inside(x, y)) pen.dot(x, y, m + 6);
      }
      pen.end();
    }
    // destinations reached by the steps shown (all when there is no slider)
    const dc = o.destColour ?? '#d55e00';
    pen.begin(dc, 1, dc);
    for (const d of o.dests) {
      const x = sx(d);
      const y = sy(d);
      if (inside(x, y)) pen.rect(x - m, y - m, 2 * m, 2 * m);
    }
    pen.end();
    pen.begin('#111111', 2.5);
    for (const s of o.sources) pen.dot(sx(s), sy(s), m + 3);
    pen.end();
    for (const l of o.labels) pen.text(sx(l.node) + m + 2, sy(l.node) - m - 2, l.text, '#b3261e');
  }
  if (cursor >= 0 && cursor < t.nodes) {
    // the node picked or reached with the keys
    pen.begin('#2457a6', 2.5);
    pen.dot(sx(cursor), sy(cursor), Math.max(6, Math.min(14, v.scale / 3)));
    pen.end();
  }
  if (!detail) overviewAxes(pen, L, v);
  else stats.layerLabels = layerLabels(pen, L, v);
  return stats;
}

/**
 * Dead links (triples a, port, b): dashed along the line or arc they are drawn on, with a cross at
 * the middle, so that they read as out of service in print and for colour-blind eyes too.
 */
function faultyLinks(pen: Pen, L: Layout, v: View, links: readonly number[]): void {
  pen.begin(FAULT_COLOUR, Math.max(1.2, Math.min(3, v.scale / 8)));
  const m = Math.max(2.5, Math.min(6, v.scale / 6));
  const cross = (x: number, y: number): void => {
    pen.line(x - m, y - m, x + m, y + m);
    pen.line(x - m, y + m, x + m, y - m);
  };
  for (let k = 0; k < links.length; k += 3) {
    const [a, p, b] = [links[k]!, links[k + 1]!, links[k + 2]!];
    const pts = linkPoints(L, a, p, b);
    const x1 = L.x[a]! * v.scale + v.ox;
    const y1 = L.y[a]! * v.scale + v.oy;
    const x2 = L.x[b]! * v.scale + v.ox;
    const y2 = L.y[b]! * v.scale + v.oy;
    if (!pts) {
      // a wrap of a large ring, drawn as a stub out of each end: each stub crossed at its tip
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const s = Math.min(0.45 * v.scale, 14);
      const ux = ((x2 - x1) / len) * s;
      const uy = ((y2 - y1) / len) * s;
      pen.line(x1, y1, x1 - ux / 2, y1 - uy / 2);
      pen.line(x2, y2, x2 + ux / 2, y2 + uy / 2);
      cross(x1 - ux, y1 - uy);
      cross(x2 + ux, y2 + uy);
      continue;
    }
    // dashes: every other piece of the line or arc as drawn
    const at = pts.map(([x, y]): [number, number] => [x * v.scale + v.ox, y * v.scale + v.oy]);
    for (let i = 0; i + 1 < at.length; i += 2) pen.line(at[i]![0], at[i]![1], at[i + 1]![0], at[i + 1]![1]);
    const mid = at[at.length >> 1]!;
    cross(mid[0], mid[1]);
  }
  pen.end();
}
