import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** Build the release wasm once per `vitest run`, so tests never see a stale module. */
export default function setup(): void {
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync('npx', ['asc', 'assembly/index.ts', '--target', 'release'], { cwd: root, stdio: 'inherit' });
}
