import type { Topology } from 'wormcast';

/**
 * The colour class of a network's links (issue 24, "layouts that teach"): a hypercube's links by
 * dimension, a mesh's or torus's by dimension (x, y, z, ...), a CCC's cube links apart from its
 * cycle links (seed 000 Definition 1), a star graph's by generator g_i (the transposition of
 * symbols 1 and i). Pale enough for routes, plans and worms to stand out on top.
 */
export const LINK_COLOURS = [
  '#8ea9cf',
  '#e0a96a',
  '#84c4a2',
  '#cf9cc4',
  '#b3b3b3',
  '#cbbb6a',
  '#9fc6e4',
  '#d89a86',
  '#a7a0d6',
  '#9dbb7a',
];

/** The class of the link leaving through port p. */
export function linkClassOf(t: Topology, p: number): number {
  if (t.kind === 'mesh' || t.kind === 'torus') return p >> 1;
  if (t.kind === 'ccc') return p === 0 ? 0 : 1;
  return p;
}

/** The name of each class, for the legend. */
export function linkClassNames(t: Topology): string[] {
  if (t.kind === 'mesh' || t.kind === 'torus')
    return t.dims.map((_, d) => (d < 3 ? `${'xyz'[d]} links` : `dimension ${d} links`));
  if (t.kind === 'ccc') return ['cube links', 'cycle links'];
  return Array.from({ length: t.ports }, (_, p) =>
    t.kind === 'star' ? `${t.portName(p)} links` : `${t.portName(p)} links`,
  );
}

export function linkColour(k: number): string {
  return LINK_COLOURS[k % LINK_COLOURS.length]!;
}
