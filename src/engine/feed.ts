import type { RoutingFunction } from '../routing/types.ts';
import type { Prepared } from './input.ts';
import { writeWorm } from './input.ts';
import * as L from './layout.ts';
import type { Engine, WormSpec } from './types.ts';

/**
 * One multicast (or unicast) written into a streamed run: its worms are the absolute worm
 * numbers first .. first + count - 1 (records number mod H_WCAP).
 */
export interface FedGroup {
  /** Multicast number (W_GROUP). */
  readonly id: number;
  readonly created: number;
  readonly dests: readonly number[];
  readonly first: number;
  readonly count: number;
  /** Absolute end of its destination records and tree entries (what freeing it releases). */
  readonly destEnd: number;
  readonly treeEnd: number;
}

/** What a finished group's worms and destination records say, read before its records are reused. */
export interface GroupTimes {
  /** Per worm: the cycle its header crossed the injection channel (-1 never). */
  injected: number[];
  /** Per destination record, in worm order: node, tail delivery (-1 never), and its worm (index in the group). */
  destNode: number[];
  destTail: number[];
  destWorm: number[];
}

/**
 * Writes the worms of a run while it runs (issue 11: runs whose memory does not grow with their
 * length). Worm records, destination records and tree entries are three rings: worm number n
 * is record n mod H_WCAP (the engine creates worms in number order, assembly/engine/engine.ts
 * step 1), a worm's destinations and tree are contiguous (a range that would wrap starts again
 * at 0). A multicast's records are released, oldest first, once every worm of it is done: its
 * trigger lists may name any of its worms until then.
 */
export class WormFeed {
  private written = 0;
  private freed = 0;
  private destW = 0;
  private destF = 0;
  private treeW = 0;
  private treeF = 0;
  private readonly groups: FedGroup[] = [];
  private head = 0;
  private readonly wcap: number;
  private readonly dcap: number;
  private readonly tcap: number;

  constructor(
    private readonly engine: Engine,
    private readonly routing: RoutingFunction,
    private readonly prepared: Prepared,
  ) {
    const s = prepared.layout.sizes;
    this.wcap = s.worms;
    this.dcap = s.dests;
    this.tcap = s.treeEntries;
  }

  /** Groups written and not yet released. */
  get pending(): number {
    return this.groups.length - this.head;
  }

  /** Worms written so far (absolute numbers 0 .. written - 1). */
  get wormsWritten(): number {
    return this.written;
  }

  private view(): Int32Array {
    const r = this.engine.region();
    return new Int32Array(r.buffer, r.byteOffset, r.byteLength >> 2);
  }

  /** Start of a contiguous range of n records in a ring of `cap` at absolute position `w`, or -1 if it does not fit. */
  private static place(w: number, f: number, n: number, cap: number): number {
    if (n === 0) return w;
    const pos = w % cap;
    const start = pos + n > cap ? w + (cap - pos) : w;
    return start + n - f <= cap ? start : -1;
  }

  /**
   * Write one multicast's worms (their `after` indices relative to the first of them), or return
   * false when the rings have no room (release finished groups first, or the run is saturated).
   */
  append(id: number, created: number, dests: readonly number[], worms: readonly WormSpec[]): boolean {
    if (this.written + worms.length - this.freed > this.wcap) return false;
    // find room for every worm's destinations and tree before writing anything
    const placeD: number[] = [];
    const placeT: number[] = [];
    let dw = this.destW;
    let tw = this.treeW;
    for (const w of worms) {
      const d = WormFeed.place(dw, this.destF, w.dests.length, this.dcap);
      const te = w.kind === 'tree' && w.tree ? w.tree.length + 1 : 0;
      const t = WormFeed.place(tw, this.treeF, te, this.tcap);
      if (d < 0 || t < 0) return false;
      placeD.push(d);
      placeT.push(t);
      dw = d + w.dests.length;
      tw = t + te;
    }
    const m = this.view();
    const lay = this.prepared.layout;
    const K = this.prepared.options.vcsPerClass;
    const W0 = lay.worm >> 2;
    const first = this.written;
    const lastTrig = new Map<number, number>();
    worms.forEach((w, i) => {
      const rec = (first + i) % this.wcap;
      writeWorm(m, lay, this.routing, K, w, { rec, dest: placeD[i]! % this.dcap, entry: this.tcap > 0 ? placeT[i]! % this.tcap : 0, group: id }, first + i);
      if (w.after !== undefined) {
        const a = (first + w.after) % this.wcap;
        const last = lastTrig.get(a);
        if (last === undefined) m[W0 + a * L.WORM_STRIDE + L.W_FIRSTTRIG] = rec;
        else m[W0 + last * L.WORM_STRIDE + L.W_NEXTTRIG] = rec;
        lastTrig.set(a, rec);
      }
    });
    this.written += worms.length;
    this.destW = dw;
    this.treeW = tw;
    this.groups.push({ id, created, dests, first, count: worms.length, destEnd: dw, treeEnd: tw });
    m[L.H_WORMS] = this.written;
    // a run that finished the worms it had goes on with these
    if (m[L.H_STATUS] === L.ST_FINISHED) m[L.H_STATUS] = L.ST_RUNNING;
    return true;
  }

  /**
   * Release the oldest groups whose worms are all done, oldest first (a group still in flight
   * stops the release), handing each with its times to `done` first; returns how many.
   */
  release(done: (g: FedGroup, times: GroupTimes) => void): number {
    const m = this.view();
    const lay = this.prepared.layout;
    const W0 = lay.worm >> 2;
    const D0 = lay.dest >> 2;
    let n = 0;
    while (this.head < this.groups.length) {
      const g = this.groups[this.head]!;
      const times = this.timesOf(m, W0, D0, g, true);
      if (!times) break;
      done(g, times);
      this.freed = g.first + g.count;
      this.destF = g.destEnd;
      this.treeF = g.treeEnd;
      this.head++;
      n++;
    }
    if (this.head > 4096 && this.head * 2 > this.groups.length) {
      this.groups.splice(0, this.head);
      this.head = 0;
    }
    return n;
  }

  /** Every group not released, with what it has delivered so far (the end of a run). */
  remaining(each: (g: FedGroup, times: GroupTimes) => void): void {
    const m = this.view();
    const lay = this.prepared.layout;
    for (let i = this.head; i < this.groups.length; i++) {
      const g = this.groups[i]!;
      each(g, this.timesOf(m, lay.worm >> 2, lay.dest >> 2, g, false)!);
    }
  }

  private timesOf(m: Int32Array, W0: number, D0: number, g: FedGroup, onlyDone: boolean): GroupTimes | null {
    const injected: number[] = [];
    const destNode: number[] = [];
    const destTail: number[] = [];
    const destWorm: number[] = [];
    for (let i = 0; i < g.count; i++) {
      const wb = W0 + ((g.first + i) % this.wcap) * L.WORM_STRIDE;
      if (onlyDone && m[wb + L.W_DONE]! < 0) return null;
      injected.push(m[wb + L.W_INJECT]!);
      const d0 = m[wb + L.W_DEST]!;
      for (let k = 0; k < m[wb + L.W_NDEST]!; k++) {
        const db = D0 + (d0 + k) * L.DEST_STRIDE;
        destNode.push(m[db + L.D_NODE]!);
        destTail.push(m[db + L.D_TAIL]!);
        destWorm.push(i);
      }
    }
    return { injected, destNode, destTail, destWorm };
  }

  /** The absolute number of the worm in record `rec` (a worm not yet released). */
  wormNumber(rec: number): number {
    const base = this.freed % this.wcap;
    return this.freed + ((rec - base + this.wcap) % this.wcap);
  }
}
