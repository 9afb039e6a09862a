import { type Day, deviceTimeZone, todayIn } from '@tern/core/dates';
import {
  type PromoDraft,
  promoBodyOf,
  promoDraftOf,
  promoFormInput,
  promoLabel,
} from '@tern/core/promoCodes';
import { PROMO_CODES_PAGE_SIZE, type PromoCode, type TernClient } from '@tern/sdk';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { submitFlags } from '../../forms.js';
import { formatTable } from '../../output.js';
import type { PromoCreateFlags } from './index.js';

/** The property's time zone (its "today"), from the signed-in user's properties; the device's for an admin. */
async function zoneOf(client: TernClient, propertyId: string): Promise<string> {
  const me = await client.auth.currentUser();
  return me.ternHotels.find((p) => p.id === propertyId)?.timezone ?? deviceTimeZone();
}

const discount = (p: PromoCode) => (p.codeType === 'percentage' ? `${p.amount}%` : String(p.amount));

/** `tern promo-codes list --property ID`: `--json` prints the SDK's `{ items, meta }`. */
export async function listPromoCodes(
  ctx: Context,
  options: { property: string; search?: string; page?: number },
): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const reply = await client.promoCodes.list({
      query: {
        propertyId: options.property,
        page: options.page ?? 1,
        limit: PROMO_CODES_PAGE_SIZE,
        orderBy: 'created_at',
        orderDirection: 'desc',
        ...(options.search ? { term: options.search } : {}),
      },
    });
    const today = todayIn(await zoneOf(client, options.property));
    ctx.out.result(reply, () => {
      const { items, meta } = reply;
      if (items.length === 0) return 'No promo codes.\n';
      const rows = items.map((p) => [
        p.code,
        p.name,
        discount(p),
        p.usageLimit === null ? String(p.usageCount) : `${p.usageCount}/${p.usageLimit}`,
        p.validFrom || p.validTo ? `${p.validFrom ?? '…'}–${p.validTo ?? '…'}` : 'always',
        promoLabel(p, today),
      ]);
      const last = (meta.page - 1) * meta.limit + items.length;
      const more = last < meta.total ? `; --page ${meta.page + 1} for more` : '';
      return `${formatTable(['CODE', 'NAME', 'DISCOUNT', 'USED', 'VALID', 'STATUS'], rows)}${last} of ${meta.total}${more}.\n`;
    });
  });
}

/**
 * `tern promo-codes create …`: core's `formDrawerMachine` with the promo rules (`promoFormInput`), as the web's
 * drawer drives it, run headless — the flags fill the form, one submit checks it (a wrong flag is named before
 * any call) and sends it once; the server's refusal is passed on as it came.
 */
export async function createPromoCode(ctx: Context, flags: PromoCreateFlags): Promise<void> {
  if ((flags.percent === undefined) === (flags.amount === undefined))
    throw new UserError('Give either --percent N or --amount N', { code: 'invalid_input' });
  const codeType = flags.percent !== undefined ? ('percentage' as const) : ('fixed_amount' as const);
  await withClient(ctx, { session: true }, async ({ client }) => {
    const zone = await zoneOf(client, flags.property);
    const values: Partial<PromoDraft> = {
      name: flags.name,
      code: flags.code,
      codeType,
      amount: String(flags.percent ?? flags.amount),
      usageLimit: flags.limit === undefined ? '' : String(flags.limit),
      active: flags.active === true,
      validFrom: (flags.from ?? null) as Day | null,
      validTo: (flags.to ?? null) as Day | null,
    };
    const made = await submitFlags(
      promoFormInput(null, todayIn(zone)),
      values,
      (draft: object) => client.promoCodes.create({ body: promoBodyOf(draft as PromoDraft, flags.property) }),
      { flags: { ...FLAGS, amount: codeType === 'percentage' ? 'percent' : 'amount' } },
    );
    ctx.out.result(
      made,
      () => `Created ${made.code} (${made.name}): ${discount(made)} off, ${made.status}\n`,
    );
  });
}

/** The flag of each field of core's promo rules. */
const FLAGS: Record<string, string> = {
  usageLimit: 'limit',
  validFrom: 'from',
  validTo: 'to',
  name: 'name',
  code: 'code',
};

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A code of the property by its id or its code (what a guest types; any case). */
async function promoOf(client: TernClient, propertyId: string, codeOrId: string): Promise<PromoCode> {
  const wanted = codeOrId.trim();
  if (GUID.test(wanted)) return client.promoCodes.get({ params: { id: wanted }, query: { propertyId } });
  const { items } = await client.promoCodes.list({
    query: { propertyId, term: wanted, page: 1, limit: 100, orderBy: 'code', orderDirection: 'asc' },
  });
  const found = items.find((p) => p.code.toUpperCase() === wanted.toUpperCase());
  if (!found)
    throw new UserError(`No promo code ${wanted} at this property: \`tern promo-codes list\` lists them`, {
      code: 'promo_code_not_found',
    });
  return found;
}

export interface PromoUpdateFlags extends Partial<Omit<PromoCreateFlags, 'property' | 'limit'>> {
  property: string;
  /** A number, or `false` from `--no-limit`. */
  limit?: number | false;
  inactive?: boolean;
  /** `--no-from` / `--no-to`: `false` opens that end of the range. */
  from?: string;
  to?: string;
}

/**
 * `tern promo-codes update CODE|ID …`: the web's edit drawer run headless — the code's draft, the flags given
 * changed in it, core's rules (an edited code keeps its own start) checked before the one PUT.
 */
export async function updatePromoCode(
  ctx: Context,
  codeOrId: string,
  flags: PromoUpdateFlags,
): Promise<void> {
  if (flags.percent !== undefined && flags.amount !== undefined)
    throw new UserError('Give --percent N or --amount N, not both', { code: 'usage' });
  if (flags.active && flags.inactive)
    throw new UserError('Give --active or --inactive, not both', { code: 'usage' });
  await withClient(ctx, { session: true }, async ({ client }) => {
    const promo = await promoOf(client, flags.property, codeOrId);
    const saved = await savePromo(client, promo, flags);
    ctx.out.result(
      saved,
      () => `Updated ${saved.code} (${saved.name}): ${discount(saved)} off, ${saved.status}\n`,
    );
  });
}

/** `tern promo-codes deactivate CODE|ID`: the code stays, inactive (as the drawer's switch). */
export async function deactivatePromoCode(
  ctx: Context,
  codeOrId: string,
  flags: { property: string },
): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const promo = await promoOf(client, flags.property, codeOrId);
    const saved =
      promo.status === 'inactive' ? promo : await savePromo(client, promo, { ...flags, inactive: true });
    ctx.out.result(saved, () =>
      promo.status === 'inactive'
        ? `${saved.code} was inactive already\n`
        : `Deactivated ${saved.code} (${saved.name})\n`,
    );
  });
}

async function savePromo(client: TernClient, promo: PromoCode, flags: PromoUpdateFlags): Promise<PromoCode> {
  const zone = await zoneOf(client, flags.property);
  const changes: Partial<PromoDraft> = {};
  if (flags.name !== undefined) changes.name = flags.name;
  if (flags.code !== undefined) changes.code = flags.code;
  if (flags.percent !== undefined)
    Object.assign(changes, { codeType: 'percentage', amount: String(flags.percent) });
  if (flags.amount !== undefined)
    Object.assign(changes, { codeType: 'fixed_amount', amount: String(flags.amount) });
  if (flags.limit !== undefined) changes.usageLimit = flags.limit === false ? '' : String(flags.limit);
  if (flags.from !== undefined) changes.validFrom = (flags.from || null) as Day | null;
  if (flags.to !== undefined) changes.validTo = (flags.to || null) as Day | null;
  if (flags.active) changes.active = true;
  if (flags.inactive) changes.active = false;
  const input = promoFormInput(promo, todayIn(zone));
  const codeType = changes.codeType ?? promo.codeType;
  return submitFlags(
    input,
    { ...promoDraftOf(promo), ...changes },
    (draft: object) =>
      client.promoCodes.update({
        params: { id: promo.id },
        body: promoBodyOf(draft as PromoDraft, flags.property),
      }),
    { flags: { ...FLAGS, amount: codeType === 'percentage' ? 'percent' : 'amount' } },
  );
}
