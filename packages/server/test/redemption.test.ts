import { addDays } from '@tern/core/dates';
import { PAYMENT_RETURN_QUERY, type RedemptionBookingBody, SANDBOX_CARDS, type TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, todayAt } from '../src/clock.js';
import { newGiftCardCode } from '../src/services/giftCards/codes.js';
import { refusedWith } from './helpers/refusal.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// Redeeming a gift card for a stay and its public cancel (issue 25; docs/decisions.md "A gift-card booking is a
// booking of the engine", "A card books once", "Upsell", "Public cancel"). The test makes its own world: two
// hotels of one supplier with room types, plans, nights and prices of their own, a store, a single-property type
// (two nights, a plain and an upsell rate) and a multi-property one (one night, both hotels), and its cards. The
// clock is the server's, moved forward where a hold or a stay must pass.

let server: TestServer;
let visitor: TernClient;
let hotelier: TernClient;
let harbour: string;
let second: string;
let outside: string;
let today: string;
const slug = `Redeem-${Date.now()}`;
const TZ = 'Atlantic/Reykjavik';
const ids = {} as Record<'u1' | 'u2' | 'u3' | 'p1' | 'p2' | 'p3' | 'single' | 'multi' | 'store', string>;

const q = <T>(sql: string, params: unknown[] = []) => server.db.query<T>(sql, params);
const one = async <T>(sql: string, params: unknown[] = []) => (await server.db.one<T>(sql, params))!;

/** A card of a type, expiring `days` from today (at the hotel). */
async function makeCard(type: 'single' | 'multi', over: { days?: number; booked?: boolean } = {}) {
  const code = newGiftCardCode();
  await q(
    `insert into gift_cards (generated_id, gift_card_type_id, property_id, title, name, email, expiration_date, price,
                             net_price, booked, notes)
     values ($1, $2, $3, 'A night away', 'Sigga', 'sigga@example.test', $4, 30000, 30000, $5, '')`,
    [code, ids[type], harbour, addDays(today, over.days ?? 100), over.booked ?? false],
  );
  return code;
}

const free = (unitId: string) =>
  one<{ n: number }>(
    `select min(available)::int as n from unit_availability where unit_id = $1 and date >= $2 and date < $3`,
    [unitId, addDays(today, 20), addDays(today, 22)],
  ).then((r) => r.n);

const booker = {
  name: 'Jón',
  surname: 'Jónsson',
  email: 'jon@example.test',
  nationality: 'IS',
  phone: '5551234',
};

const bookBody = (over: Partial<RedemptionBookingBody> = {}): RedemptionBookingBody => ({
  propertyId: harbour,
  arrivalDate: addDays(today, 20),
  roomTypeId: ids.u1,
  ratePlanId: ids.p1,
  adults: 2,
  children: 0,
  customer: booker,
  locale: 'en',
  ...over,
});

const book = (code: string, over: Partial<RedemptionBookingBody> = {}) =>
  visitor.redemption.book({ params: { code }, body: bookBody(over) });

beforeAll(async () => {
  server = await startTestServer();
  visitor = server.client();
  hotelier = server.client(await server.signIn('hotelier'));
  harbour = (await one<{ id: string }>(`select id from properties where key = 'harbour-view'`)).id;
  await q(`update properties set timezone = $2, currency = 'ISK' where id = $1`, [harbour, TZ]);
  today = todayAt(server.clock, TZ);
  const [a, b] = await q<{ id: string }>(
    `insert into properties (kind, supplier_id, title, timezone, currency, city, country)
     select 'accommodation', supplier_id, t, $2, 'ISK', 'Akureyri', 'IS'
       from properties, unnest(array['North Lodge', 'Outside Inn']) t where id = $1
     returning id`,
    [harbour, TZ],
  );
  second = a!.id;
  outside = b!.id;
  const policy = await one<{ id: string }>(
    `insert into cancellation_policies (property_id, title, logic) values ($1, 'Free', 'free') returning id`,
    [harbour],
  );
  const unit = async (property: string, title: string, count: number) =>
    (
      await one<{ id: string }>(
        `insert into units (property_id, title, count) values ($1, $2, $3) returning id`,
        [property, title, count],
      )
    ).id;
  ids.u1 = await unit(harbour, 'Gift double', 2);
  ids.u2 = await unit(harbour, 'Gift suite', 1);
  ids.u3 = await unit(second, 'Lodge room', 2);
  const plan = async (u: string, property: string, title: string) =>
    (
      await one<{ id: string }>(
        `insert into rate_plans (unit_id, property_id, title, cancellation_policy_id) values ($1, $2, $3, $4)
         returning id`,
        [u, property, title, property === harbour ? policy.id : null],
      )
    ).id;
  ids.p1 = await plan(ids.u1, harbour, 'Gift plain');
  ids.p2 = await plan(ids.u2, harbour, 'Gift upsell');
  ids.p3 = await plan(ids.u3, second, 'Lodge plain');
  for (const [u, n] of [
    [ids.u1, 2],
    [ids.u2, 1],
    [ids.u3, 2],
  ] as const)
    await q(
      `insert into unit_availability (unit_id, date, available)
       select $1, d::date, $4 from generate_series($2::date, $3::date, interval '1 day') d
       on conflict (unit_id, date) do update set available = excluded.available`,
      [u, today, addDays(today, 130), n],
    );
  for (const p of [ids.p1, ids.p2, ids.p3])
    await q(
      `insert into rate_prices (rate_plan_id, date, price)
       select $1, d::date, 100 from generate_series($2::date, $3::date, interval '1 day') d`,
      [p, today, addDays(today, 130)],
    );
  // The demo's stores of the hotel step aside: the cards' store is the test's.
  await q(`update stores set status = 'inactive' where property_id = $1`, [harbour]);
  ids.store = (
    await one<{ id: string }>(
      `insert into stores (property_id, name, slug, title_font, text_font, allow_cancellation,
                           cancellation_deadline_days)
       values ($1, 'Harbour gifts', $2, 'Playfair Display', 'Lato', true, 0) returning id`,
      [harbour, slug],
    )
  ).id;
  const type = async (title: string, kind: 0 | 1, nights: number) =>
    (
      await one<{ id: string }>(
        `insert into gift_card_types (property_id, giftcard_type, title, description, price, card_limit,
                                      expiration_type, absolute_expiration_date, length_of_stay, status)
         values ($1, $2, $3, '<p>A stay</p>', 30000, 100, 1, $4, $5, 'published') returning id`,
        [harbour, kind, title, addDays(today, 200), nights],
      )
    ).id;
  ids.single = await type('Two nights by the harbour', 0, 2);
  ids.multi = await type('A night in the north', 1, 1);
  await q(
    `insert into gift_card_type_rate_plans (gift_card_type_id, unit_id, rate_plan_id, upsell, price, position)
     values ($1, $3, $4, false, null, 0), ($1, $5, $6, true, 5000, 1), ($2, $3, $4, false, null, 0),
            ($2, $7, $8, false, null, 1)`,
    [ids.single, ids.multi, ids.u1, ids.p1, ids.u2, ids.p2, ids.u3, ids.p3],
  );
}, 120_000);
afterAll(() => server?.close());

describe('a card by its code', () => {
  it('tells its state, hotels, store and length of stay; codes are typed in any case with dashes', async () => {
    const code = await makeCard('single');
    const typed = `${code.slice(0, 4).toLowerCase()}-${code.slice(4, 8)} ${code.slice(8)}`;
    const card = await visitor.redemption.card({ params: { code: typed } });
    expect(card).toMatchObject({
      generatedId: code,
      state: 'usable',
      lengthOfStay: 2,
      multiProperty: false,
      marketingCampaign: false,
      storeSlug: slug,
      stay: null,
    });
    expect(card.properties.map((p) => p.id)).toEqual([harbour]);
    const multi = await visitor.redemption.card({ params: { code: await makeCard('multi') } });
    expect(multi.multiProperty).toBe(true);
    expect(multi.properties.map((p) => p.id).sort()).toEqual([harbour, second].sort());
    expect(
      (await visitor.redemption.card({ params: { code: await makeCard('single', { days: -1 }) } })).state,
    ).toBe('expired');
    expect(
      (await visitor.redemption.card({ params: { code: await makeCard('single', { booked: true }) } })).state,
    ).toBe('used');
    expect(await refusedWith(visitor.redemption.card({ params: { code: newGiftCardCode() } }))).toEqual({
      status: 404,
      code: 'gift_card_not_found',
    });
  });

  it('finds a store by its property’s id in the slug’s place (a card of a hotel with no store of the type)', async () => {
    const front = await visitor.store.get({ params: { storeSlug: harbour } });
    expect(front.store.slug).toBe(slug);
    expect(await refusedWith(visitor.store.get({ params: { storeSlug: outside } }))).toEqual({
      status: 404,
      code: 'store_not_found',
    });
  });
});

describe('closed dates and rooms', () => {
  it('closes an arrival whose stay meets a stop sell, per rate and for the card', async () => {
    const code = await makeCard('single');
    const stop = addDays(today, 30);
    await q(`update rate_prices set stop_sell = true where rate_plan_id = any($1) and date = $2`, [
      [ids.p1, ids.p2],
      stop,
    ]);
    // Only the upsell's room is closed to arrival on day 40.
    await q(`update rate_prices set closed_to_arrival = true where rate_plan_id = $1 and date = $2`, [
      ids.p2,
      addDays(today, 40),
    ]);
    const closed = await visitor.redemption.closedDates({
      params: { code },
      query: { propertyId: harbour, to: addDays(today, 50) },
    });
    expect(closed.firstArrival).toBe(today);
    expect(closed.lastArrival).toBe(addDays(today, 50));
    // Two nights: the arrivals the day before and on the stop sell cannot be booked.
    expect(closed.closedArrivals).toEqual([addDays(today, 29), stop]);
    expect(closed.ratePlans.find((r) => r.ratePlanId === ids.p2)?.closedArrivals).toEqual([
      addDays(today, 29),
      stop,
      addDays(today, 40),
    ]);
    // The card's last arrival: its expiry less the nights after the first.
    const whole = await visitor.redemption.closedDates({ params: { code }, query: { propertyId: harbour } });
    expect(whole.lastArrival).toBe(addDays(today, 99));
  });

  it('lists the rooms and rates the card covers for the stay, at each hotel of a multi-property card', async () => {
    const code = await makeCard('single');
    const rooms = await visitor.redemption.rooms({
      params: { code },
      query: { propertyId: harbour, checkin: addDays(today, 20) },
    });
    expect(rooms.checkout).toBe(addDays(today, 22));
    expect(
      rooms.rooms.map((r) => [
        r.title,
        r.rates.map((x) => [x.title, x.upsell, x.upsellPrice, x.availability]),
      ]),
    ).toEqual([
      ['Gift double', [['Gift plain', false, 0, 2]]],
      ['Gift suite', [['Gift upsell', true, 5000, 1]]],
    ]);
    const multi = await makeCard('multi');
    const north = await visitor.redemption.rooms({
      params: { code: multi },
      query: { propertyId: second, checkin: addDays(today, 20) },
    });
    expect(north.rooms.map((r) => r.title)).toEqual(['Lodge room']);
    expect(north.checkout).toBe(addDays(today, 21));
    // A hotel the card is not redeemed at is not there; nor is the single card's at the second hotel.
    expect(
      await refusedWith(
        visitor.redemption.rooms({
          params: { code: multi },
          query: { propertyId: outside, checkin: addDays(today, 20) },
        }),
      ),
    ).toEqual({ status: 404, code: 'property_not_found' });
    expect(
      await refusedWith(
        visitor.redemption.rooms({
          params: { code },
          query: { propertyId: second, checkin: addDays(today, 20) },
        }),
      ),
    ).toEqual({ status: 404, code: 'property_not_found' });
  });
});

describe('booking with a card', () => {
  it('books a plain rate at once: in the hotel’s bookings with the card, rooms taken, card used', async () => {
    const code = await makeCard('single');
    const before = await free(ids.u1);
    const booked = await book(code, { hotelName: undefined, notes: 'Late arrival' });
    expect(booked).toMatchObject({ status: 'booked', redirectUrl: null, amount: 0, currency: 'ISK' });
    expect(booked.stay).toMatchObject({
      propertyId: harbour,
      arrivalDate: addDays(today, 20),
      departureDate: addDays(today, 22),
      roomTypeTitle: 'Gift double',
      ratePlanTitle: 'Gift plain',
      guestName: 'Jón Jónsson',
      status: 'new',
      bookingType: 'normal',
    });
    expect(await free(ids.u1)).toBe(before - 1);
    const list = await hotelier.bookings.list({ query: { reservationId: booked.stay!.reservationId } });
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({
      source: 'gift_card',
      giftCardCode: code,
      resellerName: 'Jón Jónsson',
      liability: 'prepaid',
      price: { currency: 'ISK', total: 30000 },
      customer: { surname: 'Jónsson', mail: 'jon@example.test' },
    });
    const card = await visitor.redemption.card({ params: { code } });
    expect(card.state).toBe('used');
    expect(card.stay?.reservationId).toBe(booked.stay!.reservationId);
    const row = await one<{
      booked: boolean;
      booking_type: string;
      redeemed_by: string;
      redeem_method: string;
      used_at: Date | null;
    }>(
      'select booked, booking_type, redeemed_by, redeem_method, used_at from gift_cards where generated_id = $1',
      [code],
    );
    expect(row).toMatchObject({
      booked: true,
      booking_type: 'normal',
      redeemed_by: 'Jón Jónsson',
      redeem_method: 'store',
    });
    expect(row.used_at).not.toBeNull();
    // The guest's e-mail carries the store's cancel link (document 3 §2.2's query).
    const mail = await one<{ text: string }>(
      `select text from outbox_mails where "to" = 'jon@example.test' and subject like $1`,
      [`%${booked.stay!.reservationId}%`],
    );
    expect(mail.text).toContain(
      `/${slug}/cancelGiftCard?locale=en&reservation_id=${booked.stay!.reservationId}&checkin_date=${addDays(today, 20)}&checkout_date=${addDays(today, 22)}&last_name=J%C3%B3nsson`,
    );
    expect(await refusedWith(book(code))).toEqual({ status: 409, code: 'gift_card_redeemed' });
  });

  it('gives two redemptions of one card at once one booking, and twenty at once one too', async () => {
    for (const n of [2, 20]) {
      const code = await makeCard('single');
      const answers = await Promise.allSettled(
        Array.from({ length: n }, (_, i) => book(code, { arrivalDate: addDays(today, 60 + (i % 3) * 3) })),
      );
      const ok = answers.filter((a) => a.status === 'fulfilled');
      expect(ok).toHaveLength(1);
      for (const a of answers.filter((x) => x.status === 'rejected'))
        expect((a as PromiseRejectedResult).reason).toMatchObject({
          status: 409,
          code: 'gift_card_redeemed',
        });
      const made = await one<{ n: number }>(
        `select count(*)::int as n from bookings b join gift_cards c on c.id = b.gift_card_id where c.generated_id = $1`,
        [code],
      );
      expect(made.n).toBe(1);
    }
  });

  it('refuses an expired or used card, a rate not covered, a stay past the expiry, a sold-out room', async () => {
    expect(await refusedWith(book(await makeCard('single', { booked: true })))).toEqual({
      status: 409,
      code: 'gift_card_redeemed',
    });
    const short = await makeCard('single', { days: 21 });
    // Nights 20 and 21 end on the expiry day: fine; arriving on 21 would sleep the 22nd.
    expect(await refusedWith(book(short, { arrivalDate: addDays(today, 21) }))).toEqual({
      status: 422,
      code: 'gift_card_expired',
    });
    expect(await refusedWith(book(await makeCard('single', { days: -1 }), { arrivalDate: today }))).toEqual({
      status: 422,
      code: 'gift_card_expired',
    });
    const code = await makeCard('single');
    expect(await refusedWith(book(code, { roomTypeId: ids.u3, ratePlanId: ids.p3 }))).toEqual({
      status: 400,
      code: 'rate_not_covered',
    });
    expect(await refusedWith(book(code, { roomTypeId: ids.u1, ratePlanId: ids.p2 }))).toEqual({
      status: 400,
      code: 'rate_not_covered',
    });
    await q(`update unit_availability set available = 0 where unit_id = $1 and date = $2`, [
      ids.u1,
      addDays(today, 80),
    ]);
    expect(await refusedWith(book(code, { arrivalDate: addDays(today, 79) }))).toEqual({
      status: 409,
      code: 'no_longer_available',
    });
    expect((await visitor.redemption.card({ params: { code } })).state).toBe('usable');
  });
});

describe('an upsell, paid before it is booked', () => {
  let paymentUrl = '';
  const upsell = (code: string, day: number) =>
    book(code, {
      roomTypeId: ids.u2,
      ratePlanId: ids.p2,
      arrivalDate: addDays(today, day),
      address: 'Laugavegur 1',
    });

  async function payAndReturn(redirectUrl: string, code: string) {
    const url = new URL(redirectUrl);
    paymentUrl = url.origin;
    const sessionId = url.pathname.replace(/^\/pay\//, '');
    const paid = await fetch(`${paymentUrl}/api/sessions/${sessionId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ cardNumber: SANDBOX_CARDS.pays, expiryMonth: 12, expiryYear: 2033, cvc: '123' }),
    });
    expect(paid.status).toBe(200);
    const back = new URL(((await paid.json()) as { returnUrl: string }).returnUrl);
    expect(back.pathname).toBe(`/${slug}/booking/${code}/confirmation`);
    return {
      referenceNumber: back.searchParams.get(PAYMENT_RETURN_QUERY.referenceNumber)!,
      propertyId: back.searchParams.get(PAYMENT_RETURN_QUERY.propertyId)!,
      digitalSignature: back.searchParams.get(PAYMENT_RETURN_QUERY.digitalSignature)!,
    };
  }
  const statusOf = (code: string, query: Record<string, string> = {}) =>
    visitor.redemption.bookingStatus({ params: { code }, query });

  it('holds the card, pays on the provider’s page and books on the signed return, once', async () => {
    const code = await makeCard('single');
    const before = await free(ids.u2);
    const held = await upsell(code, 20);
    expect(held).toMatchObject({ status: 'payment', stay: null, amount: 5000, currency: 'ISK' });
    expect(held.referenceNumber).toMatch(/^[2-9A-HJKMNP-Z]{12}$/);
    // Held, not taken: the rooms are free, the card waits, another redemption is refused.
    expect(await free(ids.u2)).toBe(before);
    expect((await visitor.redemption.card({ params: { code } })).state).toBe('pending_payment');
    expect(await refusedWith(book(code))).toEqual({ status: 409, code: 'gift_card_payment_pending' });
    expect((await statusOf(code)).status).toBe('pending');

    const query = await payAndReturn(held.redirectUrl!, code);
    // A tampered signature changes nothing.
    expect(
      await refusedWith(statusOf(code, { ...query, digitalSignature: `${query.digitalSignature}0` })),
    ).toEqual({
      status: 403,
      code: 'signature_invalid',
    });
    expect((await visitor.redemption.card({ params: { code } })).state).toBe('pending_payment');
    const done = await statusOf(code, query);
    expect(done.status).toBe('booked');
    expect(done.stay).toMatchObject({ bookingType: 'upsell', roomTypeTitle: 'Gift suite' });
    // The replayed return: the same booking, nothing more.
    const again = await statusOf(code, query);
    expect(again.stay?.reservationId).toBe(done.stay?.reservationId);
    expect(await free(ids.u2)).toBe(before - 1);
    const rows = await q<{ total: number; source: string }>(
      `select b.total::float8 as total, b.source from bookings b join gift_cards c on c.id = b.gift_card_id where c.generated_id = $1`,
      [code],
    );
    expect(rows).toEqual([{ total: 35000, source: 'gift_card' }]);
  });

  it('refunds a payment that comes back after the hold when the room has gone', async () => {
    const code = await makeCard('single');
    const held = await upsell(code, 24);
    // Paid in time, but the return comes after the hold ran out, and another card took the suite's last room.
    const query = await payAndReturn(held.redirectUrl!, code);
    server.clock.advance(16 * MINUTE);
    expect((await statusOf(code)).status).toBe('expired');
    const other = await makeCard('single');
    const taken = await upsell(other, 24).then(async (h) =>
      statusOf(other, await payAndReturn(h.redirectUrl!, other)),
    );
    expect(taken.status).toBe('booked');
    const answer = await statusOf(code, query);
    expect(answer.status).toBe('refunded');
    const session = (await (
      await fetch(`${paymentUrl}/api/sessions/${new URL(held.redirectUrl!).pathname.split('/').pop()}`)
    ).json()) as {
      status: string;
    };
    expect(session.status).toBe('refunded');
    expect((await visitor.redemption.card({ params: { code } })).state).toBe('usable');
  });
});

describe('the public cancel', () => {
  const cancelBody = (reservationId: string, lastName = 'jónsson ') => ({
    body: { reservationId, lastName },
  });

  it('cancels with the reservation and last name: rooms free, card usable, and it redeems again', async () => {
    const code = await makeCard('single');
    const before = await free(ids.u1);
    const { stay } = await book(code);
    const preview = await visitor.redemption.cancelPreview(cancelBody(stay!.reservationId));
    expect(preview).toMatchObject({ cancellable: true, reason: null, giftCardCode: code, storeSlug: slug });
    expect(await free(ids.u1)).toBe(before - 1);
    expect(
      await refusedWith(visitor.redemption.cancelPreview(cancelBody(stay!.reservationId, 'Other'))),
    ).toEqual({
      status: 404,
      code: 'booking_not_found',
    });
    const cancelled = await visitor.redemption.cancel(cancelBody(stay!.reservationId.toLowerCase()));
    expect(cancelled).toMatchObject({ cancellable: false, reason: 'already_cancelled' });
    expect(cancelled.stay.status).toBe('canceled');
    expect(await free(ids.u1)).toBe(before);
    expect((await visitor.redemption.card({ params: { code } })).state).toBe('usable');
    const list = await hotelier.bookings.list({ query: { reservationId: stay!.reservationId } });
    expect(list.items[0]?.status).toBe('canceled');
    const again = await book(code);
    expect(again.status).toBe('booked');
    expect(again.stay?.reservationId).not.toBe(stay!.reservationId);
  });

  it('refuses when the store does not allow it, past the deadline, and once the stay has begun', async () => {
    const code = await makeCard('single');
    const { stay } = await book(code, { arrivalDate: addDays(today, 2) });
    await q('update stores set allow_cancellation = false where id = $1', [ids.store]);
    expect(await refusedWith(visitor.redemption.cancel(cancelBody(stay!.reservationId)))).toEqual({
      status: 409,
      code: 'cancellation_not_allowed',
    });
    await q('update stores set allow_cancellation = true, cancellation_deadline_days = 3 where id = $1', [
      ids.store,
    ]);
    const preview = await visitor.redemption.cancelPreview(cancelBody(stay!.reservationId));
    expect(preview).toMatchObject({ cancellable: false, reason: 'past_deadline' });
    expect(await refusedWith(visitor.redemption.cancel(cancelBody(stay!.reservationId)))).toEqual({
      status: 409,
      code: 'cancellation_deadline_passed',
    });
    await q('update stores set cancellation_deadline_days = 0 where id = $1', [ids.store]);
    expect((await visitor.redemption.cancelPreview(cancelBody(stay!.reservationId))).cancellable).toBe(true);
    // Three days on, the stay has begun.
    server.clock.advance(3 * 24 * 60 * MINUTE);
    expect(await refusedWith(visitor.redemption.cancel(cancelBody(stay!.reservationId)))).toEqual({
      status: 409,
      code: 'gift_card_booking_started',
    });
    expect((await visitor.redemption.card({ params: { code } })).state).toBe('used');
  });

  it('throttles wrong guesses per address, of codes and of the cancel page', async () => {
    const code = await makeCard('single');
    for (let i = 0; i < 20; i++)
      expect((await refusedWith(visitor.redemption.cancelPreview(cancelBody(`TRN-NOPE${i}`)))).status).toBe(
        404,
      );
    expect(await refusedWith(visitor.redemption.cancelPreview(cancelBody('TRN-NOPE')))).toMatchObject({
      status: 429,
      code: 'too_many_attempts',
    });
    for (let i = 0; i < 20; i++)
      expect(
        (await refusedWith(visitor.redemption.card({ params: { code: newGiftCardCode() } }))).status,
      ).toBe(404);
    // Even a real code is not answered while the address is throttled.
    expect(await refusedWith(visitor.redemption.card({ params: { code } }))).toMatchObject({
      status: 429,
      code: 'too_many_attempts',
    });
    server.clock.advance(16 * MINUTE);
    expect((await visitor.redemption.card({ params: { code } })).state).toBe('usable');
    // Guesses through a booking count too, though a refused create's writes are undone with its
    // Idempotency-Key (the SDK sends one): the miss outlasts the refusal.
    server.clock.advance(16 * MINUTE);
    for (let i = 0; i < 20; i++)
      expect(
        (
          await refusedWith(
            visitor.redemption.book({ params: { code: newGiftCardCode() }, body: bookBody() }),
          )
        ).status,
      ).toBe(404);
    expect(await refusedWith(visitor.redemption.card({ params: { code } }))).toMatchObject({
      status: 429,
      code: 'too_many_attempts',
    });
  });
});
