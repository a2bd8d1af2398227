// What the fuzzers of bench/ share: one in-process run of the CLI and their seeded generator.
import { runMain } from '../test/cli-main.ts';

/** What one fuzzed run printed and returned; `status` is a text when main() let an exception escape. */
export interface FuzzRun {
  status: number | string;
  out: string;
  err: string;
  ms: number;
}

/** One in-process run of the CLI (test/cli-main.ts); an exception main() lets escape is a finding. */
export async function run(argv: string[], timeoutMs = 120_000): Promise<FuzzRun> {
  try {
    const r = await runMain(argv, timeoutMs);
    return { status: r.status, out: r.stdout, err: r.stderr, ms: r.millis };
  } catch (x) {
    return { status: `THROW ${String((x as Error)?.stack ?? x).slice(0, 300)}`, out: '', err: '', ms: 0 };
  }
}

/** pick and maybe over a generator of numbers in [0, 1). */
function drawing(rnd: () => number) {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const maybe = (p: number) => rnd() < p;
  return { rnd, pick, maybe };
}

/** bench/fuzz-commands.ts's generator, mulberry32: the same seed draws the same command lines. */
export function random(seed: number) {
  let a = seed >>> 0;
  return drawing(() => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  });
}

/**
 * bench/fuzz-simulate.ts's generator, kept as it was so that its seeds draw the lines they drew:
 * an LCG whose product passes 2^53, so it loses bits and falls into short cycles (fuzz-commands.ts
 * drew the same few command lines over and over with it).
 */
export function lcgRandom(seed: number) {
  let s = seed;
  return drawing(() => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  });
}
