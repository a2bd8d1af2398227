import { type CheckOutcome, type FigureData, type FigurePoint, type Series, untested } from './types.ts';

/* Small predicates the seeds' claims are written with (src/report/reproductions/seed*.ts). */

export function series(d: FigureData, name: string): Series {
  const s = d.series.find((x) => x.name === name);
  if (!s) throw new Error(`no series '${name}' (have ${d.series.map((x) => x.name).join(', ')})`);
  return s;
}

export function at(d: FigureData, name: string, x: number): FigurePoint | undefined {
  return series(d, name).points.find((p) => p.x === x);
}

const fmt = (v: number) => (Number.isFinite(v) ? (Math.abs(v) >= 100 ? v.toFixed(1) : v.toFixed(2)) : String(v));

/** The x values of a series in the seed's order of growing load or size: `heavier(x1, x2)` tells which is heavier. */
export function xs(d: FigureData, name: string): number[] {
  return series(d, name).points.map((p) => p.x);
}

/** Whether a point is a value (not saturated, not deadlocked). */
export const measured = (p: FigurePoint | undefined): boolean =>
  p !== undefined && (p.state ?? 'measured') === 'measured';

/**
 * a's y <= b's y * (1 + slack) at x. A measured a against a saturated b holds (a still delivers);
 * a deadlocked point, or two saturated ones (lower bounds of growing values), cannot test it.
 */
export function notAbove(d: FigureData, a: string, b: string, x: number, slack = 0): CheckOutcome {
  const pa = at(d, a, x);
  const pb = at(d, b, x);
  if (!pa || !pb) return { ok: false, detail: `no point at x = ${x}` };
  const dead = [pa.state === 'deadlock' ? a : '', pb.state === 'deadlock' ? b : ''].filter(Boolean);
  if (dead.length > 0) return untested(`at ${x}: ${dead.join(' and ')} deadlocked (no value)`);
  if (measured(pa) && !measured(pb)) return { ok: true, detail: `at ${x}: ${a} ${fmt(pa.y)}, ${b} ${pb.state}` };
  if (!measured(pa) && !measured(pb))
    return untested(
      `at ${x}, both saturated: ${a} >= ${fmt(pa.y)}, ${b} >= ${fmt(pb.y)} (lower bounds of growing latencies)`,
    );
  if (!measured(pa)) return { ok: false, detail: `at ${x}: ${a} ${pa.state}, ${b} ${fmt(pb.y)}` };
  return { ok: pa.y <= pb.y * (1 + slack), detail: `at ${x}: ${a} ${fmt(pa.y)} vs ${b} ${fmt(pb.y)}` };
}

/** a's y <= b's y at every common x where both are measured (x >= from), with a relative slack. */
export function alwaysBelow(d: FigureData, a: string, b: string, slack = 0, from = -Infinity): CheckOutcome {
  const bad: string[] = [];
  let n = 0;
  let skipped = 0;
  for (const p of series(d, a).points) {
    if (p.x < from) continue;
    const q = at(d, b, p.x);
    if (!q) continue;
    if (!measured(p) || !measured(q)) {
      skipped++;
      continue;
    }
    n++;
    if (!(p.y <= q.y * (1 + slack))) bad.push(`${p.x}: ${fmt(p.y)} > ${fmt(q.y)}`);
  }
  if (n === 0) return untested(`no x where both ${a} and ${b} are measured`);
  const not = skipped > 0 ? ` (${skipped} not measured, not compared)` : '';
  return {
    ok: bad.length === 0,
    detail: bad.length === 0 ? `${a} <= ${b} at all ${n} points${not}` : `${a} above ${b} at ${bad.join('; ')}${not}`,
  };
}

/** The first x (in the order of `order`, lightest first) at which the series is not measured; null: never. */
export function firstUnstable(d: FigureData, name: string, order: readonly number[]): number | null {
  for (const x of order) {
    const p = at(d, name, x);
    if (p && (p.state ?? 'measured') !== 'measured') return x;
  }
  return null;
}

export function describe(d: FigureData, name: string): string {
  return `${name}: ${series(d, name)
    .points.map((p) => `${p.x} -> ${p.state && p.state !== 'measured' ? p.state : fmt(p.y)}`)
    .join(', ')}`;
}
