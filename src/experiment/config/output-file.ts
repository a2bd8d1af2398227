import { closeSync, fsyncSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { WormcastError } from '../../errors.ts';

/*
 * Every file a command writes goes through here (docs/cli.md "Inputs and outputs"): a failed
 * write (ENOSPC on a full disk, EBADF, EISDIR, EACCES, EROFS...) is one `wormcast:` line and exit
 * 2, never an internal error or a silent loss, and it leaves nothing half-written:
 * - a whole file (plot's figure, reproduce's JSON, CSV, SVG and report) is written to a temporary
 *   file beside it and renamed over it once complete, so the old file stays until the new one is
 *   whole;
 * - an append (the result store, src/experiment/sweep/store.ts) is cut back to where it began.
 */

/** What an errno means, for the line: `ENOSPC (no space left on the device)`. */
const MEANING: Record<string, string> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  EFBIG: 'file too large',
  EBADF: 'not open for writing',
  EISDIR: 'a directory',
  ENOTDIR: 'a part of the path is not a directory',
  ENOENT: 'no such directory',
  EACCES: 'permission denied',
  EPERM: 'not permitted',
  EROFS: 'read-only file system',
  EIO: 'input/output error',
  EINVAL: 'not a file that can be written and synced',
  EEXIST: 'exists',
};

/** `ENOSPC (no space left on the device)` for an error of node:fs. */
export function errnoText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  if (code === undefined) return e instanceof Error ? e.message : String(e);
  return MEANING[code] ? `${code} (${MEANING[code]})` : code;
}

/** Write all of `data` at the file position of `fd` (writeSync may write less than asked). */
export function writeAll(fd: number, data: Buffer): void {
  for (let off = 0; off < data.length; ) off += writeSync(fd, data, off, data.length - off);
}

/**
 * Write `data` to `path` whole or not at all: a temporary file in the same directory, renamed
 * over `path`. `what` names the output in the line (`plot -o fig.svg`). An existing `path` must be
 * a regular file: a device or a pipe cannot be replaced by a rename.
 */
export function writeFileWhole(path: string, data: string | Buffer, what: string): void {
  let st: ReturnType<typeof statSync> | undefined;
  try {
    st = statSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new WormcastError(`${what}: cannot write ${path}: ${errnoText(e)}`);
  }
  if (st?.isDirectory()) throw new WormcastError(`${what}: cannot write ${path}: a directory`);
  if (st && !st.isFile()) throw new WormcastError(`${what}: cannot write ${path}: not a regular file`);
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.tmp`);
  let fd = -1;
  try {
    fd = openSync(tmp, 'w');
    writeAll(fd, typeof data === 'string' ? Buffer.from(data) : data);
    fsyncSync(fd);
    closeSync(fd);
    fd = -1;
    renameSync(tmp, path);
  } catch (e) {
    try {
      if (fd >= 0) closeSync(fd);
      unlinkSync(tmp);
    } catch {
      // never created, or already renamed
    }
    throw new WormcastError(`${what}: cannot write ${path}: ${errnoText(e)}`);
  }
}
