import { WormcastError } from '../errors.ts';
import type { Topology } from '../topology/types.ts';
import { selectionOption } from './selection.ts';
import { DELIVER, pack, type RoutingDraft, type RoutingFactory, type RoutingOptions } from './types.ts';

/** Ports of a 2D mesh (src/topology/grid.ts): east +x, west -x, north +y, south -y. */
const EAST = 0;
const WEST = 1;
const NORTH = 2;
const SOUTH = 3;

/**
 * The minimal directions a turn-model function allows from (x, y) toward (xd, yd) given that the
 * header still needs them: Glass and Ni, "The Turn Model for Adaptive Routing" (ISCA 1992, section
 * 3; J. ACM 1994 section 4), minimal versions. Ports listed x before y, so the first choice is
 * the dimension-order hop whenever dimension order is allowed (docs/routing-adaptive.md).
 */
type TurnRule = (dx: number, dy: number) => number[];

/** West-first: every west hop first (no turn into west); then adaptively east, north, south. */
const westFirst: TurnRule = (dx, dy) => {
  if (dx < 0) return [WEST];
  const out: number[] = [];
  if (dx > 0) out.push(EAST);
  if (dy > 0) out.push(NORTH);
  if (dy < 0) out.push(SOUTH);
  return out;
};

/** North-last: north hops last (no turn out of north); before that adaptively east, west, south. */
const northLast: TurnRule = (dx, dy) => {
  const out: number[] = [];
  if (dx > 0) out.push(EAST);
  if (dx < 0) out.push(WEST);
  if (dy < 0) out.push(SOUTH);
  if (out.length === 0 && dy > 0) out.push(NORTH);
  return out;
};

/** Negative-first: the negative hops (west, south) first, adaptively; then the positive ones. */
const negativeFirst: TurnRule = (dx, dy) => {
  const out: number[] = [];
  if (dx < 0) out.push(WEST);
  if (dy < 0) out.push(SOUTH);
  if (out.length > 0) return out;
  if (dx > 0) out.push(EAST);
  if (dy > 0) out.push(NORTH);
  return out;
};

function turnModel(name: string, rule: TurnRule, topology: Topology, options: RoutingOptions): RoutingDraft {
  if (topology.kind !== 'mesh' || topology.dims.length !== 2)
    throw new WormcastError(`routing ${name}: needs a 2D mesh (mesh:k0xk1), not ${topology.spec}`);
  const k0 = topology.dims[0]!;
  const choices = (node: number, dest: number): number[] => {
    const dx = (dest % k0) - (node % k0);
    const dy = ((dest / k0) | 0) - ((node / k0) | 0);
    return rule(dx, dy).map((port) => pack(port, 0));
  };
  return {
    name,
    topology,
    vcClasses: ['c'],
    minimal: true,
    ...selectionOption(options.selection),
    route: (node, dest) => (node === dest ? DELIVER : choices(node, dest)[0]!),
    choices,
  };
}

/** Glass and Ni's west-first turn model on a 2D mesh (minimal). Wasm twin: assembly/routing/west-first.ts. */
export const westFirstRouting: RoutingFactory = (t, o) => turnModel('west-first', westFirst, t, o);
/** Glass and Ni's north-last turn model on a 2D mesh (minimal). Wasm twin: assembly/routing/north-last.ts. */
export const northLastRouting: RoutingFactory = (t, o) => turnModel('north-last', northLast, t, o);
/** Glass and Ni's negative-first turn model on a 2D mesh (minimal). Wasm twin: assembly/routing/negative-first.ts. */
export const negativeFirstRouting: RoutingFactory = (t, o) => turnModel('negative-first', negativeFirst, t, o);
