import { WormcastError } from '../errors.ts';
import type { Topology } from '../topology/types.ts';

/**
 * One message of a trace (docs/traffic.md "Traces"): created at cycle `at`, or, with `after`,
 * when message `after` (a line number of the trace, from 0) has delivered its tail at this
 * message's source: a receive before a send, which is what MPI collectives and the seeds'
 * software forwarding are.
 */
export interface TraceMessage {
  at: number | null;
  after: number | null;
  src: number;
  dests: number[];
  flits: number;
  /** Where the line is, `file:line` (errors found later, when the trace's worms are built, name it). */
  where?: string;
}

/**
 * The first cycle a timed line may not name: the engines stop a run at cycle 2^30 (RUN_END of
 * src/experiment/run/simulation-result.ts), so a message created there or later never is (a
 * trace took cycles up to 2^31 - 1, and such a run ended 'still running at cycle 1073741824').
 */
export const TRACE_LAST_CYCLE = 2 ** 30;

/** The largest trace read (messages). */
export const TRACE_MAX_MESSAGES = 1 << 20;

/** The longest piece of a trace line an error quotes (a line may be megabytes long). */
const QUOTED = 60;

/** `text` as an error quotes it: whole when short, else its start and its length. */
function quoted(text: string): string {
  return text.length <= QUOTED ? text : `${text.slice(0, QUOTED)}... (${text.length} characters)`;
}

/**
 * A node of the trace: an address in the topology's own form (3,4 on a mesh; n binary digits on an
 * n-cube, 1234 on star:4: docs/addressing.md, as every command reads them), else a node id. The
 * address comes first: 0011 on hypercube:4 is node 3, not 11.
 */
function nodeOf(t: Topology, text: string, where: string): number {
  try {
    return t.parse(text);
  } catch {
    if (!/^\d+$/.test(text))
      throw new WormcastError(
        `${where}: '${quoted(text)}' is neither a node id 0..${t.nodes - 1} nor an address of ${t.spec}`,
      );
  }
  const n = Number(text);
  if (n >= t.nodes)
    throw new WormcastError(`${where}: node ${quoted(text)} is not a node of ${t.spec} (ids 0..${t.nodes - 1})`);
  return n;
}

/**
 * Read a trace (docs/traffic.md "Traces"): one message per line, `#` starts a comment, fields
 * separated by blanks:
 *
 *     at  src  dests  flits
 *
 * `at` a cycle (0, 1, ...; a timed line's not before an earlier one's) or `after:K` (message K, an
 * earlier line, delivers at this source);
 * `dests` one node or several separated by `/` (a multicast: the run's --algorithm sends it); nodes
 * as ids or in the topology's address form without blanks. Every error names its line.
 */
export function parseTrace(text: string, t: Topology, name = 'trace'): TraceMessage[] {
  const out: TraceMessage[] = [];
  // the last timed line: the engine takes worms in creation order (src/engine/input.ts)
  let lastAt = 0;
  let lastAtLine = 0;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/#.*$/, '').trim();
    if (line === '') continue;
    const where = `${name}:${i + 1}`;
    const f = line.split(/\s+/);
    if (f.length !== 4)
      throw new WormcastError(
        `${where}: '${quoted(line)}' must be 4 fields: at src dests flits (e.g. 0 5 9 16, or after:3 9 12/17 16)${lines[i]!.includes('#') ? '; # starts a comment (node ids go without it)' : ''}`,
      );
    if (out.length >= TRACE_MAX_MESSAGES) throw new WormcastError(`${where}: more than ${TRACE_MAX_MESSAGES} messages`);
    const [atText, srcText, destText, flitText] = f as [string, string, string, string];
    let at: number | null = null;
    let after: number | null = null;
    const dep = /^after:(\d+)$/.exec(atText);
    if (dep) {
      after = Number(dep[1]);
      if (out.length === 0)
        throw new WormcastError(
          `${where}: after:${after} must name an earlier message, and the first message has none; give it a cycle (e.g. 0)`,
        );
      if (after >= out.length)
        throw new WormcastError(
          `${where}: after:${after} must name an earlier message (0..${out.length - 1}: messages count from 0, comments and blank lines aside)`,
        );
    } else if (/^\d+$/.test(atText) && Number(atText) < TRACE_LAST_CYCLE) at = Number(atText);
    else
      throw new WormcastError(
        `${where}: '${quoted(atText)}' must be a cycle 0..${TRACE_LAST_CYCLE - 1} (a run stops at cycle 2^30) or after:K`,
      );
    if (at !== null) {
      if (at < lastAt)
        throw new WormcastError(
          `${where}: cycle ${at} is before cycle ${lastAt} of line ${lastAtLine}; list the timed messages in the order of their cycles`,
        );
      lastAt = at;
      lastAtLine = i + 1;
    }
    const src = nodeOf(t, srcText, where);
    const dests = destText.split('/').map((d) => nodeOf(t, d, where));
    if (new Set(dests).size !== dests.length) throw new WormcastError(`${where}: a destination is listed twice`);
    if (dests.includes(src))
      throw new WormcastError(`${where}: the source ${quoted(srcText)} is among its destinations`);
    if (!/^\d+$/.test(flitText) || Number(flitText) < 1 || Number(flitText) > 1 << 24)
      throw new WormcastError(`${where}: flits '${quoted(flitText)}' must be an integer 1..${1 << 24}`);
    if (after !== null && !out[after]!.dests.includes(src))
      throw new WormcastError(
        `${where}: after:${after}: message ${after} does not deliver at this message's source ${quoted(srcText)} (a dependency is a receive at the sender)`,
      );
    out.push({ at, after, src, dests, flits: Number(flitText), where });
  }
  if (out.length === 0) throw new WormcastError(`${name}: no messages (one per line: at src dests flits)`);
  return out;
}

/** The largest trace file read (bytes): a million messages of about 40 bytes and more. */
export const TRACE_FILE_MAX_BYTES = 64 * 1024 * 1024;

/**
 * The text of trace file `path`, read through Node's fs (reached without a static import, so that
 * the modules that read traces stay loadable in a browser, where the text is given instead).
 */
export function readTraceFile(path: string): string {
  const fs = (globalThis as { process?: { getBuiltinModule?: (m: string) => unknown } }).process?.getBuiltinModule?.(
    'node:fs',
  ) as
    | { statSync(p: string): { size: number; isFile(): boolean }; readFileSync(p: string, e: 'utf8'): string }
    | undefined;
  if (!fs) throw new WormcastError(`trace ${path}: no file system here: give the trace's text (traceText)`);
  let st: { size: number; isFile(): boolean };
  try {
    st = fs.statSync(path);
  } catch (e) {
    throw new WormcastError(`trace: cannot read '${path}' (${(e as { code?: string }).code ?? 'error'})`);
  }
  if (!st.isFile()) throw new WormcastError(`trace: '${path}' is not a file`);
  if (st.size > TRACE_FILE_MAX_BYTES)
    throw new WormcastError(`trace: '${path}' is larger than ${TRACE_FILE_MAX_BYTES} bytes, the limit of a trace file`);
  return fs.readFileSync(path, 'utf8');
}
