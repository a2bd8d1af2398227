import { WormcastError } from 'wormcast';
import { Cancelled } from './runner.ts';

/** Child content of el(): text, nodes, or nothing (skipped). */
export type Child = Node | string | number | null | undefined | false;

/** Create an element with attributes (`class`, `id`, `role`, data-*) and children. */
export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    e.append(typeof c === 'number' ? String(c) : c);
  }
  return e;
}

/** A table with a header row; every cell is text. */
export function table(
  headers: readonly string[],
  rows: ReadonlyArray<ReadonlyArray<string | number>>,
  attrs: Record<string, string> = {},
): HTMLTableElement {
  return el(
    'table',
    attrs,
    el('thead', {}, el('tr', {}, ...headers.map((h) => el('th', {}, h)))),
    el('tbody', {}, ...rows.map((r) => el('tr', {}, ...r.map((c) => el('td', {}, String(c)))))),
  );
}

/**
 * The text an error shows in the page: a WormcastError's message is complete and
 * user-facing (src/errors.ts); anything else is a bug, shown as such rather than thrown.
 */
export function errorText(e: unknown): string {
  if (e instanceof WormcastError) return inAppWords(e.message);
  if (e instanceof Error) return `internal error: ${e.message}`;
  return `internal error: ${String(e)}`;
}

/** The library words some errors in the CLI's flags (`--dests 'x'`); the page names its own fields instead. */
const FLAG_WORDS: Record<string, string> = {
  '--dests': 'destinations',
  '--source': 'source',
  '--topology': 'topology',
  '--algorithm': 'algorithm',
  '--routing': 'routing',
  '--seed': 'seed',
};

/** A flag in the page's words: its field's name (`--hotspot-fraction` -> hotspot fraction; the form's fields are labelled so). */
export function inAppWords(message: string): string {
  return message.replace(/--[a-z][a-z-]*/g, (flag) => FLAG_WORDS[flag] ?? flag.slice(2).replace(/-/g, ' '));
}

/** Replace a container's content by an error line. */
export function showError(out: HTMLElement, e: unknown): void {
  out.replaceChildren(el('p', { class: 'error', role: 'alert' }, errorText(e)));
}

/** The element with this id; throws if the page lacks it (a bug in index.html). */
export function byId<T extends HTMLElement>(id: string): T {
  const e = document.getElementById(id);
  if (!e) throw new Error(`index.html has no #${id}`);
  return e as T;
}

/** Fill a <select> with options (value, label), keeping the current value when still offered. */
export function fillSelect(
  select: HTMLSelectElement,
  options: ReadonlyArray<readonly [string, string]>,
  preferred?: string,
): void {
  const keep = preferred ?? select.value;
  select.replaceChildren(...options.map(([value, label]) => el('option', { value }, label)));
  if (options.some(([v]) => v === keep)) select.value = keep;
}

/** What a panel's action may do while it runs: report progress, offer a Cancel button. */
export interface RunContext {
  /** Replace the busy line's text (`simulating: cycle 1200 of 7200 (17%)`). */
  progress(text: string): void;
  /** Show a Cancel button that calls `cancel`; the action then rejects (with any error) and the panel says "cancelled". */
  cancellable(cancel: () => void): void;
}

/**
 * Run a panel's action on submit: the output shows `busy` while it runs and the result or
 * the error afterwards; the submit button is disabled meanwhile. `done` is called with the
 * output's new state. Never rejects.
 */
export function onSubmit(
  form: HTMLFormElement,
  out: HTMLElement,
  action: (ctx: RunContext) => Promise<Node[]> | Node[],
  busy = 'working…',
  done?: (state: 'done' | 'error' | 'cancelled') => void,
): void {
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  form.addEventListener('submit', (ev) => {
    ev.preventDefault();
    void (async () => {
      if (button) button.disabled = true;
      const line = el('span', { 'data-testid': 'progress' }, busy);
      const status = el('p', { class: 'busy', role: 'status' }, line);
      out.replaceChildren(status);
      out.dataset.state = 'busy';
      let cancelled = false;
      const ctx: RunContext = {
        progress: (text) => {
          line.textContent = text;
        },
        cancellable: (cancel) => {
          const b = el('button', { type: 'button', class: 'cancel', 'data-testid': 'cancel' }, 'Cancel');
          b.addEventListener('click', () => {
            cancelled = true;
            cancel();
          });
          status.append(' ', b);
        },
      };
      // let the browser paint the busy line before a long synchronous computation
      await new Promise((r) => setTimeout(r, 0));
      let state: 'done' | 'error' | 'cancelled';
      try {
        out.replaceChildren(...(await action(ctx)));
        state = 'done';
      } catch (e) {
        // a run stopped by its Cancel button, or by the page (a new topology cancels the runs on the
        // old network: src/web/network-fields.ts clearResults), is cancelled, not an internal error
        if (e instanceof Cancelled) cancelled = true;
        if (cancelled) out.replaceChildren(el('p', { class: 'busy', 'data-testid': 'cancelled' }, 'cancelled'));
        else showError(out, e);
        state = cancelled ? 'cancelled' : 'error';
      } finally {
        if (button) button.disabled = false;
      }
      out.dataset.state = state;
      done?.(state);
    })();
  });
}
