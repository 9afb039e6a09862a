import { todayIn } from '@tern/core/dates';
import { isGiftCardExpired } from '@tern/core/giftCards';
import { giftCardMailWords } from '@tern/core/store';
import type {
  GiftCardPurchase,
  GiftCardPurchaseStatusReply,
  giftCardPurchaseCreateBody,
  giftCardPurchasesQuery,
  ListMeta,
  PurchaseRecipient,
} from '@tern/sdk';
import JSZip from 'jszip';
import type * as z from 'zod';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/db.js';
import { badRequest, conflict, fieldError, invalidField } from '../../http/errors.js';
import type { OwnedProperty } from '../../http/ownership.js';
import { type Actor, audit } from '../admin/audit.js';
import { enqueueJob, type Job, type OnJobFailed } from '../jobs/queue.js';
import { checkInterrupted, type JobHandler } from '../jobs/worker.js';
import { ListFilter, listPage, orderBy } from '../listQuery.js';
import { escapeHtml, sendMail } from '../mail.js';
import { issueGiftCards } from './cards.js';
import { newGiftCardCode } from './codes.js';
import { getGiftCardType } from './types.js';

// Gift card purchases (document 3 §2.3, §3, §4 M26/M27, §5, §7; DECISIONS 14, 21, 23): a bulk order of one
// type's cards made with the issue form. Marking it issued takes the stock and writes the cards in one
// transaction under the type's row lock (so it can answer `out_of_stock` at once, and never oversells), and
// queues the job `purchase.issue`, which renders each card's PDF, mails it to its recipient (the buyer when
// there are none) through the outbox, and marks the purchase issued. The zip of all PDFs is written by the job
// `purchase.zip` when first asked for.

type CreateBody = z.output<typeof giftCardPurchaseCreateBody>;
type ListQuery = z.output<typeof giftCardPurchasesQuery>;

/** A card's PDF (helper H1's `renderCardPdf`); `null` when the server has none to attach. */
export type RenderCardPdf = (db: Db, cardId: string) => Promise<Uint8Array>;

export const PURCHASE_ISSUE_JOB = 'purchase.issue';
export const PURCHASE_ZIP_JOB = 'purchase.zip';

interface PurchaseRow {
  id: string;
  generated_id: string;
  property_id: string;
  gift_card_type_id: string;
  title: string;
  status: GiftCardPurchase['status'];
  issued_status: GiftCardPurchase['issuedStatus'];
  quantity: number;
  net_price: number;
  total_amount: number;
  full_name: string;
  email: string;
  company_registration_number: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  expiration_date: string | null;
  recipients: PurchaseRecipient[];
  email_sent: boolean;
  cards: number;
  last_error: string | null;
  issue_error: string | null;
  source: GiftCardPurchase['source'];
  reference_number: string | null;
  created_at: Date;
  updated_at: Date;
}

const SELECT = `select p.id, p.generated_id, p.property_id, p.gift_card_type_id, t.title, p.status, p.issued_status,
    p.quantity, p.net_price, p.total_amount, p.full_name, p.email, p.company_registration_number, p.phone,
    p.address, p.city, p.country, to_char(p.expiration_date, 'YYYY-MM-DD') as expiration_date, p.recipients,
    p.email_sent, (select count(*)::int from gift_cards c where c.purchase_id = p.id) as cards,
    (select j.last_error from jobs j where j.dedupe_key = '${PURCHASE_ISSUE_JOB}:' || p.id::text
      order by j.created_at desc limit 1) as last_error, p.issue_error, p.source,
    (select sc.reference_number from store_checkouts sc where sc.id = p.store_checkout_id) as reference_number,
    p.created_at, p.updated_at
  from gift_card_purchases p
  join gift_card_types t on t.id = p.gift_card_type_id`;

const toPurchase = (r: PurchaseRow): GiftCardPurchase => ({
  id: r.id,
  type: 'giftCardPurchase',
  generatedId: r.generated_id,
  source: r.source,
  referenceNumber: r.reference_number,
  propertyId: r.property_id,
  giftCardTypeId: r.gift_card_type_id,
  title: r.title,
  status: r.status,
  issuedStatus: r.issued_status,
  quantity: r.quantity,
  netPrice: Number(r.net_price),
  totalAmount: Number(r.total_amount),
  email: r.email,
  fullName: r.full_name,
  companyRegistrationNumber: r.company_registration_number ?? '',
  phone: r.phone ?? '',
  address: r.address ?? '',
  city: r.city ?? '',
  country: r.country ?? '',
  expirationDate: r.expiration_date,
  emailSent: r.email_sent,
  orderRecipients: r.recipients,
  recipients: r.cards,
  products: [{ name: r.title, quantity: r.quantity }],
  lastError:
    r.issued_status === 'failed' ? r.issue_error : r.issued_status === 'queued' ? r.last_error : null,
  createdAt: new Date(r.created_at).toISOString(),
  updatedAt: new Date(r.updated_at).toISOString(),
});

export async function getPurchase(db: Db, id: string): Promise<GiftCardPurchase> {
  return toPurchase((await db.one<PurchaseRow>(`${SELECT} where p.id = $1`, [id]))!);
}

/** Draws for a clash of purchase numbers before giving up. */
const NUMBER_DRAWS = 5;

/**
 * A purchase made with the issue form: pending, paid or initiated (a single card is always paid — the contract
 * refuses unpaid). Of a created or published type of the property, with the quantity in stock now; no card is
 * written until it is marked issued.
 */
export async function createPurchase(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  body: CreateBody,
): Promise<GiftCardPurchase> {
  const now = actor.clock.now();
  const today = todayIn(property.timezone, now);
  if (body.customExpirationDate && isGiftCardExpired(body.customExpirationDate, today))
    throw invalidField('expiration_past', 'customExpirationDate', { today });
  return db.transaction(async (tx) => {
    const type = await getGiftCardType(tx, body.giftCardTypeId, now);
    if (type.status === 'archived') throw conflict('gift_card_type_status', { status: type.status });
    if (body.quantity > type.stock)
      throw conflict('out_of_stock', { stock: type.stock, asked: body.quantity });
    const paid = body.purchaseState === 'paid';
    for (let draw = 0; ; draw++) {
      if (draw === NUMBER_DRAWS) throw new Error('purchase numbers clashed on every draw');
      const row = await tx.one<{ id: string }>(
        `insert into gift_card_purchases (generated_id, property_id, gift_card_type_id, status, quantity, net_price,
                total_amount, full_name, email, company_registration_number, phone, address, city, country,
                expiration_date, recipients, paid_at, created_by, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16::jsonb, $17, $18, $19, $19)
         on conflict (generated_id) do nothing
         returning id`,
        [
          newGiftCardCode(),
          property.id,
          type.id,
          paid ? 'paid' : 'initiated',
          body.quantity,
          body.netPrice,
          body.netPrice * body.quantity,
          body.name,
          body.email,
          body.companyRegistrationNumber || null,
          body.phone || null,
          body.address || null,
          body.city || null,
          body.country || null,
          body.customExpirationDate,
          JSON.stringify(body.recipientsInfo),
          paid ? now : null,
          actor.auth?.user.id ?? null,
          now,
        ],
      );
      if (!row) continue;
      await audit(tx, actor, {
        objectType: 'giftCardPurchase',
        objectId: row.id,
        action: 'create',
        before: null,
        after: { quantity: body.quantity, status: paid ? 'paid' : 'initiated', giftCardTypeId: type.id },
      });
      return getPurchase(tx, row.id);
    }
  });
}

const ORDER: Record<ListQuery['orderBy'], string> = {
  created_at: 'p.created_at',
  generated_id: 'p.generated_id',
  total_amount: 'p.total_amount',
};

/** The purchases list (document 3 §2.3): search, status, source, the days made, 10 a page. */
export function listPurchases(
  db: Db,
  property: OwnedProperty,
  query: ListQuery,
): Promise<{ items: GiftCardPurchase[]; meta: ListMeta }> {
  return listPage(db, {
    select: SELECT,
    from: 'gift_card_purchases p join gift_card_types t on t.id = p.gift_card_type_id',
    filter: new ListFilter([property.id], ['p.property_id = $1'])
      .search(query.term, ['p.generated_id', 'p.full_name', 'p.email', 't.title', 'p.recipients::text'])
      .when(query.status, (p) => `p.status = ${p}`)
      .when(query.source, (p) => `p.source = ${p}`)
      .days('p.created_at', property.timezone, query.soldFrom, query.soldTo),
    order: orderBy(ORDER, query.orderBy, query.orderDirection, 'p.id'),
    page: query.page,
    limit: query.limit,
    items: (rows: PurchaseRow[]) => rows.map(toPurchase),
  });
}

/** The purchase under its row lock (of two calls at once, the second sees the first's result). */
async function locked(tx: Db, id: string): Promise<GiftCardPurchase> {
  await tx.query('select id from gift_card_purchases where id = $1 for update', [id]);
  return getPurchase(tx, id);
}

const statusOf = (p: GiftCardPurchase): GiftCardPurchaseStatusReply => ({
  status: p.status,
  issuedStatus: p.issuedStatus,
});

/** M26: initiated → paid. */
export function markPurchasePaid(db: Db, actor: Actor, id: string): Promise<GiftCardPurchaseStatusReply> {
  return db.transaction(async (tx) => {
    const before = await locked(tx, id);
    if (before.status === 'paid') throw conflict('purchase_paid');
    const now = actor.clock.now();
    await tx.query(
      `update gift_card_purchases set status = 'paid', paid_at = $2, updated_at = $2 where id = $1`,
      [id, now],
    );
    await audit(tx, actor, {
      objectType: 'giftCardPurchase',
      objectId: id,
      action: 'markPaid',
      before: statusOf(before),
      after: { ...statusOf(before), status: 'paid' },
    });
    return { ...statusOf(before), status: 'paid' };
  });
}

/** The recipients while pending: one per card, or none. */
export function updatePurchaseRecipients(
  db: Db,
  actor: Actor,
  id: string,
  recipients: PurchaseRecipient[],
): Promise<{ orderRecipients: PurchaseRecipient[] }> {
  return db.transaction(async (tx) => {
    const before = await locked(tx, id);
    if (before.issuedStatus !== 'pending')
      throw conflict('purchase_not_pending', { issuedStatus: before.issuedStatus });
    if (recipients.length !== 0 && recipients.length !== before.quantity)
      throw badRequest('invalid_input', {
        fields: [fieldError('recipientsInfo', 'invalid_value', { quantity: before.quantity })],
      });
    await tx.query('update gift_card_purchases set recipients = $2::jsonb, updated_at = $3 where id = $1', [
      id,
      JSON.stringify(recipients),
      actor.clock.now(),
    ]);
    await audit(tx, actor, {
      objectType: 'giftCardPurchase',
      objectId: id,
      action: 'updateRecipients',
      before: { recipients: before.orderRecipients },
      after: { recipients },
    });
    return { orderRecipients: recipients };
  });
}

/**
 * M26: pending → queued. In one transaction under the purchase's row lock: the cards are issued under the
 * type's (one per recipient, or per card to the buyer; row keys `purchase:<id>:<n>`), `out_of_stock` when too
 * few are left, and the delivery job is queued. Of two calls at once the second finds it queued.
 */
export function markPurchaseIssued(
  db: Db,
  actor: Actor,
  property: OwnedProperty,
  id: string,
): Promise<GiftCardPurchaseStatusReply> {
  return db.transaction(async (tx) => {
    const before = await locked(tx, id);
    if (before.issuedStatus !== 'pending')
      throw conflict('purchase_not_pending', { issuedStatus: before.issuedStatus });
    const recipients = Array.from({ length: before.quantity }, (_, i) => {
      const r = before.orderRecipients[i];
      return {
        rowKey: `purchase:${id}:${i + 1}`,
        name: r?.name ?? before.fullName,
        email: r?.email ?? before.email,
        note: '',
      };
    });
    const issued = await issueGiftCards(tx, actor, property, before.giftCardTypeId, {
      propertyId: property.id,
      recipients,
      expirationDate: before.expirationDate,
      netPrice: before.netPrice,
      buyerName: before.fullName,
      buyerEmail: before.email,
      // The job queued below mails them.
      sendEmail: false,
    });
    const now = actor.clock.now();
    await tx.query(
      `update gift_cards set purchase_id = $1, purchase_generated_id = $2 where id = any($3::uuid[])`,
      [id, before.generatedId, issued.cards.map((c) => c.id)],
    );
    await tx.query(
      `update gift_card_purchases set issued_status = 'queued', queued_at = $2, updated_at = $2 where id = $1`,
      [id, now],
    );
    await queueIssuing(tx, actor.clock, id);
    await audit(tx, actor, {
      objectType: 'giftCardPurchase',
      objectId: id,
      action: 'markIssued',
      before: statusOf(before),
      after: { ...statusOf(before), issuedStatus: 'queued', cards: issued.cards.length },
    });
    return { ...statusOf(before), issuedStatus: 'queued' };
  });
}

/** The job that delivers a purchase's cards (one unfinished per purchase). */
const queueIssuing = (tx: Db, clock: Clock, id: string) =>
  enqueueJob(tx, clock, {
    kind: PURCHASE_ISSUE_JOB,
    payload: { purchaseId: id },
    dedupeKey: `${PURCHASE_ISSUE_JOB}:${id}`,
  });

/**
 * The job `purchase.issue` failed for good (its last attempt threw, or its process died during it): the purchase
 * is `failed` with the reason, in the transaction that marks the job failed, until staff retry it.
 */
export const purchaseIssueFailed: OnJobFailed = async (tx, job, reason, at) => {
  await tx.query(
    `update gift_card_purchases set issued_status = 'failed', issue_error = $2, failed_at = $3, updated_at = $3
      where id = $1 and issued_status = 'queued'`,
    [String(job.payload.purchaseId), reason, at],
  );
};

/**
 * Failed → queued: the issuing job queued again with its attempts anew (cards already mailed are not mailed
 * again). Only while failed (`purchase_not_failed`); under the purchase's row lock, audited.
 */
export function retryPurchaseIssue(db: Db, actor: Actor, id: string): Promise<GiftCardPurchaseStatusReply> {
  return db.transaction(async (tx) => {
    const before = await locked(tx, id);
    if (before.issuedStatus !== 'failed')
      throw conflict('purchase_not_failed', { issuedStatus: before.issuedStatus });
    const now = actor.clock.now();
    await tx.query(
      `update gift_card_purchases set issued_status = 'queued', issue_error = null, failed_at = null, queued_at = $2,
              updated_at = $2
        where id = $1`,
      [id, now],
    );
    await queueIssuing(tx, actor.clock, id);
    await audit(tx, actor, {
      objectType: 'giftCardPurchase',
      objectId: id,
      action: 'retryIssue',
      before: { ...statusOf(before), error: before.lastError },
      after: { ...statusOf(before), issuedStatus: 'queued' },
    });
    return { ...statusOf(before), issuedStatus: 'queued' };
  });
}

export interface CardToMail {
  id: string;
  generated_id: string;
  title: string;
  name: string;
  email: string;
  expiration_date: string;
  supplier_name: string;
  /** Its mail went out (`emailed_at`); whether staff marked it delivered is another fact. */
  emailed: boolean;
  /** The language it was bought or picked in (its store checkout's, its campaign pick's); none when staff issued it. */
  locale: string | null;
}

/** The cards `where` picks (`c` is the card), with what their mails say, in their rows' order. */
export const cardsToMail = (db: Db, where: string, params: unknown[]) =>
  db.query<CardToMail>(
    `select c.id, c.generated_id, c.title, c.name, c.email, to_char(c.expiration_date, 'YYYY-MM-DD') as expiration_date,
            p.title as supplier_name, c.emailed_at is not null as emailed,
            coalesce(sc.locale, r.locale) as locale
       from gift_cards c join properties p on p.id = c.property_id
       left join gift_card_purchases gp on gp.id = c.purchase_id
       left join store_checkouts sc on sc.id = gp.store_checkout_id
       left join gift_campaign_recipients r on r.gift_card_id = c.id
      where ${where} order by c.row_key collate "C", c.id`,
    params,
  );

/** Lets what waits on the event loop (a request's next statement) queue before the job's next one. */
export const yieldTurn = () => new Promise<void>((done) => setTimeout(done, 0));

/** A card's file name: its code. */
const pdfName = (code: string) => `gift-card-${code}.pdf`;

/** A card's public address (its store's redemption page, core's `giftCardBookingUrl`), for its mail. */
export type CardUrl = (db: Db, cardId: string) => Promise<string>;

function cardMail(card: CardToMail, url: string | null) {
  const words = giftCardMailWords(card.locale, {
    name: card.name,
    supplier: card.supplier_name,
    title: card.title,
    code: card.generated_id,
    expirationDate: card.expiration_date,
  });
  const text = [...words.lines, ...(url ? ['', `${words.bookWithIt}: ${url}`] : [])].join('\n');
  const link = url
    ? `\n<p><a href="${escapeHtml(url)}">${escapeHtml(words.bookWithIt)}</a>: ${escapeHtml(url)}</p>`
    : '';
  const html = `${words.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}${link}`;
  return { to: card.email, subject: words.subject, text, html, kind: 'gift_card' };
}

/** What a card's mail carries: its PDF when the server renders them, its address when it has one. */
export interface CardMailDeps {
  renderPdf: RenderCardPdf | null;
  cardUrl?: CardUrl | null;
}

/**
 * Mails one card to its recipient (the purchase job, and a send asked for by staff: sendCards.ts). Its PDF and
 * address are made first; then, in the transaction that writes the mail, `claim` says whether the mail is still
 * to go (`false`: nothing is written). A written mail marks the card emailed and delivered and is recorded in
 * its history (`emailed`, by the system: `requestId` names the job). Returns whether it was sent.
 */
export async function mailCard(
  db: Db,
  actor: Actor,
  card: CardToMail,
  deps: CardMailDeps,
  claim: (tx: Db) => Promise<boolean>,
): Promise<boolean> {
  const pdf = deps.renderPdf ? await deps.renderPdf(db, card.id) : null;
  const url = deps.cardUrl ? await deps.cardUrl(db, card.id) : null;
  return db.transaction(async (tx) => {
    if (!(await claim(tx))) return false;
    const now = actor.clock.now();
    await tx.query('update gift_cards set emailed_at = $2, delivered = true, updated_at = $2 where id = $1', [
      card.id,
      now,
    ]);
    await sendMail(tx, {
      ...cardMail(card, url),
      at: now,
      attachments: pdf
        ? [{ fileName: pdfName(card.generated_id), contentType: 'application/pdf', content: pdf }]
        : [],
    });
    await audit(tx, actor, {
      objectType: 'giftCard',
      objectId: card.id,
      action: 'emailed',
      before: null,
      after: { email: card.email, attachment: pdf ? pdfName(card.generated_id) : null },
    });
    return true;
  });
}

/** The system's part in a job's writes: `requestId` names the job. */
export const jobActor = (clock: Clock, job: Job): Actor => ({
  auth: null,
  requestId: `job:${job.id}`,
  clock,
});

/**
 * The job `purchase.issue`: each card whose mail has not gone out gets it (with its PDF when a renderer is given,
 * its address when `cardUrl` is), whether or not staff marked it delivered meanwhile; `emailed_at` is set (and the
 * card marked delivered) in the transaction that writes its mail, so a run cut short and run again sends each
 * card once. Then the purchase is issued.
 */
export function purchaseIssueJob(
  renderPdf: RenderCardPdf | null,
  cardUrl: CardUrl | null = null,
): JobHandler {
  return async (payload, { db, clock, signal, job }) => {
    const purchaseId = String(payload.purchaseId);
    const purchase = await db.one<{ issued_status: string }>(
      'select issued_status from gift_card_purchases where id = $1',
      [purchaseId],
    );
    if (!purchase || purchase.issued_status === 'issued') return;
    const actor = jobActor(clock, job);
    for (const card of await cardsToMail(db, 'c.purchase_id = $1', [purchaseId])) {
      if (card.emailed) continue;
      // A turn for requests waiting on the database (PGlite is one connection) before each card.
      await yieldTurn();
      checkInterrupted(signal);
      await mailCard(db, actor, card, { renderPdf, cardUrl }, async (tx) =>
        Boolean(
          await tx.one('select id from gift_cards where id = $1 and emailed_at is null for update', [
            card.id,
          ]),
        ),
      );
    }
    const now = clock.now();
    await db.query(
      `update gift_card_purchases set issued_status = 'issued', issued_at = $2, email_sent = true, updated_at = $2
        where id = $1 and issued_status = 'queued'`,
      [purchaseId, now],
    );
  };
}

/** Renders made again when what the PDFs show changes while the job renders them, before giving up. */
const ZIP_RENDERS = 5;

/**
 * This run of the job done, in the caller's transaction (only while this claim holds it: the same attempt,
 * still running). The worker's own `completeJob` afterwards then changes nothing.
 */
const doneInTransaction = (tx: Db, clock: Clock, job: Job) =>
  tx.query(
    `update jobs set status = 'done', locked_by = null, locked_until = null, last_error = null,
            finished_at = $3, updated_at = $3
      where id = $1 and attempts = $2 and status = 'running'`,
    [job.id, job.attempts, clock.now()],
  );

/**
 * The job `purchase.zip`: every card's PDF in one zip, kept with the purchase with the version of its PDFs it
 * was made at (`pdfs_version`, raised by migration 049's triggers when a card, its type or its store changes
 * what the PDFs show; the trigger also queues this job for a purchase with a zip, unless one is queued or
 * running). A change while it renders makes its write miss: it renders again. The job marks itself done in the
 * transaction that stores the zip (or finds it fresh) with the purchase's row locked, so a change can only come
 * before — the write misses — or after, when no job of the purchase is running any more and the trigger queues a
 * new one: a change at the very instant the zip is stored never waits for the next download.
 */
export function purchaseZipJob(renderPdf: RenderCardPdf | null): JobHandler {
  return async (payload, { db, clock, signal, job }) => {
    if (!renderPdf) throw new Error('no PDF renderer: the cards cannot be rendered');
    const purchaseId = String(payload.purchaseId);
    for (let render = 0; render < ZIP_RENDERS; render++) {
      const version = await db.transaction(async (tx) => {
        const at = await tx.one<{ pdfs_version: number; fresh: boolean }>(
          `select pdfs_version, zip is not null and zip_version = pdfs_version as fresh
             from gift_card_purchases where id = $1 for update`,
          [purchaseId],
        );
        if (at?.fresh) await doneInTransaction(tx, clock, job);
        return at && !at.fresh ? at.pdfs_version : null;
      });
      if (version === null) return;
      const zip = new JSZip();
      for (const card of await cardsToMail(db, 'c.purchase_id = $1', [purchaseId])) {
        await yieldTurn();
        checkInterrupted(signal);
        zip.file(pdfName(card.generated_id), await renderPdf(db, card.id));
      }
      const content = await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
      const stored = await db.transaction(async (tx) => {
        const written = await tx.one<{ id: string }>(
          `update gift_card_purchases set zip = $2, zip_at = $3, zip_version = $4
            where id = $1 and pdfs_version = $4 returning id`,
          [purchaseId, content, clock.now(), version],
        );
        if (written) await doneInTransaction(tx, clock, job);
        return written !== null;
      });
      if (stored) return;
    }
    throw new Error('the cards kept changing while their zip was made');
  };
}

/**
 * The cards' PDFs as a zip (M27): the zip once written and up to date; before that — or once a card, its type or
 * its store changed what the PDFs show (a stale zip) — an empty file (the "being generated" message of §9),
 * with the job queued once. Only once issued (DECISIONS 14).
 */
export async function purchasePdfs(db: Db, clock: Clock, id: string): Promise<Response> {
  const row = await db.one<{
    generated_id: string;
    issued_status: string;
    zip: Uint8Array | null;
    fresh: boolean;
  }>(
    `select generated_id, issued_status, zip, zip_version is not distinct from pdfs_version as fresh
       from gift_card_purchases where id = $1`,
    [id],
  );
  if (row!.issued_status !== 'issued') throw conflict('purchase_not_issued');
  const name = `gift-cards-${row!.generated_id}.zip`;
  const ready = row!.zip !== null && row!.fresh;
  if (!ready)
    await enqueueJob(db, clock, {
      kind: PURCHASE_ZIP_JOB,
      payload: { purchaseId: id },
      dedupeKey: `${PURCHASE_ZIP_JOB}:${id}`,
    });
  const body = ready ? row!.zip! : new Uint8Array(0);
  return new Response(body as Uint8Array<ArrayBuffer>, {
    status: 200,
    headers: {
      'content-type': 'application/zip',
      'content-length': String(body.byteLength),
      'content-disposition': `attachment; filename="${name}"`,
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
