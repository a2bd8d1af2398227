// E-cube routing for hypercubes (seed 001 section 2): correct the differing address
// bits one dimension at a time, from the highest bit down (option 1: from the lowest
// bit up). One VC class.
import { DELIVER, ROUTING_OPTION } from "./state";

@inline export function routeEcube(node: i32, dest: i32, vcIn: i32): i32 {
  const diff = node ^ dest;
  if (diff == 0) return DELIVER;
  return ROUTING_OPTION == 1 ? <i32>ctz(diff) : 31 - <i32>clz(diff);
}
