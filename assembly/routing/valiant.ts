// Valiant's two-phase routing, the twin of src/routing/valiant.ts: to the intermediate node
// ROUTE_KEY mod N on the deterministic function's classes, then to the destination on the same
// classes shifted by their count; delivered wherever the destination is met.
import { DELIVER, INJECT, ROUTE_KEY, pack } from "./state";
import { KIND, KIND_HYPERCUBE, KIND_TORUS, NODES } from "../topology";
import { routeDor } from "./dor";

export function routeValiant(node: i32, dest: i32, vcIn: i32): i32 {
  if (node == dest) return DELIVER;
  const C: i32 = KIND == KIND_TORUS ? 2 : 1;
  const mid = <i32>(<u32>ROUTE_KEY % <u32>NODES);
  const phase2 = (vcIn != INJECT && vcIn >= C) || node == mid;
  const target = phase2 ? dest : mid;
  const shift = phase2 ? C : 0;
  if (KIND == KIND_HYPERCUBE) return pack(31 - <i32>clz(node ^ target), shift);
  const w = routeDor(node, target, INJECT);
  return pack(w & 0xff, (w >> 8) + shift);
}
