import type { RoutingFunction } from '../routing/types.ts';
import type { Prepared } from './input.ts';
import type { GroupRecord } from './kernel-groups.ts';
import type { Engine, WormPlace, WormSpec } from './types.ts';

/**
 * The kernel's side of groups it retires itself (WasmEngine: docs/traffic.md "Multicast groups
 * retired by the kernel"): a group is written with its worms, and the kernel takes the statistics
 * of those done, so the host reads no times back.
 */
export interface GroupKernel {
  writeGroup(g: number, r: GroupRecord): void;
  /** Retire the oldest groups done (`all`: every one left, measured up to `measuredTo`); the groups retired so far. */
  retireGroups(all: boolean, measuredTo?: number): number;
}

/**
 * One multicast (or unicast) written into a streamed run: its worms are the absolute worm
 * numbers first .. first + count - 1 (records number mod H_WCAP).
 */
export interface FedGroup {
  /** Multicast number (W_GROUP). */
  readonly id: number;
  readonly created: number;
  /** The source of its first worm (-1 for a group of no worms). */
  readonly src: number;
  /** Its message's flits (its first worm's; 0 for a group of no worms). */
  readonly flits: number;
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
 * length), through Engine.append, and reads what they did through Engine.times. The capacity is
 * the wasm engine's: worm records, destination records and tree entries are three rings; worm
 * number n is record n mod H_WCAP (the engine creates worms in number order, assembly/engine/
 * engine.ts step 1), a worm's destinations and tree are contiguous (a range that would wrap
 * starts again at 0). A multicast's records are released, oldest first, once every worm of it is
 * done: its trigger lists may name any of its worms until then. The reference engine ignores the
 * places but is held to the same capacity, so both engines saturate at the same point, and drops
 * the released worms (Engine.release).
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
  /**
   * Groups the kernel retires (`kernel` given): groups written and retired, the destination-set
   * ring's write and free positions, and per group record (number mod wcap) where its worms,
   * destination records, tree entries and destination set end (what retiring it frees).
   */
  private gWritten = 0;
  private gFreed = 0;
  private setW = 0;
  private setF = 0;
  private readonly ends: Float64Array;

  constructor(
    private readonly engine: Engine,
    // kept for the callers' sake (the routing is the engine's own now)
    _routing: RoutingFunction,
    prepared: Prepared,
    private readonly kernel?: GroupKernel,
  ) {
    const s = prepared.layout.sizes;
    this.wcap = s.worms;
    this.dcap = s.dests;
    this.tcap = s.treeEntries;
    this.ends = new Float64Array(kernel ? 4 * this.wcap : 0);
  }

  /** Capacity of the ring of destination sets when the kernel retires the groups (WasmEngine.attachGroups). */
  static groupDests(prepared: Prepared): number {
    // a set has at most its group's destination records; twice leaves room for the rings' wrap
    return 2 * prepared.layout.sizes.dests;
  }

  /** Groups written and not yet released. */
  get pending(): number {
    return this.kernel ? this.gWritten - this.gFreed : this.groups.length - this.head;
  }

  /** Worms written so far (absolute numbers 0 .. written - 1). */
  get wormsWritten(): number {
    return this.written;
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
    let setAt = 0;
    if (this.kernel) {
      // a group record per worm record suffices unless a group has no worm
      if (this.gWritten - this.gFreed >= this.wcap) return false;
      setAt = WormFeed.place(this.setW, this.setF, dests.length, 2 * this.dcap);
      if (setAt < 0) return false;
    }
    const first = this.written;
    const places: WormPlace[] = worms.map((_, i) => ({
      rec: (first + i) % this.wcap,
      dest: placeD[i]! % this.dcap,
      entry: this.tcap > 0 ? placeT[i]! % this.tcap : 0,
      group: id,
    }));
    this.engine.append(worms, places);
    this.written += worms.length;
    this.destW = dw;
    this.treeW = tw;
    if (this.kernel) {
      const g = this.gWritten++;
      this.kernel.writeGroup(g, {
        created,
        src: worms[0]?.src ?? -1,
        flits: worms[0]?.flits ?? 0,
        first,
        count: worms.length,
        destsAt: setAt % (2 * this.dcap),
        dests,
      });
      this.setW = setAt + dests.length;
      const e = 4 * (g % this.wcap);
      this.ends[e] = this.written;
      this.ends[e + 1] = dw;
      this.ends[e + 2] = tw;
      this.ends[e + 3] = this.setW;
      return true;
    }
    this.groups.push({
      id,
      created,
      src: worms[0]?.src ?? -1,
      flits: worms[0]?.flits ?? 0,
      dests,
      first,
      count: worms.length,
      destEnd: dw,
      treeEnd: tw,
    });
    return true;
  }

  /**
   * Release the oldest groups whose worms are all done, oldest first (a group still in flight
   * stops the release), handing each with its times to `done` first; returns how many.
   */
  release(done: (g: FedGroup, times: GroupTimes) => void): number {
    if (this.kernel) return this.freeRetired(this.kernel.retireGroups(false));
    let n = 0;
    while (this.head < this.groups.length) {
      const g = this.groups[this.head]!;
      const times = this.timesOf(g, true);
      if (!times) break;
      done(g, times);
      this.freed = g.first + g.count;
      this.destF = g.destEnd;
      this.treeF = g.treeEnd;
      this.head++;
      n++;
    }
    if (n > 0) this.engine.release?.(this.freed);
    if (this.head > 4096 && this.head * 2 > this.groups.length) {
      this.groups.splice(0, this.head);
      this.head = 0;
    }
    return n;
  }

  /** The kernel retired the groups before `upTo`: free their records; how many. */
  private freeRetired(upTo: number): number {
    const n = upTo - this.gFreed;
    if (n === 0) return 0;
    const e = 4 * ((upTo - 1) % this.wcap);
    this.freed = this.ends[e]!;
    this.destF = this.ends[e + 1]!;
    this.treeF = this.ends[e + 2]!;
    this.setF = this.ends[e + 3]!;
    this.gFreed = upTo;
    return n;
  }

  /** The kernel retires every group left, measured up to `measuredTo` (the end of a run; `remaining`'s twin). */
  retireRest(measuredTo: number): void {
    if (!this.kernel) throw new Error("retireRest: the host retires this feed's groups (remaining)");
    this.freeRetired(this.kernel.retireGroups(true, measuredTo));
  }

  /** Every group not released, with what it has delivered so far (the end of a run). */
  remaining(each: (g: FedGroup, times: GroupTimes) => void): void {
    for (let i = this.head; i < this.groups.length; i++) {
      const g = this.groups[i]!;
      each(g, this.timesOf(g, false)!);
    }
  }

  private timesOf(g: FedGroup, onlyDone: boolean): GroupTimes | null {
    const t = this.engine.times(g.first, g.count);
    if (onlyDone && t.done.some((x) => x < 0)) return null;
    return {
      injected: Array.from(t.injected),
      destNode: Array.from(t.destNode),
      destTail: Array.from(t.destTail),
      destWorm: Array.from(t.destWorm, (n) => n - g.first),
    };
  }

  /** The absolute number of the worm in record `rec` (a worm not yet released). */
  wormNumber(rec: number): number {
    const base = this.freed % this.wcap;
    return this.freed + ((rec - base + this.wcap) % this.wcap);
  }
}
