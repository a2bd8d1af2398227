import type { Topology } from 'wormcast';
import { el } from '../dom.ts';
import { layoutOf, type Layout } from './layout.ts';
import type { Overlay } from './overlay.ts';
import { paint, type PaintStats, type View } from './paint.ts';
import { CanvasPen, SvgPen } from './pen.ts';

/**
 * The network drawing of the page (docs/web.md "Drawing"): a canvas with zoom (wheel, buttons)
 * and pan (drag), a hover line with the node's address and ports, a step slider for plans, a
 * legend, and SVG/PNG export of what is in view. Only the visible part is painted
 * (src/web/draw/paint.ts), so 10^6-node networks stay interactive.
 */
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
  stats: PaintStats = { mode: 'detail', nodes: 0, arrows: 0 };
  /** Called when the step changes (the URL keeps it). */
  onStep?: (step: number) => void;

  constructor(readonly root: HTMLElement) {
    this.canvas = el('canvas', {
      'data-testid': 'network-canvas',
      'aria-label': 'drawing of the network',
      tabindex: '0',
    });
    this.hover = el(
      'p',
      { class: 'hover', 'data-testid': 'hover-info', 'aria-live': 'polite' },
      'hover a node for its address and ports',
    );
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
      el('div', { class: 'canvas-box' }, this.canvas),
      this.hover,
      this.legend,
    );
    this.slider.addEventListener('input', () => this.setStep(Number(this.slider.value)));
    this.wire();
    new ResizeObserver(() => this.resize()).observe(this.canvas);
  }

  private wire(): void {
    const c = this.canvas;
    c.addEventListener(
      'wheel',
      (ev) => {
        ev.preventDefault();
        const r = c.getBoundingClientRect();
        this.zoomAt(ev.clientX - r.left, ev.clientY - r.top, Math.exp(-ev.deltaY / 300));
      },
      { passive: false },
    );
    let drag: { x: number; y: number; ox: number; oy: number } | undefined;
    c.addEventListener('pointerdown', (ev) => {
      drag = { x: ev.clientX, y: ev.clientY, ox: this.view.ox, oy: this.view.oy };
      c.setPointerCapture(ev.pointerId);
    });
    c.addEventListener('pointerup', () => {
      drag = undefined;
    });
    c.addEventListener('pointermove', (ev) => {
      if (drag && ev.buttons) {
        this.view.ox = drag.ox + ev.clientX - drag.x;
        this.view.oy = drag.oy + ev.clientY - drag.y;
        this.redraw();
        return;
      }
      const r = c.getBoundingClientRect();
      this.showHover(this.nodeAt(ev.clientX - r.left, ev.clientY - r.top));
    });
    c.addEventListener('keydown', (ev) => {
      const k: Record<string, () => void> = {
        '+': () => this.zoomAt(this.view.width / 2, this.view.height / 2, 1.5),
        '-': () => this.zoomAt(this.view.width / 2, this.view.height / 2, 1 / 1.5),
        ArrowLeft: () => {
          this.view.ox += 40;
        },
        ArrowRight: () => {
          this.view.ox -= 40;
        },
        ArrowUp: () => {
          this.view.oy += 40;
        },
        ArrowDown: () => {
          this.view.oy -= 40;
        },
      };
      const f = k[ev.key];
      if (f) {
        ev.preventDefault();
        f();
        this.redraw();
      }
    });
  }

  /** The topology drawn. */
  get topology(): Topology | undefined {
    return this.layout?.topology;
  }

  /** Draw this network (and no overlay); the same spec keeps the zoom. */
  setTopology(t: Topology): void {
    if (this.layout?.topology.spec === t.spec) return;
    this.layout = layoutOf(t);
    this.overlay = null;
    this.updateOverlayUi();
    this.fit();
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
    this.legend.replaceChildren(
      ...(o?.legend ?? []).flatMap(([colour, text]) => [
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

  /** Show the whole network. */
  fit(): void {
    const L = this.layout;
    if (!L) return;
    const w = L.maxX - L.minX + 2;
    const h = L.maxY - L.minY + 2;
    const s = Math.min(this.view.width / w, this.view.height / h);
    this.view.scale = s;
    this.view.ox = this.view.width / 2 - ((L.minX + L.maxX) / 2) * s;
    this.view.oy = this.view.height / 2 - ((L.minY + L.maxY) / 2) * s;
    this.redraw();
  }

  zoomAt(x: number, y: number, k: number): void {
    const s = Math.max(1e-4, Math.min(400, this.view.scale * k));
    const f = s / this.view.scale;
    this.view.ox = x - (x - this.view.ox) * f;
    this.view.oy = y - (y - this.view.oy) * f;
    this.view.scale = s;
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

  /** The node nearest to a canvas point, within max(10 px, half a unit), or -1. */
  nodeAt(px: number, py: number): number {
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
    this.stats = paint(new CanvasPen(ctx), L, this.overlay, this.view, this.step);
    const t = L.topology;
    const o = this.overlay;
    this.caption.textContent = `${o ? o.caption : t.spec}. ${t.nodes} nodes; ${this.stats.mode === 'detail' ? `${this.stats.nodes} in view` : 'shown as density blocks (zoom in for nodes and links)'}; drag to pan, wheel or +/− to zoom.`;
    this.canvas.dataset.mode = this.stats.mode;
    this.canvas.dataset.arrows = String(this.stats.arrows);
    this.canvas.dataset.nodes = String(this.stats.nodes);
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
