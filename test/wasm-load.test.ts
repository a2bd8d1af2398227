import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// src/wasm/module.ts: in Node the compiled module is instantiated without the loader's question
// "is the source a fetch Response?", which makes Node load its fetch implementation (undici) the
// first time the global Response is touched: 10-15 ms of CPU in every process's first run.
describe('loadWasm in Node', () => {
  it('instantiates the module without loading fetch (undici), and the module routes', () => {
    const module = resolve(import.meta.dirname, '../src/wasm/module.ts');
    const script = `
      const { loadWasm } = await import(${JSON.stringify(module)});
      const before = process.moduleLoadList.some((m) => m.includes('undici'));
      const wasm = await loadWasm();
      const after = process.moduleLoadList.some((m) => m.includes('undici'));
      console.log(JSON.stringify({ before, after, exports: typeof wasm.route }));
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(JSON.parse(out)).toEqual({ before: false, after: false, exports: 'function' });
  });
});
