import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { WormcastError } from '../errors.ts';
import { importOptional } from '../optional-package.ts';

/*
 * A figure's SVG as PNG (issue 23) with @resvg/resvg-wasm: WebAssembly, no platform binary, an
 * optional peer loaded on first use. The wasm build sees no system fonts, so the text needs a font
 * file: the one given (`plot --font`), else the first of the usual sans-serif fonts of Linux,
 * macOS and Windows that exists. Drawn at twice the SVG's size (a figure for print).
 */

/** Where the usual sans-serif fonts are (Debian/Ubuntu, Fedora, Arch, macOS, Windows). */
const FONT_PATHS = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  '/usr/share/fonts/dejavu-sans-fonts/DejaVuSans.ttf',
  '/usr/share/fonts/TTF/DejaVuSans.ttf',
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
  '/usr/share/fonts/liberation-sans/LiberationSans-Regular.ttf',
  '/System/Library/Fonts/Supplemental/Arial.ttf',
  '/Library/Fonts/Arial.ttf',
  'C:\\Windows\\Fonts\\arial.ttf',
];

/** The font file to draw text with: `font` when given, else the first usual one found. */
export function figureFont(font?: string): string {
  if (font !== undefined) {
    if (!existsSync(font)) throw new WormcastError(`plot --font '${font}': no such file; give a .ttf or .otf file`);
    return font;
  }
  const found = FONT_PATHS.find((p) => existsSync(p));
  if (!found)
    throw new WormcastError(
      `plot -o *.png: no sans-serif font found (looked for DejaVu Sans, Liberation Sans, Arial); give one with --font FILE.ttf`,
    );
  return found;
}

let ready: Promise<void> | undefined;

/** The PNG of an SVG, drawn at `scale` times its size. */
export async function svgToPng(svg: string, fontFile: string, scale = 2): Promise<Uint8Array> {
  const resvg = await importOptional('@resvg/resvg-wasm', () => import('@resvg/resvg-wasm'));
  ready ??= resvg.initWasm(readFileSync(createRequire(import.meta.url).resolve('@resvg/resvg-wasm/index_bg.wasm')));
  await ready;
  const image = new resvg.Resvg(svg, {
    fitTo: { mode: 'zoom', value: scale },
    background: 'white',
    // the one font answers every family the SVG names (vega writes sans-serif)
    font: { fontBuffers: [new Uint8Array(readFileSync(fontFile))], defaultFontFamily: '', sansSerifFamily: '' },
  });
  try {
    return image.render().asPng();
  } finally {
    image.free();
  }
}
