import { addDays, todayIn } from '@tern/core/dates';
import { addMonthsToDay } from '@tern/core/giftCards';
import type { GiftCardTypeCreateBody, Store, StoreInput, TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refusedWith } from './helpers/refusal.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// Who does the gift-card work of a property (document 3 §6: "gift card admin screens, orders, purchases … are for
// staff of a selected property"; document 2 §6: a manager has only the admin tab and user management more;
// DECISIONS 22: the API decides). The demo's staff@ is a plain user (not a manager) of the hotelier's harbour-view:
// they do its gift cards, purchases and stores as the hotelier does, reach nothing of the hotelier's other
// properties, and cannot make a multi-property type (they work at one property), though they change one the
// manager made, keeping its plans at the manager's other hotels. And the cards' last day, from
// the type's period (hours, days, months) or its date, through the issuing.

let server: TestServer;
let hotelier: TernClient;
let staff: TernClient;
let harbour: string;
let laugavegur: string;
let timezone: string;
let store: string;
let plan: { roomTypeId: string; ratePlanId: string };

const refusal = refusedWith;
const propertyOf = async (key: string) =>
  (await server.db.one<{ id: string; timezone: string }>(
    'select id, timezone from properties where key = $1',
    [key],
  ))!;
const typeBody = (over: Partial<GiftCardTypeCreateBody> = {}): GiftCardTypeCreateBody => ({
  propertyId: harbour,
  title: 'Staff stay',
  description: '<p>Two nights</p>',
  price: 200,
  limit: 10,
  storeIds: [store],
  ratePlans: [plan],
  ...over,
});
const recipients = (n: number, prefix: string) =>
  Array.from({ length: n }, (_, i) => ({
    rowKey: `${prefix}-${i}`,
    name: `Guest ${i}`,
    email: `guest${i}@example.com`,
  }));
/** A store's settings as its form sends them back. */
const inputOf = (s: Store): StoreInput => ({
  name: s.name,
  slugName: s.slugName,
  status: s.status,
  titleFont: s.titleFont,
  textFont: s.textFont,
  cornerStyle: s.cornerStyle,
  tagColor: s.tagColor,
  logoUrl: s.logoUrl,
  photoUrl: s.photoUrl,
  termsAndConditions: s.termsAndConditions,
  bookingTermsAndConditions: s.bookingTermsAndConditions,
  gaTrackingId: s.gaTrackingId,
  purchaseConfirmationEmail: s.purchaseConfirmationEmail,
  allowPickupAtHotel: s.allowPickupAtHotel,
  allowPickupAtHotelInfo: s.allowPickupAtHotelInfo,
  allowCancellation: s.allowCancellation,
  cancellationDeadlineDays: s.cancellationDeadlineDays,
  bannerTitle: s.bannerTitle,
  bannerParagraph: s.bannerParagraph,
});

beforeAll(async () => {
  server = await startTestServer();
  hotelier = server.client(await server.signIn('hotelier'));
  staff = server.client(await server.signIn('staff'));
  const h = await propertyOf('harbour-view');
  harbour = h.id;
  timezone = h.timezone;
  laugavegur = (await propertyOf('laugavegur-townhouse')).id;
  store = (await server.db.one<{ id: string }>(`select id from stores where slug = 'harbour-view'`))!.id;
  const row = (await server.db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by id limit 1',
    [harbour],
  ))!;
  plan = { roomTypeId: row.unit_id, ratePlanId: row.id };
}, 180_000);
afterAll(() => server?.close());

describe('staff of the hotel (a plain user)', () => {
  it('is no manager, and works at the hotel only', async () => {
    const me = await staff.auth.currentUser();
    expect(me.ternHotels.map((p) => [p.id, p.role])).toEqual([[harbour, 'user']]);
  });

  it('do the hotel’s gift-card work as its manager does: types, cards, export, ledger, purchases, stores', async () => {
    const type = await staff.giftCards.createType({ body: typeBody({ publish: true }) });
    expect(type).toMatchObject({ status: 'published', stock: 10 });
    // The manager sees what staff made, and staff what the manager made.
    expect(
      (await hotelier.giftCards.getType({ params: { id: type.id }, query: { propertyId: harbour } })).id,
    ).toBe(type.id);
    const managers = await hotelier.giftCards.createType({ body: typeBody({ title: 'Manager’s stay' }) });
    const edited = await staff.giftCards.updateType({
      params: { id: managers.id },
      body: typeBody({ title: 'Renamed by staff' }),
    });
    expect(edited.title).toBe('Renamed by staff');
    expect(
      (await staff.giftCards.publishType({ params: { id: managers.id }, body: { propertyId: harbour } }))
        .status,
    ).toBe('published');

    const { cards } = await staff.giftCards.issue({
      params: { id: type.id },
      body: { propertyId: harbour, recipients: recipients(3, 'staff') },
    });
    expect(cards).toHaveLength(3);
    const used = await staff.giftCards.markUsed({
      params: { id: cards[0]!.id },
      body: { propertyId: harbour, notes: 'Stayed' },
    });
    expect(used.booked).toBe(true);
    const listed = await staff.giftCards.list({ query: { propertyId: harbour, giftCardTypeId: type.id } });
    expect(listed.meta.total).toBe(3);
    const file = (await staff.giftCards.export({
      query: { propertyId: harbour, giftCardTypeId: type.id, exportFormat: 'csv' },
    })) as unknown as { blob: Blob };
    expect((await file.blob.text()).trim().split('\n')).toHaveLength(4);
    const month = todayIn(timezone, server.clock.now()).slice(0, 7);
    const ledger = await staff.giftCards.liability({
      query: { propertyId: harbour, from: month, to: month },
    });
    expect(ledger.months[0]!.sold.count).toBeGreaterThanOrEqual(3);

    const purchase = await staff.giftCardPurchases.create({
      body: {
        propertyId: harbour,
        giftCardTypeId: type.id,
        name: 'Acme ehf.',
        email: 'buyer@acme.example',
        netPrice: 150,
        quantity: 2,
        purchaseState: 'unpaid',
        recipientsInfo: [],
      },
    });
    expect(
      await staff.giftCardPurchases.markPaid({ params: { id: purchase.id }, body: { propertyId: harbour } }),
    ).toEqual({ status: 'paid', issuedStatus: 'pending' });
    expect(
      await staff.giftCardPurchases.markIssued({
        params: { id: purchase.id },
        body: { propertyId: harbour },
      }),
    ).toMatchObject({ status: 'paid', issuedStatus: expect.stringMatching(/^(queued|issued)$/) });

    const stores = await staff.stores.list({ query: { propertyId: harbour } });
    expect(stores.items.map((s) => s.id)).toContain(store);
    const before = await staff.stores.get({ params: { id: store }, query: { propertyId: harbour } });
    const changed = await staff.stores.update({
      params: { id: store },
      body: { propertyId: harbour, store: { ...inputOf(before), bannerTitle: 'Gifts from the harbour' } },
    });
    expect(changed.bannerTitle).toBe('Gifts from the harbour');
  });

  it('reach nothing of the manager’s other properties, and make no multi-property type', async () => {
    // The manager's other hotel, with a store and a type of its own.
    const other = await hotelier.stores.create({
      body: {
        propertyId: laugavegur,
        store: {
          name: 'Townhouse gifts',
          slugName: 'townhouse-gifts',
          titleFont: 'Lato',
          textFont: 'Lato',
          termsAndConditions: 'Terms',
          bannerTitle: 'Gifts',
          bannerParagraph: 'For stays',
        },
      },
    });
    const elsewhere = await hotelier.giftCards.createType({
      body: typeBody({ propertyId: laugavegur, storeIds: [other.id], ratePlans: [], giftcardType: 2 }),
    });
    for (const propertyId of [laugavegur, harbour]) {
      expect(
        await refusal(staff.giftCards.getType({ params: { id: elsewhere.id }, query: { propertyId } })),
      ).toMatchObject({ status: 404 });
      expect(
        await refusal(
          staff.giftCards.issue({
            params: { id: elsewhere.id },
            body: { propertyId, recipients: recipients(1, 'theirs') },
          }),
        ),
      ).toMatchObject({ status: 404 });
    }
    expect(await refusal(staff.giftCards.listTypes({ query: { propertyId: laugavegur } }))).toMatchObject({
      status: 404,
      code: 'property_not_found',
    });
    expect(await refusal(staff.giftCards.list({ query: { propertyId: laugavegur } }))).toMatchObject({
      status: 404,
    });
    expect(await refusal(staff.giftCardPurchases.list({ query: { propertyId: laugavegur } }))).toMatchObject({
      status: 404,
    });
    expect(await refusal(staff.stores.list({ query: { propertyId: laugavegur } }))).toMatchObject({
      status: 404,
    });
    expect(
      await refusal(staff.stores.get({ params: { id: other.id }, query: { propertyId: harbour } })),
    ).toMatchObject({ status: 404 });
    expect(
      await refusal(
        staff.giftCards.createType({
          body: typeBody({ propertyId: laugavegur, storeIds: [other.id], ratePlans: [], giftcardType: 2 }),
        }),
      ),
    ).toMatchObject({ status: 404, code: 'property_not_found' });
    // One property: no multi-property type (document 3 §4), which the manager of three may make.
    expect(await refusal(staff.giftCards.createType({ body: typeBody({ giftcardType: 1 }) }))).toEqual({
      status: 400,
      code: 'multi_property_needs_two',
    });
    expect(
      (await hotelier.giftCards.getType({ params: { id: elsewhere.id }, query: { propertyId: laugavegur } }))
        .issued,
    ).toBe(0);
  });
});

describe('a multi-property type the manager made', () => {
  it('staff of one of its hotels change it, keeping its plans at the others, and add none there', async () => {
    const there = (await server.db.one<{ unit_id: string; id: string }>(
      'select unit_id, id from rate_plans where property_id = $1 order by id limit 1',
      [laugavegur],
    ))!;
    const theirs = { propertyId: laugavegur, roomTypeId: there.unit_id, ratePlanId: there.id };
    const multi = await hotelier.giftCards.createType({
      body: typeBody({ giftcardType: 1, title: 'Two hotels', ratePlans: [plan, theirs] }),
    });
    const renamed = await staff.giftCards.updateType({
      params: { id: multi.id },
      body: typeBody({ giftcardType: 1, title: 'Two hotels, renamed', ratePlans: [plan, theirs] }),
    });
    expect(renamed).toMatchObject({ title: 'Two hotels, renamed', giftcardType: 1 });
    expect(renamed.ratePlans.map((p) => p.propertyId)).toEqual([harbour, laugavegur]);
    // Another plan of the hotel staff do not work at is not theirs to add.
    const other = (await server.db.one<{ unit_id: string; id: string }>(
      'select unit_id, id from rate_plans where property_id = $1 and unit_id <> $2 order by id limit 1',
      [laugavegur, there.unit_id],
    ))!;
    const added = { propertyId: laugavegur, roomTypeId: other.unit_id, ratePlanId: other.id };
    expect(
      await refusal(
        staff.giftCards.updateType({
          params: { id: multi.id },
          body: typeBody({ giftcardType: 1, ratePlans: [plan, theirs, added] }),
        }),
      ),
    ).toEqual({ status: 404, code: 'property_not_found' });
    // Nor, for the manager, a plan of another company's property.
    const foreign = (await server.db.one<{ property_id: string; unit_id: string; id: string }>(
      `select rp.property_id, rp.unit_id, rp.id from rate_plans rp join properties p on p.id = rp.property_id
        where p.key = 'casa-alfama' order by rp.id limit 1`,
    ))!;
    const stranger = { propertyId: foreign.property_id, roomTypeId: foreign.unit_id, ratePlanId: foreign.id };
    expect(
      await refusal(
        hotelier.giftCards.updateType({
          params: { id: multi.id },
          body: typeBody({ giftcardType: 1, ratePlans: [plan, stranger] }),
        }),
      ),
    ).toEqual({ status: 404, code: 'property_not_found' });
    const after = await hotelier.giftCards.getType({
      params: { id: multi.id },
      query: { propertyId: harbour },
    });
    expect(after.ratePlans.map((p) => p.ratePlanId)).toEqual([plan.ratePlanId, theirs.ratePlanId]);
    // The manager still adds a plan of their other hotel.
    const more = await hotelier.giftCards.updateType({
      params: { id: multi.id },
      body: typeBody({ giftcardType: 1, title: 'Two hotels, renamed', ratePlans: [plan, theirs, added] }),
    });
    expect(more.ratePlans.map((p) => p.ratePlanId)).toEqual([plan.ratePlanId, there.id, other.id]);
  });
});

describe('a card’s last day', () => {
  it('follows its type: a period of hours, days or months after issuing, or the type’s date', async () => {
    const now = server.clock.now();
    const today = todayIn(timezone, now);
    const cases: [Partial<GiftCardTypeCreateBody>, string][] = [
      [
        { expirationDuration: 30, expirationDurationUnit: 'hours' },
        todayIn(timezone, now.getTime() + 30 * 3_600_000),
      ],
      [{ expirationDuration: 10, expirationDurationUnit: 'days' }, addDays(today, 10)],
      [{ expirationDuration: 18, expirationDurationUnit: 'months' }, addMonthsToDay(today, 18)],
      [{ expirationType: 1, absoluteExpirationDate: addDays(today, 45) }, addDays(today, 45)],
    ];
    for (const [validity, expected] of cases) {
      const type = await hotelier.giftCards.createType({
        body: typeBody({ title: 'Validity', ...validity }),
      });
      const { cards } = await hotelier.giftCards.issue({
        params: { id: type.id },
        body: { propertyId: harbour, recipients: recipients(1, `validity-${type.id}`) },
      });
      expect([validity, cards[0]!.expirationDate]).toEqual([validity, expected]);
    }
  });
});
