// HC routing with the R_CCC virtual-channel function (seed 000 sections 2-3); twin of
// src/routing/hc.ts. VC classes: 0 h0, 1 h1, 2 l0, 3 l1, 4 cube. The cycle is used as
// a line 0..n-1: the wrap-around edge between n-1 and 0 is never taken.
import { DELIVER, pack } from "./state";
import { radix } from "../topology";

const VC_H0: i32 = 0;
const VC_H1: i32 = 1;
const VC_L0: i32 = 2;
const VC_L1: i32 = 3;
const VC_CUBE: i32 = 4;

export function routeHc(node: i32, dest: i32, vcIn: i32): i32 {
  const n = radix(0);
  const i = node % n;
  const x = node / n;
  const j = dest % n;
  const y = dest / n;
  let k: i32;
  if (x != y) {
    k = 31 - <i32>clz(x ^ y); // d_xy, seed 000 Definition 2
    if (k == i) return pack(0, VC_CUBE);
  } else {
    if (i == j) return DELIVER;
    k = j;
  }
  if (k > i) return pack(1, x <= y ? VC_H0 : VC_H1);
  return pack(2, x < y ? VC_L0 : VC_L1);
}
