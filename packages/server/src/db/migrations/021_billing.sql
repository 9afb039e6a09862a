-- Billing (document 1 §4, §6): whether an agency or a property has a card on file for its subscription, and
-- the simulated provider's customer portal sessions (one-time links, stored hashed).
alter table agencies add column has_payment_source boolean not null default true;
alter table properties add column has_payment_source boolean not null default true;

create table billing_portal_sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  agency_id uuid references agencies (id),
  property_id uuid references properties (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz,
  check ((agency_id is null) <> (property_id is null))
);
