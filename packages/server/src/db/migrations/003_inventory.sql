-- Day-by-day inventory: units free per date, and price and restrictions per rate plan and date.

create table unit_availability (
  unit_id uuid not null references units (id) on delete cascade,
  date date not null,
  available integer not null check (available >= 0),
  primary key (unit_id, date)
);

create table rate_prices (
  rate_plan_id uuid not null references rate_plans (id) on delete cascade,
  date date not null,
  price numeric(12, 2) not null,
  min_stay_arrival integer not null default 1,
  min_stay_through integer not null default 1,
  max_stay integer,
  closed_to_arrival boolean not null default false,
  closed_to_departure boolean not null default false,
  stop_sell boolean not null default false,
  primary key (rate_plan_id, date)
);

create table contracts (
  id uuid primary key default gen_random_uuid(),
  agency_id uuid not null references agencies (id),
  property_id uuid not null references properties (id),
  status text not null check (status in ('proposed', 'approved', 'declined', 'cancelled', 'terminated')),
  initiator text not null check (initiator in ('reseller', 'supplier')),
  modifier_logic text not null default 'increase_by_percent' check (modifier_logic in (
    'increase_by_percent', 'decrease_by_percent', 'increase_by_amount', 'decrease_by_amount')),
  modifier_amount numeric(12, 2) not null default 0,
  rate_plan_ids uuid[] not null default '{}',
  request_message text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index contracts_agency_idx on contracts (agency_id, status);
create index contracts_property_idx on contracts (property_id, status);

-- 1 USD = rate units of the currency.
create table currency_rates (
  currency text primary key,
  rate numeric(18, 6) not null check (rate > 0),
  updated_at timestamptz not null default now()
);
