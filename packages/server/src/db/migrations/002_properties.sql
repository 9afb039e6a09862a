-- Properties (hotels and car stations), who works there, and what they sell.

create table properties (
  id uuid primary key default gen_random_uuid(),
  key text unique,
  kind text not null check (kind in ('accommodation', 'vehicle')),
  supplier_id uuid not null references suppliers (id),
  title text not null,
  description text not null default '',
  email text not null default '',
  phone text not null default '',
  address text not null default '',
  city text not null default '',
  state text,
  country text not null default '',
  zip_code text not null default '',
  timezone text not null default 'UTC',
  latitude double precision,
  longitude double precision,
  currency text not null default 'USD',
  star_rating integer,
  policy jsonb not null default '{}',
  facilities jsonb not null default '[]',
  photos jsonb not null default '[]',
  payment_locked boolean not null default false,
  lock_override boolean not null default false,
  -- car stations: the simulated provider and opening hours
  provider text,
  open_from text,
  open_to text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index properties_supplier_idx on properties (supplier_id);
create index properties_kind_country_idx on properties (kind, country);

create table property_users (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users (id) on delete cascade,
  property_id uuid not null references properties (id) on delete cascade,
  role text not null check (role in ('manager', 'user')),
  created_at timestamptz not null default now(),
  unique (user_id, property_id)
);
create index property_users_property_idx on property_users (property_id);

create table cancellation_policies (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references properties (id) on delete cascade,
  key text,
  title text not null,
  logic text not null check (logic in ('non_refundable', 'free', 'deadline')),
  deadline integer,
  deadline_type text check (deadline_type in ('hours', 'days')),
  penalty numeric(12, 2) not null default 0,
  mode text not null default 'percent' check (mode in ('percent', 'amount')),
  guarantee_payment_policy text not null default 'none'
    check (guarantee_payment_policy in ('none', 'percent_based', 'amount')),
  guarantee_payment_amount numeric(12, 2) not null default 0,
  unique (property_id, key)
);

create table taxes (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references properties (id) on delete cascade,
  title text not null,
  mode text not null check (mode in ('percent', 'per_room', 'per_night', 'per_person',
    'per_room_per_night', 'per_booking', 'per_person_per_night')),
  rate numeric(12, 2) not null,
  inclusive boolean not null default false,
  position integer not null default 0
);
create index taxes_property_idx on taxes (property_id);

-- Room types of a hotel, vehicle types of a car station.
create table units (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references properties (id) on delete cascade,
  key text,
  title text not null,
  description text not null default '',
  count integer not null default 1,
  max_adults integer not null default 2,
  max_children integer not null default 0,
  max_infants integer not null default 0,
  max_occupancy integer not null default 2,
  bed_options jsonb not null default '[]',
  facilities jsonb not null default '[]',
  photos jsonb not null default '[]',
  position integer not null default 0,
  -- vehicles
  make text,
  model text,
  acriss_code text,
  seats integer,
  doors integer,
  large_suitcases integer,
  small_suitcases integer,
  transmission text,
  fuel text,
  daily_price numeric(12, 2),
  image_file text,
  unique (property_id, key)
);
create index units_property_idx on units (property_id);

create table rate_plans (
  id uuid primary key default gen_random_uuid(),
  unit_id uuid not null references units (id) on delete cascade,
  property_id uuid not null references properties (id) on delete cascade,
  key text,
  title text not null,
  sell_mode text not null default 'per_room' check (sell_mode in ('per_room', 'per_person')),
  meal_type text not null default 'room_only',
  cancellation_policy_id uuid references cancellation_policies (id),
  base_price numeric(12, 2) not null default 0,
  weekend_factor numeric(6, 3) not null default 1,
  max_adults integer not null default 2,
  max_children integer not null default 0,
  max_infants integer not null default 0,
  children_fee numeric(12, 2) not null default 0,
  infant_fee numeric(12, 2) not null default 0,
  min_stay integer,
  position integer not null default 0,
  unique (unit_id, key)
);
create index rate_plans_property_idx on rate_plans (property_id);
