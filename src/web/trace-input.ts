import binomialBroadcast from '../../examples/traces/binomial-broadcast-64.trace?raw';
import ringAllgather from '../../examples/traces/ring-allgather-64.trace?raw';
import { WormcastError } from 'wormcast';
import { el } from './dom.ts';
import { MAX_TRACE_CHARS, type TraceRequest } from './simulate-panel.ts';

/*
 * Traces in the simulation panel (docs/web.md, docs/traffic.md "Traces"): the package's example
 * traces, bundled into the app as text (Vite's ?raw; nothing is fetched), or the user's own,
 * pasted or loaded from a file into the trace field. The workload select names them: `trace:NAME`
 * an example, `trace` the field's text. The text is parsed by the library (src/traffic/trace-file.ts
 * parseTrace, inside simulate()), so its errors are the CLI's, naming the line.
 */

/** The example traces of examples/traces/, by file name (both on 64 nodes: hypercube:6). */
export const TRACE_EXAMPLES: Readonly<Record<string, string>> = {
  'binomial-broadcast-64.trace': binomialBroadcast,
  'ring-allgather-64.trace': ringAllgather,
};

/** The workload select's value of the field's own trace. */
export const OWN_TRACE = 'trace';

/**
 * The workload select's entries of the traces: each example (`trace: ring allgather 64`), then the
 * field's own; short, so that the select fits a 390 px screen.
 */
export function traceWorkloads(): Array<[string, string]> {
  return [
    ...Object.keys(TRACE_EXAMPLES).map((n): [string, string] => [
      `trace:${n}`,
      `trace: ${n.replace(/\.trace$/, '').replace(/-/g, ' ')}`,
    ]),
    [OWN_TRACE, 'trace: your own (paste or file)'],
  ];
}

/** Whether a workload value is a trace. */
export function isTrace(workload: string): boolean {
  return workload === OWN_TRACE || workload.startsWith('trace:');
}

/**
 * The trace a workload value names: an example's text, or the field's (`name` the file it was
 * loaded from, else 'trace'); undefined for another workload.
 */
export function traceOf(workload: string, text: string, name: string): TraceRequest | undefined {
  if (workload === OWN_TRACE) return { name, text };
  if (!workload.startsWith('trace:')) return undefined;
  const example = workload.slice('trace:'.length);
  if (!Object.hasOwn(TRACE_EXAMPLES, example))
    throw new WormcastError(
      `trace '${example}': not an example trace; the examples are ${Object.keys(TRACE_EXAMPLES).join(', ')}`,
    );
  return { name: example, text: TRACE_EXAMPLES[example]! };
}

/**
 * The field of the user's trace: a text area (paste) and a file input that reads a file into it,
 * at most MAX_TRACE_CHARS characters (a larger file is refused in the status line, unread). The
 * name of the file loaded is kept until the text is edited (the errors name its lines).
 */
export class TraceField {
  readonly root: HTMLElement;
  readonly text: HTMLTextAreaElement;
  private readonly status: HTMLElement;
  private loaded: string | null = null;

  constructor() {
    this.text = el('textarea', {
      id: 'sim-trace-text',
      name: 'traceText',
      rows: '6',
      cols: '40',
      spellcheck: 'false',
      placeholder: '# at src dests flits\n0 0 1 16\nafter:0 1 3/5 16',
      title: 'one message per line: at (a cycle or after:K) src dests (a/b/c for a multicast) flits',
    });
    const file = el('input', { type: 'file', id: 'sim-trace-file', accept: '.trace,.txt,text/plain' });
    this.status = el('span', { class: 'hint', 'data-testid': 'sim-trace-status', 'aria-live': 'polite' });
    file.addEventListener('change', () => {
      const f = file.files?.[0];
      if (f) void this.load(f);
      file.value = '';
    });
    this.text.addEventListener('input', () => {
      this.loaded = null;
    });
    this.root = el(
      'div',
      { id: 'sim-trace-box', class: 'trace-box', hidden: '' },
      el('label', { class: 'wide' }, 'Trace (docs/traffic.md "Traces") ', this.text),
      el('label', {}, 'or load a file ', file),
      ' ',
      this.status,
    );
  }

  /** The trace's name in its errors: the file loaded, else 'trace'. */
  get name(): string {
    return this.loaded ?? 'trace';
  }

  /** Read a file into the field (refused, unread, above MAX_TRACE_CHARS bytes). */
  async load(f: File): Promise<void> {
    if (f.size > MAX_TRACE_CHARS) {
      this.status.className = 'error';
      this.status.textContent = `${f.name}: ${f.size} bytes; the browser app reads traces of at most ${MAX_TRACE_CHARS} (the CLI reads larger files)`;
      return;
    }
    this.text.value = await f.text();
    this.loaded = f.name;
    this.status.className = 'hint';
    this.status.textContent = `loaded ${f.name} (${f.size} bytes)`;
    this.text.dispatchEvent(new Event('change', { bubbles: true }));
  }
}
