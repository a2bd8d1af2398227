import { main } from '../src/cli/main.ts';

/** What one in-process run of the CLI printed and returned. */
export interface MainResult {
  status: number;
  stdout: string;
  stderr: string;
  millis: number;
}

/**
 * Run `wormcast <argv>` in this process through main(), capturing process.stdout.write and
 * process.stderr.write (a spawn costs ~0.5 s; this costs what the command costs). An exception
 * main() lets escape is re-thrown after the streams are restored; a run that does not settle
 * within `timeoutMs` rejects (an asynchronous hang; a synchronous one shows in `millis`).
 */
export async function runMain(argv: string[], timeoutMs = 20_000): Promise<MainResult> {
  let stdout = '';
  let stderr = '';
  const out = process.stdout.write;
  const err = process.stderr.write;
  process.stdout.write = ((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  }) as typeof process.stderr.write;
  const t0 = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const status = await Promise.race([
      main(argv),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`wormcast ${argv.join(' ')}: no answer within ${timeoutMs} ms`)),
          timeoutMs,
        );
      }),
    ]);
    return { status, stdout, stderr, millis: performance.now() - t0 };
  } finally {
    clearTimeout(timer);
    process.stdout.write = out;
    process.stderr.write = err;
  }
}
