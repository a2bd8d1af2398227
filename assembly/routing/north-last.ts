// North-last (Glass and Ni 1992), first choice: x, then south, north only when nothing else is left.
import { DELIVER } from "./state";
import { deltaX, deltaY } from "./turn-model";

export function routeNorthLast(node: i32, dest: i32, vcIn: i32): i32 {
  if (node == dest) return DELIVER;
  const dx = deltaX(node, dest);
  if (dx != 0) return dx > 0 ? 0 : 1;
  return deltaY(node, dest) < 0 ? 3 : 2;
}
