// E-cube round rectangular fault blocks on their rings (Boppana and Chalasani 1995), the twin of
// src/routing/fault-ring.ts (docs/routing-faults.md): classes we ew sn ns (0..3), one per message
// type; FAULT_MASK is the block-completed channel mask the host uploads (0: no faults).
import { DELIVER, FAULT_MASK, INJECT, ROUTE_INPORT, pack } from "./state";
import { PORTS, neighbor, radix } from "../topology";

const PX: i32 = 0;
const MX: i32 = 1;
const PY: i32 = 2;
const MY: i32 = 3;

@inline function healthy(node: i32, port: i32): bool {
  if (neighbor(node, port) < 0) return false;
  return FAULT_MASK == 0 || load<u8>(FAULT_MASK + <usize>node * <usize>PORTS + <usize>port) == 0;
}

export function routeFaultRing(node: i32, dest: i32, vcIn: i32): i32 {
  if (node == dest) return DELIVER;
  const k0 = radix(0);
  const k1 = radix(1);
  const x = node % k0;
  const y = node / k0;
  const xd = dest % k0;
  const yd = dest / k0;
  const p = vcIn == INJECT ? -1 : ROUTE_INPORT;
  const rowClass = vcIn == INJECT || vcIn <= 1;
  if (rowClass && x != xd) {
    const c = vcIn == INJECT ? (xd > x ? 0 : 1) : vcIn;
    const h = c == 0 ? PX : MX;
    if (healthy(node, h)) return pack(h, c);
    if (p == PY || p == MY) return pack(p, c);
    let b1 = y;
    while (b1 + 1 < k1 && !healthy(x + k0 * (b1 + 1), h)) b1++;
    let b0 = y;
    while (b0 - 1 >= 0 && !healthy(x + k0 * (b0 - 1), h)) b0--;
    const northOk = b1 + 1 < k1;
    const southOk = b0 - 1 >= 0;
    if (!northOk && !southOk) return pack(h, c);
    const preferNorth = yd > b1 ? true : yd < b0 ? false : b1 + 1 - yd <= yd - b0 + 1;
    return pack((preferNorth ? northOk : !southOk) ? PY : MY, c);
  }
  const c = rowClass ? (yd > y ? 2 : 3) : vcIn;
  const h = c == 2 ? PY : MY;
  if (x == xd) {
    if (c == 2 ? yd < y : yd > y) return pack(h ^ 1, c);
    if (healthy(node, h)) return pack(h, c);
    let a1 = x;
    while (a1 + 1 < k0 && !healthy(a1 + 1 + k0 * y, h)) a1++;
    let a0 = x;
    while (a0 - 1 >= 0 && !healthy(a0 - 1 + k0 * y, h)) a0--;
    const eastOk = a1 + 1 < k0;
    const westOk = a0 - 1 >= 0;
    if (!eastOk && !westOk) return pack(h, c);
    const preferEast = a1 + 1 - x <= x - a0 + 1;
    return pack((preferEast ? eastOk : !westOk) ? PX : MX, c);
  }
  const toward = xd > x ? PX : MX;
  if (p == toward) return pack(toward, c);
  if (p == PX || p == MX) return pack(healthy(node, h) ? h : p, c);
  return pack(healthy(node, toward) || !healthy(node, h) ? toward : h, c);
}
