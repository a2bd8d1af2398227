/**
 * Pointer gestures on the drawing (issue 24): a mouse drags to pan; on a touch screen one finger
 * moving up or down scrolls the page (the canvas is `touch-action: pan-y`, so the browser keeps
 * that gesture), a finger moving sideways pans the drawing, two fingers pinch to zoom and move to
 * pan. A tap or click picks a node; a long press (or shift-click) adds one.
 */
export interface GestureTarget {
  /** Move the view by this many CSS pixels. */
  pan(dx: number, dy: number): void;
  /** Zoom by factor k about this canvas point. */
  zoomAt(x: number, y: number, k: number): void;
  /** A tap, click or long press at a canvas point; `add` for shift-click and long press. */
  tap(x: number, y: number, add: boolean): void;
  /** The pointer is over this canvas point (mouse only). */
  hover(x: number, y: number): void;
}

/** Below this many px of movement, a press is a tap (not a drag). */
export const TAP_SLOP = 6;
/** A press held this long without moving is a long press (add a destination). */
export const LONG_PRESS_MS = 550;

export function wireGestures(c: HTMLCanvasElement, g: GestureTarget): void {
  const down = new Map<number, { x: number; y: number; x0: number; y0: number }>();
  let moved = false;
  let longTimer: ReturnType<typeof setTimeout> | undefined;
  let longFired = false;
  const local = (ev: PointerEvent | MouseEvent): { x: number; y: number } => {
    const r = c.getBoundingClientRect();
    return { x: ev.clientX - r.left, y: ev.clientY - r.top };
  };
  const stopLong = (): void => {
    if (longTimer !== undefined) clearTimeout(longTimer);
    longTimer = undefined;
  };
  c.addEventListener('pointerdown', (ev) => {
    down.set(ev.pointerId, { x: ev.clientX, y: ev.clientY, x0: ev.clientX, y0: ev.clientY });
    if (down.size === 1) {
      moved = false;
      longFired = false;
      if (ev.pointerType === 'touch') {
        const at = local(ev);
        longTimer = setTimeout(() => {
          longFired = true;
          g.tap(at.x, at.y, true);
        }, LONG_PRESS_MS);
      } else c.setPointerCapture(ev.pointerId);
    } else {
      // a second finger: a pinch, never a tap
      moved = true;
      stopLong();
    }
  });
  c.addEventListener('pointermove', (ev) => {
    const p = down.get(ev.pointerId);
    if (!p) {
      if (ev.pointerType === 'mouse') {
        const at = local(ev);
        g.hover(at.x, at.y);
      }
      return;
    }
    const dx = ev.clientX - p.x;
    const dy = ev.clientY - p.y;
    if (Math.hypot(ev.clientX - p.x0, ev.clientY - p.y0) > TAP_SLOP) {
      moved = true;
      stopLong();
    }
    if (down.size === 2) {
      // pinch: the distance between the fingers scales the view about their midpoint, which pans it
      const [a, b] = [...down.values()];
      const other = a === p ? b! : a!;
      const before = Math.hypot(p.x - other.x, p.y - other.y) || 1;
      const after = Math.hypot(ev.clientX - other.x, ev.clientY - other.y) || 1;
      const r = c.getBoundingClientRect();
      const mx = (ev.clientX + other.x) / 2 - r.left;
      const my = (ev.clientY + other.y) / 2 - r.top;
      g.pan(dx / 2, dy / 2);
      g.zoomAt(mx, my, after / before);
    } else if (down.size === 1 && moved && ev.buttons !== 0) g.pan(dx, dy);
    p.x = ev.clientX;
    p.y = ev.clientY;
  });
  const up = (ev: PointerEvent): void => {
    const p = down.get(ev.pointerId);
    down.delete(ev.pointerId);
    stopLong();
    if (!p || ev.type === 'pointercancel') return;
    if (down.size === 0 && !moved && !longFired) {
      const at = local(ev);
      g.tap(at.x, at.y, ev.shiftKey);
    }
  };
  c.addEventListener('pointerup', up);
  c.addEventListener('pointercancel', up);
  // a long press on a touch screen must not open the context menu over the drawing
  c.addEventListener('contextmenu', (ev) => {
    if (longFired) ev.preventDefault();
  });
  c.addEventListener(
    'wheel',
    (ev) => {
      ev.preventDefault();
      const at = local(ev);
      g.zoomAt(at.x, at.y, Math.exp(-ev.deltaY / 300));
    },
    { passive: false },
  );
}
