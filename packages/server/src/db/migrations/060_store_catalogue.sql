-- The public store's catalogue (issue 24, S2; document 3 §1): some properties' stores speak Icelandic only, with
-- no language menu. Nothing in a property's or a store's settings said so, so the property carries the switch
-- (document 3 §1 names properties, not stores); it is false unless an operator sets it.
alter table properties add column store_icelandic_only boolean not null default false;

-- Stock of many types at once (a storefront of 200 types): migration 059's per-type functions, called once per
-- row, ran the hold count 200 times. The one definition of held and stock is now these set functions, for the
-- types `ids` at the instant `at`; 059's `gift_card_type_held` and `gift_card_type_stock` (the checkout's, under
-- its row locks) read them for one type, with the same answers.
create function gift_card_types_held(ids uuid[], at timestamptz)
returns table (gift_card_type_id uuid, held integer)
language sql stable as $$
  select l.gift_card_type_id, count(*)::int
    from store_checkout_cards l join store_checkouts c on c.id = l.checkout_id
   where l.gift_card_type_id = any(ids) and c.status = 'held' and c.hold_expires_at > at
   group by l.gift_card_type_id
$$;

create function gift_card_types_stock(ids uuid[], at timestamptz)
returns table (gift_card_type_id uuid, stock integer)
language sql stable as $$
  select t.id, greatest(0, t.card_limit - t.issued - coalesce(h.held, 0))::int
    from gift_card_types t left join gift_card_types_held(ids, at) h on h.gift_card_type_id = t.id
   where t.id = any(ids)
$$;

create or replace function gift_card_type_held(type_id uuid, at timestamptz) returns integer
language sql stable as $$
  select coalesce((select h.held from gift_card_types_held(array[type_id], at) h), 0)
$$;

create or replace function gift_card_type_stock(type_id uuid, at timestamptz) returns integer
language sql stable as $$
  select s.stock from gift_card_types_stock(array[type_id], at) s
$$;
