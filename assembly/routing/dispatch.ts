// One entry point for the active routing function, and path tracing for tests and
// benchmarks. Each routing function lives in its own file; the switch over their ids is
// generated from src/routing/registry.ts into assembly/table.ts (docs/extending.md).
import { DELIVER, INJECT, ROUTING, setRouteInPort } from "./state";
import { neighbor } from "../topology";
import { routeWith } from "../table";

/** (current node, destination, input VC class) -> (vc << 8) | port, or DELIVER. */
@inline export function route(node: i32, dest: i32, vcIn: i32): i32 {
  return routeWith(ROUTING, node, dest, vcIn);
}

/**
 * Follow the routing function from src to dst, writing one packed route word per
 * hop at out (i32 each). Returns the hop count, -1 if maxHops is exceeded and -2 if
 * a route word names a port with no neighbour.
 */
export function tracePath(src: i32, dst: i32, out: usize, maxHops: i32): i32 {
  let node = src;
  let vc = INJECT;
  let hops: i32 = 0;
  setRouteInPort(-1);
  while (true) {
    const r = route(node, dst, vc);
    if (r == DELIVER) return hops;
    if (hops == maxHops) return -1;
    const next = neighbor(node, r & 0xff);
    if (next < 0) return -2;
    store<i32>(out + (<usize>hops << 2), r);
    hops++;
    node = next;
    vc = r >> 8;
    setRouteInPort(r & 0xff);
  }
}

/**
 * Route every (src, dst) pair in the i32 array at pairs (2 * count entries) to its
 * end; returns the total hop count, or -1 on a failed route. This is the routing
 * benchmark kernel: the loop runs inside the module, not across the boundary.
 */
export function routeBatch(pairs: usize, count: i32, maxHops: i32): i64 {
  let total: i64 = 0;
  for (let k: i32 = 0; k < count; k++) {
    let node = load<i32>(pairs + (<usize>k << 3));
    const dst = load<i32>(pairs + (<usize>k << 3) + 4);
    let vc = INJECT;
    let hops: i32 = 0;
    setRouteInPort(-1);
    while (true) {
      const r = route(node, dst, vc);
      if (r == DELIVER) break;
      if (hops == maxHops) return -1;
      node = neighbor(node, r & 0xff);
      vc = r >> 8;
      setRouteInPort(r & 0xff);
      hops++;
    }
    total += hops;
  }
  return total;
}
