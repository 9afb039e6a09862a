import { firstOpenArrival } from '@tern/core/redemption';
import type { TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoEmail, PASSWORD, removeTempDirs, runCli, tempConfigDir } from './helpers/cli.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { newStoreType } from './helpers/storeType.js';

// `tern gift-cards redeem` (issue 25): core's M34 driven without a screen against the real server — a card of a
// type made here (one night, the demo hotel's first rate plan), booked from the first arrival the server says is
// open, seen as a gift-card booking, then refused a second time ("Gift certificates have already been used.").

let server: TestServer;
let hotelier: TernClient;
let propertyId: string;
let configDir: string;

/** A card of a new one-night type at Harbour View, issued through the staff API. */
async function newCard(title: string): Promise<string> {
  const typeId = await newStoreType(server, hotelier, propertyId, title, 5);
  const issued = await hotelier.giftCards.issue({
    params: { id: typeId },
    body: {
      propertyId,
      recipients: [{ rowKey: title.replace(/\s/g, '-'), name: 'Anna', email: 'anna@example.com' }],
    },
  });
  return issued.cards[0]!.generatedId;
}

/** The first arrival the server says the card can take (no day of the demo world assumed): core's rule. */
async function firstOpen(code: string): Promise<string> {
  const open = await server.client().redemption.closedDates({ params: { code }, query: { propertyId } });
  const day = firstOpenArrival(open);
  if (!day) throw new Error(`No open arrival for ${code}: ${JSON.stringify(open)}`);
  return day;
}

const redeem = (code: string, checkin: string, extra: string[] = []) =>
  runCli(
    [
      'gift-cards',
      'redeem',
      code,
      '--api-url',
      server.url,
      '--checkin',
      checkin,
      '--name',
      'Anna',
      '--surname',
      'Jónsdóttir',
      '--email',
      'anna@example.com',
      '--nationality',
      'IS',
      '--phone',
      '5551234',
      ...extra,
    ],
    { configDir, pollMs: 100 },
  );

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
}, 120_000);
afterAll(async () => {
  await server?.close();
  await removeTempDirs();
});

describe('tern gift-cards redeem', () => {
  it('books the card’s stay on a plain rate, as a gift-card booking; the card cannot book twice', async () => {
    const code = await newCard('Scripted redemption');
    const checkin = await firstOpen(code);

    // A code typed with dashes and in lower case is the same card.
    const typed = `${code.slice(0, 4)}-${code.slice(4, 8)}-${code.slice(8)}`.toLowerCase();
    const done = await redeem(typed, checkin, ['--json']);
    expect(done.code, done.stderr).toBe(0);
    const stay = JSON.parse(done.stdout) as { reservationId: string; arrivalDate: string; status: string };
    expect(stay).toMatchObject({ arrivalDate: checkin, status: 'new' });

    const booking = await server.db.one<{ source: string; status: string }>(
      `select b.source, b.status from bookings b join gift_cards c on c.id = b.gift_card_id where c.generated_id = $1`,
      [code],
    );
    expect(booking).toEqual({ source: 'gift_card', status: 'new' });

    const again = await redeem(code, checkin, ['--json']);
    expect(again.code).not.toBe(0);
    expect(JSON.parse(again.stdout).error.message).toContain('Gift certificates have already been used');
  });

  it('says what is wrong before booking: a code that is no card’s, a nationality that is no country', async () => {
    const unknown = await redeem('ZZZZ-ZZZZ-ZZZZ', '2030-01-01', ['--json']);
    expect(unknown.code).not.toBe(0);
    expect(JSON.parse(unknown.stdout).error.message).toContain('Gift certificate not found!');

    const code = await newCard('Refused redemption');
    const wrong = await redeem(code, await firstOpen(code), ['--nationality', 'Iceland', '--json']);
    expect(wrong.code).not.toBe(0);
    expect(JSON.parse(wrong.stdout).error).toMatchObject({ code: 'invalid_input' });
    expect(JSON.parse(wrong.stdout).error.message).toContain('nationality: Choose a country');
  });
});
