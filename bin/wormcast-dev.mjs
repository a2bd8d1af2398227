#!/usr/bin/env node
// The CLI from the TypeScript sources (development: npm run wormcast, test/cli.ts): registers
// tsx so that src/ runs as it is, with no build step and never a stale dist/ (docs/package.md).
// Not part of the npm package; bin/wormcast.mjs is the command users run.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
