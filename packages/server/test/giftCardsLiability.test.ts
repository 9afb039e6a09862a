import { todayIn } from '@tern/core/dates';
import { ApiError, type TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

// The liability ledger (beyond the documents): per month, cards sold, redeemed, expired, cancelled and
// outstanding, reconciled card by card with the issued cards of fixed dates (mid-month, far from any time zone's
// month boundary), and the roll-forward: outstanding = previous + sold − redeemed − expired − cancelled.

let server: TestServer;
let hotelier: TernClient;
let rival: TernClient;
let propertyId: string;
let timezone: string;
let typeId: string;

interface Seed {
  sold: string;
  netPrice: number;
  expires: string;
  used?: string;
  cancelled?: string;
}
// Sold, used, cancelled: noon UTC of mid-month days; expiry: a last day (the card ends at its end).
const SEEDS: Seed[] = [
  { sold: '2025-01-15', netPrice: 100, expires: '2025-12-15' },
  { sold: '2025-01-16', netPrice: 250, expires: '2026-06-15', used: '2025-03-14' },
  { sold: '2025-02-10', netPrice: 80, expires: '2025-04-15' }, // expires in April
  { sold: '2025-02-11', netPrice: 60, expires: '2025-09-15', cancelled: '2025-02-20' },
  { sold: '2025-03-12', netPrice: 300, expires: '2025-05-14', used: '2025-05-20' }, // expired before its use
  { sold: '2025-03-13', netPrice: 45.5, expires: '2026-03-13', used: '2025-03-14', cancelled: '2025-04-14' },
  { sold: '2025-04-14', netPrice: 0, expires: '2025-06-16' },
  { sold: '2024-11-14', netPrice: 500, expires: '2025-02-14' }, // opening, expires in February
  { sold: '2024-12-14', netPrice: 70, expires: '2025-08-14', used: '2025-06-12' }, // opening
  { sold: '2024-10-14', netPrice: 999, expires: '2024-12-14' }, // gone before the range
];
const at = (day: string) => `${day}T12:00:00Z`;

beforeAll(async () => {
  server = await startTestServer();
  hotelier = server.client(await server.signIn('hotelier'));
  rival = server.client(await server.signIn('hotelier2'));
  const property = (await server.db.one<{ id: string; timezone: string }>(
    `select id, timezone from properties where key = 'harbour-view'`,
  ))!;
  propertyId = property.id;
  timezone = property.timezone;
  const plan = (await server.db.one<{ unit_id: string; id: string }>(
    'select unit_id, id from rate_plans where property_id = $1 order by id limit 1',
    [propertyId],
  ))!;
  typeId = (
    await hotelier.giftCards.createType({
      body: {
        propertyId,
        title: 'Ledger stay',
        description: '<p>x</p>',
        price: 1000,
        limit: 100,
        storeIds: [
          (await server.db.one<{ id: string }>(`select id from stores where slug = 'harbour-view'`))!.id,
        ],
        ratePlans: [{ roomTypeId: plan.unit_id, ratePlanId: plan.id }],
      },
    })
  ).id;
  for (const [i, s] of SEEDS.entries()) {
    await server.db.query(
      `insert into gift_cards (generated_id, gift_card_type_id, property_id, title, name, email, expiration_date,
              price, net_price, booked, cancelled_at, created_at, updated_at)
       values ($1, $2, $3, 'Ledger stay', 'Guest', 'g@example.com', $4, 1000, $5, $6, $7, $8, $9)`,
      [
        `KEDGERCARD${'ABCDEFGHJK'[i]}${'ABCDEFGHJK'[i]}`,
        typeId,
        propertyId,
        s.expires,
        s.netPrice,
        s.used !== undefined,
        s.cancelled ? at(s.cancelled) : null,
        at(s.sold),
        // The trigger records the use at the row's last change.
        at(s.used ?? s.sold),
      ],
    );
  }
}, 180_000);
afterAll(() => server?.close());

const refusal = async (call: Promise<unknown>) => {
  try {
    await call;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, fields: error.fields };
    throw error;
  }
  throw new Error('expected a refusal');
};

/** Cards sold by `end` (`YYYY-MM-01`, exclusive), neither used, expired nor cancelled before it, from the seeds. */
function outstandingAt(end: string) {
  const live = SEEDS.filter(
    (s) =>
      s.sold < end && !(s.used && s.used < end) && !(s.cancelled && s.cancelled < end) && !(s.expires < end), // the last day is before the first of the next month
  );
  return { count: live.length, value: live.reduce((sum, s) => sum + s.netPrice, 0) };
}
const nextMonth = (m: string) => {
  const [y, mo] = m.split('-').map(Number) as [number, number];
  return mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, '0')}`;
};

describe('liability ledger', () => {
  it('reconciles each month with the cards: outstanding is what was neither used, expired nor cancelled', async () => {
    const ledger = await hotelier.giftCards.liability({
      query: { propertyId, from: '2025-01', to: '2025-12' },
    });
    expect(ledger.propertyId).toBe(propertyId);
    expect(ledger.months.map((m) => m.month)).toEqual(
      Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`),
    );
    expect(ledger.opening).toEqual(outstandingAt('2025-01-01'));
    expect(ledger.opening).toEqual({ count: 2, value: 570 });
    let previous = ledger.opening;
    for (const m of ledger.months) {
      expect(m.outstanding, m.month).toEqual(outstandingAt(`${nextMonth(m.month)}-01`));
      // Each card leaves once: the roll-forward holds in count and value.
      expect(m.outstanding.count).toBe(
        previous.count + m.sold.count - m.redeemed.count - m.expired.count - m.cancelled.count,
      );
      expect(m.outstanding.value).toBeCloseTo(
        previous.value + m.sold.value - m.redeemed.value - m.expired.value - m.cancelled.value,
        6,
      );
      const sold = SEEDS.filter((s) => s.sold.startsWith(m.month));
      expect(m.sold, m.month).toEqual({
        count: sold.length,
        value: sold.reduce((a, s) => a + s.netPrice, 0),
      });
      previous = m.outstanding;
    }
    const month = (m: string) => ledger.months.find((x) => x.month === m)!;
    expect(month('2025-02')).toMatchObject({
      expired: { count: 1, value: 500 },
      cancelled: { count: 1, value: 60 },
    });
    // Used in March (the one used then cancelled counts once, as redeemed).
    expect(month('2025-03').redeemed).toEqual({ count: 2, value: 295.5 });
    expect(month('2025-04')).toMatchObject({
      expired: { count: 1, value: 80 },
      cancelled: { count: 0, value: 0 },
    });
    // Its last day passed before it was marked used: it expired in May, and is not redeemed again.
    expect(month('2025-05')).toMatchObject({
      expired: { count: 1, value: 300 },
      redeemed: { count: 0, value: 0 },
    });
    expect(month('2025-12')).toMatchObject({
      expired: { count: 1, value: 100 },
      outstanding: { count: 0, value: 0 },
    });
  });

  it('counts a card marked used through the API in the month of the mark', async () => {
    const month = todayIn(timezone, server.clock.now()).slice(0, 7);
    const before = await hotelier.giftCards.liability({ query: { propertyId, from: month, to: month } });
    const { cards } = await hotelier.giftCards.issue({
      params: { id: typeId },
      body: {
        propertyId,
        netPrice: 40,
        recipients: [{ rowKey: 'api-1', name: 'Ana', email: 'a@example.com' }],
      },
    });
    await hotelier.giftCards.markUsed({
      params: { id: cards[0]!.id },
      body: { propertyId, notes: 'stayed' },
    });
    const after = await hotelier.giftCards.liability({ query: { propertyId, from: month, to: month } });
    expect(after.months[0]!.sold.count).toBe(before.months[0]!.sold.count + 1);
    expect(after.months[0]!.redeemed).toEqual({
      count: before.months[0]!.redeemed.count + 1,
      value: before.months[0]!.redeemed.value + 40,
    });
    expect(after.months[0]!.outstanding).toEqual(before.months[0]!.outstanding);
    // Marked unused again: back in the liability.
    await hotelier.giftCards.markUnused({
      params: { id: cards[0]!.id },
      body: { propertyId, notes: 'mistake' },
    });
    const again = await hotelier.giftCards.liability({ query: { propertyId, from: month, to: month } });
    expect(again.months[0]!.outstanding.count).toBe(before.months[0]!.outstanding.count + 1);
  });

  it('refuses another company’s property and a bad range', async () => {
    expect(
      await refusal(rival.giftCards.liability({ query: { propertyId, from: '2025-01', to: '2025-02' } })),
    ).toMatchObject({ status: 404 });
    expect(
      await refusal(hotelier.giftCards.liability({ query: { propertyId, from: '2025-03', to: '2025-02' } })),
    ).toMatchObject({ status: 400 });
    expect(
      await refusal(hotelier.giftCards.liability({ query: { propertyId, from: '2025-13', to: '2026-02' } })),
    ).toMatchObject({ status: 400 });
    expect(
      await refusal(hotelier.giftCards.liability({ query: { propertyId, from: '2000-01', to: '2025-02' } })),
    ).toMatchObject({ status: 400 });
    expect(
      await refusal(hotelier.giftCards.liability({ query: { propertyId, from: '0000-01', to: '0000-02' } })),
    ).toMatchObject({ status: 400 });
  });

  it('takes a day for its month', async () => {
    const byDay = await hotelier.giftCards.liability({
      query: { propertyId, from: '2025-02-28', to: '2025-03-01' },
    });
    const byMonth = await hotelier.giftCards.liability({
      query: { propertyId, from: '2025-02', to: '2025-03' },
    });
    expect(byDay).toEqual(byMonth);
    expect(byDay.months.map((m) => m.month)).toEqual(['2025-02', '2025-03']);
  });
});
