import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, ftruncateSync, openSync } from 'node:fs';
import { WormcastError } from '../../errors.ts';
import { canonicalJson } from '../config/grid.ts';
import { inputProblemLine, readInput } from '../config/input-file.ts';
import { jsonTooDeep } from '../config/nesting.ts';
import { errnoText, writeAll } from '../config/output-file.ts';
import type { OptionKey, OptionValue } from '../config/option-keys.ts';
import type { PointConfig } from '../config/point-config.ts';
import type { PointSettings, PointOutcome } from './point-run.ts';
import { readTraceFile } from '../../traffic/trace-file.ts';
import { storedPointProblem } from './store-row.ts';

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

/**
 * The key of a point: 32 hex digits of SHA-256 over its configuration, settings and engine version,
 * and for a trace's point the trace's text (the configuration names only its file: a trace edited
 * between two sweeps is a new point, not one already in the store).
 */
export function pointKey(
  config: PointConfig,
  settings: PointSettings,
  engineVersion: string,
  /** The trace's text when it is not read from config.trace's file (a queue job carries it). */
  traceText?: string,
): string {
  const h = createHash('sha256').update(canonicalJson({ config, settings, engineVersion }));
  if (config.trace !== undefined)
    h.update(
      `\ntrace ${createHash('sha256')
        .update(traceText ?? readTraceFile(config.trace))
        .digest('hex')}`,
    );
  return h.digest('hex').slice(0, 32);
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

/** The largest result file read (about 70,000 points of 5 replications): its points are all held in memory. */
export const MAX_STORE_BYTES = 512 << 20;

/** A line that is a stored point by its version mark (`"v": 1`), and so must have a stored point's shape. */
function claimsToBeAPoint(x: unknown): boolean {
  return x !== null && typeof x === 'object' && !Array.isArray(x) && (x as { v?: unknown }).v === 1;
}

/**
 * Read a store file (missing: empty), bounded (readInput). `label` names it in an error line
 * (`results a.jsonl`, `--out a.jsonl`). A line that is not JSON or not marked `"v": 1` was not
 * written by a sweep (a hand edit): skipped, in `badLines`. A line marked as a stored point that
 * does not have the shape of one (store-row.ts) is an error, `<file>:<line>: <field>: <what is
 * wrong>`: its numbers cannot be trusted, and skipping it would hide a damaged result.
 */
export function readStore(path: string, label = path): StoreContents {
  const points = new Map<string, StoredPoint>();
  if (!existsSync(path)) return { points, badLines: [], tornBytes: 0, goodBytes: 0 };
  const bytes = readInput(path, {
    limit: MAX_STORE_BYTES,
    problem: inputProblemLine(label, 'a result file (JSON lines written by wormcast sweep)'),
  });
  const end = bytes.lastIndexOf(0x0a) + 1;
  const badLines: number[] = [];
  // line by line: the whole file as one string could pass V8's longest string
  let line = 0;
  for (let from = 0; from < end; ) {
    const nl = bytes.indexOf(0x0a, from);
    const text = bytes.toString('utf8', from, nl);
    from = nl + 1;
    line++;
    if (text.trim() === '') continue;
    if (jsonTooDeep(text)) {
      badLines.push(line);
      continue;
    }
    let p: unknown;
    try {
      p = JSON.parse(text);
    } catch {
      badLines.push(line);
      continue;
    }
    if (!claimsToBeAPoint(p)) {
      badLines.push(line);
      continue;
    }
    const problem = storedPointProblem(p);
    if (problem !== null)
      throw new WormcastError(
        `${path}:${line}: not a stored point: ${problem} (fix or delete the line; a sweep runs a deleted point again)`,
      );
    points.set((p as StoredPoint).key, p as StoredPoint);
  }
  return { points, badLines, tornBytes: bytes.length - end, goodBytes: end };
}

/** Where a sweep keeps its finished points: a result file (ResultStore), or memory (the library's sweep() without `out`). */
export interface PointStore {
  get(key: string): StoredPoint | undefined;
  append(p: StoredPoint, label?: string): void;
  close(): void;
}

/**
 * A store that keeps its points in memory only: nothing to resume from, nothing written. It holds
 * each point as a result file would give it back (JSON: NaN as null), so that the library's rows
 * are the same with or without a file.
 */
export class MemoryStore implements PointStore {
  private readonly points = new Map<string, StoredPoint>();
  get(key: string): StoredPoint | undefined {
    return this.points.get(key);
  }
  append(p: StoredPoint): void {
    this.points.set(p.key, JSON.parse(JSON.stringify(p)) as StoredPoint);
  }
  close(): void {}
}

/** An open store a sweep appends to. */
export class ResultStore implements PointStore {
  private fd: number;
  /** Bytes of whole lines in the file: where the next append starts, and where a failed one is cut back to. */
  private size: number;
  readonly existing: StoreContents;

  private constructor(
    readonly path: string,
    fd: number,
    existing: StoreContents,
  ) {
    this.fd = fd;
    this.existing = existing;
    this.size = existing.goodBytes;
  }

  /**
   * Open (create) the store at `path`, cutting off a torn last line. A device (/dev/null,
   * /dev/full) is refused by readStore: the store is read back to resume a sweep.
   */
  static open(path: string): ResultStore {
    const existing = readStore(path, `--out ${path}`);
    let fd: number;
    try {
      fd = openSync(path, 'a');
      if (existing.tornBytes > 0) {
        ftruncateSync(fd, existing.goodBytes);
        fsyncSync(fd);
      }
    } catch (e) {
      throw new WormcastError(`--out ${path}: cannot open the result file: ${errnoText(e)}`);
    }
    return new ResultStore(path, fd, existing);
  }

  /** The stored point of `key`, if any. */
  get(key: string): StoredPoint | undefined {
    return this.existing.points.get(key);
  }

  /**
   * Append one finished point: one write, then fsync. A failed write or sync (ENOSPC) is cut
   * back, so the file holds whole lines only, and ends the sweep with one line: the points
   * stored before it are kept.
   */
  append(p: StoredPoint, label = `point ${p.index}`): void {
    const line = Buffer.from(`${JSON.stringify(p)}\n`);
    try {
      writeAll(this.fd, line);
      fsyncSync(this.fd);
    } catch (e) {
      try {
        ftruncateSync(this.fd, this.size);
      } catch {
        // the line may stay torn: the next open cuts a torn last line off
      }
      throw new WormcastError(
        `--out ${this.path}: cannot store ${label}: ${errnoText(e)}; the ${this.existing.points.size} points stored before it are kept (run the same command again to resume)`,
      );
    }
    this.size += line.length;
    // as reading the file gives it back (NaN as null): a sweep's rows are the file's
    this.existing.points.set(p.key, JSON.parse(line.toString('utf8')) as StoredPoint);
  }

  close(): void {
    if (this.fd >= 0) {
      closeSync(this.fd);
      this.fd = -1;
    }
  }
}
