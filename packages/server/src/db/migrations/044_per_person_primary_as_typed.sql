-- A per-person plan's nights keep the primary occupancy's rate as the hotelier typed it (the room's price for
-- that many adults), not that rate ÷ the occupancy (docs/decisions.md "A per-person price"): the engine now
-- prices every occupancy with core's occupancyNightPrice. Plans with options saved through the API are
-- converted; a night still at the old quotient gets the typed rate back exactly, another (a calendar edit)
-- is multiplied by the occupancy. Per-person plans without options (the seed's) keep their price per adult.
with primary_of as (
  select rp.id, (o ->> 'occupancy')::int as occupancy, (o ->> 'rate')::numeric as rate
    from rate_plans rp
   cross join lateral jsonb_array_elements(rp.options) o
   where rp.sell_mode = 'per_person' and not rp.inherit_rate and (o ->> 'isPrimary')::boolean
     and (o ->> 'occupancy')::int >= 1 and o ->> 'rate' is not null
)
update rate_prices r
   set price = case when r.price = round(p.rate / p.occupancy, 2) then p.rate else r.price * p.occupancy end
  from primary_of p
 where r.rate_plan_id = p.id;

-- The plans' base price follows (it is the primary's rate per room already for per-room plans).
update rate_plans rp
   set base_price = (o ->> 'rate')::numeric
  from rate_plans src
 cross join lateral jsonb_array_elements(src.options) o
 where src.id = rp.id and rp.sell_mode = 'per_person' and (o ->> 'isPrimary')::boolean and o ->> 'rate' is not null;

-- Child plans inheriting the rate carry their parent's night (their own modifier is applied when sold).
update rate_prices c
   set price = pp.price
  from rate_plans rp
  join rate_plans parent on parent.id = rp.parent_rate_plan_id
  join rate_prices pp on pp.rate_plan_id = parent.id
 where c.rate_plan_id = rp.id and pp.date = c.date and rp.inherit_rate
   and parent.sell_mode = 'per_person' and jsonb_array_length(parent.options) > 0;
