import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/**
 * The `wormcast` command from the TypeScript sources (bin/wormcast-dev.mjs registers tsx), so that
 * tests never run a stale dist/; the compiled bin/wormcast.mjs is tested from the packed tarball
 * (test/package.test.ts).
 */
export const bin = fileURLToPath(new URL('../bin/wormcast-dev.mjs', import.meta.url));

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Run the CLI in a child process and wait for it. */
export function runCli(...args: string[]): CliResult {
  const r = spawnSync(process.execPath, [bin, ...args], { encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Run the CLI without blocking, so a test can start several commands at once. */
export function startCli(...args: string[]): Promise<CliResult> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [bin, ...args]);
    let stdout = '';
    let stderr = '';
    p.stdout.on('data', (d) => {
      stdout += d;
    });
    p.stderr.on('data', (d) => {
      stderr += d;
    });
    p.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}
