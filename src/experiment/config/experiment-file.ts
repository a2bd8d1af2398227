import { dirname, isAbsolute, resolve } from 'node:path';
import { parse as parseYaml, YAMLError } from 'yaml';
import { WormcastError } from '../../errors.ts';
import { readInputText } from './input-file.ts';
import { dataTooDeep, jsonTooDeep, MAX_NESTING } from './nesting.ts';
import { parseExperiment, type Experiment } from './schema.ts';

/** An experiment file larger than this is refused (a grid fits in a few KiB). */
export const MAX_EXPERIMENT_BYTES = 4 << 20;

/**
 * Alias nodes a YAML experiment file may use (the yaml package's maxAliasCount): a file needs none,
 * and each alias may copy a whole subtree, so that ten lines of nested aliases (a "billion laughs")
 * expand to 9^9 nodes.
 */
export const MAX_YAML_ALIASES = 100;

/** Flow nesting ([[[...) refused before the YAML reader sees it; MAX_NESTING is checked after it. */
const YAML_FLOW_SCAN_DEPTH = 1000;

/** Read and validate an experiment file (readExperimentData, then the schema). */
export function readExperimentFile(path: string): Experiment {
  return parseExperiment(readExperimentData(path), path);
}

const tooDeep = (path: string, where: string): WormcastError =>
  new WormcastError(
    `${path}: nested deeper than ${MAX_NESTING} levels${where}; an experiment file needs 4 (docs/experiments.md "File format")`,
  );

/** The YAML reader's own refusals (not YAMLErrors): an alias bomb, an alias of no anchor. */
function yamlRefusal(path: string, e: unknown): WormcastError | null {
  if (e instanceof RangeError) return tooDeep(path, '');
  if (!(e instanceof Error)) return null;
  if (/Excessive alias count/.test(e.message))
    return new WormcastError(
      `${path}: YAML aliases expand to too much data (more than ${MAX_YAML_ALIASES} alias uses); write the values out`,
    );
  const anchor = /Unresolved alias[^:]*: (.*)$/.exec(e.message);
  if (anchor)
    return new WormcastError(
      `${path}: YAML alias *${anchor[1]!.slice(0, 40)} names no anchor (&${anchor[1]!.slice(0, 40)}) set before it`,
    );
  return null;
}

/**
 * Read an experiment file as plain data: `.json` as JSON, anything else as YAML (YAML reads JSON
 * too). Every failure is one `wormcast: <file>: ...` line.
 */
export function readExperimentData(path: string): unknown {
  const text = readInputText(path, {
    limit: MAX_EXPERIMENT_BYTES,
    problem: (p) => {
      switch (p.kind) {
        case 'unreadable':
          return `${path}: cannot read the experiment file (${p.code})`;
        case 'directory':
          return `${path}: a directory; expected an experiment file (YAML or JSON)`;
        case 'device':
          return `${path}: a device; expected an experiment file (YAML or JSON), a regular file or a pipe`;
        case 'too-large':
          return `${path}: larger than ${p.limit} bytes; an experiment file may have at most ${p.limit}`;
      }
    },
  });
  let data: unknown;
  if (/\.json$/i.test(path)) {
    const deep = jsonTooDeep(text);
    if (deep) throw tooDeep(path, ` (line ${deep.line})`);
    try {
      data = JSON.parse(text);
    } catch (e) {
      throw new WormcastError(`${path}: not valid JSON: ${(e as Error).message}`);
    }
  } else {
    // the YAML reader recurses per level of a flow collection and takes seconds on 200,000 of
    // them: a bracket scan refuses such text first (1,000 levels: no experiment file comes near)
    const deep = jsonTooDeep(text, YAML_FLOW_SCAN_DEPTH);
    if (deep) throw tooDeep(path, ` (line ${deep.line})`);
    try {
      data = parseYaml(text, { prettyErrors: true, uniqueKeys: true, maxAliasCount: MAX_YAML_ALIASES });
    } catch (e) {
      if (e instanceof YAMLError) {
        if (/call stack/i.test(e.message)) throw tooDeep(path, '');
        const where = e.linePos?.[0] ? ` at line ${e.linePos[0].line}, column ${e.linePos[0].col}` : '';
        throw new WormcastError(
          `${path}: not valid YAML${where}: ${e.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
        );
      }
      throw yamlRefusal(path, e) ?? e;
    }
  }
  if (dataTooDeep(data)) throw tooDeep(path, '');
  return filesBesideExperiment(data, path);
}

/** Options whose values name files: relative ones are read from the experiment file's directory. */
const FILE_OPTIONS = ['trace'] as const;

/**
 * A relative file name in an experiment file (`base.trace`, `grid.trace`) names a file beside the
 * experiment file, not in the directory the command runs in (docs/experiments.md "File format"), so
 * that `wormcast sweep some/dir/x.yaml` reads the same files from anywhere; it is made absolute
 * here, so points, stored rows and workers see one name. A file read from a pipe or a device
 * (/dev/stdin) has no directory: its names stay relative to the working directory.
 */
function filesBesideExperiment(data: unknown, path: string): unknown {
  if (typeof data !== 'object' || data === null || path === '-' || /^\/(dev|proc)\//.test(path)) return data;
  const dir = dirname(resolve(path));
  const fix = (v: unknown): unknown => (typeof v === 'string' && v !== '' && !isAbsolute(v) ? resolve(dir, v) : v);
  const d = data as Record<string, unknown>;
  for (const section of ['base', 'grid'] as const) {
    const o = d[section];
    if (typeof o !== 'object' || o === null || Array.isArray(o)) continue;
    const rec = o as Record<string, unknown>;
    for (const key of FILE_OPTIONS) {
      const v = rec[key];
      if (v === undefined) continue;
      rec[key] = Array.isArray(v) ? v.map(fix) : fix(v);
    }
  }
  return data;
}
