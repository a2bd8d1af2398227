import type { Topology } from '../../topology/types.ts';

/*
 * A network drawing for the worked examples of seed 004 (the seed's Figs. 5.7-5.12 and 6.x are
 * drawings of a mesh or hypercube with the links a multicast uses): an SVG with the nodes, the
 * source and destinations marked, each message's (or multicast's) channels as arrows in its own
 * colour, optional node labels. 2D meshes are drawn with y upwards, as the seed draws them;
 * hypercubes up to 6 dimensions as nested squares (even bits across, odd bits up, higher pairs
 * larger and skewed).
 */

export interface Arrow {
  from: number;
  to: number;
  /** Index into Drawing.groups (its colour and legend entry). */
  group: number;
  /** A channel waited for, not held (deadlock figures). */
  dashed?: boolean;
}

export interface Drawing {
  topology: Topology;
  arrows: Arrow[];
  /** Legend names of the groups (worms, subnetworks, multicasts). */
  groups: string[];
  sources?: number[];
  dests?: number[];
  /** How the seed names a node (default: wormcast's address), e.g. node numbers 0..15 in seed 004 Fig. 5.7. */
  names?: (v: number) => string;
  /** A number drawn beside each node (Hamiltonian-path labels). */
  labels?: ArrayLike<number>;
  title: string;
}

const PALETTE = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];
const GAP = 70;
const MARGIN = 50;

/** Hypercube node v at (x, y): bit 2i moves right, bit 2i+1 up, each pair of bits 2.6 times the last. */
function cubeXY(v: number, n: number): [number, number] {
  let x = 0;
  let y = 0;
  for (let b = 0; b < n; b++) {
    const level = Math.floor(b / 2);
    const w = 2.6 ** level;
    // higher pairs of bits are skewed so that their links do not run through other nodes
    const skew = level > 0 ? 0.4 * w : 0;
    if ((v >> b) & 1) {
      x += b % 2 === 0 ? w : skew;
      y += b % 2 === 0 ? skew : w;
    }
  }
  return [x, y];
}

function positions(t: Topology): { at: Array<[number, number]>; width: number; height: number } {
  const at: Array<[number, number]> = [];
  if (t.kind === 'mesh' && t.dims.length === 2) {
    const [k0, k1] = t.dims as [number, number];
    for (let v = 0; v < t.nodes; v++) at.push([MARGIN + (v % k0) * GAP, MARGIN + (k1 - 1 - Math.floor(v / k0)) * GAP]);
    return { at, width: 2 * MARGIN + (k0 - 1) * GAP, height: 2 * MARGIN + (k1 - 1) * GAP };
  }
  if (t.kind === 'hypercube') {
    const n = Math.round(Math.log2(t.nodes));
    const span = cubeXY(t.nodes - 1, n);
    const scale = (GAP * 3) / Math.max(1, span[0], span[1]) + 40;
    for (let v = 0; v < t.nodes; v++) {
      const [x, y] = cubeXY(v, n);
      at.push([MARGIN + x * scale, MARGIN + (span[1] - y) * scale]);
    }
    return { at, width: 2 * MARGIN + span[0] * scale, height: 2 * MARGIN + span[1] * scale };
  }
  throw new Error(`no drawing layout for ${t.spec}`);
}

const esc = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The drawing as an SVG document. */
export function drawingSvg(d: Drawing): string {
  const t = d.topology;
  const { at, width, height } = positions(t);
  const legendH = 18 * (d.groups.length + 1);
  // wide enough for the title (about 7 px per character at 13 px)
  const W = Math.max(width, MARGIN / 2 + 7 * d.title.length, 360);
  const H = height + legendH + 30;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W.toFixed(0)}" height="${H.toFixed(0)}" viewBox="0 0 ${W.toFixed(0)} ${H.toFixed(0)}" font-family="sans-serif" font-size="11">`,
    '<defs>',
    ...PALETTE.map(
      (c, i) =>
        `<marker id="a${i}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="6" markerHeight="6" orient="auto"><path d="M0,0 L10,5 L0,10 z" fill="${c}"/></marker>`,
    ),
    '</defs>',
    `<text x="${MARGIN / 2}" y="18" font-size="13">${esc(d.title)}</text>`,
  ];
  // the network's links, thin and grey
  for (let u = 0; u < t.nodes; u++)
    for (let p = 0; p < t.ports; p++) {
      const v = t.neighbor(u, p);
      if (v > u)
        out.push(
          `<line x1="${at[u]![0].toFixed(1)}" y1="${at[u]![1].toFixed(1)}" x2="${at[v]![0].toFixed(1)}" y2="${at[v]![1].toFixed(1)}" stroke="#ccc"/>`,
        );
    }
  // arrows: offset sideways by direction and group so that several on one link stay apart
  const seen = new Map<string, number>();
  for (const a of d.arrows) {
    const [x1, y1] = at[a.from]!;
    const [x2, y2] = at[a.to]!;
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
    const key = `${Math.min(a.from, a.to)}-${Math.max(a.from, a.to)}`;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    const off = 3 + 4 * k;
    const [nx, ny] = [-uy * off, ux * off];
    const c = a.group % PALETTE.length;
    out.push(
      `<line x1="${(x1 + ux * 9 + nx).toFixed(1)}" y1="${(y1 + uy * 9 + ny).toFixed(1)}" x2="${(x2 - ux * 10 + nx).toFixed(1)}" y2="${(y2 - uy * 10 + ny).toFixed(1)}" stroke="${PALETTE[c]}" stroke-width="2"${a.dashed ? ' stroke-dasharray="4 3"' : ''} marker-end="url(#a${c})"/>`,
    );
  }
  const src = new Set(d.sources ?? []);
  const dst = new Set(d.dests ?? []);
  for (let v = 0; v < t.nodes; v++) {
    const [x, y] = at[v]!;
    const fill = src.has(v) ? '#000' : dst.has(v) ? '#fff' : '#eee';
    const stroke = src.has(v) || dst.has(v) ? '#000' : '#999';
    out.push(
      `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${dst.has(v) || src.has(v) ? 7 : 4}" fill="${fill}" stroke="${stroke}" stroke-width="${dst.has(v) ? 2 : 1}"/>`,
      `<text x="${(x + 8).toFixed(1)}" y="${(y + 16).toFixed(1)}" fill="#555">${esc(d.names ? d.names(v) : t.format(v))}</text>`,
    );
    if (d.labels)
      out.push(`<text x="${(x + 8).toFixed(1)}" y="${(y - 7).toFixed(1)}" fill="#a00">${d.labels[v]}</text>`);
  }
  let y = height + 20;
  const key = [
    ...(d.sources?.length ? ['black: source'] : []),
    ...(d.dests?.length ? ['white, bold: destination'] : []),
    ...(d.labels ? ['red: label'] : []),
    ...(d.arrows.some((a) => a.dashed) ? ['dashed: waited for'] : []),
  ];
  if (key.length > 0) out.push(`<text x="${MARGIN / 2}" y="${y}">${key.join('; ')}</text>`);
  d.groups.forEach((g, i) => {
    y += 18;
    const c = PALETTE[i % PALETTE.length];
    out.push(
      `<line x1="${MARGIN / 2}" y1="${y - 4}" x2="${MARGIN / 2 + 24}" y2="${y - 4}" stroke="${c}" stroke-width="2"/>`,
      `<text x="${MARGIN / 2 + 30}" y="${y}">${esc(g)}</text>`,
    );
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
