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
}

/** `3,12,40` as node ids of `t`, or a WormcastError naming the bad entry. */
function parseHotspots(text: string, t: Topology): number[] {
  const ids = text.split(',').map((x) => x.trim());
  const out: number[] = [];
  for (const x of ids) {
    const v = Number(x);
    if (x === '' || !Number.isInteger(v) || v < 0 || v >= t.nodes)
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
  if (name === 'uniform') return undefined;
  if (o.algorithm !== 'unicast')
    throw new WormcastError(`pattern ${name}: applies to unicast traffic, not algorithm ${o.algorithm}`);
  const geometry = patternGeometry(name, t);
  if (name !== 'hotspot') return { name, geometry };
  if (o.hotspots === undefined)
    throw new WormcastError('pattern hotspot: needs hotspots, the hot node ids (e.g. --hotspots 0,9,27)');
  return { name, geometry, hotspots: parseHotspots(o.hotspots, t), hotspotFraction: o.hotspotFraction ?? 1 };
}
