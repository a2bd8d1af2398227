/**
 * What the drawing code draws with (src/web/draw/paint.ts): a batch of shapes in one style,
 * so that thousands of lines cost one stroke call on a canvas and one <path> in an SVG.
 * Coordinates are screen pixels.
 */
export interface Pen {
  /** Start a batch: stroked lines (fill undefined) or filled shapes (fill set). */
  begin(stroke: string, width: number, fill?: string): void;
  line(x1: number, y1: number, x2: number, y2: number): void;
  quad(x1: number, y1: number, cx: number, cy: number, x2: number, y2: number): void;
  dot(x: number, y: number, r: number): void;
  rect(x: number, y: number, w: number, h: number): void;
  tri(x1: number, y1: number, x2: number, y2: number, x3: number, y3: number): void;
  end(): void;
  text(x: number, y: number, s: string, color: string): void;
}

export class CanvasPen implements Pen {
  private fill: string | undefined;
  constructor(private readonly ctx: CanvasRenderingContext2D) {}
  begin(stroke: string, width: number, fill?: string): void {
    const c = this.ctx;
    c.beginPath();
    c.strokeStyle = stroke;
    c.lineWidth = width;
    this.fill = fill;
    if (fill) c.fillStyle = fill;
  }
  line(x1: number, y1: number, x2: number, y2: number): void {
    this.ctx.moveTo(x1, y1);
    this.ctx.lineTo(x2, y2);
  }
  quad(x1: number, y1: number, cx: number, cy: number, x2: number, y2: number): void {
    this.ctx.moveTo(x1, y1);
    this.ctx.quadraticCurveTo(cx, cy, x2, y2);
  }
  dot(x: number, y: number, r: number): void {
    this.ctx.moveTo(x + r, y);
    this.ctx.arc(x, y, r, 0, 2 * Math.PI);
  }
  rect(x: number, y: number, w: number, h: number): void {
    this.ctx.rect(x, y, w, h);
  }
  tri(x1: number, y1: number, x2: number, y2: number, x3: number, y3: number): void {
    this.ctx.moveTo(x1, y1);
    this.ctx.lineTo(x2, y2);
    this.ctx.lineTo(x3, y3);
    this.ctx.closePath();
  }
  end(): void {
    if (this.fill) this.ctx.fill();
    else this.ctx.stroke();
  }
  text(x: number, y: number, s: string, color: string): void {
    this.ctx.fillStyle = color;
    this.ctx.font = '12px system-ui, sans-serif';
    this.ctx.fillText(s, x, y);
  }
}

const r1 = (v: number): string => (Math.round(v * 10) / 10).toString();
const esc = (s: string): string =>
  s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** Collects the drawing as SVG elements (export, docs/web.md "Sharing and output"). */
export class SvgPen implements Pen {
  private d: string[] = [];
  private style = '';
  readonly parts: string[] = [];
  begin(stroke: string, width: number, fill?: string): void {
    this.d = [];
    this.style = fill ? `fill="${fill}" stroke="none"` : `fill="none" stroke="${stroke}" stroke-width="${r1(width)}"`;
  }
  line(x1: number, y1: number, x2: number, y2: number): void {
    this.d.push(`M${r1(x1)} ${r1(y1)}L${r1(x2)} ${r1(y2)}`);
  }
  quad(x1: number, y1: number, cx: number, cy: number, x2: number, y2: number): void {
    this.d.push(`M${r1(x1)} ${r1(y1)}Q${r1(cx)} ${r1(cy)} ${r1(x2)} ${r1(y2)}`);
  }
  dot(x: number, y: number, r: number): void {
    this.d.push(
      `M${r1(x - r)} ${r1(y)}a${r1(r)} ${r1(r)} 0 1 0 ${r1(2 * r)} 0a${r1(r)} ${r1(r)} 0 1 0 ${r1(-2 * r)} 0`,
    );
  }
  rect(x: number, y: number, w: number, h: number): void {
    this.d.push(`M${r1(x)} ${r1(y)}h${r1(w)}v${r1(h)}h${r1(-w)}z`);
  }
  tri(x1: number, y1: number, x2: number, y2: number, x3: number, y3: number): void {
    this.d.push(`M${r1(x1)} ${r1(y1)}L${r1(x2)} ${r1(y2)}L${r1(x3)} ${r1(y3)}z`);
  }
  end(): void {
    if (this.d.length > 0) this.parts.push(`<path ${this.style} d="${this.d.join('')}"/>`);
  }
  text(x: number, y: number, s: string, color: string): void {
    this.parts.push(
      `<text x="${r1(x)}" y="${r1(y)}" fill="${color}" font-family="sans-serif" font-size="12">${esc(s)}</text>`,
    );
  }
  /** The SVG document of the parts drawn. */
  svg(width: number, height: number): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}"><rect width="100%" height="100%" fill="#ffffff"/>${this.parts.join('')}</svg>`;
  }
}
