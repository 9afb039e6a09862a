-- Companies and people. Ids are uuids (sent out as strings); `key` is the stable slug of seeded rows.

create table agencies (
  id uuid primary key default gen_random_uuid(),
  key text unique,
  name text not null,
  email text not null default '',
  phone text not null default '',
  address_1 text not null default '',
  city text not null default '',
  zip_code text not null default '',
  country text not null default '',
  tax_id text not null default '',
  government_id text not null default '',
  legal_name text not null default '',
  email_invoice text not null default '',
  payment_locked boolean not null default false,
  lock_override boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table suppliers (
  id uuid primary key default gen_random_uuid(),
  key text unique,
  name text not null,
  email text not null default '',
  country text not null default '',
  created_at timestamptz not null default now()
);

create table users (
  id uuid primary key default gen_random_uuid(),
  key text unique,
  email text not null,
  name text not null,
  role text not null check (role in ('admin', 'reseller', 'supplier')),
  status text not null default 'active' check (status in ('active', 'blocked')),
  password_hash text not null,
  agency_id uuid references agencies (id),
  supplier_id uuid references suppliers (id),
  otp_required boolean not null default false,
  send_booking_notification_email boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (role <> 'reseller' or agency_id is not null)
);
create unique index users_email_key on users (lower(email));
create index users_agency_idx on users (agency_id);
