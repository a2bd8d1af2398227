import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The layer rule of docs/architecture.md: the multicast layer (src/multicast) and the static
 * analyses (src/analysis) produce and read Plans only; they import nothing from the flit-level
 * engine (src/engine), neither types nor functions. Plans become worms in src/engine/plan-worms.ts.
 */

const ROOT = resolve(import.meta.dirname, '..');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/**
 * Every module a file names: static imports and re-exports (`import ... from`, `export ... from`,
 * `import type`, bare `import '...'`, over several lines) and dynamic `import('...')`.
 */
function importedModules(source: string): string[] {
  const out: string[] = [];
  for (const m of source.matchAll(/\b(?:import|export)\b[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/g)) out.push(m[1]!);
  for (const m of source.matchAll(/\bimport\s*\(?\s*['"]([^'"]+)['"]/g)) out.push(m[1]!);
  return out;
}

/** The files of `layer` that import something under src/engine, as "file -> module". */
function engineImports(layer: string): string[] {
  const engine = join(ROOT, 'src', 'engine');
  return tsFiles(join(ROOT, 'src', layer)).flatMap((file) =>
    importedModules(readFileSync(file, 'utf8'))
      .filter((spec) => spec.startsWith('.'))
      .filter((spec) => {
        const target = resolve(dirname(file), spec);
        return target === engine || target.startsWith(`${engine}/`);
      })
      .map((spec) => `${relative(ROOT, file)} -> ${spec}`),
  );
}

describe('layers (docs/architecture.md)', () => {
  it('finds every form of import a file can use', () => {
    const src = [
      "import type { TreeEdge, WormSpec } from '../../engine/types.ts';",
      "import {\n  planWorms,\n  treeEdges,\n} from '../engine/plan-worms.ts';",
      "export { getScenario } from '../engine/scenarios.ts';",
      "import '../engine/side-effect.ts';",
      "const m = await import('../engine/wasm.ts');",
      "// a comment naming ../engine/x.ts is no import; nor is the string 'from'",
    ].join('\n');
    expect(importedModules(src)).toEqual([
      '../../engine/types.ts',
      '../engine/plan-worms.ts',
      '../engine/scenarios.ts',
      '../engine/side-effect.ts',
      '../engine/wasm.ts',
    ]);
  });

  for (const layer of ['multicast', 'analysis']) {
    it(`src/${layer} imports nothing from src/engine`, () => {
      expect(tsFiles(join(ROOT, 'src', layer)).length).toBeGreaterThan(5);
      expect(engineImports(layer)).toEqual([]);
    });
  }
});
