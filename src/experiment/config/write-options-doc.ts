// Writes docs/options.md from the option table (src/experiment/config/options-doc.ts says why it
// is generated). Run from the repository root: npx tsx src/experiment/config/write-options-doc.ts
import { readFileSync, writeFileSync } from 'node:fs';
import { OPTIONS_DOC_PATH, optionsMarkdown } from './options-doc.ts';

const text = optionsMarkdown();
let old = '';
try {
  old = readFileSync(OPTIONS_DOC_PATH, 'utf8');
} catch {
  // first run: no file yet
}
if (old === text) console.log(`${OPTIONS_DOC_PATH} is up to date`);
else {
  writeFileSync(OPTIONS_DOC_PATH, text);
  console.log(`wrote ${OPTIONS_DOC_PATH}`);
}
