// What the fuzzers of bench/ share: one in-process run of the CLI and their seeded generator.
import { mulberry32 } from '../src/random.ts';
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

/** The fuzzers' generator, the project's mulberry32 (src/random.ts): the same seed draws the same command lines. */
export function random(seed: number) {
  return drawing(mulberry32(seed));
}
