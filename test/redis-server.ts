import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

/*
 * A real redis-server for the queue tests (never a mock). .ci/run starts one on loopback and
 * exports its URL as WORMCAST_TEST_REDIS_URL; without it, a test starts its own when redis-server
 * is on PATH (with a password, so that the tests can check it is never printed, and with an
 * append-only file, so that a restart keeps the queue). Without either, the tests skip and say why.
 */

export const URL_ENV = 'WORMCAST_TEST_REDIS_URL';

/** Whether redis-server can be run here. */
export function redisServerOnPath(): boolean {
  return spawnSync('redis-server', ['--version'], { stdio: 'ignore' }).status === 0;
}

/** Why the queue tests cannot run here, or undefined when they can. */
export function noRedisReason(): string | undefined {
  if (process.env[URL_ENV]) return undefined;
  if (redisServerOnPath()) return undefined;
  return `no Redis: ${URL_ENV} is not set and redis-server is not on PATH (CI installs it: apt-get install -y redis-server)`;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

/** A redis-server this process started (stop it with stop()). */
export class OwnRedis {
  private proc: ChildProcess | undefined;
  private constructor(
    readonly port: number,
    readonly password: string,
    readonly dir: string,
  ) {}

  /** Start one on a free loopback port, with a random password and persistence (AOF) in a temp dir. */
  static async start(): Promise<OwnRedis> {
    const r = new OwnRedis(
      await freePort(),
      randomBytes(9).toString('hex'),
      mkdtempSync(join(tmpdir(), 'wormcast-redis-')),
    );
    await r.restart();
    return r;
  }

  /** The URL of database `db`. */
  url(db: number): string {
    return `redis://:${this.password}@127.0.0.1:${this.port}/${db}`;
  }

  /** Start (again, on the same port and files). */
  async restart(): Promise<void> {
    this.proc = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--requirepass',
        this.password,
        '--dir',
        this.dir,
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--save',
        '',
        '--daemonize',
        'no',
        '--logfile',
        join(this.dir, 'redis.log'),
      ],
      { stdio: 'ignore' },
    );
    const t0 = Date.now();
    for (;;) {
      const c = new Redis({
        host: '127.0.0.1',
        port: this.port,
        password: this.password,
        lazyConnect: true,
        retryStrategy: () => null,
        maxRetriesPerRequest: 0,
      });
      c.on('error', () => undefined);
      try {
        await c.connect();
        if ((await c.ping()) === 'PONG') return;
      } catch {
        // not listening yet
      } finally {
        c.disconnect();
      }
      if (Date.now() - t0 > 10_000)
        throw new Error(`redis-server did not start on port ${this.port} within 10 s (log: ${this.dir}/redis.log)`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Stop it (SIGTERM: redis-server writes its files and exits) and wait for the exit. */
  async stop(): Promise<void> {
    const p = this.proc;
    this.proc = undefined;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      const limit = setTimeout(() => {
        p.kill('SIGKILL');
      }, 5000);
      p.once('exit', () => {
        clearTimeout(limit);
        resolve();
      });
      p.kill('SIGTERM');
    });
  }

  /** Stop it and delete its files. */
  async remove(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The Redis the tests use: CI's (from its URL), or one started here. */
export interface TestRedis {
  /** URL of database `db`. */
  url(db: number): string;
  password: string;
  own?: OwnRedis;
  stop(): Promise<void>;
}

export async function testRedis(): Promise<TestRedis> {
  const given = process.env[URL_ENV];
  if (given) {
    const u = new URL(given);
    const password = decodeURIComponent(u.password);
    return {
      url: (db) => {
        const v = new URL(given);
        v.pathname = `/${db}`;
        return v.href;
      },
      password,
      stop: async () => undefined,
    };
  }
  const own = await OwnRedis.start();
  return { url: (db) => own.url(db), password: own.password, own, stop: () => own.remove() };
}

/** Empty database `db` of the server at `url`. */
export async function flushDb(url: string): Promise<void> {
  const c = new Redis(url, { maxRetriesPerRequest: 1 });
  try {
    await c.flushdb();
  } finally {
    c.disconnect();
  }
}
