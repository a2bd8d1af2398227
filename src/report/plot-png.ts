import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { importOptional } from '../optional-package.ts';
import type { FigureFont } from './figure-font.ts';

/*
 * A figure's SVG as PNG (issue 23) with @resvg/resvg-wasm: WebAssembly, no platform binary, an
 * optional peer loaded on first use. The wasm build sees no system fonts, so the text needs a font
 * file (src/report/figure-font.ts). Drawn at twice the SVG's size (a figure for print).
 */

let ready: Promise<void> | undefined;

/** The PNG of an SVG, drawn at `scale` times its size. */
export async function svgToPng(svg: string, font: FigureFont, scale = 2): Promise<Uint8Array> {
  const resvg = await importOptional('@resvg/resvg-wasm', () => import('@resvg/resvg-wasm'));
  ready ??= resvg.initWasm(readFileSync(createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm')));
  await ready;
  const image = new resvg.Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background: 'white',
    // the one family answers every family the SVG names (vega writes sans-serif); its bold face the bold text
    font: {
      fontBuffers: [font.regular, ...(font.bold ? [font.bold] : [])].map((f) => new Uint8Array(readFileSync(f))),
      defaultFontFamily: '',
      sansSerifFamily: '',
    },
  });
  try {
    return image.render().asPng();
  } finally {
    image.free();
  }
}
