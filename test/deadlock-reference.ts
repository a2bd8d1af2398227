import { WormcastError } from '../src/errors.ts';
import type { DependencyGraph, WormScheme } from '../src/analysis/deadlock.ts';
import { DELIVER, portOf, vcOf } from '../src/routing/types.ts';

// The channel dependency graph builder as it was before the speed-up of docs/deadlock.md "Scale"
// (one route call per (VC, destination) state, junction legs re-walked per pass): the reference
// the faster builder in src/analysis/deadlock.ts must equal, edge for edge.

/**
 * Build the channel dependency graph of a scheme over all source/destination pairs
 * (docs/deadlock.md). For each destination b the states (incoming VC, b) that some worm reaches
 * are expanded once; junction starts are added class by class until no new class arrives.
 */
export function referenceDependencyGraph(scheme: WormScheme): DependencyGraph {
  const r = scheme.routing;
  const t = r.topology;
  const n = t.nodes;
  const P = t.ports;
  const V = r.vcClasses.length;
  if (P * V > 32) {
    throw new WormcastError(
      `deadlock ${scheme.name} on ${t.spec}: ${P} ports x ${V} VC classes is over the checker's 32 (port, class) pairs per node`,
    );
  }
  const NV = n * P * V;
  const headOf = new Int32Array(n * P);
  for (let c = 0; c < n * P; c++) headOf[c] = t.neighbor((c / P) | 0, c % P);
  const succ = new Uint32Array(NV);
  const used = new Uint8Array(NV);
  const arrived = new Uint8Array(NV);
  const classesAt = new Uint32Array(n);
  const startedAt = new Uint32Array(n);
  const firstOut = new Uint32Array(n * V);
  const stamp = new Int32Array(NV);
  const queue = new Int32Array(NV);
  let epoch = 0;
  // Classes whose junction legs equal the source legs of the first pass (every b allowed there).
  let injectedAlike = 0;
  if (!scheme.first || scheme.first === scheme.next)
    for (const k of scheme.startClasses) if (k >= 0) injectedAlike |= 1 << k;

  const fail = (why: string): never => {
    throw new WormcastError(`deadlock ${scheme.name} on ${t.spec}: ${why}`);
  };
  /** The VC of route word `word` leaving node a (checked), as a global VC id. */
  const vcOfWord = (a: number, b: number, word: number): number => {
    if (word === DELIVER) fail(`${r.name} delivers at ${t.format(a)} on the way to ${t.format(b)}`);
    const port = portOf(word);
    const k = vcOf(word);
    if (port >= P || headOf[a * P + port]! < 0)
      fail(`${r.name} leaves ${t.format(a)} through port ${port}, which leads nowhere (to ${t.format(b)})`);
    if (k < 0 || k >= V) fail(`${r.name} uses undeclared VC class ${k} at ${t.format(a)}`);
    return (a * P + port) * V + k;
  };

  /** One pass: leg starts from `startMask(a)` classes, for every destination. */
  const pass = (junction: boolean, startMask: Uint32Array | null): void => {
    for (let b = 0; b < n; b++) {
      epoch++;
      let head = 0;
      let tail = 0;
      for (let a = 0; a < n; a++) {
        if (a === b) continue;
        if (!junction) {
          for (const k of scheme.startClasses) {
            if (scheme.first && !scheme.first(a, b, k)) continue;
            const o = vcOfWord(a, b, r.route(a, b, k));
            if (stamp[o] !== epoch) {
              stamp[o] = epoch;
              queue[tail++] = o;
            }
          }
        } else {
          let m = startMask![a]!;
          while (m !== 0) {
            const k = 31 - Math.clz32(m);
            m &= ~(1 << k);
            if (!scheme.next!(a, b, k)) continue;
            const o = vcOfWord(a, b, r.route(a, b, k));
            firstOut[a * V + k]! |= 1 << (o - a * P * V);
            // a leg a -> b on a start class was walked in the first pass already
            if (injectedAlike & (1 << k)) continue;
            if (stamp[o] !== epoch) {
              stamp[o] = epoch;
              queue[tail++] = o;
            }
          }
        }
      }
      while (head < tail) {
        const c = queue[head++]!;
        used[c] = 1;
        const w = headOf[(c / V) | 0]!;
        const k = c % V;
        if (w === b) {
          arrived[c] = 1;
          classesAt[w]! |= 1 << k;
          continue;
        }
        const o = vcOfWord(w, b, r.route(w, b, k));
        succ[c]! |= 1 << (o - w * P * V);
        if (stamp[o] !== epoch) {
          stamp[o] = epoch;
          queue[tail++] = o;
        }
      }
    }
  };

  pass(false, null);
  if (scheme.next) {
    const fresh = new Uint32Array(n);
    for (;;) {
      let any = false;
      for (let a = 0; a < n; a++) {
        fresh[a] = classesAt[a]! & ~startedAt[a]!;
        if (fresh[a] !== 0) any = true;
        startedAt[a]! |= fresh[a]!;
      }
      if (!any) break;
      pass(true, fresh);
    }
    const nextFrom = scheme.nextFrom;
    for (let c = 0; c < NV; c++) {
      if (arrived[c] !== 1) continue;
      const a = headOf[(c / V) | 0]!;
      const k = c % V;
      if (!nextFrom) {
        succ[c]! |= firstOut[a * V + k]!;
        continue;
      }
      const from = (c / (V * P)) | 0;
      for (let b = 0; b < n; b++) {
        if (b === a || !nextFrom(a, b, k, from)) continue;
        succ[c]! |= 1 << (vcOfWord(a, b, r.route(a, b, k)) - a * P * V);
      }
    }
  }
  return { routing: r, vcs: V, headOf, succ, used, arrived: new Uint8Array(0), junctionOut: new Uint32Array(0) };
}
