import type { TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedWith as refusal } from './helpers/refusal.js';
import { startTestServer, type TestServer } from './helpers/server.js';
import { until } from './helpers/until.js';

// Cards mailed when staff ask (issue 24, brief S5 §2): issuing with "send each card by e-mail now" mails each
// card it issues with its PDF, as a purchase does; the orders list's send mails one card again; each ask and
// each mail is in the card's history (its audit trail, read by the property's staff).

let server: TestServer;
let hotelier: TernClient;
let propertyId: string;
let typeId: string;

/** The gift-card mails of each code, with their attachments' names. */
const mailsOf = (codes: string[]) =>
  server.db.query<{ code: string; to: string; files: string[] }>(
    `select c.generated_id as code, m."to",
            array(select a.file_name from outbox_mail_attachments a where a.mail_id = m.id order by a.position) as files
       from outbox_mails m join gift_cards c on m.text like '%' || c.generated_id || '%'
      where m.kind = 'gift_card' and c.generated_id = any($1) order by c.generated_id, m.created_at`,
    [codes],
  );
const sendJobsDone = () =>
  until(
    () =>
      server.db.one<{ open: number }>(
        `select count(*)::int as open from jobs where kind = 'giftCard.send' and status in ('queued', 'running')`,
      ),
    (r) => r!.open === 0,
  );
const recipients = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => ({
    rowKey: `${prefix}-${i}`,
    name: `Guest ${i}`,
    email: `${prefix}${i}@example.com`,
  }));

beforeAll(async () => {
  server = await startTestServer({ jobs: { pollMs: 100 } });
  hotelier = server.client(await server.signIn('hotelier'));
  propertyId = (await server.db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!
    .id;
  const plan = (await server.db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by id limit 1',
    [propertyId],
  ))!;
  const type = await hotelier.giftCards.createType({
    body: {
      propertyId,
      title: 'Mailed stay',
      description: '<p>One night</p>',
      price: 150,
      limit: 20,
      storeIds: [
        (await server.db.one<{ id: string }>('select id from stores where property_id = $1 limit 1', [
          propertyId,
        ]))!.id,
      ],
      ratePlans: [{ roomTypeId: plan.unit_id, ratePlanId: plan.id }],
    },
  });
  typeId = type.id;
}, 180_000);
afterAll(() => server?.close());

describe('cards mailed when staff ask', () => {
  it('issuing with sendEmail mails each new card once with its PDF; a rerun mails none again', async () => {
    const rows = recipients('sent', 2);
    const issued = await hotelier.giftCards.issue({
      params: { id: typeId },
      body: { propertyId, recipients: rows, sendEmail: true },
    });
    const codes = issued.cards.map((c) => c.generatedId);
    await sendJobsDone();
    const mails = await mailsOf(codes);
    expect(mails.map((m) => [m.to, m.files])).toEqual(
      issued.cards
        .map((c) => [c.email, [`gift-card-${c.generatedId}.pdf`]])
        .sort((a, b) => String(a[1]).localeCompare(String(b[1]))),
    );
    const card = await hotelier.giftCards.get({ params: { id: issued.cards[0]!.id }, query: { propertyId } });
    expect(card.delivered).toBe(true);

    // The same rows again (a rerun), asking to send: nothing new is issued, nothing is mailed again.
    const again = await hotelier.giftCards.issue({
      params: { id: typeId },
      body: { propertyId, recipients: rows, sendEmail: true },
    });
    expect(again.created).toBe(0);
    await sendJobsDone();
    expect(await mailsOf(codes)).toHaveLength(2);
  });

  it('issuing without sendEmail mails nothing', async () => {
    const issued = await hotelier.giftCards.issue({
      params: { id: typeId },
      body: { propertyId, recipients: recipients('quiet', 1) },
    });
    await sendJobsDone();
    expect(await mailsOf(issued.cards.map((c) => c.generatedId))).toEqual([]);
    expect(issued.cards[0]!.delivered).toBe(false);
  });

  it('send mails a card again; its history says who asked and when each mail went', async () => {
    const [card] = (
      await hotelier.giftCards.issue({
        params: { id: typeId },
        body: { propertyId, recipients: recipients('resend', 1), sendEmail: true },
      })
    ).cards;
    await sendJobsDone();
    const sent = await hotelier.giftCards.sendEmail({ params: { id: card!.id }, body: { propertyId } });
    expect(sent.id).toBe(card!.id);
    await sendJobsDone();
    expect(await mailsOf([card!.generatedId])).toHaveLength(2);

    const history = await hotelier.giftCards.history({ params: { id: card!.id }, query: { propertyId } });
    expect(history.items.map((e) => [e.action, e.actorEmail])).toEqual([
      ['emailed', null],
      ['send_email', 'hotelier@demo.tern.test'],
      ['emailed', null],
      ['send_email', 'hotelier@demo.tern.test'],
    ]);
    expect(history.items[0]!.changes).toMatchObject({ email: { from: null, to: card!.email } });
    // Staff read who did it, not from where.
    expect(history.items[0]).not.toHaveProperty('ip');
    expect(history.meta.total).toBe(4);
  });

  it('send and history belong to the card’s property: another hotelier gets 404, an agent 403', async () => {
    const [card] = (await hotelier.giftCards.list({ query: { propertyId, giftCardTypeId: typeId } })).items;
    const rival = server.client(await server.signIn('hotelier2'));
    expect(
      (await refusal(rival.giftCards.sendEmail({ params: { id: card!.id }, body: { propertyId } }))).status,
    ).toBe(404);
    expect(
      (await refusal(rival.giftCards.history({ params: { id: card!.id }, query: { propertyId } }))).status,
    ).toBe(404);
    const agent = server.client(await server.signIn('agent'));
    expect(
      (await refusal(agent.giftCards.sendEmail({ params: { id: card!.id }, body: { propertyId } }))).status,
    ).toBe(403);
  });
});
