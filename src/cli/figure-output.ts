import { writeFileWhole } from '../experiment/config/output-file.ts';
import { WormcastError } from '../errors.ts';

/*
 * The files `plot` and `report` write (issue 23): the format a figure is written in follows the
 * extension of its -o file, and every write of a figure or a report page goes through
 * writeFigureFile, the one place such a file is written (checked: src/experiment/config/output-file.ts).
 */

export type FigureFormat = 'svg' | 'png' | 'pdf' | 'html';

/** The format of an output file by its extension, or a one-line error naming the valid ones. */
export function figureFormat(file: string, command: string, allowed: readonly FigureFormat[]): FigureFormat {
  const ext = /\.([a-z]+)$/i.exec(file)?.[1]?.toLowerCase();
  const format = ext === 'htm' ? 'html' : ext;
  if (format && (allowed as readonly string[]).includes(format)) return format as FigureFormat;
  throw new WormcastError(
    `${command} -o '${file}': the file name must end in ${allowed
      .map((f) => `.${f}`)
      .join(', ')
      .replace(/, ([^,]*)$/, ' or $1')}`,
  );
}

/**
 * Write a figure or page whole or not at all (src/experiment/config/output-file.ts: a temporary
 * file renamed over the output); a failure is one line naming the command and the file.
 */
export function writeFigureFile(file: string, data: string | Uint8Array, command: string): void {
  writeFileWhole(
    file,
    typeof data === 'string' ? data : Buffer.from(data.buffer, data.byteOffset, data.byteLength),
    `${command} -o ${file}`,
  );
}
