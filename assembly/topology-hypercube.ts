// Hypercube: node = its n-bit address; port d flips bit d.
import { radix } from "./topology";

@inline export function hypercubeNeighbor(node: i32, port: i32): i32 {
  if (<u32>port >= <u32>radix(0)) return -1;
  return node ^ (1 << port);
}
