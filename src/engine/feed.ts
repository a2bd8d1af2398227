import type { RoutingFunction } from '../routing/types.ts';
import type { Prepared } from './input.ts';
import type { Engine, WormPlace, WormSpec } from './types.ts';

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

  constructor(
    private readonly engine: Engine,
    // kept for the callers' sake (the routing is the engine's own now)
    _routing: RoutingFunction,
    prepared: Prepared,
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
