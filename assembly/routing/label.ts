// The label-monotone routing function R of seed 004 sections 6.2.2 and 6.3, the twin of
// src/routing/label.ts: toward a higher label take the neighbour with the largest label
// not above l(dest) (high-channel network, VC class 0); toward a lower label the neighbour
// with the smallest label not below l(dest) (low-channel network, VC class 1).
// The labels are the host's tables (state.ts labelOf).
import { DELIVER, LABEL_COUNT, labelOf, pack } from "./state";
import { PORTS, neighbor } from "../topology";

export function routeLabel(node: i32, dest: i32, vcIn: i32): i32 {
  if (node == dest) return DELIVER;
  const target = labelOf(dest);
  const high = labelOf(node) < target;
  let bestPort: i32 = -1;
  let best: i32 = high ? -1 : LABEL_COUNT;
  for (let p: i32 = 0; p < PORTS; p++) {
    const w = neighbor(node, p);
    if (w < 0) continue;
    const l = labelOf(w);
    if (high ? (l <= target && l > best) : (l >= target && l < best)) {
      best = l;
      bestPort = p;
    }
  }
  return pack(bestPort, high ? 0 : 1);
}
