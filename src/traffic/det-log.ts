/**
 * The natural logarithm the traffic streams draw their gaps with, evaluated by the same IEEE-754
 * double operations in TypeScript and in the kernel (assembly/traffic/det-log.ts), so that both
 * give the same bits and a gap floor(ln(1 - u) / ln(1 - rate)) is the same cycle in both
 * (docs/traffic.md "Traffic drawn by the kernel"). Math.log cannot serve: V8's and
 * AssemblyScript's are different algorithms, each within an ulp, and an ulp moves a floor now
 * and then. Valid for finite x > 0 of normal range (the streams take it of 1 - u >= 2^-32).
 */
const view = new DataView(new ArrayBuffer(8));
const SQRT2 = 1.4142135623730951;
const LN2 = 0.6931471805599453;

export function detLog(x: number): number {
  view.setFloat64(0, x);
  const hi = view.getUint32(0);
  let e = ((hi >>> 20) & 0x7ff) - 1023;
  // m = x / 2^e in [1, 2): the exponent field set to 1023
  view.setUint32(0, (hi & 0x800fffff) | 0x3ff00000);
  let m = view.getFloat64(0);
  if (m > SQRT2) {
    m = m / 2;
    e = e + 1;
  }
  // ln m = 2 atanh(s), s = (m - 1) / (m + 1), |s| < 0.1716: the series to s^23
  const s = (m - 1) / (m + 1);
  const z = s * s;
  let p = 1 / 23;
  p = p * z + 1 / 21;
  p = p * z + 1 / 19;
  p = p * z + 1 / 17;
  p = p * z + 1 / 15;
  p = p * z + 1 / 13;
  p = p * z + 1 / 11;
  p = p * z + 1 / 9;
  p = p * z + 1 / 7;
  p = p * z + 1 / 5;
  p = p * z + 1 / 3;
  p = p * z + 1;
  return e * LN2 + 2 * s * p;
}
