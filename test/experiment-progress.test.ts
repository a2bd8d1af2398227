import { describe, expect, it } from 'vitest';
import type { StoredPoint } from '../src/experiment/sweep/store.ts';
import { sweepProgress } from '../src/experiment/sweep/sweep-progress.ts';

/** A finished point as the progress lines read it. */
const point = (saturated: boolean) =>
  ({
    replications: [{}, {}, {}],
    run: { wallMs: 1234 },
    summary: {
      metrics: { meanLatency: { mean: saturated ? 1054.8 : 50.137, halfWidth: 0.281, lo: 0, hi: 0, n: 3, sd: 0 } },
      saturated,
      saturation: [],
      incomplete: [],
      ci: null,
      batchMeans: null,
      saturatedReplications: saturated ? 3 : 0,
    },
  }) as unknown as StoredPoint;

function sink(isTTY: boolean) {
  const s = {
    isTTY,
    columns: 120,
    text: '',
    write(x: string) {
      s.text += x;
      return true;
    },
  };
  return s;
}

describe('sweep progress on stderr', () => {
  it('without a terminal (or --quiet): one line per finished point, saturated latency marked', () => {
    const out = sink(false);
    const p = sweepProgress(false, out);
    p.start(2, 3, 2);
    p.started('load=0.05');
    p.finished(point(false), 'load=0.05');
    p.finished(point(true), 'load=0.35');
    p.stop();
    expect(out.text).toBe(
      [
        'sweep: 2 points to run, 3 already in the result file, 2 workers',
        'sweep [1/2] load=0.05: meanLatency 50.14 ± 0.28 (3 replications) 1.2 s',
        'sweep [2/2] load=0.35: meanLatency saturated (>= 1054.8) (3 replications) 1.2 s',
        '',
      ].join('\n'),
    );
    const q = sink(true);
    sweepProgress(true, q).start(1, 0, 1);
    expect(q.text).toBe('sweep: 1 point to run, 1 worker\n');
  });
  it('on a terminal: a bar with points done, ETA and the point in progress, erased at the end', async () => {
    const out = sink(true);
    const p = sweepProgress(false, out);
    p.start(3, 0, 2);
    p.started('load=0.1');
    p.started('load=0.2');
    // the bar redraws at most 5 times a second
    await new Promise((r) => setTimeout(r, 250));
    p.finished(point(false), 'load=0.1');
    await new Promise((r) => setTimeout(r, 250));
    p.stop();
    expect(out.text).toContain('0/3 points | ETA');
    expect(out.text).toContain('| load=0.1 (+1 running)');
    expect(out.text).toContain('1/3 points');
    expect(out.text).toContain('| load=0.2');
    expect(out.text.endsWith('\u001b[2K')).toBe(true);
  });
});
