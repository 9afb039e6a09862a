-- The public store's checkouts, their holds and the sandbox payment provider (issue 24; document 3 §3, §5, §7).
-- A checkout holds its cards (and its promo code's use) for 15 minutes while the visitor pays on the provider's
-- page; a hold counts against the stock only while it is open (status 'held' and not expired), so an expired
-- hold gives its cards back with no sweep. Stock everywhere is ONE definition: `gift_card_type_held` and
-- `gift_card_type_stock` below (the staff side, the storefront and the checkout read them); a promo code's uses
-- held the same way (`promo_code_held`). The instant is a parameter (the server's clock, which tests move).

create table store_checkouts (
  id uuid primary key default gen_random_uuid(),
  -- What the visitor and the hotel quote, and what the provider signs: 12 characters of the cards' alphabet.
  reference_number text not null unique check (reference_number ~ '^[2-9A-HJKMNP-Z]{12}$'),
  store_id uuid not null references stores (id) on delete cascade,
  property_id uuid not null references properties (id) on delete cascade,
  locale text not null,
  -- The code as the hotel wrote it, when it applied; its row for the use held and taken.
  promo_code_id uuid references promo_codes (id) on delete set null,
  promo_code text,
  currency text not null,
  total numeric(14, 2) not null check (total >= 0),
  status text not null default 'held'
    check (status in ('held', 'paid', 'issued', 'expired', 'refunded', 'failed')),
  hold_expires_at timestamptz not null,
  first_name text not null,
  last_name text not null,
  address text not null,
  phone text not null,
  phone_country_code text,
  email text not null,
  payment_provider text not null default 'sandbox',
  payment_session_id text,
  paid_at timestamptz,
  finished_at timestamptz,
  -- The payer's receipt (every card of the checkout) went out: once, when the last of its purchases is issued.
  receipt_mailed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index store_checkouts_store_idx on store_checkouts (store_id, created_at desc);
-- The open holds, which every stock count reads.
create index store_checkouts_held_idx on store_checkouts (id, hold_expires_at) where status = 'held';
create index store_checkouts_promo_held_idx on store_checkouts (promo_code_id, hold_expires_at)
  where status = 'held' and promo_code_id is not null;

-- One card of a checkout: its type, recipient, delivery and price (the promo taken off when it applied).
create table store_checkout_cards (
  id uuid primary key default gen_random_uuid(),
  checkout_id uuid not null references store_checkouts (id) on delete cascade,
  position integer not null,
  gift_card_type_id uuid not null references gift_card_types (id) on delete restrict,
  delivery text not null check (delivery in ('email', 'letter', 'pickup')),
  name text not null,
  email text,
  info text not null default '',
  delivery_name text,
  delivery_address text,
  delivery_zip_code text,
  delivery_city text,
  delivery_state text,
  delivery_country text,
  price numeric(14, 2) not null check (price >= 0),
  net_price numeric(14, 2) not null check (net_price >= 0),
  promo_applied boolean not null default false,
  unique (checkout_id, position)
);
create index store_checkout_cards_type_idx on store_checkout_cards (gift_card_type_id, checkout_id);

-- The sandbox payment provider's sessions (its own origin; Tern's server plays the provider). Card numbers and
-- security codes are never stored: the last four digits only.
create table sandbox_payment_sessions (
  id text primary key check (id ~ '^[A-Za-z0-9_-]{20,64}$'),
  amount numeric(14, 2) not null check (amount >= 0),
  currency text not null,
  merchant text not null,
  locale text not null,
  status text not null default 'open' check (status in ('open', 'paid', 'declined', 'expired', 'refunded')),
  reference_number text not null,
  property_id uuid not null,
  return_url text not null,
  cancel_url text not null,
  card_last4 text check (card_last4 ~ '^[0-9]{4}$'),
  expires_at timestamptz not null,
  paid_at timestamptz,
  refunded_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index sandbox_payment_sessions_reference_idx on sandbox_payment_sessions (reference_number);

-- A purchase made in the store: its source and the checkout it came from. Its recipients (jsonb) carry, per card,
-- the delivery ('email' | 'letter' | 'pickup'), the message (`info`) and the letter's address fields besides the
-- name and e-mail; the cards take them (send_by_letter, pickup_at_hotel, delivery_*, notes) when issued.
alter table gift_card_purchases
  add column source text not null default 'back_office' check (source in ('back_office', 'store')),
  add column store_checkout_id uuid references store_checkouts (id) on delete set null;
create index gift_card_purchases_checkout_idx on gift_card_purchases (store_checkout_id)
  where store_checkout_id is not null;

-- Cards of a type held by open checkouts at an instant.
create function gift_card_type_held(type_id uuid, at timestamptz) returns integer
language sql stable as $$
  select count(*)::int
    from store_checkout_cards l join store_checkouts c on c.id = l.checkout_id
   where l.gift_card_type_id = type_id and c.status = 'held' and c.hold_expires_at > at
$$;

-- The stock of a type at an instant: limit − issued − held, never below 0. The one definition of stock.
create function gift_card_type_stock(type_id uuid, at timestamptz) returns integer
language sql stable as $$
  select greatest(0, t.card_limit - t.issued - gift_card_type_held(t.id, at))
    from gift_card_types t where t.id = type_id
$$;

-- Uses of a promo code held by open checkouts at an instant (uses left = usage_limit − usage_count − held).
create function promo_code_held(code_id uuid, at timestamptz) returns integer
language sql stable as $$
  select count(*)::int from store_checkouts c
   where c.promo_code_id = code_id and c.status = 'held' and c.hold_expires_at > at
$$;
