import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../src/commands/api/run.js';
import { removeTempDirs, runCli } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { signedIn } from './helpers/world.js';

// `tern api OPERATION`: any endpoint of the contract from the terminal, its list, help and validation generated
// from the contract, against the real server.

let server: TestServer;
let hotelier: string;
let agent: string;
let propertyId: string;

beforeAll(async () => {
  server = await startTestServer();
  hotelier = await signedIn(server, 'hotelier');
  agent = await signedIn(server, 'agent');
  const me = JSON.parse((await api(hotelier, ['auth.currentUser'])).stdout);
  propertyId = me.ternHotels[0].id;
});
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

const api = (configDir: string, argv: string[], stdin?: string) =>
  runCli(['api', ...argv, '--api-url', server.url], { configDir, ...(stdin === undefined ? {} : { stdin }) });

describe('tern api', () => {
  it('lists every operation of the contract, with its method, path and who may call it', async () => {
    const listed = await api(hotelier, ['--json']);
    expect(listed.code).toBe(0);
    const items = JSON.parse(listed.stdout) as { operation: string; method: string; access: unknown }[];
    expect(items.map((i) => i.operation)).toEqual(operations().map((o) => o.name));
    expect(items).toContainEqual(
      expect.objectContaining({
        operation: 'giftCards.typeSizes',
        method: 'GET',
        access: ['supplier', 'admin'],
      }),
    );
    const text = await api(hotelier, []);
    expect(text.stdout).toMatch(/^OPERATION\s+METHOD\s+PATH\s+WHO$/m);
    expect(text.stdout).toMatch(/^giftCards\.createType\s+POST\s+\S+\s+supplier, admin$/m);
  });

  it("shows an operation's help from the contract: path, who, and its fields", async () => {
    const help = await api(hotelier, ['giftCards.issue', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('giftCards.issue: POST /api/v1/');
    expect(help.stdout).toContain('Who may call it: supplier, admin; no API key');
    expect(help.stdout).toMatch(/Path fields:\n {2}id \(string, required\)/);
    expect(help.stdout).toMatch(/Body fields:[\s\S]*recipients \(array, required\)/);
  });

  it('calls an operation with fields, path, query and body filled from them; snake_case read too', async () => {
    const sizes = await api(hotelier, ['giftCards.typeSizes', '-F', `property_id=${propertyId}`]);
    expect(sizes.stderr).toBe('');
    expect(JSON.parse(sizes.stdout)).toEqual({ items: expect.any(Array) });
    const stores = JSON.parse(
      (await api(hotelier, ['stores.list', '-F', `propertyId=${propertyId}`])).stdout,
    );
    const dataFile = join(hotelier, 'type.json');
    await writeFile(
      dataFile,
      JSON.stringify({
        property_id: propertyId,
        giftcard_type: 2,
        title: 'Made by tern api',
        description: '<p>From the terminal</p>',
        price: 100,
        limit: 5,
        store_ids: [stores.items[0].id],
      }),
    );
    const created = await api(hotelier, [
      'giftCards.createType',
      '--data',
      `@${dataFile}`,
      '-f',
      'title=Raw 12',
    ]);
    expect(created.stderr).toBe('');
    const type = JSON.parse(created.stdout);
    expect(type).toMatchObject({ title: 'Raw 12', limit: 5 });
    const published = await api(hotelier, [
      'gift-cards.publish-type',
      '-F',
      `id=${type.id}`,
      '-F',
      `propertyId=${propertyId}`,
    ]);
    expect(published.stderr).toBe('');
    expect(JSON.parse(published.stdout)).toMatchObject({ id: type.id, status: 'published' });
  });

  it('refuses what the contract refuses before any call, naming every field at once', async () => {
    const bad = await api(hotelier, [
      'giftCards.createType',
      '-F',
      `propertyId=${propertyId}`,
      '-F',
      'price=-1',
    ]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('The contract refuses these fields:');
    expect(bad.stderr).toMatch(/^ {2}price: /m);
    expect(bad.stderr).toMatch(/^ {2}title: /m);
    const unknown = await api(hotelier, ['giftCards.publsh']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('No operation giftCards.publsh');
    const shape = await api(hotelier, ['giftCards.typeSizes', '-F', 'propertyId']);
    expect(shape.code).toBe(2);
    expect(shape.stderr).toContain('--field propertyId: use key=value');
  });

  it("answers with the server's refusal for a role that may not call it", async () => {
    const refused = await api(agent, ['giftCards.typeSizes', '-F', `propertyId=${propertyId}`]);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(/^Error: /);
  });

  it('writes a download where --out says, and asks for --out otherwise', async () => {
    const out = join(hotelier, 'cards.csv');
    const noOut = await api(hotelier, [
      'giftCards.export',
      '-F',
      `propertyId=${propertyId}`,
      '-F',
      'exportFormat=csv',
    ]);
    expect(noOut.code).toBe(2);
    expect(noOut.stderr).toContain('--out FILE');
    const written = await api(hotelier, [
      'giftCards.export',
      '-F',
      `propertyId=${propertyId}`,
      '-F',
      'exportFormat=csv',
      '--out',
      out,
      '--json',
    ]);
    expect(written.stderr).toBe('');
    expect(JSON.parse(written.stdout)).toMatchObject({ file: out, bytes: expect.any(Number) });
    expect((await readFile(out, 'utf8')).split('\n')[0]).toMatch(/code/i);
  });
});
