import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandGrid } from '../src/experiment/config/grid.ts';
import { parseQueueUrl, redact, redisErrorLine } from '../src/experiment/queue/queue.ts';
import { checkJob, isPointOutcome, pointJob } from '../src/experiment/queue/queue-job.ts';
import { parseExperiment } from '../src/experiment/config/schema.ts';
import { pointKey } from '../src/experiment/sweep/store.ts';
import { runPoint } from '../src/experiment/sweep/point-run.ts';
import { pointSettings } from '../src/experiment/sweep/sweep.ts';
import { runMain } from './cli-main.ts';

/*
 * The pieces of distributed sweeps that need no Redis (docs/distributed.md): the queue URL and
 * its password, and the check a worker makes of every job before it runs anything.
 */

const VERSION = '0.1.0+wasm.test+model.1';

const experiment = parseExperiment(
  {
    name: 'jobs',
    base: { topology: 'mesh:4x4', warmup: 100, cycles: 1000, drain: 500 },
    grid: { load: [0.05, 0.1], algorithm: ['unicast', 'dual-path'], dests: 3 },
    replications: 2,
    runUntil: { relativeHalfWidth: 0.2, maxCycles: 4000 },
  },
  'jobs',
);
const points = expandGrid(experiment, 'jobs');
const keyOf = (i: number) => pointKey(points[i]!.config, pointSettings(experiment), VERSION);

describe('queue URL', () => {
  it('host, port, database and password; shown without the password', () => {
    const u = parseQueueUrl('redis://:s3cret@10.0.0.5:6380/3', '--queue', {});
    expect(u.connection).toMatchObject({
      host: '10.0.0.5',
      port: 6380,
      db: 3,
      password: 's3cret',
      maxRetriesPerRequest: null,
    });
    expect(u.shown).toBe('redis://***@10.0.0.5:6380/3');
    expect(u.hasPassword).toBe(true);
    const plain = parseQueueUrl('redis://queue.lan', '--queue', {});
    expect(plain.connection).toMatchObject({ host: 'queue.lan', port: 6379, db: 0 });
    expect(plain.shown).toBe('redis://queue.lan:6379/0');
    expect(parseQueueUrl('rediss://u:p%40ss@h/1', '--queue', {}).connection).toMatchObject({
      username: 'u',
      password: 'p@ss',
      tls: {},
    });
  });

  it('the password may come from WORMCAST_REDIS_PASSWORD (out of the command line)', () => {
    const u = parseQueueUrl('redis://h:1/0', '--queue', { WORMCAST_REDIS_PASSWORD: 'fromenv' });
    expect(u.connection).toMatchObject({ password: 'fromenv' });
    expect(u.shown).toBe('redis://h:1/0');
  });

  it('bad URLs: one error naming what is wrong, never quoting the URL (it may hold a password)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Za-z0-9]{6,20}$/),
        fc.constantFrom('http://:PW@h/0', 'redis://:PW@h/zero', 'redis://:PW@/0', 'redis://:PW@h/0?x=1', 'PW'),
        (pw, form) => {
          const text = form.replace('PW', pw);
          let message = '';
          try {
            parseQueueUrl(text, '--queue', {});
          } catch (e) {
            message = (e as Error).message;
          }
          expect(message).toMatch(/^wormcast: --queue: /);
          expect(message).not.toContain(pw);
        },
      ),
    );
  });

  it('Redis errors are shown without the password, with a hint', () => {
    const u = parseQueueUrl('redis://:hunter2@h:1/0', '--queue', {});
    expect(redact('AUTH hunter2 failed', u)).toBe('AUTH *** failed');
    expect(redisErrorLine(u, new Error('WRONGPASS invalid username-password pair.'), 'cannot reach Redis at')).toBe(
      'cannot reach Redis at redis://***@h:1/0: WRONGPASS invalid username-password pair; check the password (in the URL or WORMCAST_REDIS_PASSWORD)',
    );
  });
});

describe('a job is checked before it runs', () => {
  it('the job of every point passes, and runs exactly the point (configuration and settings)', () => {
    points.forEach((p, i) => {
      const job = JSON.parse(JSON.stringify(pointJob(experiment, p, 'label', VERSION))) as unknown;
      const checked = checkJob(keyOf(i), 'point', job, VERSION);
      expect(checked.task.config).toEqual(p.config);
      expect(checked.task.settings).toEqual(pointSettings(experiment));
      expect(checked.label).toBe('label');
    });
  });

  it('another id, another engine, a grid, a bad option, extra keys: each refused with its reason', () => {
    const job = pointJob(experiment, points[0]!, 'x', VERSION);
    const e = job.experiment;
    const cases: Array<[string | undefined, string, unknown, RegExp]> = [
      [
        keyOf(1),
        'point',
        job,
        /^wormcast: job [0-9a-f]{32}: not a wormcast point: its id is not the configuration hash of its payload$/,
      ],
      [
        keyOf(0),
        'point',
        { ...job, engineVersion: 'other' },
        /made for engine other, but this worker runs 0\.1\.0\+wasm\.test\+model\.1; run the same wormcast version/,
      ],
      [
        keyOf(0),
        'point',
        { ...job, experiment: { ...e, grid: { load: [0.1, 0.2] } } },
        /not a wormcast point: its experiment has a grid; a job is one point/,
      ],
      [
        keyOf(0),
        'point',
        { ...job, experiment: { ...e, base: { ...(e.base as object), vcs: -1 } } },
        /not a wormcast point: experiment: base\.vcs: -1 must be >= 1/,
      ],
      [
        keyOf(0),
        'point',
        { ...job, experiment: { ...e, shell: 'rm -rf /' } },
        /not a wormcast point: experiment: shell: unknown key/,
      ],
      [keyOf(0), 'point', { ...job, extra: 1 }, /not a wormcast point: payload: Unrecognized key/],
      [keyOf(0), 'point', null, /not a wormcast point: payload: /],
      [keyOf(0), 'cleanup', job, /not a wormcast point: the job's name is 'cleanup', not 'point'/],
      [undefined, 'point', job, /^wormcast: job : not a wormcast point: its id is not a point key/],
      ['../../etc', 'point', job, /its id is not a point key/],
    ];
    for (const [id, name, data, message] of cases) expect(() => checkJob(id, name, data, VERSION)).toThrow(message);
  });

  it('isolated multicasts, traces, size mixes, processes, faults, warm-up auto: every kind of point passes as a job and runs the same', async () => {
    // until 2026-11-27 a job carried the resolved configuration, whose load 0 (isolated traffic, a
    // trace) an experiment file may not give: every job of an isolated or trace sweep was refused
    const traceDir = mkdtempSync(join(tmpdir(), 'wormcast-job-trace-'));
    const tracePath = join(traceDir, 'ring.trace');
    copyFileSync('examples/traces/ring-allgather-64.trace', tracePath);
    const bases: Record<string, unknown>[] = [
      { topology: 'mesh:4x4', traffic: 'isolated', algorithm: 'dual-path', dests: 3, sets: 6 },
      { topology: 'hypercube:6', trace: tracePath, startup: 2 },
      { topology: 'mesh:4x4', load: 0.1, pattern: 'transpose', flits: '4:1,16:1', process: 'exponential', cycles: 300 },
      { topology: 'torus:4x4', load: 0.1, process: 'onoff', onoff: '0.1,0.2', tieBreak: 'random', cycles: 300 },
      { topology: 'mesh:4x4', load: 0.1, faults: 'links:2', cycles: 300 },
      {
        topology: 'mesh:4x4',
        load: 0.05,
        warmup: 'auto',
        pattern: 'hotspot',
        hotspots: '5',
        hotspotFraction: 0.3,
        cycles: 300,
      },
      { topology: 'hypercube:4', algorithm: 'u-cube', destsMean: 3, load: 0.05, cycles: 300, drain: 2000 },
    ];
    for (const base of bases) {
      const e = parseExperiment({ name: 'kinds', base, replications: 1 }, 'kinds');
      const p = expandGrid(e, 'kinds')[0]!;
      const key = pointKey(p.config, pointSettings(e), VERSION);
      const job = JSON.parse(JSON.stringify(pointJob(e, p, 'label', VERSION))) as { trace?: string };
      if (base.trace !== undefined) {
        expect(job.trace).toBe(readFileSync(tracePath, 'utf8'));
        rmSync(traceDir, { recursive: true }); // the worker's machine need not have the file
      }
      const checked = checkJob(key, 'point', job, VERSION);
      expect(checked.task.config).toEqual(p.config);
      const here = base.trace !== undefined ? { ...checked.task, traceText: undefined } : checked.task;
      const [there, local] = [await runPoint(checked.task), base.trace !== undefined ? null : await runPoint(here)];
      expect(there.summary.incomplete).toEqual([]);
      if (local) expect(there.replications).toEqual(local.replications);
      // the trace's drain time at zero load: S + 12 cycles after the last dependency (docs/traffic.md)
      else expect((there.replications[0]!.result as { drainTime: number }).drainTime).toBeGreaterThan(0);
    }
  });

  it('a point the run would refuse for its faults is refused when the sweep expands its grid', () => {
    // it was refused only when its turn came (simulate's routing with faults), after other points had run
    for (const routing of ['min-adaptive', 'valiant']) {
      const e = parseExperiment(
        { name: 'f', base: { topology: 'mesh:4x4', load: 0.1, faults: 'links:2', routing } },
        'f',
      );
      expect(() => expandGrid(e, 'f')).toThrow(
        new RegExp(`^wormcast: f: point \\(base\\): --faults: routing ${routing} `),
      );
    }
  });

  it("a trace's job: its text is part of the key; without it, or with it for a point without a trace, refused", () => {
    const e = parseExperiment(
      {
        name: 'tr',
        base: { topology: 'hypercube:6', trace: `${process.cwd()}/examples/traces/ring-allgather-64.trace` },
      },
      'tr',
    );
    const p = expandGrid(e, 'tr')[0]!;
    const key = pointKey(p.config, pointSettings(e), VERSION);
    const job = pointJob(e, p, 'x', VERSION);
    expect(() => checkJob(key, 'point', { ...job, trace: `${job.trace}# edited\n` }, VERSION)).toThrow(
      /its id is not the configuration hash of its payload/,
    );
    const { trace: _t, ...without } = job;
    expect(() => checkJob(key, 'point', without, VERSION)).toThrow(/its point has a trace but not the trace's text/);
    const plain = pointJob(experiment, points[0]!, 'x', VERSION);
    expect(() => checkJob(keyOf(0), 'point', { ...plain, trace: '0 0 1 4\n' }, VERSION)).toThrow(
      /it has a trace but its point none/,
    );
  });

  it("a worker's answer is checked before the sweep stores it", () => {
    expect(isPointOutcome({ replications: [{}], summary: { saturated: false, incomplete: [], metrics: {} } })).toBe(
      true,
    );
    for (const bad of [
      null,
      'done',
      {},
      { replications: [], summary: { saturated: false, incomplete: [], metrics: {} } },
      { replications: [{}], summary: { saturated: 'no' } },
    ]) {
      expect(isPointOutcome(bad)).toBe(false);
    }
  });
});

describe('the command line', () => {
  it('--detach without --queue, --workers with --queue, worker without a queue: one error line each (exit 2)', async () => {
    const grid = ['--topology', 'mesh:4x4', '--grid', 'load=0.1'];
    const detach = await runMain(['sweep', ...grid, '--detach']);
    expect(detach.status).toBe(2);
    expect(detach.stderr).toBe(
      'wormcast: sweep --detach: give --queue redis://... too (a local sweep runs in this process)\n',
    );
    const workers = await runMain(['sweep', ...grid, '--queue', 'redis://h/0', '--workers', '2']);
    expect(workers.status).toBe(2);
    expect(workers.stderr).toBe(
      'wormcast: sweep --queue: --workers would be ignored (the points run on the wormcast worker processes; give them --concurrency); leave it out\n',
    );
    const saved = process.env.WORMCAST_QUEUE;
    delete process.env.WORMCAST_QUEUE;
    try {
      const w = await runMain(['worker']);
      expect(w.status).toBe(2);
      expect(w.stderr).toBe('wormcast: worker: give --queue redis://HOST:PORT[/DB] (or set WORMCAST_QUEUE)\n');
    } finally {
      if (saved !== undefined) process.env.WORMCAST_QUEUE = saved;
    }
  });

  it('no Redis at the URL: one error line at once (no endless retries), without the password', async () => {
    const srv = createServer();
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    const port = (srv.address() as AddressInfo).port;
    await new Promise((r) => srv.close(r));
    for (const argv of [
      ['worker', '--queue', `redis://:topsecret@127.0.0.1:${port}/0`],
      [
        'sweep',
        '--topology',
        'mesh:4x4',
        '--grid',
        'load=0.1',
        '--out',
        join(tmpdir(), `wormcast-noredis-${port}.jsonl`),
        '--queue',
        `redis://:topsecret@127.0.0.1:${port}/0`,
      ],
    ]) {
      const r = await runMain(argv, 8000);
      expect(r.status).toBe(2);
      expect(r.stderr).toBe(
        `wormcast: ${argv[0]}: cannot reach Redis at redis://***@127.0.0.1:${port}/0: connect ECONNREFUSED 127.0.0.1:${port}; is redis-server running there, and reachable from this machine?\n`,
      );
      // no retry loop: runMain's bound (8 s) would end a run that kept trying, and fail the status check
    }
  });

  it('a bad queue URL with a password: the error does not print it', async () => {
    const r = await runMain([
      'sweep',
      '--topology',
      'mesh:4x4',
      '--grid',
      'load=0.1',
      '--queue',
      'http://:topsecret@h/0',
    ]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/^wormcast: --queue: the scheme must be redis: or rediss:/);
    expect(r.stderr).not.toContain('topsecret');
    const w = await runMain(['worker', '--queue', 'redis://:topsecret@h/x']);
    expect(w.status).toBe(2);
    expect(w.stderr).not.toContain('topsecret');
  });
});
