import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTextFile, writeFileWhole } from '../src/files.js';
import { removeTempDirs, runCli, tempConfigDir } from './helpers/cli.js';

// The files a user names: a folder that does not exist, a binary file where text is wanted — a user error naming
// the flag and the file (exit 1; a file that is not text is a usage error, exit 2; JSON with --json), never a stack trace or "a bug in tern", and before any call.

afterAll(removeTempDirs);

describe('files named on the command line', () => {
  it.each([
    ['gift-cards export', ['gift-cards', 'export', '--property', 'p', '--format', 'csv']],
    ['gift-cards pdf', ['gift-cards', 'pdf', '--property', 'p', '--card', 'ABC']],
    [
      'api',
      [
        'api',
        'giftCards.export',
        '-F',
        'propertyId=00000000-0000-4000-8000-000000000001',
        '-F',
        'exportFormat=csv',
      ],
    ],
  ])('%s --out into a folder that does not exist: a user error before any call', async (_name, argv) => {
    const configDir = await tempConfigDir();
    const out = join(configDir, 'no-such-folder', 'out.file');
    for (const json of [false, true]) {
      const result = await runCli([...argv, '--out', out, ...(json ? ['--json'] : [])], { configDir });
      expect(result.code).toBe(1);
      expect(result.stderr).toBe(`Error: --out ${out}: cannot write it (no such file or folder)\n`);
      if (json)
        expect(JSON.parse(result.stdout)).toMatchObject({ error: { kind: 'user', code: 'file_unwritable' } });
    }
  });

  it('refuses a binary file where text is wanted, before printing any of it', async () => {
    const configDir = await tempConfigDir();
    const binary = join(configDir, 'photo.csv');
    await writeFile(
      binary,
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0xff]),
    );
    const result = await runCli(
      ['gift-cards', 'issue', '--property', 'p', '--type', 't', '--recipients', binary],
      { configDir },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `Error: --recipients ${binary}: not a text file (use a UTF-8 text file: CSV, JSON or NDJSON)\n`,
    );
    await expect(readTextFile('--from-file', binary)).rejects.toThrow('not a text file');
    await expect(readTextFile('--from-file', join(configDir, 'missing.json'))).rejects.toThrow(
      'cannot read it (no such file or folder)',
    );
    const latin1 = join(configDir, 'latin1.csv');
    await writeFile(latin1, Buffer.from('J\xf3n,jon@example.com\n', 'latin1'));
    await expect(readTextFile('--recipients', latin1)).rejects.toThrow('not a text file');
  });

  it('writes a whole file through a .part renamed over it', async () => {
    const configDir = await tempConfigDir();
    const file = join(configDir, 'whole.txt');
    await writeFileWhole('--out', file, 'all of it');
    expect(await readFile(file, 'utf8')).toBe('all of it');
    await expect(writeFileWhole('--out', join(file, 'inside'), 'x')).rejects.toThrow(
      `--out ${join(file, 'inside')}: cannot write it (a part of the path is not a folder)`,
    );
  });
});
