import { addDays, deviceTimeZone, deviceToday, instantOf } from '@tern/core/dates';
import { formatInstant } from '@tern/core/format';
import { createClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTempDirs, runCli, signedInAt } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// `tern api-keys`: an agent makes a key for a backend (printed once), lists keys masked, disables one.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

describe('tern api-keys', () => {
  it('creates a key printed whole once, lists it masked, and disables it (asking first, --yes without a terminal)', async () => {
    const configDir = await signedInAt(server.url, 'agent');
    const at = ['--api-url', server.url];
    const blank = await runCli(['api-keys', 'create', '  ', ...at], { configDir });
    expect(blank.code).toBe(2);
    expect(blank.stderr).toContain('Give the key a name');
    const made = await runCli(['api-keys', 'create', 'CI backend', ...at, '--json'], { configDir });
    expect(made.code).toBe(0);
    const key = JSON.parse(made.stdout) as { id: string; token: string; last6: string };
    expect(key.token).toMatch(/^tern_/);
    // The key works for a backend.
    const backend = createClient({ baseUrl: server.url, apiKey: key.token, retries: 0 });
    await expect(backend.bookings.list({ query: {} })).resolves.toBeDefined();

    const listed = await runCli(['api-keys', 'list', ...at], { configDir });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`••••••••••${key.last6}`);
    expect(listed.stdout).not.toContain(key.token);

    const unasked = await runCli(['api-keys', 'disable', key.id, ...at], { configDir });
    expect(unasked.code).toBe(1);
    expect(unasked.stderr).toContain('--yes');
    const disabled = await runCli(['api-keys', 'disable', key.id, '--yes', ...at, '--json'], { configDir });
    expect(disabled.code).toBe(0);
    expect(JSON.parse(disabled.stdout)).toMatchObject({ id: key.id, active: false });
    await expect(backend.bookings.list({ query: {} })).rejects.toMatchObject({ status: 401 });

    const again = await runCli(
      ['api-keys', 'disable', '00000000-0000-4000-8000-000000000000', '--yes', ...at],
      {
        configDir,
      },
    );
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('no API key');
  });

  it('makes a key with a scope and a last day, lists both, and refuses a scope or day it cannot take', async () => {
    const configDir = await signedInAt(server.url, 'agent');
    const at = ['--api-url', server.url];
    const wrongScope = await runCli(['api-keys', 'create', 'Reports', '--scope', 'write', ...at], {
      configDir,
    });
    expect(wrongScope.code).toBe(2);
    expect(wrongScope.stderr).toContain('--scope read or --scope book');
    const past = await runCli(['api-keys', 'create', 'Reports', '--last-day', '2020-01-01', ...at], {
      configDir,
    });
    expect(past.code).toBe(2);
    expect(past.stderr).toContain('--last-day');
    const lastDay = addDays(deviceToday(), 30);
    const made = await runCli(
      ['api-keys', 'create', 'Reports', '--scope', 'book', '--last-day', lastDay, ...at, '--json'],
      { configDir },
    );
    expect(made.code).toBe(0);
    const key = JSON.parse(made.stdout) as { scope: string; expiresAt: string; last6: string };
    expect(key.scope).toBe('book');
    expect(key.expiresAt).toBe(instantOf(addDays(lastDay, 1), deviceTimeZone()).toISOString());
    const listed = await runCli(['api-keys', 'list', ...at], { configDir });
    const line = listed.stdout.split('\n').find((l) => l.includes(key.last6))!;
    expect(line).toContain('book');
    // Instants as the other lists write them (core's formatInstant, DD/MM/YYYY HH:mm), not raw ISO.
    expect(line).toContain(formatInstant(key.expiresAt, deviceTimeZone()));
    expect(line).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(line).toContain('active');
    // --json keeps the ISO instants of the API.
    const json = await runCli(['api-keys', 'list', ...at, '--json'], { configDir });
    const listedKey = (
      JSON.parse(json.stdout) as { items: { last6: string; expiresAt: string; createdAt: string }[] }
    ).items.find((k) => k.last6 === key.last6)!;
    expect(listedKey.expiresAt).toBe(key.expiresAt);
    expect(listedKey.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    const plain = await runCli(['api-keys', 'create', 'Plain', ...at, '--json'], { configDir });
    expect(JSON.parse(plain.stdout)).toMatchObject({ scope: 'read', expiresAt: null });
  });

  it('is an agent’s: a hotelier is told so', async () => {
    const configDir = await signedInAt(server.url, 'hotelier');
    const reply = await runCli(['api-keys', 'list', '--api-url', server.url, '--json'], { configDir });
    expect(reply.code).toBe(1);
    expect(JSON.parse(reply.stdout).error.status).toBe(403);
  });
});
