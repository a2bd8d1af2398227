// The natural logarithm of the traffic streams, the twin of src/traffic/det-log.ts: the same
// IEEE-754 double operations in the same order, so both give the same bits (Math.log would not:
// docs/traffic.md "Traffic drawn by the kernel"). For finite x > 0 of normal range.
const SQRT2: f64 = 1.4142135623730951;
const LN2: f64 = 0.6931471805599453;

export function detLog(x: f64): f64 {
  const bits = reinterpret<u64>(x);
  let e = <i32>((bits >> 52) & 0x7ff) - 1023;
  let m = reinterpret<f64>((bits & 0x800fffffffffffff) | 0x3ff0000000000000);
  if (m > SQRT2) {
    m = m / 2;
    e = e + 1;
  }
  const s = (m - 1) / (m + 1);
  const z = s * s;
  let p: f64 = 1.0 / 23.0;
  p = p * z + 1.0 / 21.0;
  p = p * z + 1.0 / 19.0;
  p = p * z + 1.0 / 17.0;
  p = p * z + 1.0 / 15.0;
  p = p * z + 1.0 / 13.0;
  p = p * z + 1.0 / 11.0;
  p = p * z + 1.0 / 9.0;
  p = p * z + 1.0 / 7.0;
  p = p * z + 1.0 / 5.0;
  p = p * z + 1.0 / 3.0;
  p = p * z + 1.0;
  return <f64>e * LN2 + 2 * s * p;
}
