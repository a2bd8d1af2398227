// Negative-first (Glass and Ni 1992), first choice: west, then south, then east, then north.
import { DELIVER } from "./state";
import { deltaX, deltaY } from "./turn-model";

export function routeNegativeFirst(node: i32, dest: i32, vcIn: i32): i32 {
  if (node == dest) return DELIVER;
  const dx = deltaX(node, dest);
  const dy = deltaY(node, dest);
  if (dx < 0) return 1;
  if (dy < 0) return 3;
  return dx > 0 ? 0 : 2;
}
