import type { ConnectionOptions } from 'bullmq';
import { WormcastError } from '../../errors.ts';
import { importOptional } from '../../optional-package.ts';

/*
 * The distributed queue of sweeps (docs/distributed.md): one BullMQ queue on a Redis server that
 * the sweeping process (`wormcast sweep --queue`) and every `wormcast worker` reach. This file
 * holds what both sides share: the queue URL (parsed, and shown without its password), the
 * connection, the queue's name and its timing.
 */

/** The BullMQ queue every sweep and worker uses (one per Redis database: pick the database in the URL). */
export const QUEUE_NAME = 'wormcast-points';

/**
 * A worker's lock on a job lasts LOCK_MS and is renewed every LOCK_MS / 2 while the point runs (on
 * a worker thread, so the event loop is free to renew it). A worker killed mid-job stops renewing:
 * within LOCK_MS + STALLED_MS another worker's stalled check puts the job back on the queue. With
 * BullMQ's defaults (30 s) a lost machine's points waited up to a minute.
 */
export const LOCK_MS = 4000;
export const STALLED_MS = 2000;
/** A job whose worker dies this many times (a point that crashes its process) fails instead of looping. */
export const MAX_STALLED = 3;
/** Finished jobs (and their results) stay in Redis this long for their sweeping process to collect. */
export const KEEP_SECONDS = 7 * 24 * 3600;
/** How long the first contact with Redis may take before the command gives up. */
export const CONNECT_MS = 10_000;

/** The environment variable a password may come from, to keep it out of the command line (`ps` shows argv). */
export const PASSWORD_ENV = 'WORMCAST_REDIS_PASSWORD';

/** A parsed queue URL. */
export interface QueueUrl {
  /** ioredis connection options (password included). */
  connection: ConnectionOptions & { host: string; port: number; db: number };
  /** The URL as messages show it: `redis://***@host:6379/0` when it carries credentials. */
  shown: string;
  /** Whether a password is set (from the URL or PASSWORD_ENV). */
  hasPassword: boolean;
}

const USAGE = 'expected redis://[:PASSWORD@]HOST[:PORT][/DB] or rediss://... (TLS)';

/**
 * Parse `redis://[[USER]:PASSWORD@]HOST[:PORT][/DB]` (or `rediss://` for TLS). The text is never
 * quoted back in an error (it may hold a password); the password may instead come from
 * WORMCAST_REDIS_PASSWORD (`env`). `what` names the option in errors.
 */
export function parseQueueUrl(text: string, what = '--queue', env: NodeJS.ProcessEnv = process.env): QueueUrl {
  let u: URL;
  try {
    u = new URL(text.trim());
  } catch {
    throw new WormcastError(`${what}: not a URL; ${USAGE}`);
  }
  if (u.protocol !== 'redis:' && u.protocol !== 'rediss:') {
    throw new WormcastError(
      `${what}: the scheme must be redis: or rediss: (got ${JSON.stringify(u.protocol.slice(0, 12))}); ${USAGE}`,
    );
  }
  if (u.hostname === '') throw new WormcastError(`${what}: no host; ${USAGE}`);
  const port = u.port === '' ? 6379 : Number(u.port);
  const path = u.pathname.replace(/^\//, '');
  if (path !== '' && !/^\d{1,4}$/.test(path))
    throw new WormcastError(
      `${what}: the path must be a database number, e.g. /0 (Redis has databases 0..15 by default); ${USAGE}`,
    );
  const db = path === '' ? 0 : Number(path);
  if ([...u.searchParams.keys()].length > 0 || u.hash !== '')
    throw new WormcastError(`${what}: no query or fragment is taken; ${USAGE}`);
  let username: string;
  let password: string;
  try {
    username = decodeURIComponent(u.username);
    password = decodeURIComponent(u.password);
  } catch {
    throw new WormcastError(`${what}: the user or password is not valid percent-encoding; ${USAGE}`);
  }
  if (password === '' && env[PASSWORD_ENV]) password = env[PASSWORD_ENV]!;
  const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
  const credentials = username !== '' || u.password !== '' ? '***@' : '';
  return {
    connection: {
      host,
      port,
      db,
      ...(username !== '' ? { username } : {}),
      ...(password !== '' ? { password } : {}),
      ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
      // BullMQ's workers block on Redis; a command must wait through a reconnection, not fail
      maxRetriesPerRequest: null,
    },
    shown: `${u.protocol}//${credentials}${u.hostname}:${port}/${db}`,
    hasPassword: password !== '',
  };
}

/** Remove every occurrence of the password from a message (errors of the Redis client may quote options). */
export function redact(message: string, url: QueueUrl): string {
  const pw = (url.connection as { password?: string }).password;
  return pw ? message.split(pw).join('***') : message;
}

/** A Redis error as the one line a user reads: what failed, where, and a hint for the usual causes. */
export function redisErrorLine(url: QueueUrl, err: unknown, doing: string): string {
  const msg = redact(err instanceof Error ? err.message : String(err), url).replace(/\.$/, '');
  let hint = '';
  if (/WRONGPASS|NOAUTH|invalid password|AUTH/i.test(msg))
    hint = `; check the password (in the URL or ${PASSWORD_ENV})`;
  else if (/DB index/i.test(msg))
    hint = "; the database number (the URL's /DB) must be below the server's `databases` setting (16 by default)";
  else if (/ECONNREFUSED|ENOTFOUND|EHOSTUNREACH|ETIMEDOUT|timed out/i.test(msg))
    hint = '; is redis-server running there, and reachable from this machine?';
  return `${doing} ${url.shown}: ${msg}${hint}`;
}

/** `p`, or a rejection after `ms` (a Redis call that waits through a reconnection must still end). */
export async function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  try {
    return await Promise.race([p, limit]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Check that the queue's packages (optional peers: docs/package.md) are installed, before a module
 * that imports them statically (queue-sweep.ts, queue-worker.ts) is loaded: one line naming the
 * missing one and the install command otherwise.
 */
export async function loadQueuePackages(): Promise<void> {
  await importOptional('bullmq', () => import('bullmq'));
  await importOptional('ioredis', () => import('ioredis'));
}

/**
 * The first contact with Redis, with a plain client (ioredis, the client BullMQ runs on), bounded
 * and without retries: a wrong host, port, database or password is one error line at once
 * (`who: cannot reach Redis at ...`), not endless reconnection attempts.
 */
export async function probeRedis(url: QueueUrl, who: string): Promise<void> {
  const { Redis } = await importOptional('ioredis', () => import('ioredis'));
  const { host, port, db, username, password, tls } = url.connection as QueueUrl['connection'] & {
    username?: string;
    password?: string;
    tls?: object;
  };
  const client = new Redis({
    host,
    port,
    ...(username ? { username } : {}),
    ...(password ? { password } : {}),
    ...(tls ? { tls } : {}),
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    disconnectTimeout: 100,
  });
  let clientError: Error | undefined;
  client.on('error', (err: Error) => {
    clientError = err;
  });
  try {
    await within(
      (async () => {
        await client.connect();
        await client.select(db);
        await client.ping();
      })(),
      CONNECT_MS,
      'connect',
    );
  } catch (err) {
    throw new WormcastError(redisErrorLine(url, clientError ?? err, `${who}: cannot reach Redis at`));
  } finally {
    client.disconnect();
  }
}
