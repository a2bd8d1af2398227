// Writes test/engine-slots-results-back-to-back.json: the stored results of the 200 slot-limited
// runs of test/engine-differential-slots.test.ts under back-to-back injection (the default since
// issue 15), from the reference engine. Run: npx tsx test/engine-slots-store.ts. Rewrite it only
// for a rule change made on purpose (say so in the commit); the after-tail results
// (test/engine-slots-results.json) are those of the engine of commit aa79030 and are not rewritten.
import { writeFileSync } from 'node:fs';
import { ReferenceEngine } from '../src/engine/reference.ts';
import { slotRuns } from './engine-slots-runs.ts';
import { storedResults } from './engine-stored.ts';

const lines = slotRuns('back-to-back').map(({ run, input }) => {
  const e = new ReferenceEngine(input);
  return JSON.stringify({ run, ...storedResults(e, e.runUntil(20_000)) });
});
writeFileSync(new URL('./engine-slots-results-back-to-back.json', import.meta.url), `[${lines.join(',\n')}]\n`);
console.log(`wrote ${lines.length} runs`);
