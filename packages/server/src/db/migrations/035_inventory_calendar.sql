-- Tern's inventory calendar (issue 11): the change sets of bulk edits (each with what it replaced, so the last
-- one can be undone), the one-time tokens that open the calendar, and calendar sessions bound to a property.

create table inventory_change_sets (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references properties (id) on delete cascade,
  user_id uuid references users (id) on delete set null,
  kind text not null check (kind in ('edit', 'rows')),
  -- What was asked (range, weekdays, changes), for the trail.
  request jsonb not null default '{}',
  -- Each changed cell: {kind: 'availability', unitId, date, from, to} or {kind: 'rate', ratePlanId, date, from, to}.
  cells jsonb not null,
  created_at timestamptz not null default now(),
  undone_at timestamptz
);
create index inventory_change_sets_property_idx on inventory_change_sets (property_id, created_at desc)
  where undone_at is null;

-- A one-time token: single use, short-lived, only its hash stored, bound to the user and the property.
create table inventory_tokens (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  user_id uuid not null references users (id) on delete cascade,
  property_id uuid not null references properties (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index inventory_tokens_expires_idx on inventory_tokens (expires_at);

-- A calendar session: purpose 'inventory', bound to one property, good for the inventory calls of it only.
alter table sessions drop constraint sessions_purpose_check;
alter table sessions add constraint sessions_purpose_check
  check (purpose in ('sign_in', 'password_reset', 'inventory'));
alter table sessions add column property_id uuid references properties (id) on delete cascade;
alter table sessions add constraint sessions_inventory_property_check
  check ((purpose = 'inventory') = (property_id is not null));
