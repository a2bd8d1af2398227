import { simulate } from '/work/wt-kt/src/experiment/config/simulate-options.ts';
const which = process.argv[2] ?? 'mesh';
const o: any = which === 'mesh'
  ? { topology: 'mesh:8x8', load: 0.2, vcs: 2, warmup: 10000, cycles: 10000 }
  : { topology: 'torus:16x16', load: 0.08, vcs: 2, tieBreak: 'random', dateline: 'booksim', warmup: 5000, cycles: 5000 };
Object.assign(o, { flits: 16, buffer: 8, routerDelay: 4, injection: 'back-to-back', vcRelease: 'tail-sent', self: true });
for (let i = 0; i < Number(process.argv[3] ?? 4); i++) {
  const t0 = process.cpuUsage();
  const r: any = await simulate(o);
  const c = process.cpuUsage(t0); console.log("user", (c.user/1000).toFixed(0), "sys", (c.system/1000).toFixed(0));
  console.log(which, ((c.user + c.system) / 1000).toFixed(0), 'ms cpu', (r.flitHops / ((c.user + c.system) / 1e6) / 1e6).toFixed(2), 'M fh/s', r.timing?.runCpuMs);
}
