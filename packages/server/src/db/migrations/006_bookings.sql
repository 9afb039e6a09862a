-- Bookings of stays and cars (document 1 §3 "booking record"): one table for both kinds, so the bookings
-- list of resellers and suppliers reads one place. Prices are in the booking's currency, after the contract.
create table bookings (
  id uuid primary key default gen_random_uuid(),
  reservation_id text not null unique,
  kind text not null check (kind in ('accommodation', 'vehicle')),
  status text not null default 'new' check (status in ('new', 'modified', 'canceled')),
  agency_id uuid not null references agencies (id),
  property_id uuid not null references properties (id),
  booker_id uuid not null references users (id),
  contract_id uuid references contracts (id),
  arrival_date date not null,
  departure_date date not null,
  pickup_time text,
  dropoff_time text,
  currency text not null,
  total numeric(14, 2) not null,
  property_currency text not null,
  property_total numeric(14, 2) not null,
  customer jsonb not null,
  reservation_name text,
  external_reference text,
  special_request text,
  liability text not null check (liability in ('prepaid', 'guarantee', 'pay_at_property')),
  cancellation_policy jsonb,
  card_brand text,
  card_last4 text,
  card_exp text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index bookings_agency_idx on bookings (agency_id, created_at desc);
create index bookings_property_idx on bookings (property_id, created_at desc);
create index bookings_arrival_idx on bookings (arrival_date);

create table booking_rooms (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings (id) on delete cascade,
  unit_id uuid not null references units (id),
  rate_plan_id uuid references rate_plans (id),
  offer_id text not null,
  adults integer not null,
  children integer not null,
  infants integer not null,
  nightly jsonb not null,
  taxes jsonb not null,
  net_price numeric(14, 2) not null,
  total_price numeric(14, 2) not null,
  status text not null default 'booked' check (status in ('booked', 'canceled')),
  position integer not null default 0
);
create index booking_rooms_booking_idx on booking_rooms (booking_id);

create table booking_guests (
  id uuid primary key default gen_random_uuid(),
  booking_room_id uuid not null references booking_rooms (id) on delete cascade,
  name text not null,
  surname text not null,
  nationality text not null default '',
  position integer not null default 0
);

create table booking_history (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references bookings (id) on delete cascade,
  user_id uuid references users (id),
  action text not null,
  details jsonb not null default '{}',
  created_at timestamptz not null default now()
);
create index booking_history_booking_idx on booking_history (booking_id, created_at);
