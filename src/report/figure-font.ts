import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { WormcastError } from '../errors.ts';

/*
 * The font a PNG or PDF figure's text is set in (issue 23). The PNG renderer (resvg's wasm build)
 * sees no system fonts, and a PDF whose fonts are not embedded is refused by journals' checkers
 * (IEEE PDF eXpress, for one): both take a font file, the one given (`plot --font`) or the first
 * of the usual sans-serif fonts of Linux, macOS and Windows that exists, with its bold face beside
 * it when there is one (vega sets titles in bold: without the face they came out regular in the PNG).
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

/** The regular face's file and its bold face's, when found. */
export interface FigureFont {
  regular: string;
  bold?: string;
}

/** The bold face beside a regular one, by the families' own file names. */
function boldBeside(regular: string): string | undefined {
  const candidates = [
    regular.replace(/DejaVuSans\.ttf$/, 'DejaVuSans-Bold.ttf'),
    regular.replace(/-Regular\.([ot]tf)$/i, '-Bold.$1'),
    regular.replace(/Arial\.ttf$/, 'Arial Bold.ttf'),
    regular.replace(/arial\.ttf$/, 'arialbd.ttf'),
  ];
  return candidates.find((c) => c !== regular && existsSync(c));
}

/**
 * Why file `path` is no font the renderers read, or undefined: a directory was an internal error
 * (EISDIR), and any other file drew a PNG without text or a PDF with stderr lines of PDFKit's.
 * A TrueType or OpenType file begins with its sfnt version: 0x00010000, 'true' or 'OTTO'.
 */
function notAFont(path: string): string | undefined {
  const st = statSync(path);
  if (st.isDirectory()) return 'a directory';
  // a pipe or a device would be read without end (/dev/zero) or wait for a writer
  if (!st.isFile()) return 'not a regular file';
  const head = Buffer.alloc(4);
  const fd = openSync(path, 'r');
  try {
    readSync(fd, head, 0, 4, 0);
  } finally {
    closeSync(fd);
  }
  const tag = head.toString('latin1');
  return head.readUInt32BE(0) === 0x00010000 || tag === 'true' || tag === 'OTTO'
    ? undefined
    : 'not a TrueType or OpenType font';
}

/** The font given (its bold face too when the file name has a known bold sibling), or the first usual one found, or undefined. */
export function findFigureFont(font?: string): FigureFont | undefined {
  if (font !== undefined) {
    if (!existsSync(font)) throw new WormcastError(`plot --font '${font}': no such file; give a .ttf or .otf file`);
    const why = notAFont(font);
    if (why) throw new WormcastError(`plot --font '${font}': ${why}; give a .ttf or .otf file`);
    const bold = boldBeside(font);
    return bold ? { regular: font, bold } : { regular: font };
  }
  const found = FONT_PATHS.find((p) => existsSync(p));
  if (!found) return undefined;
  const bold = boldBeside(found);
  return bold ? { regular: found, bold } : { regular: found };
}

/** The font of a PNG figure: one must exist (the renderer has no other). */
export function figureFont(font?: string): FigureFont {
  const found = findFigureFont(font);
  if (!found)
    throw new WormcastError(
      `plot -o *.png: no sans-serif font found (looked for DejaVu Sans, Liberation Sans, Arial); give one with --font FILE.ttf`,
    );
  return found;
}
