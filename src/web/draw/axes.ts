import type { Layout } from './layout.ts';
import type { View } from './paint.ts';
import type { Pen } from './pen.ts';

/*
 * What says where one is in a drawing (src/web/draw/paint.ts draws these last): the names of a 3D
 * network's layers in the detail view, and the grid and coordinates of a large 2D mesh or torus in
 * the density view.
 */

/**
 * A mesh or torus of three or more dimensions is drawn as small multiples (issue 24: "3D meshes and
 * tori as layers offset, or small multiples per layer"): one tile per layer, dimension 2 to the right
 * and 3 upwards (layout.ts). Each tile in view is named by its higher coordinates above its top-left
 * node, so that a link between tiles reads as a z link. Returns the labels drawn.
 */
export function layerLabels(pen: Pen, L: Layout, v: View): number {
  const t = L.topology;
  if ((t.kind !== 'mesh' && t.kind !== 'torus') || t.dims.length < 3) return 0;
  const [kx, ky] = t.dims as [number, number];
  const layers = t.nodes / (kx * ky);
  let drawn = 0;
  for (let layer = 0; layer < layers; layer++) {
    // the tile's top-left node: x = 0, y = ky - 1 of this layer
    const node = layer * kx * ky + (ky - 1) * kx;
    const x = L.x[node]! * v.scale + v.ox;
    const y = L.y[node]! * v.scale + v.oy - Math.max(8, v.scale * 0.45);
    if (x < -40 || y < 0 || x > v.width || y > v.height + 12) continue;
    let rest = layer;
    const coords = t.dims.slice(2).map((k) => {
      const c = rest % k;
      rest = (rest - c) / k;
      return c;
    });
    const names = ['z', 'w', 'v', 'u'];
    pen.text(x, y, coords.map((c, i) => `${names[i] ?? `d${i + 2}`}=${c}`).join(' '), '#2457a6');
    drawn++;
  }
  return drawn;
}

/** Tick spacing: 1, 2 or 5 times a power of ten, about `target` units apart. */
function niceStep(target: number): number {
  const p = 10 ** Math.floor(Math.log10(Math.max(target, 1)));
  for (const m of [1, 2, 5, 10]) if (m * p >= target) return m * p;
  return 10 * p;
}

/**
 * The overview of a large 2D mesh or torus (issue 24: torus:1000x1000 at full view was a flat grey
 * square): grid lines and coordinates every few hundred nodes along x (dimension 0) and y
 * (dimension 1), so that the density view says where in the network one is.
 */
export function overviewAxes(pen: Pen, L: Layout, v: View): void {
  const t = L.topology;
  if ((t.kind !== 'mesh' && t.kind !== 'torus') || t.dims.length !== 2) return;
  const [kx, ky] = t.dims as [number, number];
  const step = niceStep(90 / v.scale);
  const xs: number[] = [];
  const ys: number[] = [];
  for (let c = 0; c < kx; c += step) xs.push(c);
  for (let c = 0; c < ky; c += step) ys.push(c);
  // layout: x = coordinate 0, y = -coordinate 1 (upwards)
  const X = (c: number): number => c * v.scale + v.ox;
  const Y = (c: number): number => -c * v.scale + v.oy;
  pen.begin('rgba(36,87,166,0.35)', 1);
  for (const c of xs) pen.line(X(c), Y(0), X(c), Y(ky - 1));
  for (const c of ys) pen.line(X(0), Y(c), X(kx - 1), Y(c));
  pen.end();
  const bottom = Math.min(v.height - 4, Y(0) + 14);
  const left = Math.max(2, X(0) - 6 - 7 * String(ky).length);
  for (const c of xs) if (X(c) >= 0 && X(c) <= v.width - 20) pen.text(X(c) + 2, bottom, `x=${c}`, '#2457a6');
  for (const c of ys) if (Y(c) >= 12 && Y(c) <= v.height) pen.text(left, Y(c) - 2, `y=${c}`, '#2457a6');
}
