import { readFileSync, statSync } from 'node:fs';
import { parse as parseYaml, YAMLError } from 'yaml';
import { WormcastError } from '../../errors.ts';
import { parseExperiment, type Experiment } from './schema.ts';

/** An experiment file larger than this is refused (a grid fits in a few KiB). */
export const MAX_EXPERIMENT_BYTES = 4 << 20;

/** Read and validate an experiment file (readExperimentData, then the schema). */
export function readExperimentFile(path: string): Experiment {
  return parseExperiment(readExperimentData(path), path);
}

/**
 * Read an experiment file as plain data: `.json` as JSON, anything else as YAML (YAML reads JSON
 * too). Every failure is one `wormcast: <file>: ...` line.
 */
export function readExperimentData(path: string): unknown {
  let text: string;
  try {
    const size = statSync(path).size;
    if (size > MAX_EXPERIMENT_BYTES)
      throw new WormcastError(`${path}: ${size} bytes; an experiment file may have at most ${MAX_EXPERIMENT_BYTES}`);
    text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '');
  } catch (e) {
    if (e instanceof WormcastError) throw e;
    const err = e as NodeJS.ErrnoException;
    throw new WormcastError(`${path}: cannot read the experiment file (${err.code ?? err.message})`);
  }
  let data: unknown;
  if (/\.json$/i.test(path)) {
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new WormcastError(`${path}: not valid JSON: ${(e as Error).message}`);
    }
  } else {
    try {
      data = parseYaml(text, { prettyErrors: true, uniqueKeys: true });
    } catch (e) {
      if (e instanceof YAMLError) {
        const where = e.linePos?.[0] ? ` at line ${e.linePos[0].line}, column ${e.linePos[0].col}` : '';
        throw new WormcastError(
          `${path}: not valid YAML${where}: ${e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
        );
      }
      throw e;
    }
  }
  return data;
}
