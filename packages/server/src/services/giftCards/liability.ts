import type { GiftCardLiability, giftCardLiabilityQuery } from '@tern/sdk';
import type * as z from 'zod';
import type { Db } from '../../db/db.js';
import type { OwnedProperty } from '../../http/ownership.js';

// The liability ledger (beyond the documents): a card sold is money the property owes in stays until it
// is used, expires or is cancelled. Computed in SQL from the issued cards, per month of the property's time zone.
// Each card leaves the liability once, at the first of: used (`used_at`), cancelled (`cancelled_at`), the end of
// its last day (`expiration_date` + 1 at 00:00 in the property's zone) — never before it was sold. So for every
// month, outstanding = previous outstanding + sold − redeemed − expired − cancelled, and outstanding is exactly
// the cards sold by the month's end that had not left by then. Values are the net prices (what was paid).

type LiabilityQuery = z.output<typeof giftCardLiabilityQuery>;

interface MonthRow {
  month: string;
  sold_count: number;
  sold_value: number;
  redeemed_count: number;
  redeemed_value: number;
  expired_count: number;
  expired_value: number;
  cancelled_count: number;
  cancelled_value: number;
  outstanding_count: number;
  outstanding_value: number;
}

/** Each card with the moment and the way it left the liability ($1 the property, $2 its time zone). */
const CARDS = `select c.net_price, c.created_at, greatest(c.created_at, x.first_out) as left_at,
         case when c.used_at = x.first_out then 'redeemed' when c.cancelled_at = x.first_out then 'cancelled'
              else 'expired' end as left_by
    from gift_cards c
    cross join lateral (
      select least(c.used_at, c.cancelled_at, (c.expiration_date + 1)::timestamp at time zone $2) as first_out
    ) x
   where c.property_id = $1`;

const amount = (count: number, value: number) => ({ count: Number(count), value: Number(value) });

/** The ledger of the months `from`–`to` (`YYYY-MM`, both included). */
export async function giftCardLiability(
  db: Db,
  property: OwnedProperty,
  query: LiabilityQuery,
): Promise<GiftCardLiability> {
  const params = [property.id, property.timezone, `${query.from}-01`, `${query.to}-01`];
  const rows = await db.query<MonthRow>(
    `with months as (
       select to_char(m, 'YYYY-MM') as month,
              m::date::timestamp at time zone $2 as starts,
              (m + interval '1 month')::date::timestamp at time zone $2 as ends
         from generate_series($3::date::timestamp, $4::date::timestamp, interval '1 month') m
     ), cards as (${CARDS})
     select m.month,
            count(c.created_at) filter (where c.created_at >= m.starts)::int as sold_count,
            coalesce(sum(c.net_price) filter (where c.created_at >= m.starts), 0) as sold_value,
            count(*) filter (where c.left_at < m.ends and c.left_by = 'redeemed')::int as redeemed_count,
            coalesce(sum(c.net_price) filter (where c.left_at < m.ends and c.left_by = 'redeemed'), 0)
              as redeemed_value,
            count(*) filter (where c.left_at < m.ends and c.left_by = 'expired')::int as expired_count,
            coalesce(sum(c.net_price) filter (where c.left_at < m.ends and c.left_by = 'expired'), 0)
              as expired_value,
            count(*) filter (where c.left_at < m.ends and c.left_by = 'cancelled')::int as cancelled_count,
            coalesce(sum(c.net_price) filter (where c.left_at < m.ends and c.left_by = 'cancelled'), 0)
              as cancelled_value,
            count(*) filter (where c.left_at >= m.ends)::int as outstanding_count,
            coalesce(sum(c.net_price) filter (where c.left_at >= m.ends), 0) as outstanding_value
       from months m
       -- The cards that matter to a month: sold before its end, not left before its start.
       left join cards c on c.created_at < m.ends and c.left_at >= m.starts
      group by m.month
      order by m.month`,
    params,
  );
  const opening = await db.one<{ count: number; value: number }>(
    `with cards as (${CARDS})
     select count(*)::int as count, coalesce(sum(net_price), 0) as value from cards
      where created_at < ($3::date::timestamp at time zone $2) and left_at >= ($3::date::timestamp at time zone $2)`,
    params.slice(0, 3),
  );
  return {
    propertyId: property.id,
    currency: property.currency,
    opening: amount(opening?.count ?? 0, opening?.value ?? 0),
    months: rows.map((r) => ({
      month: r.month,
      sold: amount(r.sold_count, r.sold_value),
      redeemed: amount(r.redeemed_count, r.redeemed_value),
      expired: amount(r.expired_count, r.expired_value),
      cancelled: amount(r.cancelled_count, r.cancelled_value),
      outstanding: amount(r.outstanding_count, r.outstanding_value),
    })),
  };
}
