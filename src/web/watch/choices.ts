import { INJECT, admissible, portOf, vcOf, type RoutingFunction } from 'wormcast';
import type { Snapshot } from './snapshot.ts';

/**
 * The choice an adaptive worm made at a hop (issue 26: "the watch view shows which output a header
 * chose"). The engines record only the VC a header was granted (its slot, src/engine/layout.ts);
 * what it was offered is recomputed here, on the host, from the routing function's choices at that
 * node for the worm's destination and the class it arrived on (docs/model-flit.md "Adaptive
 * routing: choices and selection"). The kernel is not touched.
 */
export interface HopChoice {
  worm: number;
  /** The worm's destination. */
  dest: number;
  /** The node where the header chose, and the output it took (port, VC class). */
  node: number;
  port: number;
  vcClass: number;
  /** Every admissible output offered there (route words, in the function's preference order). */
  offered: number[];
  /** `+x of +x, +y`: the output taken, of those offered. */
  text: string;
}

/**
 * The hops of the unicast worms in `ends` (worm number -> [source, destination]) whose routing
 * offered more than one output, for every network VC they hold. A hop whose input class is not
 * known (the worm's tail has left the VC it arrived on, and the hop is not at its source) is left
 * out rather than guessed. `vcsPerClass`: the K of a VC index class x K + copy.
 */
export function adaptiveChoices(
  routing: RoutingFunction,
  s: Snapshot,
  ends: ReadonlyMap<number, readonly [number, number]>,
  vcsPerClass: number,
): HopChoice[] {
  if (!routing.choices) return [];
  const t = routing.topology;
  const byWorm = new Map<number, Snapshot['held']>();
  for (const h of s.held) {
    if (h.kind !== 'network' || !ends.has(h.worm)) continue;
    const list = byWorm.get(h.worm) ?? [];
    list.push(h);
    byWorm.set(h.worm, list);
  }
  const out: HopChoice[] = [];
  for (const [worm, held] of byWorm) {
    const [src, dest] = ends.get(worm)!;
    for (const h of held) {
      // the VC the header came in by: the one of this worm that ends at h.node
      const before = held.find((g) => t.neighbor(g.node, g.port) === h.node);
      if (!before && h.node !== src) continue;
      const vcIn = before ? Math.floor(before.index / vcsPerClass) : INJECT;
      // a keyed function (valiant) chooses by the worm's key, which the snapshot does not hold
      if ((routing.keys ?? 1) > 1) continue;
      const offered = [...admissible(routing, h.node, dest, vcIn, 0, before ? before.port : -1)];
      if (offered.length > 1) {
        const c = { worm, dest, node: h.node, port: h.port, vcClass: Math.floor(h.index / vcsPerClass), offered };
        out.push({ ...c, text: choiceText(routing, c) });
      }
    }
  }
  return out;
}

/** `+x of +x, +y` (with the VC classes when the function has more than one). */
export function choiceText(routing: RoutingFunction, c: Omit<HopChoice, 'text'>): string {
  const t = routing.topology;
  const classes = routing.vcClasses.length > 1;
  const word = (port: number, vc: number): string =>
    `${t.portName(port)}${classes ? ` ${routing.vcClasses[vc] ?? vc}` : ''}`;
  return `${word(c.port, c.vcClass)} of ${c.offered.map((w) => word(portOf(w), vcOf(w))).join(', ')}`;
}
