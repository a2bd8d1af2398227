import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

/*
 * The engine version a stored result was computed with, part of its store key
 * (src/experiment/sweep/store.ts; docs/experiments.md "Result store"):
 *
 *   <package version>+wasm.<first 12 hex of SHA-256 of build/wormcast.wasm>+model.<MODEL_VERSION>
 *
 * The wasm hash changes with any change to the compiled engine, with nobody having to remember
 * to bump anything. What runs in JavaScript around it (traffic generation, the algorithms'
 * plans, the reference engine, the statistics) is covered by MODEL_VERSION, bumped by hand
 * whenever a change there changes the numbers of a run, and by the package version at each
 * release. A result whose key differs is simply not found: the point is run again.
 */

/** Bump when the JavaScript side of a run (traffic, plans, statistics) changes its numbers. */
export const MODEL_VERSION = 1;

let cached: string | undefined;

/** The nearest package.json above this file whose name is wormcast (src/experiment/ or dist/experiment/). */
function packageVersion(): string {
  let dir = new URL('.', import.meta.url);
  for (let depth = 0; depth < 8; depth++) {
    const file = new URL('package.json', dir);
    if (existsSync(file)) {
      try {
        const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: unknown; version?: unknown };
        if (pkg.name === 'wormcast' && typeof pkg.version === 'string') return pkg.version;
      } catch {
        // not JSON: look further up
      }
    }
    dir = new URL('..', dir);
  }
  return 'unknown';
}

/** This installation's engine version (computed once per process). */
export function engineVersion(): string {
  if (cached === undefined) {
    const wasm = new URL('../../../build/wormcast.wasm', import.meta.url);
    const hash = existsSync(wasm)
      ? createHash('sha256').update(readFileSync(wasm)).digest('hex').slice(0, 12)
      : 'missing';
    cached = `${packageVersion()}+wasm.${hash}+model.${MODEL_VERSION}`;
  }
  return cached;
}
