import { afterEach, describe, expect, it } from 'vitest';
import { checkDeadlock, unicastScheme } from '../src/analysis/deadlock.ts';
import { dependencyGraphEstimate, withRouteProgress } from '../src/cli/deadlock-progress.ts';
import { limits, refuseOver } from '../src/cli/limits.ts';
import { main } from '../src/cli/main.ts';
import { planEstimate } from '../src/cli/plan-memory.ts';
import { Progress, progressSettings, seconds, type ProgressStream } from '../src/cli/progress.ts';
import { WormcastError } from '../src/errors.ts';
import { createRouting } from '../src/routing/registry.ts';
import { parseTopology } from '../src/topology/registry.ts';
import { runCli } from './cli.ts';

// Issue 10 item 11: long requests show progress on stderr (never stdout), and requests that
// cannot fit in memory are refused before they start (exit 2, one `wormcast:` line).

/** A stream that records what is written, as a terminal or not. */
function sink(isTTY: boolean): ProgressStream & { text: string } {
  return {
    text: '',
    isTTY,
    columns: 100,
    write(s: string) {
      this.text += s;
      return true;
    },
  };
}

/** A clock the test moves. */
function clock(): { now: () => number; at: number } {
  const c = { at: 0, now: () => c.at };
  return c;
}

describe('Progress (src/cli/progress.ts)', () => {
  it('is silent for a short job, then at most one plain line per interval without a terminal', () => {
    const out = sink(false);
    const c = clock();
    const p = new Progress('verify', 1000, 'trials', { delayMs: 2000, intervalMs: 5000, stream: out, now: c.now });
    for (let i = 1; i <= 100; i++) {
      c.at = i * 10; // 1 s in all
      p.update(i);
    }
    expect(out.text).toBe('');
    // 1 s .. 19 s: lines at 5, 10 and 15 s only
    for (let i = 101; i <= 1000; i++) {
      c.at = 1000 + (i - 100) * 20;
      p.update(i);
    }
    const lines = out.text.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('wormcast verify: 300 of 1,000 trials (30%) in 5 s; about 12 s left');
    p.stop();
    expect(out.text.trim().split('\n').at(-1)).toBe('wormcast verify: finished in 19 s');
  });

  it('times read as people say them', () => {
    expect([5400, 125_000, 5 * 3600e3 + 12 * 60e3, 89 * 86400e3 + 3 * 3600e3].map(seconds)).toEqual([
      '5 s',
      '2 min 5 s',
      '5 h 12 min',
      '89 days 3 h',
    ]);
  });

  it('show(): a terminal gets the bar at once, a log nothing early', () => {
    for (const tty of [true, false]) {
      const out = sink(tty);
      const p = new Progress('plan', 5, 'phases', { delayMs: 2000, intervalMs: 5000, stream: out, now: () => 0 });
      p.show();
      if (tty) expect(out.text).toContain('wormcast plan [');
      else expect(out.text).toBe('');
      p.stop();
    }
  });

  it('a short job prints nothing at all, not even the closing line', () => {
    const out = sink(false);
    const c = clock();
    const p = new Progress('plan', 4, 'phases', { delayMs: 2000, intervalMs: 5000, stream: out, now: c.now });
    for (let i = 1; i <= 4; i++) {
      c.at = i * 100;
      p.update(i);
    }
    p.stop();
    expect(out.text).toBe('');
  });

  it('on a terminal draws a cli-progress bar after the delay and erases it at the end, leaving no timer behind', () => {
    const out = sink(true);
    const c = clock();
    const before = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
    const p = new Progress('deadlock', 50, 'destinations', { delayMs: 0, intervalMs: 5000, stream: out, now: c.now });
    for (let i = 1; i <= 50; i++) {
      c.at = i;
      p.update(i);
    }
    expect(out.text).toContain('wormcast deadlock [');
    expect(out.text).toMatch(/\d+%/);
    p.stop();
    expect(process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length).toBe(before);
  });
});

/** Run main(argv) in this process, capturing what it writes. */
async function capture(argv: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const ow = process.stdout.write.bind(process.stdout);
  const ew = process.stderr.write.bind(process.stderr);
  process.stdout.write = ((s: string | Uint8Array) => {
    stdout += String(s);
    return true;
  }) as typeof process.stdout.write;
  process.stderr.write = ((s: string | Uint8Array) => {
    stderr += String(s);
    return true;
  }) as typeof process.stderr.write;
  try {
    const status = await main(argv);
    return { status, stdout, stderr };
  } finally {
    process.stdout.write = ow;
    process.stderr.write = ew;
  }
}

describe('progress goes to stderr, never to stdout', () => {
  const saved = { ...progressSettings };
  afterEach(() => Object.assign(progressSettings, saved));

  const commands: string[][] = [
    ['verify', '--topology', 'hypercube:6', '--algorithm', 'u-cube', '--dests', 'random:10', '--trials', '40'],
    ['plan', '--topology', 'mesh:8x8', '--algorithm', 'x-first', '--source', '3,3', '--dests', 'all'],
    ['plan', '--topology', 'hypercube:6', '--algorithm', 'u-cube', '--source', '0', '--dests', 'all', '--json'],
    ['analyze', 'stepwise', '--n', '4', '--sets', '5'],
    ['deadlock', '--topology', 'mesh:3x3', '--algorithm', 'x-first'],
  ];
  for (const argv of commands) {
    it(`${argv.slice(0, 2).join(' ')}: the same stdout with progress forced on, progress lines on stderr`, async () => {
      Object.assign(progressSettings, { delayMs: 1e9, intervalMs: 1e9 });
      const quiet = await capture(argv);
      expect(quiet.status).toBe(0);
      expect(quiet.stderr).toBe('');
      Object.assign(progressSettings, { delayMs: 0, intervalMs: 0 });
      const loud = await capture(argv);
      expect(loud.status).toBe(0);
      // (deadlock prints its time in ms)
      const untimed = (x: string): string => x.replace(/\d+ ms/g, 'T ms').replace(/"millis":\d+/g, '"millis":T');
      expect(untimed(loud.stdout)).toBe(untimed(quiet.stdout));
      expect(loud.stdout).not.toContain('wormcast ');
      const name = argv[0] === 'analyze' ? 'analyze stepwise' : argv[0];
      expect(loud.stderr).toMatch(new RegExp(`^wormcast ${name}[ :]`, 'm'));
      expect(loud.stderr).toMatch(/finished in \d+ s/);
    });
  }

  it('deadlock: the route wrapper reports progress over the destinations and leaves the verdict unchanged', () => {
    const r = createRouting('dor', parseTopology('torus:6x6'));
    const plain = checkDeadlock(unicastScheme(r));
    const out = sink(false);
    Object.assign(progressSettings, { delayMs: 0, intervalMs: 0, stream: out });
    const wrapped = withRouteProgress('deadlock', r, (w) => checkDeadlock(unicastScheme(w)), 0);
    expect({ ...wrapped, millis: 0 }).toEqual({ ...plain, millis: 0 });
    expect(out.text).toMatch(/^wormcast deadlock: \d+ of 36 destinations/m);
  });
});

describe('requests that cannot fit are refused before they start', () => {
  it('plan and verify on 16 M destinations: exit 2, one wormcast: line with the estimate, the limit and what to do', async () => {
    for (const argv of [
      ['plan', '--topology', 'mesh:4096x4096', '--algorithm', 'separate', '--source', '0,0', '--dests', 'all'],
      ['plan', '--topology', 'mesh:4096x4096', '--algorithm', 'x-first', '--source', '0,0', '--dests', 'all', '--json'],
      ['verify', '--topology', 'torus:4096x4096', '--algorithm', 'separate', '--dests', 'all', '--trials', '2'],
    ]) {
      const r = await capture(argv);
      expect(r.status, argv.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^wormcast: (plan|verify) \S+ on \S+: would need about [\d.]+ [GT]iB of (JavaScript heap|memory) \(16,777,215 destinations, about [\d,]+ hops\) but may use [\d.]+ [GM]iB \(50% of .*\); give fewer destinations \(--dests random:<m>\) or a smaller network$/,
      );
    }
  });

  it('as the user runs it (a child process): exit 2 and one line, no stack trace', () => {
    const r = runCli(
      'plan',
      '--topology',
      'mesh:4096x4096',
      '--algorithm',
      'separate',
      '--source',
      '0,0',
      '--dests',
      'all',
    );
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toMatch(/^wormcast: plan separate on mesh:4096x4096: would need about/);
  });

  it('the estimate grows with the request and the limit with the machine', () => {
    const t = parseTopology('hypercube:10');
    const r = createRouting('ecube', t);
    const few = planEstimate(r, 'u-cube', 0, Int32Array.from([1, 2, 3]));
    const all = planEstimate(
      r,
      'u-cube',
      0,
      Int32Array.from({ length: 1023 }, (_, i) => i + 1),
    );
    expect(all.totalBytes).toBeGreaterThan(few.totalBytes);
    expect(all.size).toBe('1,023 destinations, about 5,120 hops');
    const small = limits({ heapSizeLimit: 64 << 20, totalMemory: 1 << 30 });
    expect(small.heapBytes).toBe(32 << 20);
    expect(() => refuseOver('plan u-cube on hypercube:10', all, small, 'give fewer destinations')).toThrow(
      WormcastError,
    );
    expect(() => refuseOver('plan u-cube on hypercube:10', all, limits(), 'give fewer destinations')).not.toThrow();
  });

  it('deadlock: the dependency graph is estimated per virtual channel and refused over the limit', () => {
    const big = dependencyGraphEstimate(createRouting('dor', parseTopology('torus:4096x4096')));
    expect(big.size).toBe('134,217,728 virtual channels on 16,777,216 nodes');
    expect(() =>
      refuseOver(
        'deadlock on torus:4096x4096',
        big,
        limits({ heapSizeLimit: 4 * 2 ** 30, totalMemory: 4 * 2 ** 30 }),
        'check a smaller network',
      ),
    ).toThrow(
      /^wormcast: deadlock on torus:4096x4096: would need about [\d.]+ GiB of memory \(134,217,728 virtual channels on 16,777,216 nodes\) but may use 2\.0 GiB \(50% of the machine's 4\.0 GiB\); check a smaller network$/,
    );
  });
});
