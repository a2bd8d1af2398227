// Planar-adaptive on a 2D mesh (Chien and Kim 1992), the twin of src/routing/planar-adaptive.ts:
// the first choice, the x hop while x is left (class 0), then y on the class the packet has
// (2 y-dec if it arrived on it, else 1 y-inc). Its choices are in ./choices.
import { DELIVER, pack } from "./state";
import { deltaX, deltaY } from "./turn-model";

export function routePlanarAdaptive(node: i32, dest: i32, vcIn: i32): i32 {
  if (node == dest) return DELIVER;
  const dx = deltaX(node, dest);
  if (dx != 0) return dx > 0 ? 0 : 1;
  return pack(deltaY(node, dest) > 0 ? 2 : 3, vcIn == 2 ? 2 : 1);
}
