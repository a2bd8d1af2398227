// Label routing R round dead channels, the twin of src/routing/label-detour.ts
// (docs/routing-faults.md): R's choice among the neighbours behind a healthy channel; none
// healthy: R's own hop (dead), which the host's faults analysis never sends.
import { DELIVER, FAULT_MASK, labelOf, pack } from "./state";
import { PORTS, neighbor } from "../topology";
import { routeLabel } from "./label";

export function routeLabelDetour(node: i32, dest: i32, vcIn: i32): i32 {
  if (node == dest) return DELIVER;
  const target = labelOf(dest);
  const high = labelOf(node) < target;
  let bestPort: i32 = -1;
  // only neighbours past this node's label (with the path's next node dead the best could lie behind)
  let best: i32 = labelOf(node);
  for (let p: i32 = 0; p < PORTS; p++) {
    const w = neighbor(node, p);
    if (w < 0) continue;
    if (FAULT_MASK != 0 && load<u8>(FAULT_MASK + <usize>node * <usize>PORTS + <usize>p) != 0) continue;
    const l = labelOf(w);
    if (high ? (l <= target && l > best) : (l >= target && l < best)) {
      best = l;
      bestPort = p;
    }
  }
  if (bestPort < 0) return routeLabel(node, dest, vcIn);
  return pack(bestPort, high ? 0 : 1);
}
