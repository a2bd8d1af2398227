// The choices of the adaptive routing functions (docs/model-flit.md "Adaptive routing: choices
// and selection"), the twins of their `choices` in src/routing/turn-model.ts, min-adaptive.ts and
// planar-adaptive.ts:
// every admissible route word, in the function's order, written to CHOICES. Not generated: only
// the functions with choices appear here (ROUTING_OPTION >> 8 != 0 marks them).
import { KIND, KIND_HYPERCUBE, KIND_TORUS, NDIMS, radix } from "../topology";
import {
  ROUTING_LABEL_ADAPTIVE, ROUTING_MIN_ADAPTIVE, ROUTING_NEGATIVE_FIRST, ROUTING_NORTH_LAST, ROUTING_PLANAR_ADAPTIVE,
  ROUTING_WEST_FIRST,
} from "../table";
import { INJECT, ROUTING, labelOf, pack } from "./state";
import { PORTS, neighbor } from "../topology";
import { gridCoord } from "../topology-grid";
import { routeLabel } from "./label";
import { deltaX, deltaY } from "./turn-model";
import { routeMinAdaptive } from "./min-adaptive";

/** Up to 64 route words of the last choicesInto. */
export const CHOICES: usize = memory.data(64 * 4);

@inline function put(n: i32, word: i32): i32 {
  store<i32>(CHOICES + (<usize>n << 2), word);
  return n + 1;
}

/** The choices of the active routing function at node (not the destination) toward dest; their count. */
export function choicesInto(node: i32, dest: i32, vcIn: i32): i32 {
  let n: i32 = 0;
  const id = ROUTING;
  if (id == ROUTING_MIN_ADAPTIVE) return minAdaptiveChoices(node, dest);
  if (id == ROUTING_LABEL_ADAPTIVE) return labelAdaptiveChoices(node, dest, vcIn);
  const dx = deltaX(node, dest);
  const dy = deltaY(node, dest);
  if (id == ROUTING_WEST_FIRST) {
    if (dx < 0) return put(n, 1);
    if (dx > 0) n = put(n, 0);
    if (dy > 0) n = put(n, 2);
    if (dy < 0) n = put(n, 3);
    return n;
  }
  if (id == ROUTING_NORTH_LAST) {
    if (dx > 0) n = put(n, 0);
    if (dx < 0) n = put(n, 1);
    if (dy < 0) n = put(n, 3);
    if (n == 0 && dy > 0) n = put(n, 2);
    return n;
  }
  if (id == ROUTING_NEGATIVE_FIRST) {
    if (dx < 0) n = put(n, 1);
    if (dy < 0) n = put(n, 3);
    if (n > 0) return n;
    if (dx > 0) n = put(n, 0);
    if (dy > 0) n = put(n, 2);
    return n;
  }
  if (id == ROUTING_PLANAR_ADAPTIVE) {
    const yPort = dy > 0 ? 2 : 3;
    if (dx != 0) {
      n = put(n, dx > 0 ? 0 : 1);
      if (dy != 0) n = put(n, pack(yPort, dx > 0 ? 1 : 2));
      return n;
    }
    return put(n, pack(yPort, vcIn == 2 ? 2 : 1));
  }
  return 0;
}

// every minimal hop on class 0 in port order, then the escape hop (src/routing/min-adaptive.ts)
function minAdaptiveChoices(node: i32, dest: i32): i32 {
  let n: i32 = 0;
  if (KIND == KIND_HYPERCUBE) {
    const diff = node ^ dest;
    for (let d: i32 = 0; d < 31; d++) if (((diff >> d) & 1) != 0) n = put(n, d);
  } else {
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
      if (!torus) {
        n = put(n, (d << 1) | (xd > x ? 0 : 1));
        continue;
      }
      let plus = xd - x;
      if (plus < 0) plus += k;
      if (plus << 1 <= k) n = put(n, d << 1);
      if (plus << 1 >= k) n = put(n, (d << 1) | 1);
    }
  }
  return put(n, routeMinAdaptive(node, dest, INJECT));
}

// R's hop, then every other neighbour one hop closer to dest whose label lies between the node's
// (excluded) and dest's (included), on R's class (src/routing/label-adaptive.ts)
function labelAdaptiveChoices(node: i32, dest: i32, vcIn: i32): i32 {
  const r = routeLabel(node, dest, vcIn);
  let n = put(0, r);
  const lu = labelOf(node);
  const lv = labelOf(dest);
  const high = lu < lv;
  const closer = hopDistance(node, dest) - 1;
  for (let p: i32 = 0; p < PORTS; p++) {
    if (p == (r & 0xff)) continue;
    const w = neighbor(node, p);
    if (w < 0 || hopDistance(w, dest) != closer) continue;
    const l = labelOf(w);
    if (high ? l > lu && l <= lv : l < lu && l >= lv) n = put(n, pack(p, high ? 0 : 1));
  }
  return n;
}

// hop distance on the topologies label routing takes (hypercube, mesh)
function hopDistance(a: i32, b: i32): i32 {
  if (KIND == KIND_HYPERCUBE) return <i32>popcnt(a ^ b);
  let sum: i32 = 0;
  for (let d: i32 = 0; d < NDIMS; d++) sum += abs(gridCoord(a, d) - gridCoord(b, d));
  return sum;
}
