#!/usr/bin/env node
// The `wormcast` command: the compiled CLI in dist/ (docs/package.md), no TypeScript at run time.
// In a git checkout (src/ beside dist/), a dist/ that is missing or older than a source file is
// not run: the sources run through tsx instead (bin/wormcast-dev.mjs), so that a checkout never
// runs stale code (the walk over src/ takes ~2 ms). The npm package ships no src/, so there this
// check is one existsSync.
import { existsSync, readdirSync, statSync } from 'node:fs';

const root = new URL('../', import.meta.url);
const compiled = new URL('dist/cli/main.js', root);
const sources = new URL('src/', root);

/** Whether a source file of the package (the web app aside) is newer than the compiled CLI. */
function stale() {
  if (!existsSync(compiled)) return true;
  const built = statSync(compiled).mtimeMs;
  for (const f of readdirSync(sources, { recursive: true, withFileTypes: true })) {
    if (!f.isFile() || !f.name.endsWith('.ts')) continue;
    const path = `${f.parentPath ?? f.path}/${f.name}`;
    if (!path.includes('/src/web/') && statSync(path).mtimeMs > built) return true;
  }
  return false;
}

// WORMCAST_SAY_CLI=1 says on stderr which of the two runs (bench/booksim.bench.ts times the
// command as users run it and reports which)
const viaSources = existsSync(sources) && stale();
if (process.env.WORMCAST_SAY_CLI === '1')
  process.stderr.write(`wormcast-cli: ${viaSources ? 'sources through tsx' : 'compiled (dist/)'}\n`);
if (viaSources) {
  await import('./wormcast-dev.mjs');
} else {
  const { main } = await import(compiled.href);
  process.exitCode = await main(process.argv.slice(2));
}
