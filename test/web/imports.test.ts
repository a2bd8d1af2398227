import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The browser app must stay free of Node-only imports (shared/DESIGN.md: the same wasm and
 * host code run in Node and in the browser). Walk the app's module graph from src/web/main.ts
 * over relative imports and collect every import of a Node built-in.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
/** The package's dependencies and its optional peers (vega and vega-lite draw the app's charts: issue 23). */
const manifest = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};
const DEPENDENCIES = new Set([...Object.keys(manifest.dependencies), ...Object.keys(manifest.peerDependencies)]);

/** An import of one of the package's example traces as raw text (`../../examples/traces/NAME.trace?raw`): data, no code. */
function isExampleTrace(dir: string, spec: string): boolean {
  const m = /^(\.[^?]*\.trace)\?raw$/.exec(spec);
  if (!m) return false;
  const file = resolve(dir, m[1]!);
  return dirname(file) === resolve(root, 'examples/traces') && existsSync(file);
}

function graph(entry: string): { files: string[]; staticNode: string[]; dynamicNode: string[] } {
  const seen = new Set<string>();
  const staticNode: string[] = [];
  const dynamicNode: string[] = [];
  const todo = [resolve(root, entry)];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    const at = relative(root, file);
    // `import type` / `export type` statements are erased by the compiler: they load nothing
    const statics = [
      ...text.matchAll(/^\s*(?:import|export)\s(?!type\s)(?:[^'";]*?\sfrom\s)?\s*['"]([^'"]+)['"]/gm),
    ].map((m) => m[1]!);
    const dynamics = [...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!);
    for (const spec of statics) {
      if (builtins.has(spec)) staticNode.push(`${at}: ${spec}`);
      else if (spec.startsWith('.') && spec.endsWith('.ts')) todo.push(resolve(dirname(file), spec));
      // the package's browser entry, as vite.config.ts resolves it for the app
      else if (spec === 'wormcast') todo.push(resolve(root, 'src/browser.ts'));
    }
    for (const spec of dynamics) if (builtins.has(spec)) dynamicNode.push(`${at}: ${spec}`);
  }
  return { files: [...seen].map((f) => relative(root, f)).sort(), staticNode, dynamicNode };
}

describe('browser app imports', () => {
  it('no module the app loads (through the browser entry, src/browser.ts) imports a Node built-in, statically or dynamically', () => {
    const g = graph('src/web/main.ts');
    expect(g.files).toEqual(
      expect.arrayContaining([
        'src/web/route-panel.ts',
        'src/browser.ts',
        'src/wasm/module.ts',
        'src/engine/wasm.ts',
        'src/experiment/run/simulate.ts',
      ]),
    );
    expect(g.staticNode).toEqual([]);
    // loadWasm reads build/ in Node through process.getBuiltinModule, not an import (docs/package.md)
    expect(g.dynamicNode).toEqual([]);
  });

  it('nor does any module the run worker loads (src/web/run-worker.ts: simulations, watches, sweep points)', () => {
    const g = graph('src/web/run-worker.ts');
    expect(g.files).toEqual(
      expect.arrayContaining([
        'src/web/watch/session.ts',
        'src/web/curves/point.ts',
        'src/browser.ts',
        'src/engine/feed.ts',
      ]),
    );
    expect(g.staticNode).toEqual([]);
    expect(g.dynamicNode).toEqual([]);
  });

  it("the app imports the library only through the package's name ('wormcast', 'wormcast/wasm?url'), as a user would", () => {
    const web = resolve(root, 'src/web');
    const outside: string[] = [];
    const files = readdirSync(web, { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.endsWith('.ts') && !f.endsWith('.d.ts'),
    );
    expect(files).toEqual(expect.arrayContaining(['main.ts', 'route-panel.ts', 'wasm-source.ts']));
    for (const name of files) {
      const text = readFileSync(resolve(web, name), 'utf8');
      const specs = [
        ...[...text.matchAll(/^\s*(?:import|export)\s(?:[^'";]*?\sfrom\s)?\s*['"]([^'"]+)['"]/gm)].map((m) => m[1]!),
        ...[...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)].map((m) => m[1]!),
        ...[...text.matchAll(/new URL\(\s*['"]([^'"]+)['"]\s*,\s*import\.meta\.url/g)].map((m) => m[1]!),
      ];
      for (const spec of specs) {
        // a third-party runtime dependency or optional peer of the package (vega, vega-lite for the charts) is not the library;
        // nor is an example trace the package ships (package.json files: examples/traces/*.trace), bundled as text
        const fine =
          spec === 'wormcast' ||
          spec.startsWith('wormcast/') ||
          DEPENDENCIES.has(spec) ||
          isExampleTrace(resolve(web, dirname(name)), spec) ||
          (spec.startsWith('.') && !relative(web, resolve(web, dirname(name), spec)).startsWith('..'));
        if (!fine) outside.push(`src/web/${name}: ${spec}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
