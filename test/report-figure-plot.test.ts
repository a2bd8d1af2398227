import { describe, expect, it } from 'vitest';
import { figureRows, figureSpec } from '../src/report/reproductions/figure-plot.ts';
import type { FigureData } from '../src/report/reproductions/types.ts';

/*
 * Issue 27: a reproduction's points without a value are never drawn as values. A deadlocked point
 * is a diamond labelled `deadlock` and a saturated latency a cross labelled `>= v`, both in the band
 * above the curves (src/report/plot-spec.ts); the static figures are drawn over the seed's y range.
 */

const data: FigureData = {
  xTitle: 'Mean Interarrival Time (usec)',
  yTitle: 'Average Network Latency (usec)',
  setup: '',
  series: [
    {
      name: 'tree-like',
      points: [
        { x: 700, y: 9, state: 'deadlock' },
        { x: 300, y: Number.NaN, state: 'deadlock' },
      ],
    },
    {
      name: 'dual-path',
      points: [
        { x: 700, y: 20, lo: 19, hi: 21 },
        { x: 300, y: 250, state: 'saturated' },
      ],
    },
  ],
};

describe('reproduction figures: points without a value (issue 27)', () => {
  it('a deadlocked point is a deadlock row, off the scale, above every measured value, with no interval', () => {
    const rows = figureRows(data);
    const dead = rows.filter((r) => r.series === 'tree-like');
    expect(dead.map((r) => r.state)).toEqual(['deadlock', 'deadlock']);
    for (const r of dead) {
      expect(r.offScale).toBe(true);
      expect(r.label).toBe('deadlock');
      expect(r.lo).toBeNull();
      // the latency measured before the deadlock (9 us, the lowest on the chart) is not where it is drawn
      expect(r.y).toBeGreaterThan(21);
    }
    expect(dead[1]!.mean).toBeNull();
  });
  it('a saturated latency is a lower bound in the band, labelled >= its measured value', () => {
    const sat = figureRows(data).find((r) => r.state === 'saturated')!;
    expect(sat.offScale).toBe(true);
    expect(sat.label).toBe('>= 250.0');
    expect(sat.mean).toBe(250);
  });
  it("the legend names the deadlock marker, and a given y range is the axis's domain with the marks clipped", () => {
    const spec = figureSpec(data, 't')!;
    expect(JSON.stringify(spec)).toContain('deadlock (no value)');
    const clipped = figureSpec(
      {
        ...data,
        yRange: [0, 100],
        series: [{ name: 'one-to-one', points: [10, 500].map((y, i) => ({ x: i, y })) }],
      },
      't',
    )!;
    const layers = clipped.layer as Array<{ mark: { clip?: boolean }; encoding?: { y?: { scale?: unknown } } }>;
    const line = layers.find((l) => (l.mark as { type?: string }).type === 'line')!;
    expect(line.encoding!.y!.scale).toEqual({ type: 'linear', domain: [0, 100], nice: false, zero: false });
    expect(line.mark.clip).toBe(true);
  });
});
