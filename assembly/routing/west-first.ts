// West-first (Glass and Ni 1992), first choice: west while west is needed, else x then y.
import { DELIVER } from "./state";
import { deltaX, deltaY } from "./turn-model";

export function routeWestFirst(node: i32, dest: i32, vcIn: i32): i32 {
  if (node == dest) return DELIVER;
  const dx = deltaX(node, dest);
  if (dx < 0) return 1;
  if (dx > 0) return 0;
  return deltaY(node, dest) > 0 ? 2 : 3;
}
