import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { WormcastError } from '../errors.ts';

/*
 * An output directory a command writes into (`reproduce --out`, `--report`), made before any work
 * so that a path that cannot be a directory is a user error (one `wormcast:` line, exit 2,
 * docs/cli.md), not an internal error after the first figure ran.
 *
 * Not `mkdirSync(dir, { recursive: true })` on a path that does not exist yet: on Node 20 it loops
 * forever under /proc (`/proc/x` answers ENOENT while `/proc` exists, and the recursive walk goes
 * back and forth between them; the same loop Bun fixed in oven-sh/bun#40600). The missing levels
 * are made one at a time instead, at most one attempt per level of the path.
 */

/**
 * Make `dir` and its missing parents, or throw a WormcastError that starts with `given` (the option
 * as the user typed it, e.g. `--out figs`) and names the level that failed.
 */
export function makeOutputDir(dir: string, given: string): void {
  const missing: string[] = [];
  let p = resolve(dir);
  // the path's levels that do not exist, deepest first; bounded by the path's depth
  for (;;) {
    let st: ReturnType<typeof statSync> | undefined;
    try {
      st = statSync(p);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT') throw new WormcastError(`${given}: cannot use ${p} (${code ?? String(e)})`);
    }
    if (st) {
      if (!st.isDirectory()) throw new WormcastError(`${given}: ${p} exists and is not a directory`);
      break;
    }
    missing.push(p);
    const up = dirname(p);
    if (up === p) break;
    p = up;
  }
  for (const level of missing.reverse()) {
    try {
      mkdirSync(level);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST' && statSync(level).isDirectory()) continue;
      throw new WormcastError(`${given}: cannot create the directory ${level} (${code ?? String(e)})`);
    }
  }
}
