import { WormcastError } from './errors.ts';

/*
 * The packages only some commands need (issue 23, docs/package.md "Optional packages"): they are
 * optional peer dependencies, so that `npm install wormcast` stays small (vega and vega-lite alone
 * were ~27 MB, bullmq and ioredis ~14 MB). A command that needs one imports it when it runs; when
 * it is missing, the user gets one line naming it and the install command, never a stack trace.
 * The ranges are package.json's peerDependencies (test/package.test.ts holds them equal).
 */

export const OPTIONAL_PACKAGES = {
  vega: { range: '^5.33.1', with: ['vega-lite'], serves: 'plot and report' },
  'vega-lite': { range: '^5.23.0', with: ['vega'], serves: 'plot and report' },
  '@resvg/resvg-wasm': { range: '^2.6.2', with: [], serves: 'plot -o fig.png' },
  pdfkit: { range: '^0.20.2', with: ['svg-to-pdfkit'], serves: 'plot -o fig.pdf' },
  'svg-to-pdfkit': { range: '^0.1.8', with: ['pdfkit'], serves: 'plot -o fig.pdf' },
  bullmq: { range: '^6.7.0', with: ['ioredis'], serves: 'sweep --queue and worker' },
  ioredis: { range: '^6.0.0', with: ['bullmq'], serves: 'sweep --queue and worker' },
} as const;

export type OptionalPackage = keyof typeof OPTIONAL_PACKAGES;

/** `npm install vega@^5.33.1 vega-lite@^5.23.0`: the package and those it goes with. */
export function installCommand(name: OptionalPackage): string {
  const names = [name, ...OPTIONAL_PACKAGES[name].with] as OptionalPackage[];
  return `npm install ${names.map((n) => `${n}@${OPTIONAL_PACKAGES[n].range}`).join(' ')}`;
}

/** Whether an import failed because `name` itself is not installed (not one of its own imports). */
function isMissing(e: unknown, name: string): boolean {
  const err = e as { code?: string; message?: string };
  if (err?.code !== 'ERR_MODULE_NOT_FOUND' && err?.code !== 'MODULE_NOT_FOUND') return false;
  return typeof err.message === 'string' && err.message.includes(`'${name}'`);
}

/**
 * Import an optional package: `load` is `() => import('vega')` (a literal specifier, so that
 * TypeScript types it and the package test sees the import).
 */
export async function importOptional<T>(name: OptionalPackage, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if (!isMissing(e, name)) throw e;
    throw new WormcastError(
      `${OPTIONAL_PACKAGES[name].serves} need${OPTIONAL_PACKAGES[name].serves.includes(' and ') ? '' : 's'} the package ${name}, which is not installed: ${installCommand(name)}`,
    );
  }
}
