// The label-monotone routing function R of seed 004 sections 6.2.2 and 6.3, the twin of
// src/routing/label.ts: toward a higher label take the neighbour with the largest label
// not above l(dest) (high-channel network, VC class 0); toward a lower label the neighbour
// with the smallest label not below l(dest) (low-channel network, VC class 1).
// The labels are the host's tables (state.ts labelOf).
// Option bit 0 (`shortest`): only neighbours one hop closer to dest are candidates.
import { DELIVER, LABEL_COUNT, ROUTING_OPTION, labelOf, pack } from "./state";
import { KIND, KIND_HYPERCUBE, NDIMS, PORTS, neighbor } from "../topology";
import { gridCoord } from "../topology-grid";

/** Hop distance on a hypercube or mesh (the topologies label routing accepts). */
function labelDistance(a: i32, b: i32): i32 {
  if (KIND == KIND_HYPERCUBE) return <i32>popcnt(a ^ b);
  let sum: i32 = 0;
  for (let d: i32 = 0; d < NDIMS; d++) sum += abs(gridCoord(a, d) - gridCoord(b, d));
  return sum;
}

export function routeLabel(node: i32, dest: i32, vcIn: i32): i32 {
  if (node == dest) return DELIVER;
  const target = labelOf(dest);
  const high = labelOf(node) < target;
  const shortest = (ROUTING_OPTION & 1) != 0;
  const closer = shortest ? labelDistance(node, dest) - 1 : 0;
  let bestPort: i32 = -1;
  let best: i32 = high ? -1 : LABEL_COUNT;
  for (let p: i32 = 0; p < PORTS; p++) {
    const w = neighbor(node, p);
    if (w < 0) continue;
    if (shortest && labelDistance(w, dest) != closer) continue;
    const l = labelOf(w);
    if (high ? (l <= target && l > best) : (l >= target && l < best)) {
      best = l;
      bestPort = p;
    }
  }
  if (bestPort < 0) return DELIVER; // no candidate: the host's twin reports the error
  return pack(bestPort, high ? 0 : 1);
}
