// Fault-tolerant routing by dimension reversals on meshes and hypercubes, the twin of
// src/routing/dim-reversal.ts (docs/routing-faults.md): the VC class counts the reversals
// (a hop out of a lower port than the arrival port, ROUTE_INPORT), three classes r0 r1 r2;
// the channel mask FAULT_MASK (0: no faults) says which channels are dead.
import { DELIVER, FAULT_MASK, INJECT, ROUTE_INPORT, pack } from "./state";
import { KIND, KIND_HYPERCUBE, PORTS, neighbor, radix, stride } from "../topology";

const LAST_CLASS: i32 = 2;

@inline function healthy(node: i32, port: i32): bool {
  if (neighbor(node, port) < 0) return false;
  return FAULT_MASK == 0 || load<u8>(FAULT_MASK + <usize>node * <usize>PORTS + <usize>port) == 0;
}

@inline function profitable(node: i32, dest: i32, port: i32): bool {
  if (KIND == KIND_HYPERCUBE) return ((node ^ dest) >> port) & 1 ? true : false;
  const d = port >> 1;
  const k = radix(d);
  const s = stride(d);
  const x = (node / s) % k;
  const xd = (dest / s) % k;
  return (port & 1) == 0 ? xd > x : xd < x;
}

/** The selection pass of port q: 0 profitable, 1 aligned misroute, 2 backwards, 3 straight back. */
@inline function kindOf(node: i32, dest: i32, q: i32, back: bool): i32 {
  if (back) return 3;
  if (profitable(node, dest, q)) return 0;
  return KIND == KIND_HYPERCUBE || !profitable(node, dest, q ^ 1) ? 1 : 2;
}

export function routeDimReversal(node: i32, dest: i32, vcIn: i32): i32 {
  if (node == dest) return DELIVER;
  const k = vcIn == INJECT ? 0 : vcIn;
  const p = vcIn == INJECT ? -1 : ROUTE_INPORT;
  for (let pass: i32 = 0; pass < 8; pass++) {
    const kind = pass >> 1;
    const reverse = (pass & 1) == 1;
    if (reverse && k == LAST_CLASS) continue;
    for (let q: i32 = 0; q < PORTS; q++) {
      if (reverse ? q >= p : q < p) continue;
      if (!healthy(node, q)) continue;
      const back = p >= 0 && neighbor(neighbor(node, q), p) == node;
      // the same port keeps the class only straight on: on a hypercube it is the step back
      if (!reverse && q == p && back) continue;
      if (kindOf(node, dest, q, back) != kind) continue;
      return pack(q, reverse ? k + 1 : k);
    }
  }
  for (let q: i32 = 0; q < PORTS; q++) if (neighbor(node, q) >= 0 && profitable(node, dest, q)) return pack(q, k);
  return DELIVER;
}
