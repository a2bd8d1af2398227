import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { WormcastError } from '../../errors.ts';

/*
 * Every file a command reads (experiment files, result stores, plan files, plot's reference
 * curves) goes through readInput: read with a size limit, so that no input can take memory
 * without bound (docs/cli.md "Inputs and outputs"). A regular file larger than the limit is
 * refused by its size before a byte is read; a pipe (`... | wormcast sweep /dev/stdin`) is read up
 * to limit + 1 bytes. A character or block device is refused at once unless the caller allows it:
 * /dev/zero and /dev/full report size 0 and never end, and readFileSync on one grew past 6 GB
 * (issue 25).
 */

const CHUNK = 1 << 20;

/** Why an input was refused; the caller words the line (each command keeps its documented text). */
export type InputProblem =
  | { kind: 'unreadable'; code: string }
  | { kind: 'directory' }
  | { kind: 'device' }
  | { kind: 'too-large'; limit: number };

export interface InputOptions {
  /** Largest size accepted, bytes. */
  limit: number;
  /** Read a device too, bounded by `limit` (simulate --plan keeps its documented /dev/zero answer). */
  devices?: boolean;
  /** The one line for a problem (without `wormcast: `). */
  problem: (p: InputProblem) => string;
}

/** Bytes as the limits print them: 4 MiB, 256 MiB, 1 GiB. */
export function limitText(bytes: number): string {
  if (bytes >= 1 << 30 && bytes % (1 << 30) === 0) return `${bytes / (1 << 30)} GiB`;
  if (bytes >= 1 << 20 && bytes % (1 << 20) === 0) return `${bytes / (1 << 20)} MiB`;
  return `${bytes} bytes`;
}

/**
 * The usual wording: `<what>: cannot read it (ENOENT)`, `<what>: a directory, not <expected>`,
 * `<what>: a device, not <expected>; give a regular file`, `<what>: larger than 4 MiB, the limit of <expected>`.
 */
export function inputProblemLine(what: string, expected: string): (p: InputProblem) => string {
  return (p) => {
    switch (p.kind) {
      case 'unreadable':
        return `${what}: cannot read it (${p.code})`;
      case 'directory':
        return `${what}: a directory, not ${expected}`;
      case 'device':
        return `${what}: a device, not ${expected}; give a regular file`;
      case 'too-large':
        return `${what}: larger than ${limitText(p.limit)}, the limit of ${expected}`;
    }
  };
}

/** Read `path` whole, within `o.limit` bytes; every failure is one WormcastError (o.problem). */
export function readInput(path: string, o: InputOptions): Buffer {
  const fail = (p: InputProblem): WormcastError => new WormcastError(o.problem(p));
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (e) {
    throw fail({ kind: 'unreadable', code: (e as NodeJS.ErrnoException).code ?? String(e) });
  }
  try {
    const st = fstatSync(fd);
    if (st.isDirectory()) throw fail({ kind: 'directory' });
    if ((st.isCharacterDevice() || st.isBlockDevice()) && o.devices !== true) throw fail({ kind: 'device' });
    if (st.isFile() && st.size > o.limit) throw fail({ kind: 'too-large', limit: o.limit });
    const chunks: Buffer[] = [];
    let total = 0;
    // at most limit + 1 bytes, whatever the file claims (a device or a pipe reports size 0)
    while (total <= o.limit) {
      const buf = Buffer.allocUnsafe(Math.min(CHUNK, o.limit + 1 - total));
      let n: number;
      try {
        n = readSync(fd, buf, 0, buf.length, null);
      } catch (e) {
        throw fail({ kind: 'unreadable', code: (e as NodeJS.ErrnoException).code ?? String(e) });
      }
      if (n === 0) break;
      chunks.push(n === buf.length ? buf : buf.subarray(0, n));
      total += n;
    }
    if (total > o.limit) throw fail({ kind: 'too-large', limit: o.limit });
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** readInput as UTF-8 text, without a byte order mark. */
export function readInputText(path: string, o: InputOptions): string {
  const text = readInput(path, o).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
