import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as vega from 'vega';
import * as vl from 'vega-lite';

/*
 * Render a Vega-Lite spec (src/report/plot-spec.ts) in Node: SVG with vega's headless view (no
 * canvas package needed for SVG), or an HTML page that draws it interactively. The page holds
 * vega's own minified build (node_modules/vega/build/vega.min.js) inline, with the spec compiled
 * to Vega here, so it opens from disk with no network and no CDN.
 */

/** The SVG of a Vega-Lite spec. */
export async function renderSvg(spec: Record<string, unknown>): Promise<string> {
  const compiled = vl.compile(spec as unknown as vl.TopLevelSpec).spec;
  const view = new vega.View(vega.parse(compiled), { renderer: 'none' });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}

/** A self-contained HTML page drawing the spec (hover for values, drag and wheel to zoom when the spec allows). */
export function renderHtml(spec: Record<string, unknown>, title: string): string {
  const compiled = vl.compile(spec as unknown as vl.TopLevelSpec).spec;
  const require = createRequire(import.meta.url);
  const vegaJs = readFileSync(require.resolve('vega/build/vega.min.js'), 'utf8');
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  // '</script' inside the inlined code or the JSON would end the script element early
  const safe = (s: string) => s.replace(/<\/script/gi, '<\\/script');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(title)}</title>
<style>body { font-family: sans-serif; margin: 1.5em; } #chart { display: inline-block; }</style>
<script>${safe(vegaJs)}</script>
</head>
<body>
<div id="chart"></div>
<script>
const spec = ${safe(JSON.stringify(compiled))};
new vega.View(vega.parse(spec), { renderer: 'svg', container: '#chart', hover: true }).runAsync();
</script>
</body>
</html>
`;
}
