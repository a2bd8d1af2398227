import { describe, expect, it } from 'vitest';
import { defaultInjection, resolveOptions } from '../src/engine/input.ts';
import { resolvePoint, simulateCommand, simulateConfig } from '../src/experiment/config/point-config.ts';
import { optionValueError } from '../src/experiment/config/schema.ts';

// Option injection (docs/model-flit.md "The source"): the engine's default, simulate's and
// experiments' defaults per algorithm, and the experiment-file key.
describe('option injection', () => {
  it('the engine defaults to back-to-back and refuses other values by name', () => {
    expect(resolveOptions({}).injection).toBe('back-to-back');
    expect(resolveOptions({ injection: 'after-tail' }).injection).toBe('after-tail');
    expect(() => resolveOptions({ injection: 'eager' as 'after-tail' })).toThrow(
      "engine option injection: 'eager' must be back-to-back or after-tail",
    );
  });

  it("simulate and experiments: back-to-back for unicast, after-tail (the seeds' one-port model) for multicasts", () => {
    expect(defaultInjection('unicast')).toBe('back-to-back');
    expect(defaultInjection('u-mesh')).toBe('after-tail');
    const unicast = resolvePoint({ topology: 'mesh:4x4', load: 0.1 });
    expect(unicast.injection).toBeUndefined();
    expect(simulateConfig(unicast, 1).options.injection).toBe('back-to-back');
    const multicast = resolvePoint({ topology: 'mesh:4x4', load: 0.1, algorithm: 'dual-path', dests: 4 });
    expect(simulateConfig(multicast, 1).options.injection).toBe('after-tail');
  });

  it('an experiment file may set it; the point runs with it and its command line says so', () => {
    expect(optionValueError('injection', 'after-tail', 'base')).toBeNull();
    expect(optionValueError('injection', 'eager', 'base')).not.toBeNull();
    const c = resolvePoint({ topology: 'mesh:4x4', load: 0.1, injection: 'after-tail' });
    expect(simulateConfig(c, 1).options.injection).toBe('after-tail');
    expect(simulateCommand(c, 1)).toContain('--injection after-tail');
  });

  it('vcRelease: tail-credit by default, tail-sent on request, from the command line and experiment files', () => {
    expect(resolveOptions({}).vcRelease).toBe('tail-credit');
    expect(() => resolveOptions({ vcRelease: 'never' as 'tail-sent' })).toThrow(
      "engine option vcRelease: 'never' must be tail-credit or tail-sent",
    );
    expect(optionValueError('vcRelease', 'tail-sent', 'base')).toBeNull();
    const c = resolvePoint({ topology: 'mesh:4x4', load: 0.1, vcRelease: 'tail-sent' });
    expect(simulateConfig(c, 1).options.vcRelease).toBe('tail-sent');
    expect(simulateCommand(c, 1)).toContain('--vc-release tail-sent');
    expect(simulateConfig(resolvePoint({ topology: 'mesh:4x4', load: 0.1 }), 1).options.vcRelease).toBeUndefined();
  });

  it('linkLatency: 1 by default, 1..16, from the command line and experiment files', () => {
    expect(resolveOptions({}).linkLatency).toBe(1);
    expect(resolveOptions({ linkLatency: 2 }).linkLatency).toBe(2);
    expect(() => resolveOptions({ linkLatency: 0 })).toThrow('engine option linkLatency: 0 must be an integer 1..16');
    expect(() => resolveOptions({ linkLatency: 1.5 })).toThrow(
      'engine option linkLatency: 1.5 must be an integer 1..16',
    );
    expect(optionValueError('linkLatency', 2, 'base')).toBeNull();
    expect(optionValueError('linkLatency', 0, 'base')).not.toBeNull();
    const c = resolvePoint({ topology: 'torus:4x4', load: 0.1, linkLatency: 2 });
    expect(simulateConfig(c, 1).options.linkLatency).toBe(2);
    expect(simulateCommand(c, 1)).toContain('--link-latency 2');
    const d = resolvePoint({ topology: 'torus:4x4', load: 0.1 });
    expect(simulateConfig(d, 1).options.linkLatency).toBeUndefined();
    expect(simulateCommand(d, 1)).not.toContain('--link-latency');
  });
});
