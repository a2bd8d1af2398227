import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command, Help } from 'commander';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { bin } from './cli.ts';
import { COMMANDS, commandOf } from '../src/cli/lazy-commands.ts';
import { buildProgram, main } from '../src/cli/main.ts';

/**
 * The CLI loads only the command named on the command line (src/cli/lazy-commands.ts, start-up
 * time: docs/package.md); `wormcast --help` is made from a table of help lines. These tests hold
 * the table equal to the commands' own definitions, so the lazy help is the eager help.
 */

/** Run main() in-process, capturing what it writes. */
async function capture(argv: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((s: string | Uint8Array) => {
    stdout += String(s);
    return true;
  });
  vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => {
    stderr += String(s);
    return true;
  });
  try {
    const status = await main(argv);
    return { status, stdout, stderr };
  } finally {
    vi.restoreAllMocks();
  }
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('lazy commands', () => {
  it.each(Object.keys(COMMANDS))("the help line of '%s' is the one its definition gives", async (name) => {
    const entry = COMMANDS[name]!;
    const program = new Command('wormcast');
    (await entry.load())(program);
    const sub = program.commands.find((c) => c.name() === name);
    expect(sub).toBeDefined();
    expect(new Help().subcommandTerm(sub!)).toBe(entry.term);
    expect(sub!.description()).toBe(entry.summary);
  });

  it('the table names every command the eager program registers, in its order', async () => {
    const eager = await buildProgram();
    expect(eager.commands.map((c) => c.name())).toEqual(Object.keys(COMMANDS));
  });

  it('wormcast --help prints what the program with every command loaded prints', async () => {
    const eager = (await buildProgram()).helpInformation();
    const lazy = await capture(['--help']);
    expect(lazy.status).toBe(0);
    expect(lazy.stdout).toBe(eager);
    expect(lazy.stdout).toMatch(/topology \[options\] <spec>\s+node count, degree/);
  });

  it("'help <command>' and '<command> --help' load the command and print its own help", async () => {
    const a = await capture(['help', 'topology']);
    const b = await capture(['topology', '--help']);
    expect(a.status).toBe(0);
    expect(a.stdout).toMatch(/^Usage: wormcast topology \[options\] <spec>/);
    expect(a.stdout).toMatch(/--json/);
    expect(b.stdout).toBe(a.stdout);
  });

  it('commandOf names the command to load, or none for options, unknown words and no words', () => {
    expect(commandOf(['topology', 'ccc:3'])).toBe('topology');
    expect(commandOf(['help', 'simulate'])).toBe('simulate');
    expect(commandOf(['--help'])).toBeUndefined();
    expect(commandOf(['--version'])).toBeUndefined();
    expect(commandOf([])).toBeUndefined();
    expect(commandOf(['help'])).toBeUndefined();
    expect(commandOf(['simulat'])).toBeUndefined();
    expect(commandOf(['toString'])).toBeUndefined(); // own properties only
  });

  it('an unknown command still gets a suggestion from the stubs, and a named command runs', async () => {
    const bad = await capture(['simulat']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/unknown command 'simulat'.*simulate/);
    const none = await capture([]);
    expect(none.status).toBe(2);
    expect(none.stderr).toMatch(/example, topology, route, analyze, plan, deadlock, verify, simulate/);
    const ok = await capture(['topology', 'ccc:3']);
    expect(ok.status).toBe(0);
    expect(ok.stdout).toBe('ccc:3: 24 nodes, degree 3, diameter 6, 36 links\n');
  });

  it('a process loads no command module for --help, and only the named one for a command', () => {
    // a module resolve hook registered before tsx prints every module the process resolves
    const dir = mkdtempSync(join(tmpdir(), 'wormcast-lazy-'));
    try {
      writeFileSync(
        join(dir, 'hooks.mjs'),
        'export async function resolve(s, c, next) { const r = await next(s, c); process.stderr.write(`LOADED ${r.url}\\n`); return r; }\n',
      );
      writeFileSync(
        join(dir, 'register.mjs'),
        `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)});\n`,
      );
      const loaded = (...args: string[]): string[] => {
        const r = spawnSync(
          process.execPath,
          ['--import', pathToFileURL(join(dir, 'register.mjs')).href, bin, ...args],
          { encoding: 'utf8', timeout: 60_000 },
        );
        expect(r.status).toBe(0);
        return [...r.stderr.matchAll(/^LOADED (.*)$/gm)].map((m) => m[1]!);
      };
      const help = loaded('--help');
      expect(help.some((u) => u.endsWith('/src/cli/main.ts'))).toBe(true);
      expect(help.filter((u) => u.includes('/src/cli/commands/') || u.includes('/node_modules/zod/'))).toEqual([]);
      const topology = loaded('topology', 'ccc:3');
      expect(
        topology.filter((u) => u.includes('/src/cli/commands/')).map((u) => u.replace(/.*\/src\//, 'src/')),
      ).toEqual(['src/cli/commands/topology.ts']);
      expect(topology.filter((u) => u.includes('/node_modules/zod/'))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
