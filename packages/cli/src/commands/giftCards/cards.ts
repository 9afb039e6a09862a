import { formatPrice } from '@tern/core/bookingEngine';
import { type Day, todayIn } from '@tern/core/dates';
import { canMarkDelivered, canMarkUsed, markUnusedCheck, validateCardNote } from '@tern/core/giftCards';
import {
  GIFT_CARD_TYPES_PAGE_SIZE,
  GIFT_CARDS_PAGE_SIZE,
  type GiftCard,
  type GiftCardsQuery,
  type GiftCardTypeStatus,
  type TernClient,
} from '@tern/sdk';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { formatTable } from '../../output.js';
import { confirmed } from '../../ui/confirm.js';
import { propertyFacts } from './propertyFacts.js';

export interface ListFlags {
  property: string;
  search?: string;
  type?: string;
  kind?: 'gift_card' | 'upsell';
  used?: boolean;
  unused?: boolean;
  delivered?: boolean;
  undelivered?: boolean;
  letter?: boolean;
  email?: boolean;
  soldFrom?: string;
  soldTo?: string;
  orderBy?: 'code' | 'expiration' | 'created_at';
  asc?: boolean;
  page?: number;
  limit?: number;
}

/** `--used`/`--unused` and the like: a filter of the API, or none when neither is given. */
function either(yes: boolean | undefined, no: boolean | undefined, flags: string): boolean | undefined {
  if (yes && no) throw new UserError(`Give one of ${flags}`, { code: 'invalid_input' });
  return yes ? true : no ? false : undefined;
}

const status = (c: GiftCard) => `${c.booked ? 'used' : 'unused'}${c.delivered ? ', delivered' : ''}`;

/** The list's filters and order of the flags (`list` and `export`), without paging. */
export function filtersOf(flags: ListFlags): Omit<GiftCardsQuery, 'page' | 'limit'> {
  const query: Omit<GiftCardsQuery, 'page' | 'limit'> = {
    propertyId: flags.property,
    orderBy: flags.orderBy ?? 'created_at',
    orderDirection: flags.asc ? 'asc' : 'desc',
  };
  const booked = either(flags.used, flags.unused, '--used or --unused');
  const delivered = either(flags.delivered, flags.undelivered, '--delivered or --undelivered');
  const byLetter = either(flags.letter, flags.email, '--letter or --email');
  if (booked !== undefined) query.booked = booked;
  if (delivered !== undefined) query.delivered = delivered;
  if (byLetter !== undefined) query.sendByLetter = byLetter;
  if (flags.search) query.term = flags.search;
  if (flags.kind) query.kind = flags.kind;
  if (flags.type) query.giftCardTypeId = flags.type;
  if (flags.soldFrom) query.soldFrom = flags.soldFrom;
  if (flags.soldTo) query.soldTo = flags.soldTo;
  return query;
}

/** `tern gift-cards list --property ID [filters]`: the issued cards, 10 a page; `--json` prints `{ items, meta }`. */
export async function listGiftCards(ctx: Context, flags: ListFlags): Promise<void> {
  const query: GiftCardsQuery = {
    ...filtersOf(flags),
    page: flags.page ?? 1,
    limit: flags.limit ?? GIFT_CARDS_PAGE_SIZE,
  };
  await withClient(ctx, { session: true }, async ({ client }) => {
    const reply = await client.giftCards.list({ query });
    ctx.out.result(reply, () => {
      const { items, meta } = reply;
      if (items.length === 0) return 'No gift cards.\n';
      const rows = items.map((c) => [c.generatedId, c.title, c.name, c.email, c.expirationDate, status(c)]);
      const last = (meta.page - 1) * meta.limit + items.length;
      const more = last < meta.total ? `; --page ${meta.page + 1} for more` : '';
      return `${formatTable(['CODE', 'TYPE', 'RECIPIENT', 'E-MAIL', 'EXPIRES', 'STATUS'], rows)}${last} of ${meta.total}${more}.\n`;
    });
  });
}

/** `tern gift-cards types --property ID [--status S]`: the types of one status tab, with their stock. */
export async function listGiftCardTypes(
  ctx: Context,
  flags: { property: string; status?: GiftCardTypeStatus; search?: string; page?: number },
): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const reply = await client.giftCards.listTypes({
      query: {
        propertyId: flags.property,
        status: flags.status ?? 'published',
        page: flags.page ?? 1,
        limit: GIFT_CARD_TYPES_PAGE_SIZE,
        ...(flags.search ? { term: flags.search } : {}),
      },
    });
    const { currency } = ctx.json ? { currency: null } : await propertyFacts(client, flags.property);
    const price = (n: number) => (currency ? formatPrice(n, currency) : String(n));
    ctx.out.result(reply, () => {
      const { items, meta } = reply;
      if (items.length === 0) return `No ${flags.status ?? 'published'} gift card types.\n`;
      const rows = items.map((t) => [t.id, t.title, price(t.netPrice), `${t.stock}/${t.limit}`, t.status]);
      const last = (meta.page - 1) * meta.limit + items.length;
      const more = last < meta.total ? `; --page ${meta.page + 1} for more` : '';
      return `${formatTable(['ID', 'TITLE', 'NET PRICE', 'STOCK', 'STATUS'], rows)}${last} of ${meta.total}${more}.\n`;
    });
  });
}

/** The card of a code (what the recipient types), found by the list's search. */
export async function cardOf(client: TernClient, propertyId: string, code: string): Promise<GiftCard> {
  const wanted = code.trim().toUpperCase();
  const { items } = await client.giftCards.list({
    query: { propertyId, term: wanted, limit: 100, page: 1, orderBy: 'code', orderDirection: 'asc' },
  });
  const card = items.find((c) => c.generatedId === wanted);
  if (!card) throw new UserError(`No gift card ${wanted} at this property`, { code: 'not_found' });
  return card;
}

export type MarkAction = 'used' | 'unused' | 'delivered';

/**
 * `tern gift-cards mark-used|mark-unused CODE --note TEXT` and `mark-delivered CODE` (M24): core's rules refuse
 * what the card does not allow before any change, the change is confirmed (`--yes` without a terminal), and the
 * server's own refusal is passed on as it came.
 */
export async function markGiftCard(
  ctx: Context,
  action: MarkAction,
  code: string,
  flags: { property: string; note?: string; yes?: boolean },
): Promise<void> {
  const note = flags.note ?? '';
  if (action !== 'delivered' && Object.keys(validateCardNote(note)).length > 0)
    throw new UserError('Give --note TEXT: a note is required', { code: 'invalid_input' });
  await withClient(ctx, { session: true }, async ({ client }) => {
    const card = await cardOf(client, flags.property, code);
    const flagsOf = { ...card, agentBooking: card.agentBooking as never };
    let question = `Mark ${card.generatedId} (${card.name}) ${action}?`;
    if (action === 'used' && !canMarkUsed(flagsOf))
      throw new UserError(`${card.generatedId} is already used`, { code: 'gift_card_used' });
    if (action === 'delivered' && !canMarkDelivered(flagsOf))
      throw new UserError(`${card.generatedId} is already delivered`, { code: 'gift_card_delivered' });
    if (action === 'unused') {
      const today = todayIn((await propertyFacts(client, flags.property)).zone) as Day;
      const check = markUnusedCheck(flagsOf, today);
      if (!check.allowed)
        throw new UserError(
          check.reason === 'not_used'
            ? `${card.generatedId} is not used`
            : `${card.generatedId} was used for a stay that has begun: it cannot be marked unused`,
          { code: check.reason === 'not_used' ? 'gift_card_not_used' : 'gift_card_consumed' },
        );
      if (check.cancelsBooking)
        question = `Mark ${card.generatedId} (${card.name}) unused? Its booking ${card.agentBooking?.reservationId} will be cancelled.`;
    }
    if (!(await confirmed(ctx, question, flags.yes))) {
      ctx.out.note('Nothing changed.');
      return;
    }
    const ids = { params: { id: card.id } };
    const changed =
      action === 'used'
        ? await client.giftCards.markUsed({ ...ids, body: { propertyId: flags.property, notes: note } })
        : action === 'unused'
          ? await client.giftCards.markUnused({ ...ids, body: { propertyId: flags.property, notes: note } })
          : await client.giftCards.markDelivered({ ...ids, body: { propertyId: flags.property } });
    ctx.out.result(changed, () => `${changed.generatedId}: ${status(changed)}\n`);
  });
}
