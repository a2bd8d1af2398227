/*
 * Ranges of a grid stepped in exact decimal arithmetic: `{from: 0.01, to: 0.2, step: 0.01}` is
 * 20 points, 0.01, 0.02, ..., 0.2, each the double nearest its decimal value. Adding 0.01 twenty
 * times in floating point drifts (0.01 * 3 = 0.030000000000000002, and the last point may be
 * 0.20000000000000004 > 0.2, dropping it); here every bound is written as an integer times a
 * power of ten, the steps are taken in integers (BigInt), and each point is converted back once.
 */

/** x = m / 10^e exactly, from the shortest decimal form of the double (String(x)). */
function decimal(x: number): { m: bigint; e: number } {
  const s = String(x);
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([-+]\d+))?$/.exec(s);
  if (!match) throw new Error(`decimal-range: cannot read ${s} as a decimal`);
  const [, sign, int, frac = '', exp = '0'] = match;
  let m = BigInt(`${sign}${int}${frac}`);
  let e = frac.length - Number(exp);
  if (e < 0) {
    m *= 10n ** BigInt(-e);
    e = 0;
  }
  return { m, e };
}

/** The number m / 10^e (the double nearest it: JavaScript's decimal parsing rounds correctly). */
function toNumber(m: bigint, e: number): number {
  return Number(`${m}e-${e}`);
}

/** How many points a range has (0 when to < from). */
export function rangeCount(from: number, to: number, step: number): bigint {
  const [f, t, s] = [decimal(from), decimal(to), decimal(step)];
  const e = Math.max(f.e, t.e, s.e);
  const scale = (d: { m: bigint; e: number }) => d.m * 10n ** BigInt(e - d.e);
  const [F, T, S] = [scale(f), scale(t), scale(s)];
  if (S <= 0n) throw new Error('decimal-range: step must be > 0');
  return T < F ? 0n : (T - F) / S + 1n;
}

/** The points from, from + step, ..., up to `to` inclusive, at most `limit` of them (else an error). */
export function decimalRange(from: number, to: number, step: number, limit = 100_000): number[] {
  const [f, t, s] = [decimal(from), decimal(to), decimal(step)];
  const e = Math.max(f.e, t.e, s.e);
  const scale = (d: { m: bigint; e: number }) => d.m * 10n ** BigInt(e - d.e);
  const [F, T, S] = [scale(f), scale(t), scale(s)];
  if (S <= 0n) throw new Error('decimal-range: step must be > 0');
  const count = T < F ? 0n : (T - F) / S + 1n;
  if (count > BigInt(limit)) throw new RangeError(`${count} points (at most ${limit})`);
  const out: number[] = [];
  for (let v = F; v <= T; v += S) out.push(toNumber(v, e));
  return out;
}
