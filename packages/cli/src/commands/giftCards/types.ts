import { formDrawerInput } from '@tern/core/admin';
import { formatPrice } from '@tern/core/bookingEngine';
import { deviceTimeZone, todayIn } from '@tern/core/dates';
import {
  type GiftCardTypeForm,
  giftCardTypeBodyOf,
  multiPropertyAllowed,
  newGiftCardTypeForm,
  type RatePlanChoice,
  type StoreChoice,
  validateGiftCardTypeForm,
} from '@tern/core/giftCards';
import {
  GIFT_CARD_MULTI,
  GIFT_CARD_NO_PROPERTY,
  GIFT_CARD_SINGLE,
  type GiftCardType,
  type TernClient,
} from '@tern/sdk';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { readFormFile } from '../../files.js';
import { submitFlags } from '../../forms.js';
import { formatFields } from '../../output.js';

// `tern gift-cards types create|publish|unpublish|duplicate`: thin over the SDK; `create` fills
// core's type form (the web's drawer: its defaults, rules and body), so a wrong flag is named before any call.

export interface TypeCreateFlags {
  property: string;
  fromFile?: string;
  title?: string;
  description?: string;
  price?: number;
  netPrice?: number;
  limit?: number;
  store?: string[];
  plan?: string[];
  kind?: 'single' | 'multi' | 'no-property';
  months?: number;
  expires?: string;
  nights?: number;
  publish?: boolean;
}

/** The flag of each field of core's type form (a field without one is named as itself). */
const FLAGS: Record<string, string> = {
  title: 'title',
  description: 'description',
  price: 'price',
  netPrice: 'net-price',
  limit: 'limit',
  storeIds: 'store',
  ratePlans: 'plan',
  expirationDuration: 'months',
  absoluteExpirationDate: 'expires',
  lengthOfStay: 'nights',
};

const KINDS = {
  single: GIFT_CARD_SINGLE,
  multi: GIFT_CARD_MULTI,
  'no-property': GIFT_CARD_NO_PROPERTY,
} as const;

const FORM_KEYS = new Set(Object.keys(newGiftCardTypeForm()));

/** `--from-file`: a JSON object of the type form's fields (as the web's drawer holds them); unknown keys refused. */
const formOfFile = (file: string) => readFormFile<GiftCardTypeForm>(file, FORM_KEYS, "the type's");

/** `--plan UNIT:PLAN`: a room type and a rate plan selling it (ids from `tern inventory get`). */
function planOf(value: string): RatePlanChoice {
  const [roomTypeId, ratePlanId, ...rest] = value.split(':');
  if (!roomTypeId || !ratePlanId || rest.length > 0)
    throw new UserError(`--plan ${value}: use UNIT_ID:PLAN_ID (\`tern inventory get\` lists them)`, {
      code: 'usage',
    });
  return { roomTypeId, ratePlanId };
}

/** The form: the drawer's defaults, then the file's fields, then the flags given. */
async function formOf(flags: TypeCreateFlags): Promise<GiftCardTypeForm> {
  const form = { ...newGiftCardTypeForm(), ...(flags.fromFile ? await formOfFile(flags.fromFile) : {}) };
  if (flags.title !== undefined) form.title = flags.title;
  if (flags.description !== undefined) form.description = flags.description;
  if (flags.price !== undefined) form.price = flags.price;
  if (flags.netPrice !== undefined) form.netPrice = flags.netPrice;
  if (flags.limit !== undefined) form.limit = flags.limit;
  if (flags.store) form.storeIds = flags.store;
  if (flags.plan) form.ratePlans = flags.plan.map(planOf);
  if (flags.kind) form.giftcardType = KINDS[flags.kind];
  if (flags.months !== undefined)
    Object.assign(form, { expirationType: 0, expirationDuration: flags.months });
  if (flags.expires !== undefined)
    Object.assign(form, { expirationType: 1, absoluteExpirationDate: flags.expires });
  if (flags.nights !== undefined) form.lengthOfStay = flags.nights;
  if (flags.publish) form.publish = true;
  return form;
}

export async function createGiftCardType(ctx: Context, flags: TypeCreateFlags): Promise<void> {
  if (flags.months !== undefined && flags.expires !== undefined)
    throw new UserError('Give --months N or --expires DAY, not both', { code: 'usage' });
  const form = await formOf(flags);
  await withClient(ctx, { session: true }, async ({ client }) => {
    const [me, stores] = await Promise.all([
      client.auth.currentUser(),
      client.stores.list({ query: { propertyId: flags.property } }),
    ]);
    const property = me.ternHotels.find((p) => p.id === flags.property);
    const zone = property?.timezone;
    const choices: StoreChoice[] = stores.items.map((s) => ({
      id: s.id,
      allowPickupAtHotel: s.allowPickupAtHotel,
    }));
    const input = formDrawerInput<GiftCardTypeForm>({
      values: form,
      validate: (draft) =>
        validateGiftCardTypeForm(draft, {
          propertyId: flags.property,
          today: todayIn(zone ?? deviceTimeZone()),
          stores: choices,
          multiProperty: multiPropertyAllowed(false, me.ternHotels.length),
          editing: null,
        }),
    });
    const made = await submitFlags(
      input,
      form,
      (draft: object) =>
        client.giftCards.createType({
          body: giftCardTypeBodyOf(draft as GiftCardTypeForm, flags.property, choices),
        }),
      { flags: FLAGS },
    );
    ctx.out.result(made, () => `Created ${typeLine(made, property?.currency)}\n`);
  });
}

const typeLine = (t: GiftCardType, currency?: string) =>
  `${t.title} (${t.id}): ${t.status}, ${t.limit} cards at ${currency ? formatPrice(t.price, currency) : t.price}`;

/** `publish`, `unpublish` (archives it) and `duplicate` (a created copy): one call each on a type. */
export async function changeGiftCardType(
  ctx: Context,
  action: 'publish' | 'unpublish' | 'duplicate',
  id: string,
  flags: { property: string },
): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const call = { params: { id }, body: { propertyId: flags.property } };
    const calls: Record<typeof action, (c: TernClient) => Promise<GiftCardType>> = {
      publish: (c) => c.giftCards.publishType(call),
      unpublish: (c) => c.giftCards.unpublishType(call),
      duplicate: (c) => c.giftCards.duplicateType(call),
    };
    const type = await calls[action](client);
    const said = { publish: 'Published', unpublish: 'Unpublished (archived)', duplicate: 'Duplicated as' }[
      action
    ];
    ctx.out.result(type, () =>
      formatFields([
        [said, `${type.title} (${type.id})`],
        ['Status', type.status],
      ]),
    );
  });
}
