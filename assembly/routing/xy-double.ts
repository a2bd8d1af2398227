// Double-channel X-first unicast routing on a 2D mesh (seed 004 section 6.2.1), the twin of
// src/multicast/tree-based/xy-double.ts: X first, then Y, on the copy of the subnetwork of the
// destination's quadrant seen from the source; the class is chosen at injection and kept.
// Class 0 (xy): N+X+Y and N-X-Y; class 1 (yx): N-X+Y and N+X-Y.
import { DELIVER, INJECT, pack } from "./state";
import { radix } from "../topology";

export function routeXyDouble(node: i32, dest: i32, vcIn: i32): i32 {
  if (node == dest) return DELIVER;
  const k0 = radix(0);
  const y0 = node / k0;
  const x0 = node - y0 * k0;
  const y = dest / k0;
  const x = dest - y * k0;
  let vc = vcIn;
  if (vcIn == INJECT) {
    // D+X+Y = {x > x0, y >= y0} and D-X-Y = {x < x0, y <= y0} use class 0; the others class 1
    vc = (x > x0 && y >= y0) || (x < x0 && y <= y0) ? 0 : 1;
  }
  if (x != x0) return pack(x > x0 ? 0 : 1, vc);
  return pack(y > y0 ? 2 : 3, vc);
}
