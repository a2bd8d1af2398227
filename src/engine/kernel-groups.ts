import { regionBlocks } from './kernel-traffic.ts';
import * as L from './layout.ts';

/**
 * Multicast groups retired by the kernel (docs/traffic.md "Multicast groups retired by the
 * kernel"): the host writes a run's worms and, per group, its record and destination set; the
 * kernel tells which groups are done, takes their statistics (StreamStats.add's twin,
 * assembly/traffic/retire.ts retireGroups) and the host frees their records, with no read-back
 * per group. The statistics region has the generator's layout (G_* of src/engine/layout.ts) with
 * no streams: header, values, histogram, accepted flits, batch means, then the group rings.
 */
export interface GroupStatsSpec {
  nodes: number;
  /** The run's message flits (what a group whose first worm names none counts). */
  flits: number;
  /** The measured window [from, to) of creation times and its batch-mean spans. */
  from: number;
  to: number;
  batches: number;
  /** Capacities of the ring of group records and of the ring of their destination sets (words). */
  groups: number;
  groupDests: number;
}

interface GroupLayout {
  hist: number;
  accept: number;
  batch: number;
  group: number;
  gdest: number;
  best: number;
  bytes: number;
}

function groupLayout(s: GroupStatsSpec): GroupLayout {
  const blocks = regionBlocks();
  const take = (bytes: number): number => blocks.take(bytes);
  return {
    hist: take(L.HIST_BINS * 8),
    accept: take(s.nodes * 8),
    batch: take(2 * s.batches * 8),
    group: take(s.groups * L.GROUP_STRIDE * 4),
    gdest: take(s.groupDests * 4),
    best: take(s.nodes * L.NODEBEST_STRIDE * 4),
    get bytes() {
      return blocks.at;
    },
  };
}

/** Bytes of the statistics region of s. */
export function groupRegionBytes(s: GroupStatsSpec): number {
  return groupLayout(s).bytes;
}

/** Write the statistics region of s, empty, at byte `at` of `buf` (8-byte aligned). */
export function writeGroupRegion(buf: ArrayBuffer, at: number, s: GroupStatsSpec): void {
  const g = groupLayout(s);
  // the rings are written before they are read: zeroing them would touch every page of a
  // region as large as a quarter of the worm records for nothing
  new Uint8Array(buf, at, g.group).fill(0);
  new Uint8Array(buf, at + g.best, g.bytes - g.best).fill(0);
  const h = new Int32Array(buf, at, L.GEN_HEADER_WORDS);
  h[L.G_NODES] = s.nodes;
  h[L.G_FLITS] = s.flits;
  h[L.G_FROM] = s.from;
  h[L.G_TO] = Math.min(s.to, 2 ** 31 - 1);
  h[L.G_BATCHES] = s.batches;
  h[L.G_LASTTAIL] = -1;
  h[L.G_O_HIST] = g.hist;
  h[L.G_O_ACCEPT] = g.accept;
  h[L.G_O_BATCH] = g.batch;
  h[L.G_O_GROUP] = g.group;
  h[L.G_GCAP] = s.groups;
  h[L.G_O_GDEST] = g.gdest;
  h[L.G_GDCAP] = s.groupDests;
  h[L.G_O_NODEBEST] = g.best;
}

/** What the kernel needs of one group (a FedGroup of src/engine/feed.ts). */
export interface GroupRecord {
  created: number;
  src: number;
  flits: number;
  /** Its worms' absolute numbers first .. first + count - 1. */
  first: number;
  count: number;
  /** Where its destination set starts in the ring of sets (an index below its capacity). */
  destsAt: number;
  dests: readonly number[];
}

/** Write group number g's record and destination set into the region at byte `at` of `i32`'s buffer. */
export function writeGroupRecord(i32: Int32Array, at: number, g: number, r: GroupRecord): void {
  const h = at >> 2;
  const rec = h + (i32[h + L.G_O_GROUP]! >> 2) + (g % i32[h + L.G_GCAP]!) * L.GROUP_STRIDE;
  i32[rec + L.GR_CREATED] = r.created;
  i32[rec + L.GR_SRC] = r.src;
  i32[rec + L.GR_FLITS] = r.flits;
  i32[rec + L.GR_FIRST] = r.first;
  i32[rec + L.GR_COUNT] = r.count;
  i32[rec + L.GR_DESTS] = r.destsAt;
  i32[rec + L.GR_NDESTS] = r.dests.length;
  const set = h + (i32[h + L.G_O_GDEST]! >> 2) + r.destsAt;
  for (let k = 0; k < r.dests.length; k++) i32[set + k] = r.dests[k]!;
  i32[h + L.G_GWRITTEN] = g + 1;
}
