-- Redeeming a gift card for a stay (issue 25; document 3 §3 "Booking request (redemption)", §4, §7; docs/decisions.md
-- "A gift-card booking is a booking of the engine"). Such a booking has no agency and no booker user: its
-- `source` is 'gift_card' and it names its card; an engine booking keeps both (the check).
alter table bookings
  alter column agency_id drop not null,
  alter column booker_id drop not null,
  add column source text not null default 'engine' check (source in ('engine', 'gift_card')),
  add column gift_card_id uuid references gift_cards (id) on delete set null,
  add constraint bookings_source_parties check (
    (source = 'engine' and agency_id is not null and booker_id is not null)
    or (source = 'gift_card' and gift_card_id is not null));
create index bookings_gift_card_idx on bookings (gift_card_id) where gift_card_id is not null;

-- An upsell's redemption: the stay asked and its price, held for STORE_HOLD_MINUTES while the holder pays on
-- the store's payment provider. The card and the rooms are taken only on the provider's signed, paid return
-- (then 'booked'); a paid return whose rooms or card went is refunded. An open hold (status 'held', not
-- expired) blocks other redemptions of the card. Status moves only by conditional updates, so replays do nothing.
create table gift_card_redemptions (
  id uuid primary key default gen_random_uuid(),
  reference_number text not null unique check (reference_number ~ '^[2-9A-HJKMNP-Z]{12}$'),
  gift_card_id uuid not null references gift_cards (id) on delete cascade,
  property_id uuid not null references properties (id) on delete cascade,
  store_id uuid references stores (id) on delete set null,
  -- The booking body as asked (contract redemptionBookingBody, parsed).
  request jsonb not null,
  amount numeric(14, 2) not null check (amount >= 0),
  currency text not null,
  status text not null default 'held'
    check (status in ('held', 'paid', 'booked', 'expired', 'refunded', 'failed')),
  hold_expires_at timestamptz not null,
  payment_provider text not null default 'sandbox',
  payment_session_id text,
  booking_id uuid references bookings (id) on delete set null,
  paid_at timestamptz,
  finished_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index gift_card_redemptions_card_idx on gift_card_redemptions (gift_card_id, created_at desc);
-- The public cancel finds a gift-card booking by its reservation number (unique already) and checks its guest.
