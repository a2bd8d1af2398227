import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The layer rule of docs/architecture.md "Layers": every file under src/ imports only from its own
 * layer or the layers above it (types included: a type import is a dependency too), the analysis
 * and engine layers side by side, the CLI and the web app side by side; inside src/experiment the
 * same rule over its four concerns; and no two files import each other's values in a circle.
 */

const ROOT = resolve(import.meta.dirname, '..');
const SRC = join(ROOT, 'src');

/**
 * The layers, top first. A layer is a folder of src/ or a top-level file; the layers of one row
 * are siblings: they may not import each other.
 */
const LAYERS: readonly (readonly string[])[] = [
  ['errors.ts', 'random.ts'],
  ['optional-package.ts'],
  ['topology'],
  ['fault'],
  ['traffic'],
  ['labelling'],
  ['routing'],
  ['wasm'],
  ['multicast'],
  ['analysis', 'engine'],
  ['experiment'],
  ['report'],
  ['index.ts'],
  ['browser.ts'],
  ['cli', 'web'],
];

/** The concerns of src/experiment, top first (docs/architecture.md "src/experiment"). */
const EXPERIMENT_LAYERS: readonly (readonly string[])[] = [['run'], ['config'], ['sweep'], ['queue']];

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : /\.(ts|mjs)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

interface Import {
  spec: string;
  /** `import type` / `export type`: no value crosses, so no evaluation-order circle. */
  typeOnly: boolean;
}

/**
 * Every module a file names: static imports and re-exports (`import ... from`, `export ... from`,
 * `import type`, bare `import '...'`, over several lines) and dynamic `import('...')`.
 */
function importsOf(source: string): Import[] {
  const out: Import[] = [];
  for (const m of source.matchAll(/\b(import|export)\b(\s+type\b)?[^;'"]*?\bfrom\s*['"]([^'"]+)['"]/g)) {
    // `import { type A, type B } from` is type-only too
    const names = /\{([^}]*)\}/.exec(m[0])?.[1];
    const allTyped =
      names !== undefined &&
      names
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean)
        .every((n) => n.startsWith('type '));
    out.push({ spec: m[3]!, typeOnly: Boolean(m[2]) || allTyped });
  }
  for (const m of source.matchAll(/\bimport\s*\(?\s*['"]([^'"]+)['"]/g)) out.push({ spec: m[1]!, typeOnly: false });
  return out;
}

function importedModules(source: string): string[] {
  return importsOf(source).map((i) => i.spec);
}

/** The layer row of a src/ path in `layers` (by its first path component under `base`), or -1. */
function rowOf(path: string, base: string, layers: readonly (readonly string[])[]): { row: number; name: string } {
  const name = relative(base, path).split('/')[0]!;
  return { row: layers.findIndex((r) => r.includes(name)), name };
}

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** Every relative import between files under src/, resolved to files. */
function srcEdges(): Edge[] {
  return tsFiles(SRC).flatMap((file) =>
    importsOf(readFileSync(file, 'utf8'))
      .filter((i) => i.spec.startsWith('.'))
      .map((i) => ({ from: file, to: resolve(dirname(file), i.spec), typeOnly: i.typeOnly }))
      .filter((e) => e.to.startsWith(`${SRC}/`)),
  );
}

/** The imports that break `layers` (relative to `base`), as "file -> module". */
function violations(edges: Edge[], base: string, layers: readonly (readonly string[])[]): string[] {
  return edges
    .filter((e) => e.from.startsWith(`${base}/`) && e.to.startsWith(`${base}/`))
    .filter((e) => {
      const a = rowOf(e.from, base, layers);
      const b = rowOf(e.to, base, layers);
      if (a.name === b.name) return false;
      return a.row < 0 || b.row < 0 || b.row >= a.row;
    })
    .map((e) => `${relative(ROOT, e.from)} -> ${relative(ROOT, e.to)}`);
}

/** The strongly connected components of more than one file over value imports (Tarjan). */
function valueCycles(edges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    if (e.typeOnly || !existsSync(e.to)) continue;
    next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  let n = 0;
  const visit = (v: string): void => {
    index.set(v, n);
    low.set(v, n++);
    stack.push(v);
    on.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(relative(ROOT, w));
      } while (w !== v);
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return out;
}

describe('layers (docs/architecture.md)', () => {
  it('finds every form of import a file can use, and tells type-only ones', () => {
    const src = [
      "import type { TreeEdge, WormSpec } from '../../engine/types.ts';",
      "import {\n  planWorms,\n  treeEdges,\n} from '../engine/plan-worms.ts';",
      "export { getScenario } from '../engine/scenarios.ts';",
      "import '../engine/side-effect.ts';",
      "const m = await import('../engine/wasm.ts');",
      "import { type A, type B } from './types-only.ts';",
      "import { type A, b } from './mixed.ts';",
      "// a comment naming ../engine/x.ts is no import; nor is the string 'from'",
    ].join('\n');
    expect(importedModules(src)).toEqual([
      '../../engine/types.ts',
      '../engine/plan-worms.ts',
      '../engine/scenarios.ts',
      './types-only.ts',
      './mixed.ts',
      '../engine/side-effect.ts',
      '../engine/wasm.ts',
    ]);
    expect(importsOf(src).map((i) => i.typeOnly)).toEqual([true, false, false, true, false, false, false]);
  });

  it('knows every folder and top-level file of src/', () => {
    const known = LAYERS.flat();
    const present = readdirSync(SRC).filter((n) => n.endsWith('.ts') || !n.includes('.'));
    expect(present.filter((n) => !known.includes(n))).toEqual([]);
    const concerns = EXPERIMENT_LAYERS.flat();
    expect(readdirSync(join(SRC, 'experiment')).filter((n) => !concerns.includes(n))).toEqual([]);
  });

  const edges = srcEdges();

  it('every file imports only from its own layer or the layers above it', () => {
    expect(edges.length).toBeGreaterThan(500);
    expect(violations(edges, SRC, LAYERS)).toEqual([]);
  });

  it('src/experiment: run, then config, then sweep, then queue', () => {
    expect(violations(edges, join(SRC, 'experiment'), EXPERIMENT_LAYERS)).toEqual([]);
  });

  it('no value imports in a circle', () => {
    expect(valueCycles(edges)).toEqual([]);
  });

  it('the checks catch what they are for', () => {
    const f = (p: string) => join(SRC, p);
    const upward: Edge = { from: f('experiment/sweep/point-run.ts'), to: f('cli/x.ts'), typeOnly: false };
    const sideways: Edge = { from: f('analysis/steps.ts'), to: f('engine/types.ts'), typeOnly: true };
    const down: Edge = { from: f('engine/wasm.ts'), to: f('routing/types.ts'), typeOnly: false };
    expect(violations([upward, sideways, down], SRC, LAYERS)).toHaveLength(2);
    const inner: Edge = { from: f('experiment/config/a.ts'), to: f('experiment/sweep/b.ts'), typeOnly: true };
    expect(violations([inner], join(SRC, 'experiment'), EXPERIMENT_LAYERS)).toHaveLength(1);
  });
});
