import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { resolvePoint, simulateCommand } from '../src/experiment/config/point-config.ts';

/*
 * A stored replication's `wormcast simulate` command (results --format json, docs/experiments.md
 * "Seeds": it reproduces the replication exactly) is a shell command line. A fault list joins its
 * items with ';', which the shell reads as the end of a command: '--faults links:2;node:1,1'
 * pasted into a shell ran the replication with links:2 only (another result) and then tried to run
 * a command 'node:1,1'. Values the shell would split or expand are quoted now.
 */

/** The argv bash makes of `line` (its words after the command name). */
function shellWords(line: string): string[] {
  const r = spawnSync('bash', ['-c', `f() { printf '%s\\n' "$@"; }; f ${line.replace(/^wormcast /, '')}`], {
    encoding: 'utf8',
  });
  expect(r.status).toBe(0);
  return r.stdout.split('\n').slice(0, -1);
}

describe("a replication's command line survives a shell", () => {
  it('a fault list with ; and a trace path with a blank and a quote are single words', () => {
    const c = resolvePoint({
      topology: 'mesh:4x4',
      load: 0.1,
      routing: 'dim-reversal',
      faults: 'links:2;node:1,1',
      faultSeed: 3,
    });
    const words = shellWords(simulateCommand(c, 7));
    expect(words[words.indexOf('--faults') + 1]).toBe('links:2;node:1,1');
    expect(words[words.indexOf('--fault-seed') + 1]).toBe('3');
    expect(words[words.indexOf('--seed') + 1]).toBe('7');
    expect(words.at(-1)).toBe('--json');
    const t = resolvePoint({ topology: 'hypercube:4', trace: "my traces/it's.trace" });
    const tw = shellWords(simulateCommand(t, 1));
    expect(tw[tw.indexOf('--trace') + 1]).toBe("my traces/it's.trace");
  });

  it('plain values stay unquoted (the command reads as before)', () => {
    const c = resolvePoint({ topology: 'mesh:4x4', load: 0.1, pattern: 'hotspot', hotspots: '0,5', sizes: '4:1,16:1' });
    const line = simulateCommand(c, 1);
    expect(line).toContain('--hotspots 0,5');
    expect(line).toContain('--sizes 4:1,16:1');
    expect(line).toContain('--topology mesh:4x4');
  });
});
