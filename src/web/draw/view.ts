import type { Topology } from 'wormcast';
import { el } from '../dom.ts';
import { layoutOf, type Layout } from './layout.ts';
import type { Overlay } from './overlay.ts';
import { paint, type PaintStats, type View } from './paint.ts';
import { wireGestures } from './gestures.ts';
import { LINK_COLOURS, linkClassNames, linkColour } from './link-class.ts';
import { CanvasPen, SvgPen } from './pen.ts';

/**
 * The network drawing of the page (docs/web.md "Drawing"): a canvas with zoom (wheel, buttons)
 * and pan (drag), a hover line with the node's address and ports, a step slider for plans, a
 * legend, and SVG/PNG export of what is in view. Only the visible part is painted
 * (src/web/draw/paint.ts), so 10^6-node networks stay interactive.
 */
/** Zoom in at most to this many CSS px between neighbouring nodes. */
export const MAX_PX = 160;

export class NetworkView {
  readonly canvas: HTMLCanvasElement;
  readonly hover: HTMLElement;
  readonly caption: HTMLElement;
  readonly legend: HTMLElement;
  readonly slider: HTMLInputElement;
  readonly stepLabel: HTMLElement;
  private layout: Layout | undefined;
  private overlay: Overlay | null = null;
  private view: View = { scale: 1, ox: 0, oy: 0, width: 600, height: 400 };
  private step = 0;
  private queued = false;
  /** What the last paint drew. */
  stats: PaintStats = {
    mode: 'detail',
    nodes: 0,
    arrows: 0,
    links: 0,
    shapes: 0,
    faultyLinks: 0,
    faultyNodes: 0,
    heatBlocks: 0,
    layerLabels: 0,
  };
  /** Called when the step changes (the URL keeps it). */
  onStep?: (step: number) => void;
  /** Called when a node is clicked, tapped or chosen with the keys: `add` for a destination (shift, long press, `d`). */
  onPick?: (node: number, add: boolean) => void;
  /** The node the keys move and the last one picked (-1: none). */
  cursor = -1;
  private stale: HTMLElement;

  constructor(readonly root: HTMLElement) {
    this.canvas = el('canvas', {
      'data-testid': 'network-canvas',
      'aria-label': 'drawing of the network',
      tabindex: '0',
    });
    this.hover = el(
      'p',
      { class: 'hover', 'data-testid': 'hover-info', 'aria-live': 'polite' },
      'hover, tap or focus a node for its address and ports',
    );
    this.stale = el('p', { class: 'stale-note', 'data-testid': 'drawing-stale', role: 'status', hidden: '' });
    this.caption = el('p', { class: 'caption', 'data-testid': 'drawing-caption' });
    this.legend = el('p', { class: 'legend', 'data-testid': 'drawing-legend' });
    this.slider = el('input', {
      type: 'range',
      min: '1',
      max: '1',
      value: '1',
      'data-testid': 'step-slider',
      'aria-label': 'step',
    });
    this.stepLabel = el('span', { 'data-testid': 'step-label' });
    const button = (label: string, title: string, f: () => void, id: string): HTMLButtonElement => {
      const b = el('button', { type: 'button', class: 'small', title, 'data-testid': id }, label);
      b.addEventListener('click', f);
      return b;
    };
    const zoom = (k: number): void => this.zoomAt(this.view.width / 2, this.view.height / 2, k);
    const stepRow = el('label', { class: 'step-row', hidden: '' }, 'step ', this.slider, ' ', this.stepLabel);
    root.replaceChildren(
      this.caption,
      el(
        'div',
        { class: 'toolbar' },
        button('fit', 'show the whole network', () => this.fit(), 'draw-fit'),
        button('+', 'zoom in', () => zoom(1.5), 'draw-zoom-in'),
        button('−', 'zoom out', () => zoom(1 / 1.5), 'draw-zoom-out'),
        button('SVG', 'download the drawing in view as SVG', () => this.download('svg'), 'export-svg'),
        button('PNG', 'download the drawing in view as PNG', () => this.download('png'), 'export-png'),
        stepRow,
      ),
      this.stale,
      el('div', { class: 'canvas-box' }, this.canvas),
      this.hover,
      this.legend,
    );
    this.canvas.setAttribute(
      'aria-description',
      'arrow keys move between neighbouring nodes, Enter makes a node the source, shift+Enter or d adds a destination, + and − zoom, shift+arrows pan',
    );
    this.slider.addEventListener('input', () => this.setStep(Number(this.slider.value)));
    this.wire();
    new ResizeObserver(() => this.resize()).observe(this.canvas);
  }

  private wire(): void {
    const c = this.canvas;
    wireGestures(c, {
      pan: (dx, dy) => {
        this.view.ox += dx;
        this.view.oy += dy;
        this.clampPan();
        this.redraw();
      },
      zoomAt: (x, y, k) => this.zoomAt(x, y, k),
      tap: (x, y, add) => {
        const n = this.nodeAt(x, y);
        if (n >= 0) this.pick(n, add);
      },
      hover: (x, y) => this.showHover(this.nodeAt(x, y)),
    });
    c.addEventListener('focus', () => {
      if (this.cursor < 0 && this.layout) this.cursor = this.nodeAt(this.view.width / 2, this.view.height / 2, true);
      this.showHover(this.cursor);
      this.redraw();
    });
    c.addEventListener('keydown', (ev) => this.key(ev));
  }

  /**
   * The drawing's keys: arrows move the cursor to the neighbour that lies most in that direction
   * (shift + arrows pan), Enter makes the cursor's node the source, shift + Enter or `d` adds it as a
   * destination, + and − zoom, `f` fits. The cursor's node is described in the line under the canvas.
   */
  private key(ev: KeyboardEvent): void {
    const centre = (k: number) => (): void => this.zoomAt(this.view.width / 2, this.view.height / 2, k);
    const dirs: Record<string, [number, number]> = {
      ArrowLeft: [-1, 0],
      ArrowRight: [1, 0],
      ArrowUp: [0, -1],
      ArrowDown: [0, 1],
    };
    const d = dirs[ev.key];
    let f: (() => void) | undefined;
    if (d && ev.shiftKey) {
      f = () => {
        this.view.ox -= 40 * d[0];
        this.view.oy -= 40 * d[1];
        this.clampPan();
      };
    } else if (d) f = () => this.moveCursor(d[0], d[1]);
    else if (ev.key === 'Enter' && this.cursor >= 0) f = () => this.pick(this.cursor, ev.shiftKey);
    else if ((ev.key === 'd' || ev.key === 'D') && this.cursor >= 0) f = () => this.pick(this.cursor, true);
    else if (ev.key === '+' || ev.key === '=') f = centre(1.5);
    else if (ev.key === '-') f = centre(1 / 1.5);
    else if (ev.key === 'f') f = () => this.fit();
    if (!f) return;
    ev.preventDefault();
    f();
    this.redraw();
  }

  /** Move the cursor to its neighbour most in screen direction (dx, dy), and keep it in view. */
  private moveCursor(dx: number, dy: number): void {
    const L = this.layout;
    if (!L) return;
    if (this.cursor < 0) this.cursor = this.nodeAt(this.view.width / 2, this.view.height / 2, true);
    const t = L.topology;
    const a = this.cursor;
    let best = -1;
    let bestScore = 0.3;
    for (let p = 0; p < t.ports; p++) {
      const b = t.neighbor(a, p);
      if (b < 0) continue;
      const vx = L.x[b]! - L.x[a]!;
      const vy = L.y[b]! - L.y[a]!;
      const len = Math.hypot(vx, vy) || 1;
      // the cosine with the direction, a little in favour of near neighbours
      const score = (vx * dx + vy * dy) / len - 0.01 * len;
      if (score > bestScore) {
        bestScore = score;
        best = b;
      }
    }
    if (best < 0) return;
    this.cursor = best;
    const s = this.screenOf(best);
    if (s.x < 20 || s.y < 20 || s.x > this.view.width - 20 || s.y > this.view.height - 20)
      this.focus(best, Math.max(this.view.scale, this.minScale()));
    this.showHover(best);
  }

  /** Pick a node: it becomes the cursor, is described, and the page is told (source, or `add` a destination). */
  pick(node: number, add: boolean): void {
    this.cursor = node;
    this.showHover(node);
    this.onPick?.(node, add);
    this.redraw();
  }

  /** The topology drawn. */
  get topology(): Topology | undefined {
    return this.layout?.topology;
  }

  /** Draw this network (and no overlay); the same spec keeps the zoom. */
  setTopology(t: Topology): void {
    this.setStale(null);
    if (this.layout?.topology.spec === t.spec) return;
    this.layout = layoutOf(t);
    this.cursor = -1;
    this.overlay = null;
    this.updateOverlayUi();
    this.fit();
  }

  /** Mark the drawing as not the network of the topology field (its error), or (null) as current. */
  setStale(reason: string | null): void {
    this.stale.hidden = reason === null;
    this.stale.textContent =
      reason === null
        ? ''
        : `Not the network in the topology field (${reason}): this is still ${this.topology?.spec ?? 'nothing'}.`;
    this.canvas.parentElement?.classList.toggle('stale', reason !== null);
    this.canvas.dataset.stale = reason === null ? '' : '1';
  }

  /** Draw an overlay over the current network (its spec must be the network's). */
  setOverlay(o: Overlay | null, step?: number): void {
    this.overlay = o;
    if (o && o.maxStep > 0) this.step = Math.max(1, Math.min(o.maxStep, step ?? o.maxStep));
    this.updateOverlayUi();
    this.redraw();
  }

  setStep(s: number): void {
    if (!this.overlay || this.overlay.maxStep === 0) return;
    this.step = Math.max(1, Math.min(this.overlay.maxStep, Math.round(s)));
    this.slider.value = String(this.step);
    this.stepLabel.textContent = `${this.step} of ${this.overlay.maxStep}`;
    this.onStep?.(this.step);
    this.redraw();
  }

  get currentStep(): number {
    return this.step;
  }

  private updateOverlayUi(): void {
    const o = this.overlay;
    const row = this.slider.parentElement!;
    if (o && o.maxStep > 1) {
      row.hidden = false;
      this.slider.max = String(o.maxStep);
      this.slider.value = String(this.step);
      this.stepLabel.textContent = `${this.step} of ${o.maxStep}`;
    } else row.hidden = true;
    const t = this.layout?.topology;
    // without an overlay the links are coloured by class: say which colour is which
    const legend: Array<[string, string]> = o
      ? o.legend
      : t
        ? linkClassNames(t)
            .slice(0, LINK_COLOURS.length)
            .map((name, k): [string, string] => [linkColour(k), name])
        : [];
    this.legend.replaceChildren(
      ...legend.flatMap(([colour, text]) => [
        el('span', { class: 'swatch', style: `background:${colour}` }),
        ` ${text}  `,
      ]),
    );
  }

  private resize(): void {
    const r = this.canvas.getBoundingClientRect();
    const w = Math.max(50, Math.round(r.width));
    const h = Math.max(50, Math.round(r.height));
    if (w === this.view.width && h === this.view.height && this.canvas.width > 0) return;
    const first = this.canvas.width === 300 && this.canvas.height === 150; // the default size: never fitted
    this.view.width = w;
    this.view.height = h;
    const dpr = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(w * dpr);
    this.canvas.height = Math.round(h * dpr);
    if (first) this.fit();
    else this.redraw();
  }

  /** The scale at which the whole network fits the canvas. */
  private fitScale(): number {
    const L = this.layout;
    if (!L) return 1;
    const w = L.maxX - L.minX + 2;
    const h = L.maxY - L.minY + 2;
    return Math.min(this.view.width / w, this.view.height / h);
  }

  /** Zoom limits: out to half the whole network (never a speck, never nothing), in to MAX_PX px between neighbours. */
  minScale(): number {
    return this.fitScale() / 2;
  }

  maxScale(): number {
    return Math.max(this.fitScale(), MAX_PX);
  }

  /** Keep part of the network in view: its box overlaps the canvas by at least a quarter of the canvas (or all of the box). */
  private clampPan(): void {
    const L = this.layout;
    if (!L) return;
    const v = this.view;
    const clampAxis = (lo: number, hi: number, size: number, o: number): number => {
      const a = lo * v.scale + o;
      const b = hi * v.scale + o;
      const keep = Math.min(size / 4, (b - a) / 2);
      if (b < keep) return o + (keep - b);
      if (a > size - keep) return o - (a - (size - keep));
      return o;
    };
    v.ox = clampAxis(L.minX, L.maxX, v.width, v.ox);
    v.oy = clampAxis(L.minY, L.maxY, v.height, v.oy);
  }

  /** The current scale (CSS px per world unit: about the distance between neighbours). */
  get scale(): number {
    return this.view.scale;
  }

  /** Show the whole network. */
  fit(): void {
    const L = this.layout;
    if (!L) return;
    const s = this.fitScale();
    this.view.scale = s;
    this.view.ox = this.view.width / 2 - ((L.minX + L.maxX) / 2) * s;
    this.view.oy = this.view.height / 2 - ((L.minY + L.maxY) / 2) * s;
    this.redraw();
  }

  zoomAt(x: number, y: number, k: number): void {
    const s = Math.max(this.minScale(), Math.min(this.maxScale(), this.view.scale * k));
    const f = s / this.view.scale;
    this.view.ox = x - (x - this.view.ox) * f;
    this.view.oy = y - (y - this.view.oy) * f;
    this.view.scale = s;
    this.clampPan();
    this.redraw();
  }

  /** Centre the view on a node at this many pixels between neighbours. */
  focus(node: number, scale = 40): void {
    const L = this.layout;
    if (!L) return;
    this.view.scale = scale;
    this.view.ox = this.view.width / 2 - L.x[node]! * scale;
    this.view.oy = this.view.height / 2 - L.y[node]! * scale;
    this.redraw();
  }

  /** Where a node is on the canvas (CSS pixels from its top left). */
  screenOf(node: number): { x: number; y: number } {
    const L = this.layout!;
    return { x: L.x[node]! * this.view.scale + this.view.ox, y: L.y[node]! * this.view.scale + this.view.oy };
  }

  /** The node nearest to a canvas point, within max(10 px, half a unit) (anywhere with `any`), or -1. */
  nodeAt(px: number, py: number, any = false): number {
    if (any) return this.nearest(px, py);
    const L = this.layout;
    if (!L) return -1;
    const wx = (px - this.view.ox) / this.view.scale;
    const wy = (py - this.view.oy) / this.view.scale;
    const reach = Math.max(10 / this.view.scale, 0.5);
    const c0 = Math.max(0, Math.floor((wx - reach - L.minX) / L.bucket));
    const c1 = Math.min(L.cols - 1, Math.floor((wx + reach - L.minX) / L.bucket));
    const r0 = Math.max(0, Math.floor((wy - reach - L.minY) / L.bucket));
    const r1 = Math.min(L.rows - 1, Math.floor((wy + reach - L.minY) / L.bucket));
    let best = -1;
    let bestD = reach * reach;
    for (let r = r0; r <= r1; r++) {
      for (let i = L.start[r * L.cols + c0]!; i < L.start[r * L.cols + c1 + 1]!; i++) {
        const v = L.order[i]!;
        const d = (L.x[v]! - wx) ** 2 + (L.y[v]! - wy) ** 2;
        if (d <= bestD) {
          bestD = d;
          best = v;
        }
      }
    }
    return best;
  }

  /** The node nearest to a canvas point (searching outwards ring by ring of buckets). */
  private nearest(px: number, py: number): number {
    const L = this.layout;
    if (!L) return -1;
    const far = (L.maxX - L.minX + L.maxY - L.minY + 2) * this.view.scale + this.view.width + this.view.height;
    for (let radius = 20; radius < 2 * far; radius *= 2) {
      const n = this.nodeWithin(px, py, radius);
      if (n >= 0) return n;
    }
    return -1;
  }

  private nodeWithin(px: number, py: number, radius: number): number {
    const L = this.layout!;
    const wx = (px - this.view.ox) / this.view.scale;
    const wy = (py - this.view.oy) / this.view.scale;
    const reach = radius / this.view.scale;
    let best = -1;
    let bestD = reach * reach;
    const c0 = Math.max(0, Math.floor((wx - reach - L.minX) / L.bucket));
    const c1 = Math.min(L.cols - 1, Math.floor((wx + reach - L.minX) / L.bucket));
    const r0 = Math.max(0, Math.floor((wy - reach - L.minY) / L.bucket));
    const r1 = Math.min(L.rows - 1, Math.floor((wy + reach - L.minY) / L.bucket));
    for (let r = r0; r <= r1; r++) {
      for (let i = L.start[r * L.cols + c0]!; i < L.start[r * L.cols + c1 + 1]!; i++) {
        const v = L.order[i]!;
        const d = (L.x[v]! - wx) ** 2 + (L.y[v]! - wy) ** 2;
        if (d <= bestD) {
          bestD = d;
          best = v;
        }
      }
    }
    return best;
  }

  /** The hover line of a node: address, id, and each port with the neighbour it leads to. */
  describe(node: number): string {
    const t = this.layout!.topology;
    const ports: string[] = [];
    for (let p = 0; p < t.ports; p++) {
      const b = t.neighbor(node, p);
      if (b >= 0) ports.push(`${t.portName(p)} → ${t.format(b)}`);
    }
    const heat = this.overlay?.heat;
    const use = heat
      ? `; utilisation ${Array.from({ length: t.ports }, (_, p) => heat[node * t.ports + p]!.toFixed(2)).join(' ')} (of the busiest)`
      : '';
    return `${t.format(node)} (node ${node}): ${ports.join(', ')}${use}${this.overlay?.describe?.(node) ?? ''}`;
  }

  private showHover(node: number): void {
    if (node < 0) return;
    this.hover.textContent = this.describe(node);
    this.hover.dataset.node = String(node);
  }

  redraw(): void {
    if (this.queued) return;
    this.queued = true;
    requestAnimationFrame(() => {
      this.queued = false;
      this.paintNow();
    });
  }

  /** Paint now (tests and export call it to have the canvas current). */
  paintNow(): void {
    const L = this.layout;
    const ctx = this.canvas.getContext('2d');
    if (!ctx) return;
    const dpr = this.canvas.width / this.view.width;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, this.view.width, this.view.height);
    if (!L) return;
    ctx.lineCap = 'round';
    this.stats = paint(new CanvasPen(ctx), L, this.overlay, this.view, this.step, this.cursor);
    const t = L.topology;
    const o = this.overlay;
    this.caption.textContent = `${o ? o.caption : t.spec}. ${t.nodes} nodes; ${this.stats.mode === 'detail' ? `${this.stats.nodes} in view` : `shown as density blocks${this.stats.heatBlocks > 0 ? " coloured by their channels' mean load" : ''} (zoom in for nodes and links)`}; click or tap a node: source; shift-click or long press: add a destination; drag to pan, wheel, pinch or +/− to zoom.`;
    this.canvas.dataset.mode = this.stats.mode;
    this.canvas.dataset.arrows = String(this.stats.arrows);
    this.canvas.dataset.nodes = String(this.stats.nodes);
    this.canvas.dataset.links = String(this.stats.links);
    this.canvas.dataset.faultyLinks = String(this.stats.faultyLinks);
    this.canvas.dataset.faultyNodes = String(this.stats.faultyNodes);
    this.canvas.dataset.heatBlocks = String(this.stats.heatBlocks);
    this.canvas.dataset.layerLabels = String(this.stats.layerLabels);
    this.canvas.dataset.scale = this.view.scale.toFixed(3);
  }

  /** The drawing in view as an SVG document. */
  toSvg(): string {
    const pen = new SvgPen();
    if (this.layout) paint(pen, this.layout, this.overlay, this.view, this.step);
    return pen.svg(this.view.width, this.view.height);
  }

  private download(kind: 'svg' | 'png'): void {
    const name = `wormcast-${(this.layout?.topology.spec ?? 'network').replace(/[^a-z0-9]+/gi, '-')}.${kind}`;
    const save = (blob: Blob): void => {
      const a = el('a', { href: URL.createObjectURL(blob), download: name });
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
    };
    if (kind === 'svg') save(new Blob([this.toSvg()], { type: 'image/svg+xml' }));
    else {
      this.paintNow();
      this.canvas.toBlob((b) => {
        if (b) save(b);
      }, 'image/png');
    }
  }
}
