import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { meanInterval, relativeHalfWidth } from '../src/experiment/run/confidence.ts';
import { studentTCdf, studentTQuantile } from '../src/experiment/run/student-t.ts';
import { mulberry32 } from '../src/random.ts';

describe('Student t quantiles (computed, not tabulated)', () => {
  it('match the printed tables', () => {
    // t(0.975; nu) of any statistics table, to its 3 decimals
    for (const [nu, t] of [
      [1, 12.706],
      [2, 4.303],
      [4, 2.776],
      [9, 2.262],
      [29, 2.045],
      [120, 1.98],
    ] as const) {
      expect(studentTQuantile(0.975, nu)).toBeCloseTo(t, 3);
    }
    expect(studentTQuantile(0.995, 4)).toBeCloseTo(4.604, 3);
    expect(studentTQuantile(0.95, 9)).toBeCloseTo(1.833, 3);
    // many degrees of freedom: the normal quantile 1.959964
    expect(studentTQuantile(0.975, 1e7)).toBeCloseTo(1.959964, 5);
  });
  it('property: the quantile inverts the CDF, and the CDF is symmetric', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.51, max: 0.9999, noNaN: true }), fc.integer({ min: 1, max: 500 }), (p, nu) => {
        const t = studentTQuantile(p, nu);
        expect(studentTCdf(t, nu)).toBeCloseTo(p, 9);
        expect(studentTCdf(-t, nu)).toBeCloseTo(1 - p, 9);
        expect(studentTQuantile(1 - p, nu)).toBeCloseTo(-t, 8);
      }),
      { numRuns: 200 },
    );
  });
});

describe('confidence intervals', () => {
  it('a hand-computed example: 10, 12, 11, 13, 9', () => {
    // mean 11; squared deviations 1 + 1 + 0 + 4 + 4 = 10, s^2 = 10 / 4 = 2.5, s = 1.58114;
    // half-width t(0.975; 4) s / sqrt(5) = 2.776445 x 1.58114 / 2.236068 = 1.963243
    const i = meanInterval([10, 12, 11, 13, 9], 0.95);
    expect(i.mean).toBe(11);
    expect(i.n).toBe(5);
    expect(i.sd).toBeCloseTo(1.58114, 5);
    expect(i.halfWidth).toBeCloseTo(1.963243, 5);
    expect(i.lo).toBeCloseTo(11 - 1.963243, 5);
    expect(relativeHalfWidth(i)).toBeCloseTo(1.963243 / 11, 6);
    // NaN (a replication with nothing to average) is left out; one value has no interval
    expect(meanInterval([10, NaN, 12, 11, 13, 9]).halfWidth).toBeCloseTo(1.963243, 5);
    expect(meanInterval([4]).halfWidth).toBeNaN();
    expect(meanInterval([4]).mean).toBe(4);
  });
  it('covers the true mean about 95 % of the time (normal samples of 5)', () => {
    const rand = mulberry32(12345);
    const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
    let covered = 0;
    const trials = 4000;
    for (let k = 0; k < trials; k++) {
      const i = meanInterval(Array.from({ length: 5 }, () => 3 + 2 * normal()));
      if (i.lo <= 3 && 3 <= i.hi) covered++;
    }
    // binomial sd of the rate over 4000 trials: 0.0034
    expect(Math.abs(covered / trials - 0.95)).toBeLessThan(0.015);
  });
});
