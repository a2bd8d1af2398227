// Writes assembly/table.ts from the registries (src/wasm/assembly-table.ts says why it is
// generated). Run from the repository root: npx tsx src/wasm/write-assembly-table.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { ASSEMBLY_TABLE_PATH, assemblyTable } from './assembly-table.ts';

const text = assemblyTable();
let old = '';
try {
  old = readFileSync(ASSEMBLY_TABLE_PATH, 'utf8');
} catch {
  // first run: no file yet
}
if (old === text) console.log(`${ASSEMBLY_TABLE_PATH} is up to date`);
else {
  writeFileSync(ASSEMBLY_TABLE_PATH, text);
  console.log(`wrote ${ASSEMBLY_TABLE_PATH}; rebuild the wasm with npm run asbuild`);
}
