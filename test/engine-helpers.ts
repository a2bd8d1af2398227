import { expect } from 'vitest';
import * as L from '../src/engine/layout.ts';
import type { ReferenceEngine } from '../src/engine/reference.ts';

function isChild(m: Int32Array, oS: number, p: number, s: number): boolean {
  for (let c = m[oS + p * L.SLOT_STRIDE + L.S_CHILD]!; c >= 0; c = m[oS + c * L.SLOT_STRIDE + L.S_SIB]!)
    if (c === s) return true;
  return false;
}

/**
 * The conservation invariants of docs/model-flit.md, checked on a region between cycles:
 * no VC held by two slots and every held VC's owner holds it; buffers never exceed B; a
 * child has received exactly what its live parent sent (lock-step); the injection slot
 * has received what left the source; counts stay within 0..L. Returns the number of live slots.
 */
export function checkInvariants(region: Uint8Array): number {
  const m = new Int32Array(region.buffer, region.byteOffset, region.byteLength >> 2);
  const B = m[L.H_B]!;
  const oW = m[L.H_O_WORM]! >> 2;
  const oS = m[L.H_O_SLOT]! >> 2;
  const oO = m[L.H_O_OWNER]! >> 2;
  const oA = m[L.H_O_ACTIVE]! >> 2;
  const inj = m[L.H_INJ]!;
  const seen = new Set<number>();
  const buffered = new Map<number, number>();
  let live = 0;
  const fail = (msg: string): never => expect.fail(`cycle ${m[L.H_CYCLE]}: ${msg}`);
  for (let k = 0; k < m[L.H_ACTIVE_N]!; k++) {
    const w = m[oA + k]!;
    const wb = oW + w * L.WORM_STRIDE;
    const flits = m[wb + L.W_FLITS]!;
    for (let s = m[wb + L.W_SLOTS]!; s >= 0; s = m[oS + s * L.SLOT_STRIDE + L.S_NEXT]!) {
      live++;
      const sb = oS + s * L.SLOT_STRIDE;
      const f = m[sb + L.S_FLAGS]!;
      const vc = m[sb + L.S_VC]!;
      const inn = m[sb + L.S_IN]!;
      const out = m[sb + L.S_OUT]!;
      // an ejection slot freed by its parent's move stays listed until the next cycle's pass
      if ((f & L.F_DEAD) !== 0) {
        if ((f & L.F_EJECT) === 0) fail(`dead slot ${s} still listed`);
        if (m[oO + vc] === s) fail(`dead slot ${s} still owns VC ${vc}`);
        live--;
        continue;
      }
      if (m[sb + L.S_WORM] !== w) fail(`slot ${s} in worm ${w}'s list belongs to ${m[sb + L.S_WORM]}`);
      // back-to-back injection: an injection slot gives its VC up when its tail has crossed the
      // channel (docs/model-flit.md "The source") and drains its own buffer unowned
      // vcRelease 'tail-sent': a network slot gives its VC up when its tail has come in
      // (F_RELEASED); its flits queue ahead of the next holder's in the same buffer
      const released =
        ((m[L.H_FLAGS]! & L.FLAG_BACK_TO_BACK) !== 0 && m[sb + L.S_PARENT]! < 0 && m[wb + L.W_TOSEND] === 0) ||
        (f & L.F_RELEASED) !== 0;
      if ((f & L.F_RELEASED) !== 0 && inn !== flits) fail(`slot ${s} released before its tail came in`);
      if (released && m[oO + vc] === s) fail(`injection slot ${s} of worm ${w} still owns VC ${vc} after its tail`);
      if ((f & L.F_PENDING) === 0) {
        if (!released) {
          if (m[oO + vc] !== s) fail(`slot ${s} of worm ${w} holds VC ${vc} whose owner is ${m[oO + vc]}`);
          if (seen.has(vc)) fail(`VC ${vc} held twice`);
          seen.add(vc);
        }
      } else if (inn !== 0) fail(`pending slot ${s} holds flits`);
      if (out < 0 || out > inn || inn > flits) fail(`slot ${s}: in ${inn} out ${out} L ${flits}`);
      if ((f & L.F_EJECT) === 0 && inn - out > B) fail(`slot ${s} buffers ${inn - out} > B ${B}`);
      if ((f & (L.F_NET | L.F_PENDING)) === L.F_NET) buffered.set(vc, (buffered.get(vc) ?? 0) + inn - out);
      if ((f & L.F_EJECT) !== 0 && inn !== out) fail(`ejection slot ${s} buffers flits`);
      const p = m[sb + L.S_PARENT]!;
      if (p < 0) {
        if (vc < inj) fail(`root slot ${s} is not on an injection VC`);
        if (inn !== flits - m[wb + L.W_TOSEND]!)
          fail(`injection slot of worm ${w}: in ${inn}, sent ${flits - m[wb + L.W_TOSEND]!}`);
      } else if (isChild(m, oS, p, s)) {
        const pout = m[oS + p * L.SLOT_STRIDE + L.S_OUT]!;
        if (pout !== inn) fail(`slot ${s} received ${inn} but its parent ${p} sent ${pout}`);
      }
    }
  }
  for (const [vc, n] of buffered) if (n > B) fail(`VC ${vc} buffers ${n} flits of its holders > B ${B}`);
  // no VC is owned by a slot that does not claim it
  const nv = m[L.H_EJ]! + (m[L.H_EJ]! - inj);
  let owned = 0;
  for (let v = 0; v < nv; v++) if (m[oO + v]! >= 0) owned++;
  if (owned !== seen.size) fail(`${owned} VCs owned but ${seen.size} held by live slots`);
  return live;
}

/** The first byte at which two engine regions differ, -1 if none, -2 for different lengths (a byte loop: toEqual on big arrays is slow). */
export function firstDifference(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return -2;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return i;
  return -1;
}

/**
 * The same invariants on the reference engine's own structures (docs/model-flit.md): one owner
 * per VC and every granted slot owns its VC; buffers within 0..B; ejection slots buffer nothing;
 * lock-step (a child has received exactly what its parent sent); the injection slot has received
 * what left the source. Returns the number of live slots.
 */
export function checkReferenceInvariants(e: ReferenceEngine): number {
  const B = e.options.buffer;
  const seen = new Set<number>();
  const buffered = new Map<number, number>();
  let live = 0;
  const fail = (msg: string): never => expect.fail(`cycle ${e.cycle}: ${msg}`);
  for (const w of e.active) {
    const L = w.spec.flits;
    for (const s of w.slots) {
      if (s.dead) {
        if (s.kind !== 'ejection') fail(`dead ${s.kind} slot of worm ${w.n} still listed`);
        if (e.owner[s.vc] === s) fail(`dead slot of worm ${w.n} still owns VC ${s.vc}`);
        continue;
      }
      live++;
      if (s.worm !== w) fail(`a slot in worm ${w.n}'s list belongs to ${s.worm.n}`);
      // back-to-back injection: an injection slot gives its VC up when its tail has crossed the
      // channel (docs/model-flit.md "The source") and drains its own buffer unowned
      // vcRelease 'tail-sent': a network slot gives its VC up when its tail has come in
      const released =
        (e.options.injection === 'back-to-back' && s.kind === 'injection' && w.toSend === 0) || s.released;
      if (s.released && s.in !== L) fail(`worm ${w.n} VC ${s.vc} released before its tail came in`);
      if (s.kind === 'network' && s.granted) buffered.set(s.vc, (buffered.get(s.vc) ?? 0) + s.in - s.out);
      if (released && e.owner[s.vc] === s) fail(`injection slot of worm ${w.n} still owns VC ${s.vc} after its tail`);
      if (s.granted) {
        if (!released) {
          if (e.owner[s.vc] !== s) fail(`a slot of worm ${w.n} holds VC ${s.vc} whose owner is another`);
          if (seen.has(s.vc)) fail(`VC ${s.vc} held twice`);
          seen.add(s.vc);
        }
      } else if (s.in !== 0) fail(`a pending slot of worm ${w.n} holds flits`);
      if (s.out < 0 || s.out > s.in || s.in > L) fail(`worm ${w.n} slot on VC ${s.vc}: in ${s.in} out ${s.out} L ${L}`);
      if (s.kind !== 'ejection' && s.in - s.out > B) fail(`worm ${w.n} VC ${s.vc} buffers ${s.in - s.out} > B ${B}`);
      if (s.kind === 'ejection' && s.in !== s.out) fail(`ejection slot of worm ${w.n} buffers flits`);
      if (!s.parent) {
        if (s.kind !== 'injection') fail(`root slot of worm ${w.n} is not on an injection VC`);
        if (s.in !== L - w.toSend) fail(`injection slot of worm ${w.n}: in ${s.in}, sent ${L - w.toSend}`);
      } else if (s.parent.out !== s.in)
        fail(`worm ${w.n} VC ${s.vc} received ${s.in} but its parent sent ${s.parent.out}`);
    }
  }
  for (const [vc, n] of buffered) if (n > B) fail(`VC ${vc} buffers ${n} flits of its holders > B ${B}`);
  const owned = e.owner.filter((o) => o !== null).length;
  if (owned !== seen.size) fail(`${owned} VCs owned but ${seen.size} held by live slots`);
  return live;
}
