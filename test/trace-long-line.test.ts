import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMain } from './cli-main.ts';

/*
 * A trace error quotes the line's text (docs/traffic.md "Traces": one line naming the file and
 * line). A trace file may be 64 MiB, and a line without the newlines it should have was quoted
 * whole: a 6 MB line of '1 1 1 ...' gave a 6,000,102-byte error line, a 5 MB node id a
 * 5,000,075-byte one. Now a quoted piece stops at 60 characters and says how long it was.
 */
describe('a trace error quotes at most the start of a long line', () => {
  const dir = mkdtempSync(join(tmpdir(), 'wormcast-trace-long-'));
  it('a line of 3,000,000 fields, a node id of 5,000,000 digits: error lines under 300 characters', async () => {
    const cases: Array<[string, RegExp]> = [
      [
        `${Array(3_000_000).fill('1').join(' ')}\n`,
        /^wormcast: .*a\.trace:1: '(1 ){30}\.\.\. \(5999999 characters\)' must be 4 fields/,
      ],
      [
        `0 0 ${'1'.repeat(5_000_000)} 16\n`,
        /^wormcast: .*a\.trace:1: node 1{60}\.\.\. \(5000000 characters\) is not a node of hypercube:4/,
      ],
      [`0 0 1 ${'9'.repeat(100_000)}\n`, /flits '9{60}\.\.\. \(100000 characters\)' must be an integer/],
    ];
    for (const [text, expected] of cases) {
      const file = join(dir, 'a.trace');
      writeFileSync(file, text);
      const r = await runMain(['simulate', '--trace', file, '--topology', 'hypercube:4']);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(expected);
      expect(r.stderr.length).toBeLessThan(300);
    }
  });
});
