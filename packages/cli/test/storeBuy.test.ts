import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TernClient } from '@tern/sdk';
import { SANDBOX_CARDS } from '@tern/sdk/sandboxPayments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, PASSWORD, removeTempDirs, runCli, tempConfigDir } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { newStoreType } from './helpers/storeType.js';

// `tern store buy` (issue 24): a purchase in the demo hotel's public store, scripted end to end in sandbox mode
// against the real server — cart prices, checkout (core's M31) with an Idempotency-Key, the sandbox payment
// page's API, the signed return's status checks (M33) until the cards are issued. A rerun with the same key buys
// nothing twice.

let server: TestServer;
let hotelier: TernClient;
let propertyId: string;
let configDir: string;
let recipients: string;

/** A published type of the demo store, with this many cards. */
const newType = (title: string, limit: number) => newStoreType(server, hotelier, propertyId, title, limit);

const buy = (typeId: string, extra: string[] = [], quantity = 2) =>
  runCli(
    [
      'store',
      'buy',
      '--api-url',
      server.url,
      '--store',
      'harbour-view',
      '--type',
      typeId,
      '--quantity',
      String(quantity),
      '--recipients',
      recipients,
      '--first-name',
      'Ada',
      '--last-name',
      'Lovelace',
      '--email',
      'ada@example.com',
      '--phone',
      '5551234',
      '--address',
      'Mýrargata 2, Reykjavík',
      ...extra,
    ],
    { configDir, pollMs: 400 },
  );
const issuedOf = async (typeId: string) =>
  (await hotelier.giftCards.getType({ params: { id: typeId }, query: { propertyId } })).issued;

beforeAll(async () => {
  server = await startTestServer();
  const reply = await server.client().auth.signIn({
    body: { session: { email: demoEmail('hotelier'), password: PASSWORD, rememberMe: false } },
  });
  if (reply.type !== 'session') throw new Error('the hotelier got a code');
  hotelier = server.client(reply.token);
  propertyId = (await server.db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!
    .id;
  configDir = await tempConfigDir();
  recipients = join(configDir, 'recipients.csv');
  await writeFile(
    recipients,
    'name,email,message\nAnna,anna@example.com,Happy birthday\nBo,bo@example.com\n',
  );
}, 120_000);
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

describe('tern store buy', () => {
  it('buys, pays and prints the issued cards; the same key again buys nothing twice', async () => {
    const typeId = await newType('Scripted night', 10);
    const key = ['--idempotency-key', 'store-buy-test-1'];
    const first = await buy(typeId, ['--card', SANDBOX_CARDS.pays, '--accept-terms', '--json', ...key]);
    expect(first.code, first.stderr).toBe(0);
    const result = JSON.parse(first.stdout) as {
      referenceNumber: string;
      status: string;
      total: number;
      cards: { generatedId: string; nameOfPerson: string; delivery: string; price: number }[];
    };
    expect(result).toMatchObject({
      status: 'issued',
      total: 60000,
      currency: 'ISK',
      idempotencyKey: 'store-buy-test-1',
    });
    expect(result.cards.map((c) => [c.nameOfPerson, c.delivery]).sort()).toEqual([
      ['Anna', 'email'],
      ['Bo', 'email'],
    ]);
    expect(first.stderr).toMatch(/^Holding 2 card\(s\) as /);
    expect(await issuedOf(typeId)).toBe(2);

    const again = await buy(typeId, ['--card', SANDBOX_CARDS.pays, '--accept-terms', '--json', ...key]);
    expect(again.code, again.stderr).toBe(0);
    const replay = JSON.parse(again.stdout) as typeof result;
    expect(replay.referenceNumber).toBe(result.referenceNumber);
    expect(replay.cards.map((c) => c.generatedId).sort()).toEqual(
      result.cards.map((c) => c.generatedId).sort(),
    );
    expect(await issuedOf(typeId)).toBe(2);

    // Text for people: the purchase and a row a card.
    const text = await buy(typeId, ['--card', SANDBOX_CARDS.pays, '--accept-terms', ...key]);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Purchase ${result.referenceNumber} at Harbour View Hotel: issued`);
    expect(text.stdout).toMatch(/CODE\s+CARD\s+FOR\s+DELIVERY\s+PRICE\s+VALID UNTIL/);
  });

  it('refuses before any hold: terms not accepted, a quantity the file does not have; a declined card buys nothing', async () => {
    const typeId = await newType('Refused night', 10);
    const terms = await buy(typeId, ['--card', SANDBOX_CARDS.pays, '--json']);
    expect(terms.code).not.toBe(0);
    expect(JSON.parse(terms.stdout).error).toMatchObject({ code: 'invalid_input' });
    expect(JSON.parse(terms.stdout).error.message).toContain('--accept-terms');
    const count = await buy(typeId, ['--card', SANDBOX_CARDS.pays, '--accept-terms'], 3);
    expect(count.code).not.toBe(0);
    expect(count.stderr).toContain('--quantity is 3 but');

    const declined = await buy(typeId, ['--card', SANDBOX_CARDS.declined, '--accept-terms', '--json']);
    expect(declined.code).not.toBe(0);
    expect(JSON.parse(declined.stdout).error).toMatchObject({ code: 'card_declined' });
    expect(await issuedOf(typeId)).toBe(0);
  });
});
