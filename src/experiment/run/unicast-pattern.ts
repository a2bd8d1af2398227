import { WormcastError } from '../../errors.ts';
import type { Topology } from '../../topology/types.ts';
import { PATTERN_NAMES, type PatternName, patternGeometry } from '../../traffic/patterns.ts';
import type { UnicastPattern } from './traffic.ts';

/** What a run's options say of its pattern (SimulateConfig.pattern, .hotspots, .hotspotFraction). */
export interface PatternOptions {
  algorithm: string;
  pattern?: string;
  /** 'hotspot': the hot nodes as a list of ids, `3,12,40`. */
  hotspots?: string;
  hotspotFraction?: number;
  /** 'near': destinations within this many hops of the source. */
  radius?: number;
}

/** `3,12,40` as node ids of `t`, or a WormcastError naming the bad entry. */
function parseHotspots(text: string, t: Topology): number[] {
  const ids = text.split(',').map((x) => x.trim());
  const out: number[] = [];
  for (const x of ids) {
    // decimal digits only: Number() also reads '0x3', '1e1', '3.0' and ' ' as ids
    const v = /^\d+$/.test(x) ? Number(x) : Number.NaN;
    if (!Number.isInteger(v) || v < 0 || v >= t.nodes)
      throw new WormcastError(`hotspots: '${x}' is not a node id 0..${t.nodes - 1} of ${t.spec} (give a list: 0,9,27)`);
    if (out.includes(v)) throw new WormcastError(`hotspots: node ${v} is listed twice`);
    out.push(v);
  }
  return out;
}

/**
 * The pattern of a run, checked against its topology and algorithm, or undefined for today's
 * uniform traffic (no pattern, or 'uniform' with no hot-spot options), whose draws stay those of
 * the streams before patterns existed. Refused with one line: a pattern for a multicast, a pattern
 * undefined on the topology (patternGeometry), hot-spot options without `hotspot`.
 */
export function unicastPattern(o: PatternOptions, t: Topology): UnicastPattern | undefined {
  const name = (o.pattern ?? 'uniform') as PatternName;
  if (!PATTERN_NAMES.includes(name))
    throw new WormcastError(`pattern: ${o.pattern} is not one of ${PATTERN_NAMES.join(' | ')}`);
  if (name !== 'hotspot' && (o.hotspots !== undefined || o.hotspotFraction !== undefined))
    throw new WormcastError(
      `${o.hotspots !== undefined ? 'hotspots' : 'hotspotFraction'}: applies to pattern hotspot only, not ${name}`,
    );
  if (name !== 'near' && o.radius !== undefined)
    throw new WormcastError(`radius: applies to pattern near only, not ${name}`);
  if (name === 'uniform') return undefined;
  // a multicast draws a set: uniform, near the source, or hot-spot biased (docs/traffic.md
  // "Multicast destination patterns"); a permutation names one destination per source
  if (o.algorithm !== 'unicast' && name !== 'hotspot' && name !== 'near')
    throw new WormcastError(
      `pattern ${name}: applies to unicast traffic, not algorithm ${o.algorithm} (multicasts: uniform, near, hotspot)`,
    );
  const geometry = patternGeometry(name, t);
  if (name === 'near') {
    if (o.radius === undefined)
      throw new WormcastError(
        'pattern near: needs radius, the hops a destination may be from its source (e.g. --radius 2)',
      );
    return { name, geometry, radius: o.radius, ball: ballOf(t, o.radius) };
  }
  if (name !== 'hotspot') return { name, geometry };
  if (o.hotspots === undefined)
    throw new WormcastError('pattern hotspot: needs hotspots, the hot node ids (e.g. --hotspots 0,9,27)');
  return { name, geometry, hotspots: parseHotspots(o.hotspots, t), hotspotFraction: o.hotspotFraction ?? 1 };
}

/** The node ids the balls of pattern near keep in memory at most (4 bytes each). */
export const BALL_CACHE_IDS = 1 << 24;

/**
 * The nodes within `radius` hops of a source, other than itself, in id order (pattern near):
 * a breadth-first search over the topology's links, cached per source.
 */
export function ballOf(t: Topology, radius: number, cacheIds = BALL_CACHE_IDS): (src: number) => Int32Array {
  const cache = new Map<number, Int32Array>();
  let cached = 0;
  return (src) => {
    const hit = cache.get(src);
    if (hit) return hit;
    const seen = nodesWithin(t, src, radius, Infinity);
    seen.delete(src);
    const ball = Int32Array.from(seen).sort();
    // a cache bounded by the node ids it holds (64 MB), not by its balls: 65,536 balls of a whole
    // hypercube:16 (radius 16) were 17 GB (the process grew past 2.4 GB in 3 minutes)
    if (cached + ball.length <= cacheIds) {
      cache.set(src, ball);
      cached += ball.length;
    }
    return ball;
  };
}

/**
 * The nodes within `radius` hops of node 0, counted up to `limit` (a breadth-first search that
 * stops there): node 0 has the smallest ball of its network in every family, a mesh's corner
 * (in each dimension a corner has no more nodes at each distance than any other coordinate) and a
 * node of a vertex-transitive network (hypercube, torus, CCC, star graph) alike. Pattern near
 * checks with it, before a run, that every source can draw its m destinations.
 */
export function smallestBall(t: Topology, radius: number, limit: number): number {
  const seen = nodesWithin(t, 0, radius, limit);
  return Math.min(seen.size - 1, limit);
}

/**
 * `src` and the nodes within `radius` hops of it: a breadth-first search over the topology's
 * links, by rings, that stops after the ring in which more than `limit` others are found.
 */
function nodesWithin(t: Topology, src: number, radius: number, limit: number): Set<number> {
  const seen = new Set<number>([src]);
  let frontier = [src];
  for (let r = 0; r < radius && frontier.length > 0 && seen.size - 1 < limit; r++) {
    const next: number[] = [];
    for (const v of frontier)
      for (let p = 0; p < t.ports; p++) {
        const u = t.neighbor(v, p);
        if (u >= 0 && !seen.has(u)) {
          seen.add(u);
          next.push(u);
        }
      }
    frontier = next;
  }
  return seen;
}
