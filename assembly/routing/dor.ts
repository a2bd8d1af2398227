// Dimension-order routing on mesh (2D/3D) and torus (any number of dimensions), the
// twin of src/routing/dor.ts: correct the lowest differing dimension first.
// Mesh: one VC class (0). Torus: the shorter way round, + on a tie (offset k/2), or with
// option bit 0 (tieBreak 'random') bit d of the worm's key (ROUTE_KEY): 0 +, 1 -; VC class
// 0 while the wrap-around link of the current dimension is still ahead (up to and
// including it), 1 once behind or when the dimension needs no wrap (Dally-Seitz dateline,
// positional; docs/routing-dor-label.md). Option bit 1: BookSim's classes (src/routing/dor.ts).
import { DELIVER, INJECT, ROUTE_INPORT, ROUTE_KEY, ROUTING_OPTION, pack } from "./state";
import { KIND, KIND_TORUS, NDIMS, radix } from "../topology";

export function routeDor(node: i32, dest: i32, vcIn: i32): i32 {
  const torus = KIND == KIND_TORUS;
  let a = node;
  let b = dest;
  for (let d: i32 = 0; d < NDIMS; d++) {
    const k = radix(d);
    const qa = a / k;
    const qb = b / k;
    const x = a - qa * k;
    const xd = b - qb * k;
    a = qa;
    b = qb;
    if (x == xd) continue;
    if (!torus) return pack((d << 1) | (xd > x ? 0 : 1), 0);
    let plus = xd - x;
    if (plus < 0) plus += k;
    const twice = plus << 1;
    const goPlus = twice < k || (twice == k && ((ROUTING_OPTION & 1) == 0 || ((ROUTE_KEY >> d) & 1) == 0));
    const wrapAhead = goPlus ? x > xd : x < xd;
    if ((ROUTING_OPTION & 2) == 0) return pack((d << 1) | (goPlus ? 0 : 1), wrapAhead ? 0 : 1);
    // option bit 1, BookSim's classes: chosen on turning into dimension d (1 iff the route there
    // crosses the wrap link), kept while the header goes on in d
    const goingOn = vcIn != INJECT && ROUTE_INPORT >= 0 && (ROUTE_INPORT >> 1) == d;
    return pack((d << 1) | (goPlus ? 0 : 1), goingOn ? vcIn : wrapAhead ? 1 : 0);
  }
  return DELIVER;
}
