import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { importOptional } from '../optional-package.ts';

/*
 * Render a Vega-Lite spec (src/report/plot-spec.ts) in Node: SVG with vega's headless view (no
 * canvas package needed for SVG), or an HTML page that draws it interactively. The page holds
 * vega's own minified build (node_modules/vega/build/vega.min.js) inline, with the spec compiled
 * to Vega here, so it opens from disk with no network and no CDN. vega and vega-lite are optional
 * peers (docs/package.md): loaded on first use, one line naming them when they are missing.
 */

async function vegaLite() {
  const [vega, vl] = await Promise.all([
    importOptional('vega', () => import('vega')),
    importOptional('vega-lite', () => import('vega-lite')),
  ]);
  return { vega, vl };
}

/** vega-lite's warnings (a dropped scale property) are about the spec, not for the user: kept quiet. */
const quiet = {
  level: () => quiet,
  error: (...m: unknown[]) => {
    throw new Error(m.join(' '));
  },
  warn: () => quiet,
  info: () => quiet,
  debug: () => quiet,
};

/** The Vega spec a Vega-Lite spec compiles to. */
export async function compileSpec(spec: Record<string, unknown>): Promise<Record<string, unknown>> {
  const { vl } = await vegaLite();
  const options = { logger: quiet } as unknown as Parameters<typeof vl.compile>[1];
  return vl.compile(spec as unknown as Parameters<typeof vl.compile>[0], options).spec as unknown as Record<
    string,
    unknown
  >;
}

/** The SVG of a Vega-Lite spec. */
export async function renderSvg(spec: Record<string, unknown>): Promise<string> {
  const { vega } = await vegaLite();
  const compiled = await compileSpec(spec);
  const view = new vega.View(vega.parse(compiled as Parameters<typeof vega.parse>[0]), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** vega's minified build, to inline into a page (vega is loaded first: a missing one is named). */
export async function vegaBrowserBuild(): Promise<string> {
  await vegaLite();
  const require = createRequire(import.meta.url);
  return readFileSync(require.resolve('vega/build/vega.min.js'), 'utf8');
}

/** Text that is safe inside a <script> element ('</script' would end it early). */
export function scriptSafe(s: string): string {
  return s.replace(/<\/script/gi, '<\\/script');
}

/** Text that is safe in HTML content and attributes. */
export function htmlEscape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A self-contained HTML page drawing the spec (hover for values, drag and wheel to zoom when the spec allows). */
export async function renderHtml(spec: Record<string, unknown>, title: string): Promise<string> {
  const compiled = await compileSpec(spec);
  const vegaJs = await vegaBrowserBuild();
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${htmlEscape(title)}</title>
<style>body { font-family: sans-serif; margin: 1.5em; } #chart { display: inline-block; }</style>
<script>${scriptSafe(vegaJs)}</script>
</head>
<body>
<div id="chart"></div>
<script>
const spec = ${scriptSafe(JSON.stringify(compiled))};
new vega.View(vega.parse(spec), { renderer: 'svg', container: '#chart', hover: true }).runAsync();
</script>
</body>
</html>
`;
}
