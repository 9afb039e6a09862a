import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { exampleOf } from '../src/helpText.js';
import { buildProgram } from '../src/program.js';
import { Collector, runCli, tempConfigDir } from './helpers/cli.js';

// Each command's help lists the inherited (global) options and an example, as gh's does.

const program = buildProgram({
  stdin: process.stdin,
  stdout: new Collector(false),
  stderr: new Collector(false),
  env: {},
  isTTY: false,
  configDir: '/nonexistent',
});

function leaves(command: Command, path: string[] = []): [string[], Command][] {
  return command.commands.flatMap((sub) => {
    const here = [...path, sub.name()];
    return sub.commands.length ? leaves(sub, here) : [[here, sub] as [string[], Command]];
  });
}

const flagsOf = (command: Command): Set<string> => {
  const names = new Set<string>();
  for (let c: Command | null = command; c; c = c.parent)
    for (const option of c.options) {
      if (option.long) names.add(option.long);
      if (option.negate && option.long) names.add(option.long);
    }
  return names;
};

describe('command help', () => {
  it.each(leaves(program).map(([path, command]) => [path.join(' '), command] as const))(
    'tern %s: its example starts with its path and names only its own or global flags',
    (path, command) => {
      const example = exampleOf(command);
      expect(example.replace(/^TERN_TOKEN=\$\(tern auth token\) .*/, `tern ${path}`)).toMatch(
        new RegExp(`^tern ${path}( |$)`),
      );
      const known = flagsOf(command);
      for (const flag of example.match(/(?<=\s)--[a-z][a-z-]*/g) ?? [])
        expect(known, `${path}: ${flag}`).toContain(flag);
    },
  );

  it('shows the global options and the example under a subcommand’s own', async () => {
    const configDir = await tempConfigDir();
    const help = await runCli(['bookings', 'list', '--help'], { configDir });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Options:[\s\S]*--status[\s\S]*Global Options:[\s\S]*--api-url[\s\S]*--json/);
    expect(help.stdout).toContain('Example:\n  $ tern bookings list --from 2026-06-01');
    const generated = await runCli(['bookings', 'history', '--help'], { configDir });
    expect(generated.stdout).toContain('Example:\n  $ tern bookings history BOOKING');
  });
});
