import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from './cli-main.ts';

/*
 * docs/traffic.md "Traces": "Every error is one line naming the file and line." A multicast line of
 * a trace run without --algorithm was refused as 'trace message 1 has 2 destinations: ...', naming
 * neither the file nor the line (a message's index counts neither comments nor blank lines).
 */
describe('a trace error found when its worms are built names the file and line', () => {
  it('a multicast without --algorithm: file:line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'wormcast-trace-errors-'));
    const file = join(dir, 'mc.trace');
    writeFileSync(file, '# a comment\n0 0 1 16\n\n5 2 3/4 16\n');
    const r = await runMain(['simulate', '--trace', file, '--topology', 'hypercube:4']);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(
      `wormcast: ${file}:4: trace message 1 has 2 destinations: give --algorithm (a multicast algorithm) to send it\n`,
    );
  });
});
