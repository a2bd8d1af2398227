import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { functionLengths } from './function-lengths.ts';

/*
 * Issue 28: no function of the kernel (assembly/engine/) is longer than 80 lines, so that each one
 * is a step or a pass a reader can hold (docs/kernel.md). A function is measured from the line of
 * its `function` keyword to the line of its closing brace.
 */

const MAX_LINES = 80;
const DIR = new URL('../assembly/engine/', import.meta.url);

describe('kernel size (issue 28)', () => {
  it('measures functions by their braces, not by braces in strings or comments', () => {
    const src = [
      '// function notOne() {',
      '@inline export function a(x: i32): i32 {',
      '  if (x > 0) { return 1; } // }',
      '  const s = "}{";',
      '  return 0;',
      '}',
      'function b(): void { /* { */ }',
    ].join('\n');
    expect(functionLengths(src)).toEqual([
      { name: 'a', line: 2, lines: 5 },
      { name: 'b', line: 7, lines: 1 },
    ]);
  });

  it(`no function in assembly/engine/ is over ${MAX_LINES} lines`, () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.ts'));
    expect(files).toContain('engine.ts');
    const all = files.flatMap((f) =>
      functionLengths(readFileSync(new URL(f, DIR), 'utf8')).map((fn) => ({ ...fn, file: f })),
    );
    // the walk's passes, the ready list and the cycle driver are among them
    expect(all.map((fn) => fn.name)).toEqual(expect.arrayContaining(['engineRun', 'walkCycle', 'readyCycle', 'move']));
    const long = all
      .filter((fn) => fn.lines > MAX_LINES)
      .map((fn) => `${fn.file}:${fn.line} ${fn.name} (${fn.lines} lines)`);
    expect(long).toEqual([]);
  });
});
