import { formatPrice } from '@tern/core/bookingEngine';
import { todayIn } from '@tern/core/dates';
import { dayOfInstant } from '@tern/core/format';
import {
  canMarkIssued,
  canMarkPaid,
  canRetryIssue,
  changeIssueOrder,
  newIssueOrderForm,
  validateIssueOrder,
} from '@tern/core/giftCards';
import {
  GIFT_CARD_PURCHASES_PAGE_SIZE,
  type GiftCardPurchase,
  type GiftCardPurchasesQuery,
  type PurchaseSourceValue,
  type TernClient,
} from '@tern/sdk';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { readTextFile } from '../../files.js';
import { formatTable } from '../../output.js';
import { confirmed } from '../../ui/confirm.js';
import { type PropertyFacts, propertyFacts } from './propertyFacts.js';
import { readRecipients } from './recipientsFile.js';

// `tern gift-cards purchases …` (document 3 §2.3, §4 M26): a property's purchases listed, made with the issue
// form's rules (core's: a quantity of 1 is paid, one recipient row per card), marked paid and marked issued
// (core's purchase rules refuse what the purchase does not allow before any call).

export interface PurchasesListFlags {
  property: string;
  search?: string;
  status?: 'paid' | 'initiated';
  source?: PurchaseSourceValue;
  soldFrom?: string;
  soldTo?: string;
  orderBy?: 'created_at' | 'generated_id' | 'total_amount';
  asc?: boolean;
  page?: number;
}

export interface PurchaseCreateFlags {
  property: string;
  type: string;
  name: string;
  email: string;
  quantity: number;
  price?: number;
  recipients?: string;
  expires?: string;
  unpaid?: boolean;
}

/** A purchase's row: made on the property's day, its total in the property's currency when known. */
const row =
  ({ zone, currency }: PropertyFacts) =>
  (p: GiftCardPurchase) => [
    p.generatedId,
    dayOfInstant(p.createdAt, zone) ?? '—',
    p.source === 'store' ? 'store' : 'back office',
    p.status === 'paid' ? 'paid' : 'unpaid',
    p.issuedStatus,
    String(p.quantity),
    currency ? formatPrice(p.totalAmount, currency) : String(p.totalAmount),
    p.fullName,
    p.email,
  ];
const HEAD = ['NUMBER', 'CREATED', 'SOURCE', 'STATUS', 'ISSUED', 'QTY', 'TOTAL', 'BUYER', 'E-MAIL'];
/** Why the cards of these purchases are not delivered: failed for good (retry them), or being retried. */
const failures = (items: GiftCardPurchase[]) =>
  items
    .filter((p) => p.lastError)
    .map((p) =>
      p.issuedStatus === 'failed'
        ? `${p.generatedId}: delivery failed: ${p.lastError} (tern gift-cards purchases retry ${p.generatedId})\n`
        : `${p.generatedId}: last try failed, trying again: ${p.lastError}\n`,
    )
    .join('');

/** `tern gift-cards purchases list --property ID`: 10 a page, newest first; `--json` prints `{ items, meta }`. */
export async function listPurchases(ctx: Context, flags: PurchasesListFlags): Promise<void> {
  const query: GiftCardPurchasesQuery = {
    propertyId: flags.property,
    page: flags.page ?? 1,
    limit: GIFT_CARD_PURCHASES_PAGE_SIZE,
    orderBy: flags.orderBy ?? 'created_at',
    orderDirection: flags.asc ? 'asc' : 'desc',
    ...(flags.search ? { term: flags.search } : {}),
    ...(flags.status ? { status: flags.status } : {}),
    ...(flags.source ? { source: flags.source } : {}),
    ...(flags.soldFrom ? { soldFrom: flags.soldFrom } : {}),
    ...(flags.soldTo ? { soldTo: flags.soldTo } : {}),
  };
  await withClient(ctx, { session: true }, async ({ client }) => {
    const reply = await client.giftCardPurchases.list({ query });
    const facts = ctx.json ? null : await propertyFacts(client, flags.property);
    ctx.out.result(reply, () => {
      const { items, meta } = reply;
      if (items.length === 0) return 'No purchases.\n';
      const last = (meta.page - 1) * meta.limit + items.length;
      const more = last < meta.total ? `; --page ${meta.page + 1} for more` : '';
      return `${formatTable(HEAD, items.map(row(facts!)))}${failures(items)}${last} of ${meta.total}${more}.\n`;
    });
  });
}

/**
 * `tern gift-cards purchases create`: the issue form as flags, checked by core's rules before the call; the
 * recipients come from a CSV file (NAME,EMAIL), one per card, or none (every card to the buyer).
 */
export async function createPurchase(ctx: Context, flags: PurchaseCreateFlags): Promise<void> {
  const recipients = flags.recipients
    ? readRecipients(await readTextFile('--recipients', flags.recipients), flags.recipients, flags.type).map(
        (r) => ({
          name: r.recipient.name,
          email: r.recipient.email,
        }),
      )
    : [];
  if (recipients.length > 0 && recipients.length !== flags.quantity)
    throw new UserError(
      `${flags.recipients} has ${recipients.length} recipient(s) for ${flags.quantity} card(s): give one per card, or none`,
      { code: 'invalid_input' },
    );
  await withClient(ctx, { session: true }, async ({ client }) => {
    const type = await client.giftCards.getType({
      params: { id: flags.type },
      query: { propertyId: flags.property },
    });
    let form = changeIssueOrder(
      newIssueOrderForm(type),
      {
        name: flags.name,
        email: flags.email,
        quantity: flags.quantity,
        ...(flags.price !== undefined ? { netPrice: flags.price } : {}),
        customExpirationDate: flags.expires ?? null,
        purchaseState: flags.unpaid ? 'unpaid' : 'paid',
      },
      type,
    );
    // Rows follow the quantity: the file's, or the buyer's on every row when there is none (sent as none).
    form = {
      ...form,
      recipients: recipients.length
        ? recipients
        : form.recipients.map(() => ({ name: flags.name, email: flags.email })),
    };
    if (flags.unpaid && form.purchaseState === 'paid')
      throw new UserError('A single card is sold paid: --unpaid needs a quantity above 1', {
        code: 'invalid_input',
      });
    const facts = await propertyFacts(client, flags.property);
    const today = todayIn(facts.zone);
    const errors = validateIssueOrder(form, { today, stock: type.stock });
    const wrong = Object.keys(errors);
    if (wrong.length > 0)
      throw new UserError(`Please correct: ${wrong.map((f) => `${f} (${errors[f]})`).join(', ')}`, {
        code: 'invalid_input',
      });
    const made = await client.giftCardPurchases.create({
      body: {
        propertyId: flags.property,
        giftCardTypeId: type.id,
        name: form.name.trim(),
        email: form.email.trim(),
        netPrice: form.netPrice!,
        quantity: form.quantity!,
        customExpirationDate: form.customExpirationDate,
        purchaseState: form.purchaseState,
        recipientsInfo: recipients,
      },
    });
    ctx.out.result(made, () => `${formatTable(HEAD, [row(facts)(made)])}`);
  });
}

/** The purchase of a number, found by the list's search. */
async function purchaseOf(client: TernClient, propertyId: string, number: string): Promise<GiftCardPurchase> {
  const wanted = number.trim().toUpperCase();
  const { items } = await client.giftCardPurchases.list({
    query: { propertyId, term: wanted, limit: 100, page: 1 },
  });
  const found = items.find((p) => p.generatedId === wanted);
  if (!found) throw new UserError(`No purchase ${wanted} at this property`, { code: 'not_found' });
  return found;
}

/**
 * `tern gift-cards purchases mark-paid|mark-issued NUMBER` (M26): refused by core's rules when already paid, or
 * no longer pending; confirmed (`--yes` without a terminal). Marking issued queues the cards' mails.
 */
export async function markPurchase(
  ctx: Context,
  action: 'paid' | 'issued',
  number: string,
  flags: { property: string; yes?: boolean },
): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const purchase = await purchaseOf(client, flags.property, number);
    if (action === 'paid' && !canMarkPaid(purchase))
      throw new UserError(`${purchase.generatedId} is already paid`, { code: 'purchase_paid' });
    if (action === 'issued' && !canMarkIssued(purchase))
      throw new UserError(`${purchase.generatedId} is already ${purchase.issuedStatus}`, {
        code: 'purchase_not_pending',
      });
    const question =
      action === 'paid'
        ? `Mark ${purchase.generatedId} (${purchase.fullName}) paid?`
        : `Issue the ${purchase.quantity} card(s) of ${purchase.generatedId} (${purchase.fullName}) and mail them?`;
    if (!(await confirmed(ctx, question, flags.yes))) {
      ctx.out.note('Nothing changed.');
      return;
    }
    const ids = { params: { id: purchase.id }, body: { propertyId: flags.property } };
    const reply =
      action === 'paid'
        ? await client.giftCardPurchases.markPaid(ids)
        : await client.giftCardPurchases.markIssued(ids);
    ctx.out.result(
      reply,
      () =>
        `${purchase.generatedId}: ${reply.status === 'paid' ? 'paid' : 'unpaid'}, ${reply.issuedStatus}\n`,
    );
  });
}

/**
 * `tern gift-cards purchases retry NUMBER`: a purchase whose delivery failed for good (its job ran out of
 * attempts) is queued again; refused by core's rule otherwise; confirmed (`--yes` without a terminal).
 */
export async function retryPurchase(
  ctx: Context,
  number: string,
  flags: { property: string; yes?: boolean },
): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const purchase = await purchaseOf(client, flags.property, number);
    if (!canRetryIssue(purchase))
      throw new UserError(
        `${purchase.generatedId} is ${purchase.issuedStatus}: only a purchase whose delivery failed is retried`,
        { code: 'purchase_not_failed' },
      );
    const question = `Deliver the ${purchase.quantity} card(s) of ${purchase.generatedId} again (it failed: ${purchase.lastError})? Cards already e-mailed are not sent twice.`;
    if (!(await confirmed(ctx, question, flags.yes))) {
      ctx.out.note('Nothing changed.');
      return;
    }
    const reply = await client.giftCardPurchases.retryIssue({
      params: { id: purchase.id },
      body: { propertyId: flags.property },
    });
    ctx.out.result(reply, () => `${purchase.generatedId}: ${reply.issuedStatus} again\n`);
  });
}
