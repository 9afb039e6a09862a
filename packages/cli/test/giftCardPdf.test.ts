import { access, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, PASSWORD, removeTempDirs, runCli, signedInAt } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// `tern gift-cards pdf` writes a card's PDF, or its QR code, to a file (complete or not at all) or stdout.

let server: TestServer;
let propertyId: string;
let configDir: string;
let dir: string;
let card: { id: string; generatedId: string };

beforeAll(async () => {
  server = await startTestServer();
  const reply = await server.client().auth.signIn({
    body: { session: { email: demoEmail('hotelier'), password: PASSWORD, rememberMe: false } },
  });
  if (reply.type !== 'session') throw new Error('the hotelier got a code');
  const api: TernClient = server.client(reply.token);
  propertyId = (await api.auth.currentUser()).ternHotels[0]!.id;
  configDir = await signedInAt(server.url, 'hotelier');
  dir = await mkdtemp(join(tmpdir(), 'tern-gift-pdf-'));
  // A store of the property where stores exist (their area may come after this test), else any id.
  const storesArea = (
    api as unknown as { stores?: { list(i: unknown): Promise<{ items: { id: string }[] }> } }
  ).stores;
  const stores = storesArea ? await storesArea.list({ query: { propertyId } }).catch(() => null) : null;
  const storeId = stores?.items[0]?.id ?? '7b0e6f1c-2a4d-4c8e-9f1a-3d5b6c7e8f90';
  const type = await api.giftCards.createType({
    body: {
      propertyId,
      giftcardType: 2,
      title: 'PDF day',
      description: '<p>x</p>',
      price: 90,
      limit: 10,
      storeIds: [storeId],
      publish: true,
    },
  });
  const issued = await api.giftCards.issue({
    params: { id: type.id },
    body: { propertyId, recipients: [{ rowKey: 'a', name: 'Ann', email: 'a@example.com' }] },
  });
  card = issued.cards[0]!;
}, 120_000);
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

const tern = (argv: string[]) => runCli([...argv, '--api-url', server.url], { configDir });

describe('tern gift-cards pdf', () => {
  it('writes a card’s PDF, named by its code, to a file', async () => {
    const out = join(dir, 'card.pdf');
    const done = await tern([
      'gift-cards',
      'pdf',
      '--property',
      propertyId,
      '--card',
      card.generatedId.toLowerCase(),
      '--out',
      out,
      '--json',
    ]);
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    const bytes = await readFile(out);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(JSON.parse(done.stdout)).toEqual({ file: out, bytes: bytes.length });
    await expect(access(`${out}.part`)).rejects.toThrow();
  });

  it('prints the QR code as SVG by the card’s id, and refuses an unknown code', async () => {
    const done = await tern([
      'gift-cards',
      'pdf',
      '--property',
      propertyId,
      '--card',
      card.id,
      '--qr',
      '--format',
      'svg',
    ]);
    expect(done.code).toBe(0);
    expect(done.stdout).toMatch(/^<svg/);
    const missing = await tern(['gift-cards', 'pdf', '--property', propertyId, '--card', 'ZZZZZZZZZZZZ']);
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('No gift card ZZZZZZZZZZZZ');
  });
});
