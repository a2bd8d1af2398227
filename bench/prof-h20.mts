import { simulate } from '/work/wt-kt/src/experiment/config/simulate-options.ts';
const r: any = await simulate({ topology: 'hypercube:20', load: 0.05, cycles: Number(process.argv[2] ?? 100), warmup: 0, drain: 0 } as any);
console.log(r.status, r.flitHops, r.timing);
