import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, runCli, tempConfigDir } from './helpers/cli.js';

// `tern completion bash|zsh|fish`: scripts made from the command tree. The bash one is run in bash, as the shell
// runs it on Tab.

afterAll(removeTempDirs);

async function script(shell: string): Promise<string> {
  const result = await runCli(['completion', shell], { configDir: await tempConfigDir() });
  expect(result.stderr).toBe('');
  expect(result.code).toBe(0);
  return result.stdout;
}

/** What bash offers for `tern WORDS…` with the cursor on the last word. */
function complete(file: string, words: string[]): string[] {
  const array = ['tern', ...words].map((w) => `'${w}'`).join(' ');
  const out = execFileSync(
    'bash',
    [
      '-c',
      `source '${file}'; COMP_WORDS=(${array}); COMP_CWORD=${words.length}; _tern; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ],
    { encoding: 'utf8' },
  );
  return out.split('\n').filter(Boolean);
}

describe('tern completion', () => {
  it('completes commands, subcommands and options in bash, skipping option values', async () => {
    const file = join(await tempConfigDir(), 'tern.bash');
    await writeFile(file, await script('bash'));
    expect(complete(file, [''])).toEqual(
      expect.arrayContaining(['login', 'book', 'gift-cards', 'api', '--json']),
    );
    expect(complete(file, ['bo'])).toEqual(['book', 'bookings']);
    expect(complete(file, ['book', ''])).toEqual(expect.arrayContaining(['stay', 'car']));
    expect(complete(file, ['book', 'stay', '--check'])).toEqual(['--checkin', '--checkout']);
    // A flag's value is not a command: the path stays `book stay`.
    expect(complete(file, ['book', 'stay', '--checkin', '2030-01-01', '--acc'])).toEqual([
      '--accept-policies',
    ]);
    expect(complete(file, ['gift-cards', 'pdf', '--js'])).toEqual(['--json']);
  });

  it('makes zsh load the bash function, and fish a complete line per command and option', async () => {
    const zsh = await script('zsh');
    expect(zsh).toContain('autoload -U +X bashcompinit && bashcompinit');
    expect(zsh).toContain('complete -F _tern tern');
    const fish = await script('fish');
    expect(fish).toContain("complete -c tern -n '__fish_use_subcommand' -a 'book'");
    expect(fish).toMatch(
      /complete -c tern -n '__fish_seen_subcommand_from book; and not __fish_seen_subcommand_from stay car' -a 'stay'/,
    );
    expect(fish).toMatch(
      /complete -c tern -n '__fish_seen_subcommand_from book; and __fish_seen_subcommand_from stay' -l checkin/,
    );
  });

  it('refuses another shell as a usage error', async () => {
    const result = await runCli(['completion', 'tcsh'], { configDir: await tempConfigDir() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('name a shell: bash, zsh or fish');
  });
});
