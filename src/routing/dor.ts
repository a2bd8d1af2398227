import { WormcastError } from '../errors.ts';
import type { Grid } from '../topology/grid.ts';
import { DELIVER, INJECT, pack, type RoutingFactory } from './types.ts';

/** Torus VC classes: a wrap-around link still lies ahead in the current dimension (d0), or not (d1). */
export const DOR_TORUS_CLASSES = ['d0', 'd1'] as const;
/** BookSim's torus partitions: the route in the current dimension crosses no wrap link (p0), or one (p1). */
export const DOR_BOOKSIM_CLASSES = ['p0', 'p1'] as const;

/**
 * Dimension-order routing on a mesh (2D/3D) or torus (any number of dimensions):
 * correct the lowest differing dimension first, one hop at a time.
 *
 * Mesh: one VC class, the direction toward the destination coordinate.
 * Torus: the shorter way round; when both ways are equally long (k even, offset k/2)
 * the + direction, or with option tieBreak 'random' (BookSim's dor_next_torus) the direction
 * drawn for the packet: bit d of the worm's key, 0 for +, 1 for - (the tie arises only at the
 * first hop in a dimension: one hop later the offset is k/2 - 1 the chosen way). VC classes
 * after Dally and Seitz's dateline scheme, as a function of position only: class d0 while
 * the wrap-around link of the current dimension is still ahead (up to and including that
 * link), d1 once it is behind, or when the dimension needs no wrap at all. See docs/routing-dor-label.md for why the class is positional. Option
 * dateline 'booksim' gives BookSim's classes instead (dim_order_torus): on turning into a
 * dimension, p1 if the route in it crosses the wrap link, else p0, kept for the whole dimension
 * (it reads the port the header arrived by: docs/model-flit.md "Routing keys").
 */
export const dor: RoutingFactory = (topology, options) => {
  if (topology.kind !== 'mesh' && topology.kind !== 'torus') {
    throw new WormcastError(
      `routing dor: needs a mesh or torus (mesh:k0xk1[xk2], torus:k0xk1[x...]), not ${topology.spec}`,
    );
  }
  const grid = topology as Grid;
  const dims = grid.dims;
  const torus = topology.kind === 'torus';
  const tie = options.tieBreak ?? 'plus';
  if (tie !== 'plus' && tie !== 'random')
    throw new WormcastError(`routing dor: tie-break '${String(tie)}': expected plus or random`);
  // a per-packet draw only where a tie can arise: a torus dimension of even radix
  const random = tie === 'random' && torus && dims.some((k) => k % 2 === 0);
  const dateline = options.dateline ?? 'position';
  if (dateline !== 'position' && dateline !== 'booksim')
    throw new WormcastError(`routing dor: dateline '${String(dateline)}': expected position or booksim`);
  const booksim = dateline === 'booksim' && torus;
  return {
    name: 'dor',
    topology,
    vcClasses: booksim ? DOR_BOOKSIM_CLASSES : torus ? DOR_TORUS_CLASSES : ['c'],
    minimal: true,
    wasmId: 2,
    wasmOption: (random ? 1 : 0) | (booksim ? 2 : 0),
    ...(random ? { keys: 2 ** dims.length } : {}),
    ...(booksim ? { inPort: true } : {}),
    route(node, dest, vcIn, key = 0, inPort = -1) {
      let a = node;
      let b = dest;
      for (let d = 0; d < dims.length; d++) {
        const k = dims[d]!;
        const x = a % k;
        const xd = b % k;
        a = (a - x) / k;
        b = (b - xd) / k;
        if (x === xd) continue;
        if (!torus) return pack(2 * d + (xd > x ? 0 : 1), 0);
        const plus = (xd - x + k) % k;
        const goPlus = 2 * plus < k || (2 * plus === k && (!random || ((key >> d) & 1) === 0));
        // + crosses the wrap link (k-1 -> 0) iff x > xd; - crosses (0 -> k-1) iff x < xd.
        const wrapAhead = goPlus ? x > xd : x < xd;
        if (!booksim) return pack(2 * d + (goPlus ? 0 : 1), wrapAhead ? 0 : 1);
        // BookSim: the class chosen on turning into dimension d (p1 iff its route there crosses the
        // wrap link), kept while the header goes on in d (it arrived by a port of dimension d)
        const goingOn = vcIn !== INJECT && inPort >= 0 && inPort >> 1 === d;
        return pack(2 * d + (goPlus ? 0 : 1), goingOn ? vcIn : wrapAhead ? 1 : 0);
      }
      return DELIVER;
    },
  };
};
