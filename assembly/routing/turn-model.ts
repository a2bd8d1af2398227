// Glass and Ni's turn model on a 2D mesh (minimal), the twins of src/routing/turn-model.ts: the
// first choice of each function (x before y), which is what `route` gives. Ports: 0 east (+x),
// 1 west (-x), 2 north (+y), 3 south (-y).
import { radix } from "../topology";

@inline export function deltaX(node: i32, dest: i32): i32 {
  const k0 = radix(0);
  return (dest % k0) - (node % k0);
}

@inline export function deltaY(node: i32, dest: i32): i32 {
  const k0 = radix(0);
  return dest / k0 - node / k0;
}
