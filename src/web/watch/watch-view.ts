import { parseTopology } from 'wormcast';
import { el, errorText, table } from '../dom.ts';
import { watchOverlay } from '../draw/overlay.ts';
import type { NetworkView } from '../draw/view.ts';
import { Cancelled, type Runner } from '../runner.ts';
import { plannedCycles, type SimulationRequest } from '../simulate-panel.ts';
import type { WatchFrame } from './session.ts';

/** Speeds of play, in cycles per second. */
export const SPEEDS = [1, 4, 16, 64, 256, 1024];
/** Rows of the held-VC and blocked-header tables. */
const ROWS = 24;

/**
 * The watch controls of the simulation panel (docs/web.md "Watching a simulation"): play, pause,
 * step, speed, jump to a cycle, restart. Each frame is asked of the watch worker (src/web/run-
 * worker.ts keeps the run between requests) and drawn on the network; one request at a time, so
 * a slow frame slows the play down instead of queueing (a jump asked for meanwhile is kept: the last one).
 */
export class WatchPanel {
  readonly root: HTMLElement;
  private readonly status: HTMLElement;
  private readonly tables: HTMLElement;
  private readonly cycleInput: HTMLInputElement;
  private readonly speed: HTMLSelectElement;
  private readonly playButton: HTMLButtonElement;
  private req: SimulationRequest | undefined;
  private playing = false;
  private busy = false;
  /** A cycle asked for while a frame was being made. */
  private queued: number | undefined;
  /** Why the cycle shown is not the one asked for. */
  private note = '';
  /** The frame on screen. */
  frame: WatchFrame | undefined;
  /** Called after each frame is drawn (the URL keeps the cycle). */
  onFrame?: (f: WatchFrame) => void;

  constructor(
    private readonly runner: Runner,
    private readonly drawing: NetworkView,
  ) {
    const button = (label: string, title: string, id: string, f: () => void): HTMLButtonElement => {
      const b = el('button', { type: 'button', class: 'small', title, 'data-testid': id }, label);
      b.addEventListener('click', f);
      return b;
    };
    this.playButton = button('▶ play', 'play (space)', 'watch-play', () => (this.playing ? this.pause() : this.play()));
    this.speed = el(
      'select',
      { 'data-testid': 'watch-speed', 'aria-label': 'speed in cycles per second' },
      ...SPEEDS.map((s) => el('option', { value: String(s) }, `${s} cycles/s`)),
    );
    this.speed.value = '16';
    this.cycleInput = el('input', {
      type: 'number',
      min: '0',
      value: '0',
      size: '8',
      'data-testid': 'watch-cycle',
      'aria-label': 'cycle',
    });
    this.status = el('p', { class: 'watch-status', 'data-testid': 'watch-status', 'aria-live': 'polite' });
    this.tables = el('div', { class: 'watch-tables', 'data-testid': 'watch-tables' });
    this.root = el(
      'div',
      { class: 'watch', 'data-testid': 'watch', hidden: '' },
      el(
        'div',
        { class: 'toolbar' },
        button('⏮', 'back to cycle 0', 'watch-restart', () => {
          this.pause();
          void this.go(0);
        }),
        this.playButton,
        button('step', 'one cycle on', 'watch-step', () => {
          this.pause();
          void this.go(this.at() + 1);
        }),
        ' ',
        this.speed,
        ' cycle ',
        this.cycleInput,
        button('go', 'jump to this cycle', 'watch-go', () => {
          this.pause();
          void this.go(Math.max(0, Math.floor(Number(this.cycleInput.value) || 0)));
        }),
        button('close', 'stop watching', 'watch-close', () => this.close()),
      ),
      this.status,
      this.tables,
    );
    this.cycleInput.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter') {
        ev.preventDefault();
        this.pause();
        void this.go(Math.max(0, Math.floor(Number(this.cycleInput.value) || 0)));
      }
    });
  }

  /** The cycle on screen. */
  private at(): number {
    return this.frame?.asked ?? 0;
  }

  /** Start watching a run at `cycle` (0: before anything moved). */
  async start(req: SimulationRequest, cycle = 0): Promise<void> {
    this.pause();
    this.req = req;
    this.frame = undefined;
    this.root.hidden = false;
    await this.go(cycle);
  }

  close(): void {
    this.pause();
    this.runner.cancel();
    this.root.hidden = true;
    this.req = undefined;
    this.frame = undefined;
  }

  /** Show cycle `to`; resolves when it is drawn (or failed). */
  async go(asked: number): Promise<boolean> {
    if (!this.req) return false;
    if (this.busy) {
      // a jump asked for while a frame is on its way (the first one too) is done next, not dropped
      this.queued = asked;
      return false;
    }
    // random traffic ends at warm-up + cycles + drain: a later cycle (a URL's watch=99999999) is that end
    const end = plannedCycles(this.req);
    const to = end > 0 ? Math.min(asked, end) : asked;
    this.note = to < asked ? ` (cycle ${asked} asked; the run ends at cycle ${end})` : '';
    this.busy = true;
    this.root.dataset.state = 'busy';
    try {
      const f = await this.runner.run({ kind: 'watch', req: { sim: this.req, to } }, (c) => {
        this.status.textContent = `running to cycle ${to}: at ${c}…`;
      });
      this.show(f);
      return true;
    } catch (e) {
      this.pause();
      if (!(e instanceof Cancelled)) {
        this.status.textContent = errorText(e);
        this.status.className = 'watch-status error';
      }
      return false;
    } finally {
      this.busy = false;
      this.root.dataset.state = 'idle';
      const next = this.queued;
      this.queued = undefined;
      if (next !== undefined) void this.go(next);
    }
  }

  play(): void {
    if (this.playing || !this.req) return;
    this.playing = true;
    this.playButton.textContent = '⏸ pause';
    void this.loop();
  }

  pause(): void {
    this.playing = false;
    this.playButton.textContent = '▶ play';
  }

  private async loop(): Promise<void> {
    let last = performance.now();
    let owed = 0;
    // bounded: each turn asks for at least one cycle, and the run ends (its drain, a scenario's end)
    while (this.playing && this.frame && !this.frame.over) {
      const speed = Number(this.speed.value);
      await new Promise((r) => setTimeout(r, Math.max(16, 1000 / speed)));
      if (!this.playing) break;
      const now = performance.now();
      owed += ((now - last) / 1000) * speed;
      last = now;
      const n = Math.max(1, Math.floor(owed));
      owed -= n;
      if (!(await this.go(this.at() + n))) break;
    }
    this.pause();
  }

  private show(f: WatchFrame): void {
    this.frame = f;
    const s = f.snapshot;
    const t = parseTopology(f.spec);
    this.drawing.setTopology(t);
    this.drawing.setOverlay(watchOverlay(f, t));
    // a cycle being typed (or a jump still to come) is not overwritten by the frame that arrives meanwhile
    if (document.activeElement !== this.cycleInput && this.queued === undefined)
      this.cycleInput.value = String(f.asked);
    const inNet = s.held.reduce((a, h) => a + h.flits, 0);
    this.status.className = `watch-status${f.over ? ' over' : ''}`;
    this.status.dataset.cycle = String(f.asked);
    this.status.dataset.over = f.over ?? '';
    this.status.textContent = `cycle ${f.asked}${f.end ? ` of ${f.end}` : ''}: ${s.active} worms active, ${inNet} flits in buffers, ${s.held.length} VCs held, ${s.blocked.length} headers blocked, ${s.delivered.length} deliveries in the last cycles; flits injected ${s.injected}, delivered ${s.ejected}${f.over ? `. The run is over: ${f.over}` : ''}${this.note}`;
    const name = (kind: string, node: number, port: number, index: number): string =>
      kind === 'network' ? `${t.format(node)} ${t.portName(port)} vc ${index}` : `${kind} ${t.format(node)} #${port}`;
    // an adaptive header's choice at the hop of a VC (src/web/watch/choices.ts), '' where it had none
    const choice = new Map(f.choices.map((c) => [`${c.worm} ${c.node} ${c.port}`, c.text]));
    const held = s.held
      .slice(0, ROWS)
      .map((h) => [
        h.worm,
        name(h.kind, h.node, h.port, h.index),
        h.flits,
        h.passed,
        h.kind === 'network' ? (choice.get(`${h.worm} ${h.node} ${h.port}`) ?? '') : '',
      ]);
    const blocked = s.blocked
      .slice(0, ROWS)
      .map((b) => [
        b.worm,
        name(b.kind, b.node, b.port, b.index),
        b.holder >= 0 ? `worm ${b.holder}` : 'free (granted next cycle)',
      ]);
    this.tables.replaceChildren(
      el(
        'p',
        { class: 'hint' },
        `VCs held (${s.held.length}${s.held.length > ROWS ? `, the first ${ROWS}` : ''}) and by whom:`,
      ),
      table(['worm', 'VC', 'flits buffered', 'flits passed', 'output chosen (adaptive)'], held, {
        'data-testid': 'watch-held',
      }),
      el(
        'p',
        { class: 'hint' },
        `headers blocked (${s.blocked.length}${s.blocked.length > ROWS ? `, the first ${ROWS}` : ''}):`,
      ),
      table(['worm', 'waits for', 'held by'], blocked, { 'data-testid': 'watch-blocked' }),
    );
    this.onFrame?.(f);
  }
}
