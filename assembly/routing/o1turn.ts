// O1TURN (Seo et al. 2005), the twin of src/routing/o1turn.ts: XY on class 0 or YX on class 1,
// chosen at the source by bit 0 of the worm's key (ROUTE_KEY) and kept.
import { DELIVER, INJECT, ROUTE_KEY, pack } from "./state";
import { deltaX, deltaY } from "./turn-model";

export function routeO1turn(node: i32, dest: i32, vcIn: i32): i32 {
  if (node == dest) return DELIVER;
  const vc = vcIn == INJECT ? ROUTE_KEY & 1 : vcIn;
  const dx = deltaX(node, dest);
  const dy = deltaY(node, dest);
  const xPort = dx > 0 ? 0 : 1;
  const yPort = dy > 0 ? 2 : 3;
  if (vc == 0) return pack(dx != 0 ? xPort : yPort, 0);
  return pack(dy != 0 ? yPort : xPort, 1);
}
