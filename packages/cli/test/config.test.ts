import { chmod, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigStore, resolveConfigDir, UserError } from '../src/index.js';
import { removeTempDirs, tempConfigDir } from './helpers/cli.js';

afterAll(removeTempDirs);

const io = (env: Record<string, string>, configDir?: string) => ({
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  env,
  isTTY: false,
  ...(configDir ? { configDir } : {}),
});

describe('ConfigStore', () => {
  it('creates the folder 0700 and the file 0600, and reads back what it wrote', async () => {
    const dir = join(await tempConfigDir(), 'nested', 'tern');
    const store = new ConfigStore(dir);
    expect(await store.load()).toEqual({});
    await store.save({
      apiUrl: 'http://127.0.0.1:4000',
      token: 't',
      exp: 1,
      email: 'a@b.test',
      deviceIdentifier: 'd',
    });
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    expect((await stat(store.file)).mode & 0o777).toBe(0o600);
    expect(await store.load()).toEqual({
      apiUrl: 'http://127.0.0.1:4000',
      token: 't',
      exp: 1,
      email: 'a@b.test',
      deviceIdentifier: 'd',
    });
    // No temporary file is left behind.
    expect(await readdir(dir)).toEqual(['config.json']);
  });

  it('replaces a file others could read with a private one', async () => {
    const dir = await tempConfigDir();
    await writeFile(join(dir, 'config.json'), '{}', { mode: 0o644 });
    await chmod(join(dir, 'config.json'), 0o644);
    await new ConfigStore(dir).save({ token: 't' });
    expect((await stat(join(dir, 'config.json'))).mode & 0o777).toBe(0o600);
  });

  it('keeps only known fields of the right type', async () => {
    const dir = await tempConfigDir();
    await writeFile(
      join(dir, 'config.json'),
      JSON.stringify({
        token: 42,
        exp: 'soon',
        email: 'a@b.test',
        extra: true,
        pendingChallenge: { email: 'x' },
      }),
    );
    const store = new ConfigStore(dir);
    expect(await store.load()).toEqual({ email: 'a@b.test' });
    await store.update((c) => ({ ...c, token: 'new' }));
    expect(JSON.parse(await readFile(store.file, 'utf8'))).toEqual({ email: 'a@b.test', token: 'new' });
  });

  it('refuses a file that is not JSON, naming it', async () => {
    const dir = await tempConfigDir();
    await writeFile(join(dir, 'config.json'), 'nope');
    const error = await new ConfigStore(dir).load().catch((e) => e);
    expect(error).toBeInstanceOf(UserError);
    expect(error).toMatchObject({ code: 'config_invalid' });
    expect(error.message).toContain(join(dir, 'config.json'));
  });

  it('says when the folder cannot be written', async () => {
    const parent = await tempConfigDir();
    await mkdir(join(parent, 'locked'), { mode: 0o500 });
    const error = await new ConfigStore(join(parent, 'locked', 'tern')).save({ token: 't' }).catch((e) => e);
    // root ignores permissions: then the save simply works.
    if (process.getuid?.() === 0) expect(error).toBeUndefined();
    else expect(error).toMatchObject({ code: 'config_unwritable' });
  });
});

describe('resolveConfigDir', () => {
  it('takes --config-dir, then TERN_CONFIG_DIR, then the injected one, then XDG, then ~/.config', () => {
    expect(resolveConfigDir(io({ TERN_CONFIG_DIR: '/env' }), '/flag')).toBe('/flag');
    expect(resolveConfigDir(io({ TERN_CONFIG_DIR: '/env', XDG_CONFIG_HOME: '/xdg' }, '/io'), undefined)).toBe(
      '/env',
    );
    expect(resolveConfigDir(io({ XDG_CONFIG_HOME: '/xdg' }, '/io'), undefined)).toBe('/io');
    expect(resolveConfigDir(io({ XDG_CONFIG_HOME: '/xdg/' }), undefined)).toBe('/xdg/tern');
    expect(resolveConfigDir(io({ HOME: '/home/me' }), undefined)).toBe('/home/me/.config/tern');
  });
});
