// The choices of the adaptive routing functions (docs/model-flit.md "Adaptive routing: choices
// and selection"), the twins of their `choices` in src/routing/turn-model.ts, min-adaptive.ts and
// planar-adaptive.ts:
// every admissible route word, in the function's order, written to CHOICES. Not generated: only
// the functions with choices appear here (ROUTING_OPTION >> 8 != 0 marks them).
import { KIND, KIND_HYPERCUBE, KIND_TORUS, NDIMS, radix } from "../topology";
import {
  ROUTING_MIN_ADAPTIVE, ROUTING_NEGATIVE_FIRST, ROUTING_NORTH_LAST, ROUTING_PLANAR_ADAPTIVE, ROUTING_WEST_FIRST,
} from "../table";
import { INJECT, ROUTING, pack } from "./state";
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
