// The routing function R of the Hamiltonian cycle model (seed 003 section 3.1), the twin
// of src/routing/hcm.ts. Labels come only from the host's tables (state.ts labelOf);
// h = ceil(N/2) separates common links (|dl| <= h) from boundary links (|dl| > h).
//   high network (vc ph = 0, qh = 1): common channels up, boundary channels down; take the
//     largest label not above l(v), else the largest label of all.
//   low network (vc pl = 2, ql = 3): common channels down, boundary channels up; take the
//     smallest label not below l(v), else the smallest of all.
//   beta: p until the hop that takes a boundary link, q from it on; option bit 0 drops
//     that rule (the class never changes).
//   vcIn = INJECT: the network of the fixed message preparation (section 3.2.2) for v.
import { DELIVER, INJECT, ROUTING_OPTION, labelOf, pack } from "./state";
import { NODES, PORTS, neighbor } from "../topology";

const VC_PH: i32 = 0;
const VC_QH: i32 = 1;
const VC_PL: i32 = 2;
const VC_QL: i32 = 3;

@inline function fixedNetworkIsHigh(s: i32, v: i32, half: i32): bool {
  if (s < half) return s < v && v < s + half;
  return !(s - half < v && v < s);
}

export function routeHcm(node: i32, dest: i32, vcIn: i32): i32 {
  if (node == dest) return DELIVER;
  const half = (NODES + 1) >> 1;
  const lu = labelOf(node);
  const lv = labelOf(dest);
  const high = vcIn == INJECT ? fixedNetworkIsHigh(lu, lv, half) : (vcIn == VC_PH || vcIn == VC_QH);
  const crossed = vcIn == VC_QH || vcIn == VC_QL;
  let bestPort: i32 = -1;
  let best: i32 = 0;
  let anyPort: i32 = -1;
  let any: i32 = 0;
  for (let p: i32 = 0; p < PORTS; p++) {
    const x = neighbor(node, p);
    if (x < 0) continue;
    const lx = labelOf(x);
    const boundary = abs<i32>(lx - lu) > half;
    if (high) {
      if (boundary ? lx > lu : lx < lu) continue;
      if (lx <= lv && (bestPort < 0 || lx > best)) { best = lx; bestPort = p; }
      if (anyPort < 0 || lx > any) { any = lx; anyPort = p; }
    } else {
      if (boundary ? lx < lu : lx > lu) continue;
      if (lx >= lv && (bestPort < 0 || lx < best)) { best = lx; bestPort = p; }
      if (anyPort < 0 || lx < any) { any = lx; anyPort = p; }
    }
  }
  const port = bestPort >= 0 ? bestPort : anyPort;
  if (port < 0) return DELIVER;
  const w = bestPort >= 0 ? best : any;
  const q = crossed || ((ROUTING_OPTION & 1) == 0 && abs<i32>(w - lu) > half);
  return pack(port, high ? (q ? VC_QH : VC_PH) : (q ? VC_QL : VC_PL));
}
