import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { todayIn } from '@tern/core/dates';
import {
  ApiError,
  createClient,
  type GiftCardPurchaseCreateBody,
  type GiftCardTypeCreateBody,
  type TernClient,
} from '@tern/sdk';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftedClock } from '../src/clock.js';
import type { Db } from '../src/db/db.js';
import { migrate } from '../src/db/migrate.js';
import { openPglite } from '../src/db/pglite.js';
import { startServer } from '../src/server.js';
import { newGiftCardCode } from '../src/services/giftCards/codes.js';
import { cardBookingUrl } from '../src/services/giftCards/pdf.js';
import {
  PURCHASE_ZIP_JOB,
  purchaseIssueJob,
  purchaseZipJob,
  type RenderCardPdf,
} from '../src/services/giftCards/purchases.js';
import { sweep } from '../src/services/housekeeping.js';
import {
  BACKOFF_BASE,
  claimJob,
  completeJob,
  enqueueJob,
  failJob,
  reapJobs,
  renewLease,
} from '../src/services/jobs/queue.js';
import {
  demoEmail,
  PASSWORD,
  startTestServer,
  TEST_PASSWORD_COST,
  type TestServer,
} from './helpers/server.js';
import { templateDump } from './helpers/templates.js';
import { openTestDbFrom } from './helpers/testDb.js';

// Gift card purchases (document 3 §2.3, §4 M26/M27, §5, §7; DECISIONS 14, 21, 23): made with the issue form,
// listed with search, status, days and sort; marked paid; recipients edited while pending; marked issued — the
// stock taken at once (409 when short), one job however many calls race — and each recipient mailed their card
// by the job, which survives a restart. The queue itself: claims skip what another holds, a lease run out hands
// the job to another worker, failures back off. Another property's staff reach nothing.

let server: TestServer;
let hotelier: TernClient;
let rival: TernClient;
let propertyId: string;
let timezone: string;
let plan: { roomTypeId: string; ratePlanId: string };
let STORE: string;

const refusal = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError)
      return { status: error.status, code: error.code, fields: error.fields, params: error.params };
    throw error;
  }
  throw new Error('expected a refusal');
};
const typeBody = (over: Partial<GiftCardTypeCreateBody> = {}): GiftCardTypeCreateBody => ({
  propertyId,
  title: 'A night by the harbour',
  description: '<p>Breakfast included</p>',
  price: 200,
  limit: 20,
  storeIds: [STORE],
  ratePlans: [plan],
  publish: true,
  ...over,
});
const people = (n: number, prefix = 'guest') =>
  Array.from({ length: n }, (_, i) => ({
    name: `${prefix} ${i + 1}`,
    email: `${prefix}${i + 1}@example.com`,
  }));
const purchaseBody = (
  giftCardTypeId: string,
  over: Partial<GiftCardPurchaseCreateBody> = {},
): GiftCardPurchaseCreateBody => ({
  propertyId,
  giftCardTypeId,
  name: 'Acme Travel',
  email: 'buyer@acme.example',
  netPrice: 150,
  quantity: 3,
  purchaseState: 'unpaid',
  recipientsInfo: people(3),
  ...over,
});

async function until<T>(
  read: () => Promise<T>,
  done: (v: T) => boolean,
  ms = 30_000,
  every = 100,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`not in time: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** A purchase of a new type's cards, marked issued, once its job has issued them. */
async function issuedPurchase(title: string, over: Partial<GiftCardPurchaseCreateBody>) {
  const type = await hotelier.giftCards.createType({ body: typeBody({ title }) });
  const p = await hotelier.giftCardPurchases.create({ body: purchaseBody(type.id, over) });
  await hotelier.giftCardPurchases.markIssued({ params: { id: p.id }, body: { propertyId } });
  await until(
    () => hotelier.giftCardPurchases.get({ params: { id: p.id }, query: { propertyId } }),
    (x) => x.issuedStatus === 'issued',
  );
  return { type, p };
}

/** A download as the client hands it back (the contract's file replies). */
type Download = { blob: Blob; fileName: string | null };

/** The purchase mails each card got (outbox rows naming the card's code). */
const mailsOf = (db: Db, purchaseId: string) =>
  db.query<{ code: string; to: string; mails: number }>(
    `select c.generated_id as code, c.email as "to",
            (select count(*)::int from outbox_mails m where m.kind = 'gift_card' and m.text like '%' || c.generated_id || '%') as mails
       from gift_cards c where c.purchase_id = $1 order by c.row_key`,
    [purchaseId],
  );

beforeAll(async () => {
  server = await startTestServer({ jobs: { pollMs: 100 } });
  hotelier = server.client(await server.signIn('hotelier'));
  rival = server.client(await server.signIn('hotelier2'));
  const property = (await server.db.one<{ id: string; timezone: string }>(
    `select id, timezone from properties where key = 'harbour-view'`,
  ))!;
  propertyId = property.id;
  timezone = property.timezone;
  const row = (await server.db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by id limit 1',
    [propertyId],
  ))!;
  plan = { roomTypeId: row.unit_id, ratePlanId: row.id };
  STORE = (await server.db.one<{ id: string }>('select id from stores where property_id = $1 limit 1', [
    propertyId,
  ]))!.id;
}, 180_000);
afterAll(() => server?.close());

describe('purchases', () => {
  it('are made with the issue form: pending, paid or unpaid, a single card paid; bad input is refused', async () => {
    const type = await hotelier.giftCards.createType({ body: typeBody() });
    const made = await hotelier.giftCardPurchases.create({ body: purchaseBody(type.id) });
    expect(made).toMatchObject({
      status: 'initiated',
      issuedStatus: 'pending',
      quantity: 3,
      netPrice: 150,
      totalAmount: 450,
      fullName: 'Acme Travel',
      email: 'buyer@acme.example',
      title: 'A night by the harbour',
      orderRecipients: people(3),
      products: [{ name: 'A night by the harbour', quantity: 3 }],
      recipients: 0,
      emailSent: false,
    });
    expect(made.generatedId).toMatch(/^[2-9A-HJKMNP-Z]{12}$/);
    // Nothing is taken from the stock before it is issued.
    expect((await hotelier.giftCards.getType({ params: { id: type.id }, query: { propertyId } })).stock).toBe(
      20,
    );

    const single = await refusal(
      hotelier.giftCardPurchases.create({
        body: purchaseBody(type.id, { quantity: 1, recipientsInfo: people(1) }),
      }),
    );
    expect(single).toMatchObject({
      status: 400,
      fields: [expect.objectContaining({ field: 'purchaseState' })],
    });
    const rows = await refusal(
      hotelier.giftCardPurchases.create({ body: purchaseBody(type.id, { recipientsInfo: people(2) }) }),
    );
    expect(rows).toMatchObject({
      status: 400,
      fields: [expect.objectContaining({ field: 'recipientsInfo' })],
    });
    const badMail = await refusal(
      hotelier.giftCardPurchases.create({
        body: purchaseBody(type.id, { recipientsInfo: [...people(2), { name: 'X', email: 'not-mail' }] }),
      }),
    );
    expect(badMail.status).toBe(400);
    const past = await refusal(
      hotelier.giftCardPurchases.create({
        body: purchaseBody(type.id, { customExpirationDate: '2020-01-01' }),
      }),
    );
    expect(past).toMatchObject({
      status: 400,
      fields: [expect.objectContaining({ field: 'customExpirationDate', code: 'expiration_past' })],
    });
    const tooMany = await refusal(
      hotelier.giftCardPurchases.create({
        body: purchaseBody(type.id, { quantity: 21, recipientsInfo: [] }),
      }),
    );
    expect(tooMany).toMatchObject({ status: 409, code: 'out_of_stock', params: { stock: 20, asked: 21 } });

    const paidOne = await hotelier.giftCardPurchases.create({
      body: purchaseBody(type.id, { quantity: 1, purchaseState: 'paid', recipientsInfo: [] }),
    });
    expect(paidOne).toMatchObject({ status: 'paid', orderRecipients: [] });
  });

  it('are listed 10 a page, searched, filtered by status and days, sorted', async () => {
    const type = await hotelier.giftCards.createType({ body: typeBody({ title: 'Listing spa day' }) });
    for (let i = 0; i < 11; i++)
      await hotelier.giftCardPurchases.create({
        body: purchaseBody(type.id, {
          name: `Lister ${i}`,
          netPrice: 100 + i,
          quantity: 2,
          recipientsInfo: [],
          purchaseState: i % 2 ? 'paid' : 'unpaid',
        }),
      });
    const page = await hotelier.giftCardPurchases.list({ query: { propertyId, term: 'spa day' } });
    expect(page.meta).toMatchObject({ page: 1, limit: 10, total: 11 });
    expect(page.items).toHaveLength(10);
    expect(page.items[0]!.fullName).toBe('Lister 10'); // newest first
    const paid = await hotelier.giftCardPurchases.list({
      query: { propertyId, term: 'spa day', status: 'paid' },
    });
    expect(paid.meta.total).toBe(5);
    expect(paid.items.every((p) => p.status === 'paid')).toBe(true);
    const byTotal = await hotelier.giftCardPurchases.list({
      query: { propertyId, term: 'spa day', orderBy: 'total_amount', orderDirection: 'asc', limit: 3 },
    });
    expect(byTotal.items.map((p) => p.totalAmount)).toEqual([200, 202, 204]);
    const today = todayIn(timezone, server.clock.now());
    const ofToday = await hotelier.giftCardPurchases.list({
      query: { propertyId, term: 'Lister 3', soldFrom: today, soldTo: today },
    });
    expect(ofToday.meta.total).toBe(1);
    const tomorrow = new Date(Date.parse(`${today}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(
      (await hotelier.giftCardPurchases.list({ query: { propertyId, term: 'Lister', soldFrom: tomorrow } }))
        .meta.total,
    ).toBe(0);
    const backwards = await refusal(
      hotelier.giftCardPurchases.list({ query: { propertyId, soldFrom: tomorrow, soldTo: today } }),
    );
    expect(backwards.status).toBe(400);
    // By a recipient's e-mail.
    const mine = await hotelier.giftCardPurchases.create({
      body: purchaseBody(type.id, { recipientsInfo: people(3, 'findme') }),
    });
    const found = await hotelier.giftCardPurchases.list({ query: { propertyId, term: 'findme2@example' } });
    expect(found.items.map((p) => p.id)).toEqual([mine.id]);
  });

  it('from the store are listed as such with their checkout reference, and filtered by source', async () => {
    const type = await hotelier.giftCards.createType({ body: typeBody({ title: 'Sourced sauna' }) });
    const office = await hotelier.giftCardPurchases.create({ body: purchaseBody(type.id) });
    // A paid store checkout's purchase, as the checkout's settling writes it (migration 059).
    const reference = newGiftCardCode();
    const now = server.clock.now();
    const checkout = await server.db.one<{ id: string }>(
      `insert into store_checkouts (reference_number, store_id, property_id, locale, currency, total, status,
              hold_expires_at, first_name, last_name, address, phone, email, paid_at)
       values ($1, $2, $3, 'en', 'ISK', 200, 'paid', $4, 'Anna', 'Jónsdóttir', 'Laugavegur 1', '5551234',
               'anna@example.test', $4)
       returning id`,
      [reference, STORE, propertyId, now],
    );
    const stored = await server.db.one<{ id: string }>(
      `insert into gift_card_purchases (generated_id, property_id, gift_card_type_id, status, quantity, net_price,
              total_amount, full_name, email, recipients, paid_at, source, store_checkout_id, created_at, updated_at)
       values ($1, $2, $3, 'paid', 1, 200, 200, 'Anna Jónsdóttir', 'anna@example.test', '[]'::jsonb, $4, 'store',
               $5, $4, $4)
       returning id`,
      // A second after the back office's, so the list's newest first is the store's.
      [newGiftCardCode(), propertyId, type.id, new Date(now.getTime() + 1000), checkout!.id],
    );
    const all = await hotelier.giftCardPurchases.list({ query: { propertyId, term: 'Sourced sauna' } });
    expect(all.items.map((p) => [p.id, p.source, p.referenceNumber])).toEqual([
      [stored!.id, 'store', reference],
      [office.id, 'back_office', null],
    ]);
    const ofStore = await hotelier.giftCardPurchases.list({
      query: { propertyId, term: 'Sourced sauna', source: 'store' },
    });
    expect(ofStore.items.map((p) => p.id)).toEqual([stored!.id]);
    const ofOffice = await hotelier.giftCardPurchases.list({
      query: { propertyId, term: 'Sourced sauna', source: 'back_office' },
    });
    expect(ofOffice.items.map((p) => p.id)).toEqual([office.id]);
    expect(
      await hotelier.giftCardPurchases.get({ params: { id: stored!.id }, query: { propertyId } }),
    ).toMatchObject({ source: 'store', referenceNumber: reference, status: 'paid' });
    expect(
      (await refusal(hotelier.giftCardPurchases.list({ query: { propertyId, source: 'web' as never } })))
        .status,
    ).toBe(400);
  });

  it('are marked paid once, and their recipients change only while pending', async () => {
    const type = await hotelier.giftCards.createType({ body: typeBody({ title: 'Paid and edited' }) });
    const p = await hotelier.giftCardPurchases.create({ body: purchaseBody(type.id) });
    expect(await hotelier.giftCardPurchases.markPaid({ params: { id: p.id }, body: { propertyId } })).toEqual(
      {
        status: 'paid',
        issuedStatus: 'pending',
      },
    );
    expect(
      await refusal(hotelier.giftCardPurchases.markPaid({ params: { id: p.id }, body: { propertyId } })),
    ).toMatchObject({ status: 409, code: 'purchase_paid' });
    const changed = await hotelier.giftCardPurchases.updateRecipients({
      params: { id: p.id },
      body: { propertyId, recipientsInfo: people(3, 'other') },
    });
    expect(changed.orderRecipients).toEqual(people(3, 'other'));
    const none = await hotelier.giftCardPurchases.updateRecipients({
      params: { id: p.id },
      body: { propertyId, recipientsInfo: [] },
    });
    expect(none.orderRecipients).toEqual([]);
    const wrongCount = await refusal(
      hotelier.giftCardPurchases.updateRecipients({
        params: { id: p.id },
        body: { propertyId, recipientsInfo: people(2) },
      }),
    );
    expect(wrongCount).toMatchObject({
      status: 400,
      fields: [expect.objectContaining({ field: 'recipientsInfo' })],
    });
    await hotelier.giftCardPurchases.markIssued({ params: { id: p.id }, body: { propertyId } });
    const late = await refusal(
      hotelier.giftCardPurchases.updateRecipients({
        params: { id: p.id },
        body: { propertyId, recipientsInfo: people(3) },
      }),
    );
    expect(late).toMatchObject({ status: 409, code: 'purchase_not_pending' });
  });

  it('marked issued by two calls at once queue one job; each recipient gets their card by mail once', async () => {
    const type = await hotelier.giftCards.createType({ body: typeBody({ title: 'Raced', limit: 10 }) });
    const p = await hotelier.giftCardPurchases.create({
      body: purchaseBody(type.id, { quantity: 4, recipientsInfo: people(4, 'race') }),
    });
    const early = await refusal(
      hotelier.giftCardPurchases.pdfs({ params: { id: p.id }, query: { propertyId } }),
    );
    expect(early).toMatchObject({ status: 409, code: 'purchase_not_issued' });
    const calls = await Promise.allSettled([
      hotelier.giftCardPurchases.markIssued({ params: { id: p.id }, body: { propertyId } }),
      hotelier.giftCardPurchases.markIssued({ params: { id: p.id }, body: { propertyId } }),
    ]);
    const won = calls.filter((c) => c.status === 'fulfilled');
    expect(won).toHaveLength(1);
    expect((won[0] as PromiseFulfilledResult<unknown>).value).toEqual({
      status: 'initiated',
      issuedStatus: 'queued',
    });
    const lost = calls.find((c) => c.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toMatchObject({ status: 409, code: 'purchase_not_pending' });
    const jobs = await server.db.query<{ id: string }>(
      "select id from jobs where payload->>'purchaseId' = $1",
      [p.id],
    );
    expect(jobs).toHaveLength(1);
    // The stock is taken at once: 4 cards of 10.
    expect((await hotelier.giftCards.getType({ params: { id: type.id }, query: { propertyId } })).stock).toBe(
      6,
    );

    const issued = await until(
      () => hotelier.giftCardPurchases.get({ params: { id: p.id }, query: { propertyId } }),
      (x) => x.issuedStatus === 'issued',
    );
    expect(issued).toMatchObject({ emailSent: true, recipients: 4, lastError: null });
    const cards = await hotelier.giftCards.list({ query: { propertyId, giftCardTypeId: type.id } });
    const mails = await mailsOf(server.db, p.id);
    expect(mails.map((m) => [m.to, m.mails])).toEqual(people(4, 'race').map((r) => [r.email, 1]));
    // Each mail carries its card's PDF (the card PDF endpoint's file).
    const first = await server.db.one<{ id: string; text: string }>(
      `select m.id, m.text from outbox_mails m join gift_cards c on m.text like '%' || c.generated_id || '%'
        where c.purchase_id = $1 and m.kind = 'gift_card' limit 1`,
      [p.id],
    );
    const mail = await server.client().mail.show({ params: { id: first!.id } });
    expect(mail.attachments).toEqual([
      {
        fileName: expect.stringMatching(/^gift-card-[2-9A-HJKMNP-Z]{12}\.pdf$/),
        contentType: 'application/pdf',
        size: expect.any(Number),
      },
    ]);
    expect(first!.text).toContain(mail.attachments[0]!.fileName.slice(10, 22));
    const attached = (await server
      .client()
      .mail.attachment({ params: { id: first!.id, position: 0 } })) as Download;
    const bytes = new Uint8Array(await attached.blob.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(bytes.byteLength).toBe(mail.attachments[0]!.size);

    // The zip of all PDFs: an empty file while the job writes it, then the zip of the 4 cards.
    const pending = (await hotelier.giftCardPurchases.pdfs({
      params: { id: p.id },
      query: { propertyId },
    })) as Download;
    expect(pending.blob.size).toBe(0);
    const zipped = await until(
      () =>
        hotelier.giftCardPurchases.pdfs({ params: { id: p.id }, query: { propertyId } }) as Promise<Download>,
      (f) => f.blob.size > 0,
      60_000,
    );
    expect(zipped.fileName).toBe(`gift-cards-${p.generatedId}.zip`);
    const zip = await JSZip.loadAsync(await zipped.blob.arrayBuffer());
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual(cards.items.map((c) => `gift-card-${c.generatedId}.pdf`).sort());
    const one = await zip.file(names[0]!)!.async('uint8array');
    expect(new TextDecoder().decode(one.slice(0, 5))).toBe('%PDF-');
    expect(
      await server.db.query(
        `select id from jobs where kind = 'purchase.zip' and payload->>'purchaseId' = $1`,
        [p.id],
      ),
    ).toHaveLength(1);
    expect(cards.items).toHaveLength(4);
    expect(
      cards.items.every((c) => c.purchaseGeneratedId === p.generatedId && c.delivered && c.netPrice === 150),
    ).toBe(true);
    const job = await server.db.one<{ status: string; attempts: number }>(
      'select status, attempts from jobs where id = $1',
      [jobs[0]!.id],
    );
    expect(job).toEqual({ status: 'done', attempts: 1 });
  });

  it('rebuilds the zip when a card changes what its PDF shows: "being generated" until the new one is made', async () => {
    const { type, p } = await issuedPurchase('Zipped twice', {
      quantity: 2,
      recipientsInfo: people(2, 'zip'),
    });
    const download = () =>
      hotelier.giftCardPurchases.pdfs({ params: { id: p.id }, query: { propertyId } }) as Promise<Download>;
    const zipOf = async (d: Download) => JSZip.loadAsync(await d.blob.arrayBuffer());
    const pdfIn = async (d: Download, code: string) =>
      (await zipOf(d)).file(`gift-card-${code}.pdf`)!.async('uint8array');
    const first = await until(download, (f) => f.blob.size > 0, 60_000);
    const { items } = await hotelier.giftCards.list({ query: { propertyId, giftCardTypeId: type.id } });
    const card = items.find((c) => c.name === 'zip 1')!;
    const before = await pdfIn(first, card.generatedId);
    const zipJobs = () =>
      server.db.query<{ status: string }>(
        `select status from jobs where kind = 'purchase.zip' and payload->>'purchaseId' = $1 order by created_at`,
        [p.id],
      );
    expect(await zipJobs()).toEqual([{ status: 'done' }]);

    // Marked used: the PDF does not show it, so the zip stays as it is and no job is queued.
    await hotelier.giftCards.markUsed({
      params: { id: card.id },
      body: { propertyId, notes: 'Stayed in June' },
    });
    expect((await download()).blob.size).toBe(first.blob.size);
    expect(await zipJobs()).toHaveLength(1);

    // The details drawer renames the recipient: the zip is stale at once, and the queue makes it again.
    await hotelier.giftCards.updateDetails({
      params: { id: card.id },
      body: { propertyId, name: 'Zoë Renamed', email: card.email, expirationDate: card.expirationDate },
    });
    expect((await zipJobs()).length).toBe(2);
    const stale = await download();
    expect(stale.blob.size).toBe(0);
    const rebuilt = await until(download, (f) => f.blob.size > 0, 60_000);
    const after = await pdfIn(rebuilt, card.generatedId);
    expect(after).not.toEqual(before);
    // The other card's PDF is the same file as before (same design, same card).
    const other = items.find((c) => c.name === 'zip 2')!;
    expect((await pdfIn(rebuilt, other.generatedId)).byteLength).toBeGreaterThan(1000);
    expect(
      (await zipJobs()).every((j) => j.status === 'done'),
      'every zip job finished',
    ).toBe(true);

    // A stale zip with no job left (a job that finished as the change committed) is queued by the download.
    await server.db.query('update gift_card_purchases set pdfs_version = pdfs_version + 1 where id = $1', [
      p.id,
    ]);
    expect((await download()).blob.size).toBe(0);
    await until(download, (f) => f.blob.size > 0, 60_000);
  });

  it('a card changed the instant its zip is stored is zipped again at once, not at the next download', async () => {
    const { p } = await issuedPurchase('Zip race', { quantity: 2, recipientsInfo: people(2, 'instant') });
    const card = (await server.db.one<{ id: string }>(
      "select id from gift_cards where purchase_id = $1 and name = 'instant 1'",
      [p.id],
    ))!;
    const rename = (name: string) =>
      server.db.query('update gift_cards set name = $2 where id = $1', [card.id, name]);
    // The job as the server's workers run it (claim, handler, done), under a kind of its own so they leave it
    // alone, with the key the triggers queue `purchase.zip` under; the rebuild interleaved by hand.
    const clock = shiftedClock();
    const KIND = 'test.zip-race';
    const run = async (renderPdf: RenderCardPdf, betweenHandlerAndDone: () => Promise<unknown>) => {
      await enqueueJob(server.db, clock, {
        kind: KIND,
        payload: { purchaseId: p.id },
        dedupeKey: `${PURCHASE_ZIP_JOB}:${p.id}`,
      });
      const job = (await claimJob(server.db, clock, 'race', 60_000, [KIND]))!;
      const signal = new AbortController().signal;
      await purchaseZipJob(renderPdf)(job.payload, { db: server.db, clock, signal, job });
      await betweenHandlerAndDone();
      await completeJob(server.db, clock, job, 'race');
    };
    // The zip's state, and the `purchase.zip` jobs of the purchase: all of them, and those not finished.
    const state = () =>
      server.db.one<{ fresh: boolean; zipped: boolean; jobs: number; open: number }>(
        `select zip is not null as zipped, zip_version is not distinct from pdfs_version as fresh,
                (select count(*)::int from jobs where dedupe_key = 'purchase.zip:' || p.id
                   and kind = 'purchase.zip') as jobs,
                (select count(*)::int from jobs where dedupe_key = 'purchase.zip:' || p.id
                   and kind = 'purchase.zip' and status in ('queued', 'running')) as open
           from gift_card_purchases p where p.id = $1`,
        [p.id],
      );
    const names: string[] = [];
    const renderName: RenderCardPdf = async (db, id) => {
      const name = (await db.one<{ name: string }>('select name from gift_cards where id = $1', [id]))!.name;
      names.push(name);
      return new TextEncoder().encode(name);
    };

    // Renamed while the job renders: its store misses and it renders again, with the new name.
    let renamed = false;
    await run(
      async (db, id) => {
        const pdf = await renderName(db, id);
        if (!renamed && id === card.id) {
          renamed = true;
          await rename('instant 1 renamed');
        }
        return pdf;
      },
      async () => {},
    );
    expect(names.filter((n) => n.startsWith('instant 1'))).toEqual(['instant 1', 'instant 1 renamed']);
    expect(await state()).toEqual({ zipped: true, fresh: true, jobs: 0, open: 0 });

    // Renamed the instant the zip is stored, before the worker marks the run done: the zip is stale and a
    // `purchase.zip` job is queued for it at once (the run had marked itself done with the store).
    await server.db.query('update gift_card_purchases set pdfs_version = pdfs_version + 1 where id = $1', [
      p.id,
    ]);
    await run(renderName, async () => {
      expect(await state()).toMatchObject({ fresh: true, jobs: 0 });
      await rename('instant 1 at the instant');
      expect(await state()).toMatchObject({ jobs: 1 });
    });
    // The workers make it again (the real PDFs): fresh, and no job left.
    await until(state, (x) => !!x?.fresh && x.open === 0, 60_000);

    // Found fresh, the run ends at once; renamed at that instant, the zip is queued again all the same.
    const rendered = names.length;
    await run(renderName, async () => {
      await rename('instant 1 once more');
      expect(await state()).toMatchObject({ jobs: 2 });
    });
    expect(names).toHaveLength(rendered);
    await until(state, (x) => !!x?.fresh && x.open === 0 && x.jobs === 2, 60_000);
    const zipped = (await hotelier.giftCardPurchases.pdfs({
      params: { id: p.id },
      query: { propertyId },
    })) as Download;
    expect(zipped.blob.size).toBeGreaterThan(0);
  });

  it('without recipients sends every card to the buyer', async () => {
    const { p } = await issuedPurchase('To the buyer', {
      quantity: 2,
      recipientsInfo: [],
      email: 'boss@acme.example',
    });
    expect((await mailsOf(server.db, p.id)).map((m) => [m.to, m.mails])).toEqual([
      ['boss@acme.example', 1],
      ['boss@acme.example', 1],
    ]);
  });

  it('mails a card marked delivered before its mail went out, with its store’s address; never twice', async () => {
    const { p } = await issuedPurchase('Delivered early', {
      quantity: 2,
      recipientsInfo: people(2, 'early'),
    });
    const [first, second] = (await server.db.query<{ id: string; code: string }>(
      'select id, generated_id as code from gift_cards where purchase_id = $1 order by row_key',
      [p.id],
    )) as [{ id: string; code: string }, { id: string; code: string }];
    // As if the job had not reached the first card yet: the purchase queued, its mail not gone out. Staff mark
    // it delivered (by hand, at the desk) before the job runs.
    await server.db.query(
      "update gift_card_purchases set issued_status = 'queued', issued_at = null, email_sent = false where id = $1",
      [p.id],
    );
    await server.db.query('update gift_cards set delivered = false, emailed_at = null where id = $1', [
      first.id,
    ]);
    await server.db.query(
      `delete from outbox_mails where kind = 'gift_card' and text like '%' || $1 || '%'`,
      [first.code],
    );
    const marked = await hotelier.giftCards.markDelivered({ params: { id: first.id }, body: { propertyId } });
    expect(marked.delivered).toBe(true);
    const job = { id: 'direct', kind: 'purchase.issue', payload: { purchaseId: p.id }, attempts: 1 };
    await purchaseIssueJob(null, (db, id) => cardBookingUrl(db, id, { webUrl: 'https://cards.example' }))(
      { purchaseId: p.id },
      // biome-ignore lint/suspicious/noExplicitAny: the handler reads db, clock and signal only
      { db: server.db, clock: shiftedClock(), signal: new AbortController().signal, job: job as any },
    );
    expect((await mailsOf(server.db, p.id)).map((m) => m.mails)).toEqual([1, 1]);
    const mail = (await server.db.one<{ text: string; html: string }>(
      `select text, html from outbox_mails where kind = 'gift_card' and text like '%' || $1 || '%'`,
      [first.code],
    ))!;
    const slug = (await server.db.one<{ slug: string }>('select slug from stores where id = $1', [STORE]))!
      .slug;
    const address = `https://cards.example/${slug}/booking/${first.code}`;
    expect(mail.text).toContain(address);
    expect(mail.html).toContain(`href="${address}"`);
    expect(second.code).not.toBe(first.code);
  });

  it('marked issued with too little stock left is refused with 409 and stays pending', async () => {
    const type = await hotelier.giftCards.createType({ body: typeBody({ title: 'Scarce', limit: 3 }) });
    const first = await hotelier.giftCardPurchases.create({
      body: purchaseBody(type.id, { quantity: 2, recipientsInfo: [] }),
    });
    const second = await hotelier.giftCardPurchases.create({
      body: purchaseBody(type.id, { quantity: 2, recipientsInfo: [] }),
    });
    await hotelier.giftCardPurchases.markIssued({ params: { id: first.id }, body: { propertyId } });
    const short = await refusal(
      hotelier.giftCardPurchases.markIssued({ params: { id: second.id }, body: { propertyId } }),
    );
    expect(short).toMatchObject({ status: 409, code: 'out_of_stock', params: { stock: 1, asked: 2 } });
    const after = await hotelier.giftCardPurchases.get({ params: { id: second.id }, query: { propertyId } });
    expect(after).toMatchObject({ issuedStatus: 'pending', recipients: 0 });
    expect((await hotelier.giftCards.getType({ params: { id: type.id }, query: { propertyId } })).stock).toBe(
      1,
    );
  });

  it('are out of reach of another property’s staff', async () => {
    const type = await hotelier.giftCards.createType({ body: typeBody({ title: 'Private' }) });
    const p = await hotelier.giftCardPurchases.create({ body: purchaseBody(type.id) });
    const other = (await server.db.one<{ id: string }>(
      'select pu.property_id as id from property_users pu join users u on u.id = pu.user_id where u.email = $1 limit 1',
      [demoEmail('hotelier2')],
    ))!.id;
    for (const call of [
      () => rival.giftCardPurchases.get({ params: { id: p.id }, query: { propertyId } }),
      () => rival.giftCardPurchases.markPaid({ params: { id: p.id }, body: { propertyId } }),
      () => rival.giftCardPurchases.list({ query: { propertyId } }),
      () => rival.giftCardPurchases.create({ body: purchaseBody(type.id) }),
    ])
      expect((await refusal(call())).status).toBe(404);
    // Named with a property of the rival's own, it is still not found.
    const mine = await rival.giftCardPurchases
      .get({ params: { id: p.id }, query: { propertyId: other } })
      .catch((e: ApiError) => [e.status, e.code]);
    expect(mine).toEqual([404, 'gift_card_purchase_not_found']);
  });
});

describe('job queue', () => {
  let db: Db;
  let close: () => Promise<void>;
  const clock = shiftedClock();
  beforeAll(async () => {
    const opened = await openTestDbFrom('migrated');
    ({ db, close } = opened);
    // On a Postgres server the schema starts empty.
    if (!opened.template) await migrate(db);
  });
  afterAll(() => close?.());

  it('claims skip a held job; a lease run out hands it to another worker after the backoff; a stale worker changes nothing', async () => {
    const made = await enqueueJob(db, clock, { kind: 'test.lease', payload: { n: 1 }, dedupeKey: 'lease-1' });
    expect(made.created).toBe(true);
    expect(await enqueueJob(db, clock, { kind: 'test.lease', dedupeKey: 'lease-1' })).toEqual({
      id: made.id,
      created: false,
    });
    const a = await claimJob(db, clock, 'A', 1000, ['test.lease']);
    expect(a).toMatchObject({ id: made.id, attempts: 1, payload: { n: 1 } });
    expect(await claimJob(db, clock, 'B', 1000, ['test.lease'])).toBeNull();
    expect(await renewLease(db, clock, a!, 'A', 1000)).toBe(true);
    clock.advance(1500); // A's process died: its lease runs out, and its attempt counts
    expect(await reapJobs(db, clock, ['test.lease'])).toEqual({ requeued: 1, failed: [] });
    expect(await claimJob(db, clock, 'B', 1000, ['test.lease'])).toBeNull(); // the backoff first
    clock.advance(BACKOFF_BASE + 10);
    const b = await claimJob(db, clock, 'B', 1000, ['test.lease']);
    expect(b).toMatchObject({ id: made.id, attempts: 2 });
    expect(await renewLease(db, clock, a!, 'A', 1000)).toBe(false);
    await completeJob(db, clock, a!, 'A'); // stale: nothing
    expect(
      (await db.one<{ status: string }>('select status from jobs where id = $1', [made.id]))!.status,
    ).toBe('running');
    await completeJob(db, clock, b!, 'B');
    expect(
      (await db.one<{ status: string }>('select status from jobs where id = $1', [made.id]))!.status,
    ).toBe('done');
    // Done, its key is free again.
    expect((await enqueueJob(db, clock, { kind: 'test.lease', dedupeKey: 'lease-1' })).created).toBe(true);
  });

  it('retries a failure after a doubling backoff, then keeps it failed', async () => {
    const { id } = await enqueueJob(db, clock, { kind: 'test.fail', maxAttempts: 2 });
    const first = (await claimJob(db, clock, 'A', 1000, ['test.fail']))!;
    expect(await failJob(db, clock, first, 'A', new Error('boom'))).toBe('retry');
    expect(await claimJob(db, clock, 'A', 1000, ['test.fail'])).toBeNull();
    clock.advance(BACKOFF_BASE + 10);
    const second = (await claimJob(db, clock, 'A', 1000, ['test.fail']))!;
    expect(second.attempts).toBe(2);
    expect(await failJob(db, clock, second, 'A', new Error('boom again'))).toBe('failed');
    clock.advance(60_000);
    expect(await claimJob(db, clock, 'A', 1000, ['test.fail'])).toBeNull();
    expect(await db.one('select status, last_error from jobs where id = $1', [id])).toEqual({
      status: 'failed',
      last_error: 'boom again',
    });
    // Housekeeping drops finished jobs a week on, not before; a queued one stays.
    const queued = await enqueueJob(db, clock, { kind: 'test.kept' });
    await sweep(db, clock);
    expect(await db.one('select id from jobs where id = $1', [id])).not.toBeNull();
    clock.advance(8 * 86_400_000);
    await sweep(db, clock);
    expect(await db.one('select id from jobs where id = $1', [id])).toBeNull();
    expect(await db.one('select id from jobs where id = $1', [queued.id])).not.toBeNull();
  });
});

describe('a purchase job across a restart', () => {
  const data = mkdtempSync(join(tmpdir(), 'tern-jobs-'));
  afterAll(() => rmSync(data, { recursive: true, force: true }));

  // The data folder is PGlite's; on a Postgres server the queue tests above cover claims and leases.
  it.skipIf(Boolean(process.env.DATABASE_URL))(
    'closed mid-job and opened again on the same data, completes and mails each card once',
    async () => {
      const dump = templateDump('demo');
      const open = async (first: boolean) => {
        const db = await openPglite(data, first && dump ? { loadDataDir: dump } : {});
        const running = await startServer({
          port: 0,
          db,
          quiet: true,
          sandbox: true,
          demo: true,
          passwordCost: TEST_PASSWORD_COST,
          jobs: { pollMs: 50 },
        });
        return {
          running,
          db,
          close: async () => {
            await running.close();
            await db.close();
          },
        };
      };
      let s = await open(true);
      const sign = async (url: string) => {
        const reply = await createClient({ baseUrl: url, retries: 0 }).auth.signIn({
          body: { session: { email: demoEmail('hotelier'), password: PASSWORD, rememberMe: false } },
        });
        if (reply.type !== 'session') throw new Error(reply.type);
        return createClient({ baseUrl: url, token: () => reply.token, retries: 0 });
      };
      let client = await sign(s.running.url);
      const pid = (await s.db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!
        .id;
      const rp = (await s.db.one<{ unit_id: string; id: string }>(
        'select unit_id, id from rate_plans where property_id = $1 order by id limit 1',
        [pid],
      ))!;
      const store = (await s.db.one<{ id: string }>('select id from stores where property_id = $1 limit 1', [
        pid,
      ]))!;
      const type = await client.giftCards.createType({
        body: {
          propertyId: pid,
          title: 'Restart',
          description: 'x',
          price: 10,
          limit: 600,
          storeIds: [store.id],
          ratePlans: [{ roomTypeId: rp.unit_id, ratePlanId: rp.id }],
          publish: true,
        },
      });
      // Enough cards that the close comes mid-job (each renders its PDF before its mail: the first is mailed
      // and the server closed while the others wait); every card more is a PDF rendered on each run.
      const quantity = 12;
      const p = await client.giftCardPurchases.create({
        body: {
          propertyId: pid,
          giftCardTypeId: type.id,
          name: 'Buyer',
          email: 'buyer@example.com',
          netPrice: 10,
          quantity,
          purchaseState: 'paid',
          recipientsInfo: people(quantity, 'restart'),
        },
      });
      const sent = () =>
        s.db.one<{ n: number }>(
          `select count(*)::int as n from gift_cards where purchase_id = $1 and delivered`,
          [p.id],
        );
      await client.giftCardPurchases.markIssued({ params: { id: p.id }, body: { propertyId: pid } });
      // Closed mid-job: some cards mailed, not all.
      await until(sent, (r) => (r?.n ?? 0) > 0, 60_000, 1);
      await s.close();
      const between = (await (async () => {
        const db = await openPglite(data);
        try {
          return await db.one<{ n: number; status: string; issued: string }>(
            `select (select count(*)::int from gift_cards where purchase_id = $1::uuid and delivered) as n,
                  (select status from jobs where payload->>'purchaseId' = $1::text) as status,
                  (select issued_status from gift_card_purchases where id = $1::uuid) as issued`,
            [p.id],
          );
        } finally {
          await db.close();
        }
      })())!;
      expect(between.issued).toBe('queued');
      expect(between.n).toBeGreaterThan(0);
      expect(between.n).toBeLessThan(quantity);
      expect(between.status).toBe('queued'); // given back on close

      s = await open(false);
      client = await sign(s.running.url);
      const done = await until(
        () => client.giftCardPurchases.get({ params: { id: p.id }, query: { propertyId: pid } }),
        (x) => x.issuedStatus === 'issued',
        120_000,
      );
      expect(done.recipients).toBe(quantity);
      const mails = await mailsOf(s.db, p.id);
      expect(mails).toHaveLength(quantity);
      expect(mails.every((m) => m.mails === 1)).toBe(true);
      expect(await s.db.query("select status from jobs where payload->>'purchaseId' = $1", [p.id])).toEqual([
        { status: 'done' },
      ]);
      await s.close();
    },
    300_000,
  );
});
