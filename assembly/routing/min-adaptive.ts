// Minimal adaptive routing with a deterministic escape channel (Duato 1993), the twin of
// src/routing/min-adaptive.ts: its `route`, the escape hop, on the escape classes (class 1 + the
// class of dor on a mesh or torus, of E-cube on a hypercube).
import { DELIVER, INJECT, pack } from "./state";
import { KIND, KIND_HYPERCUBE } from "../topology";
import { routeDor } from "./dor";

export function routeMinAdaptive(node: i32, dest: i32, vcIn: i32): i32 {
  if (node == dest) return DELIVER;
  if (KIND == KIND_HYPERCUBE) return pack(31 - <i32>clz(node ^ dest), 1);
  const w = routeDor(node, dest, INJECT);
  return pack(w & 0xff, 1 + (w >> 8));
}
