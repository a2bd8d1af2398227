// Label-monotone adaptive routing, the twin of src/routing/label-adaptive.ts: its `route` is R's
// hop (assembly/routing/label.ts); its choices (R's hop, then every other neighbour one hop closer
// whose label stays within the leg's range) are in choices.ts.
import { routeLabel } from "./label";

export function routeLabelAdaptive(node: i32, dest: i32, vcIn: i32): i32 {
  return routeLabel(node, dest, vcIn);
}
