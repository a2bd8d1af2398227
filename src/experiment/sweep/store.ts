import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { WormcastError } from '../../errors.ts';
import { canonicalJson } from '../config/grid.ts';
import type { OptionKey, OptionValue } from '../config/option-keys.ts';
import type { PointConfig } from '../config/point-config.ts';
import type { PointSettings, PointOutcome } from './point-run.ts';

/*
 * The result store (docs/experiments.md "Result store"): a JSON-lines file, one line per
 * finished point, appended in one write and fsync'ed before the next point is counted done, so
 * that a sweep killed at any moment (SIGKILL, power loss) loses at most the points that were
 * running. Each line carries its key, a hash of everything that decides its numbers: the
 * resolved configuration, the settings (experiment seed, seed mode, replications, statistics,
 * saturation rule, runUntil) and the engine version (src/experiment/sweep/engine-version.ts). A sweep
 * skips the points whose key is in the file; `--fresh` runs them again and appends new lines,
 * and a later line of the same key replaces an earlier one when the file is read.
 * A last line without its newline was torn by a kill in the middle of a write: it is cut off
 * before anything is appended.
 */

/** One line of the store. */
export interface StoredPoint {
  v: 1;
  key: string;
  experiment: string;
  index: number;
  values: Partial<Record<OptionKey, OptionValue>>;
  config: PointConfig;
  settings: PointSettings;
  engineVersion: string;
  replications: PointOutcome['replications'];
  summary: PointOutcome['summary'];
  /** How this run went (not part of the numbers: differs between runs). */
  run: { wallMs: number; finishedAt: string };
}

/** The key of a point: 32 hex digits of SHA-256 over its configuration, settings and engine version. */
export function pointKey(config: PointConfig, settings: PointSettings, engineVersion: string): string {
  return createHash('sha256').update(canonicalJson({ config, settings, engineVersion })).digest('hex').slice(0, 32);
}

/** What reading a store found. */
export interface StoreContents {
  /** By key; a later line replaces an earlier one. */
  points: Map<string, StoredPoint>;
  /** Complete lines that were not a stored point (hand edits): skipped. */
  badLines: number[];
  /** Bytes of a torn last line (no newline), 0 if none. */
  tornBytes: number;
  /** Bytes up to the end of the last complete line. */
  goodBytes: number;
}

function isStoredPoint(x: unknown): x is StoredPoint {
  const p = x as StoredPoint;
  return (
    p !== null &&
    typeof p === 'object' &&
    p.v === 1 &&
    typeof p.key === 'string' &&
    typeof p.index === 'number' &&
    typeof p.summary === 'object'
  );
}

/** Read a store file (missing: empty). */
export function readStore(path: string): StoreContents {
  const points = new Map<string, StoredPoint>();
  if (!existsSync(path)) return { points, badLines: [], tornBytes: 0, goodBytes: 0 };
  const bytes = readFileSync(path);
  const end = bytes.lastIndexOf(0x0a) + 1;
  const text = bytes.subarray(0, end).toString('utf8');
  const badLines: number[] = [];
  text.split('\n').forEach((line, i) => {
    if (line.trim() === '') return;
    try {
      const p = JSON.parse(line) as unknown;
      if (isStoredPoint(p)) points.set(p.key, p);
      else badLines.push(i + 1);
    } catch {
      badLines.push(i + 1);
    }
  });
  return { points, badLines, tornBytes: bytes.length - end, goodBytes: end };
}

/** An open store a sweep appends to. */
export class ResultStore {
  private fd: number;
  readonly existing: StoreContents;

  private constructor(
    readonly path: string,
    fd: number,
    existing: StoreContents,
  ) {
    this.fd = fd;
    this.existing = existing;
  }

  /** Open (create) the store at `path`, cutting off a torn last line. */
  static open(path: string): ResultStore {
    let existing: StoreContents;
    let fd: number;
    try {
      existing = readStore(path);
      fd = openSync(path, 'a');
      if (existing.tornBytes > 0) {
        ftruncateSync(fd, existing.goodBytes);
        fsyncSync(fd);
      }
    } catch (e) {
      const err = e as NodeJS.ErrnoException;
      if (err.code) throw new WormcastError(`cannot open the result file ${path}: ${err.code} (${err.message})`);
      throw e;
    }
    return new ResultStore(path, fd, existing);
  }

  /** The stored point of `key`, if any. */
  get(key: string): StoredPoint | undefined {
    return this.existing.points.get(key);
  }

  /** Append one finished point: one write, then fsync. */
  append(p: StoredPoint): void {
    writeSync(this.fd, `${JSON.stringify(p)}\n`);
    fsyncSync(this.fd);
    this.existing.points.set(p.key, p);
  }

  close(): void {
    if (this.fd >= 0) {
      closeSync(this.fd);
      this.fd = -1;
    }
  }
}
