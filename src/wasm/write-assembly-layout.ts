// Writes assembly/engine/layout.ts from src/engine/layout.ts (src/wasm/assembly-layout.ts says
// why it is generated). Run from the repository root: npx tsx src/wasm/write-assembly-layout.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { ASSEMBLY_LAYOUT_PATH, LAYOUT_SOURCE_PATH, assemblyLayout } from './assembly-layout.ts';

const text = assemblyLayout(readFileSync(LAYOUT_SOURCE_PATH, 'utf8'));
let old = '';
try {
  old = readFileSync(ASSEMBLY_LAYOUT_PATH, 'utf8');
} catch {
  // first run: no file yet
}
if (old === text) console.log(`${ASSEMBLY_LAYOUT_PATH} is up to date`);
else {
  writeFileSync(ASSEMBLY_LAYOUT_PATH, text);
  console.log(`wrote ${ASSEMBLY_LAYOUT_PATH}; rebuild the wasm with npm run asbuild`);
}
