import { existsSync } from 'node:fs';
import { WormcastError } from '../errors.ts';
import { readStore, type StoredPoint } from '../experiment/sweep/store.ts';

/** `line 3`, `lines 2, 3, ...` (at most five named). */
function linesText(lines: readonly number[]): string {
  return `line${lines.length > 1 ? 's' : ''} ${lines.slice(0, 5).join(', ')}${lines.length > 5 ? ', ...' : ''}`;
}

/**
 * The points of result store `file` that `results`, `plot` and `report` show (those of
 * `experiment` when given), or one error line why there are none: the file is missing, holds no
 * stored point (its skipped lines named), or no point of that experiment (the experiments it holds
 * named). The three commands said this three ways: results printed an empty table with exit 0 for a
 * file of hand-edited lines, report nested the reader's error line in its own, and a missing file
 * "held no finished point". The warning for skipped lines is written only when there are points
 * to show, so that a refusal stays one line.
 */
export function storedPoints(command: string, file: string, experiment?: string): StoredPoint[] {
  if (!existsSync(file))
    throw new WormcastError(`${command}: ${file}: no such file; give a result file written by wormcast sweep (--out)`);
  const contents = readStore(file, `${command} ${file}`);
  const all = [...contents.points.values()];
  if (all.length === 0) {
    const why = [
      ...(contents.badLines.length > 0 ? [`${linesText(contents.badLines)} not a stored point`] : []),
      ...(contents.tornBytes > 0 ? ['only a torn last line'] : []),
    ];
    throw new WormcastError(
      `${command}: ${file} holds no finished point${why.length ? ` (${why.join('; ')})` : ''}; run wormcast sweep first`,
    );
  }
  const points = experiment === undefined ? all : all.filter((p) => p.experiment === experiment);
  if (points.length === 0)
    throw new WormcastError(
      `${command} --experiment '${experiment}': not in ${file}; it holds ${[...new Set(all.map((p) => p.experiment))].join(', ')}`,
    );
  if (contents.badLines.length > 0)
    process.stderr.write(`wormcast: warning: ${file}: ${linesText(contents.badLines)} not a stored point; skipped\n`);
  return points;
}
