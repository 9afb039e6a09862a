-- Every e-mail Tern sends is written here first (the sandbox reads it; a relay sends it in production).
create table outbox_mails (
  id uuid primary key default gen_random_uuid(),
  seq bigint generated always as identity unique, -- insertion order, for "newest first"
  "to" text not null,
  subject text not null,
  text text not null,
  html text,
  kind text not null,
  created_at timestamptz not null default now(),
  sent_at timestamptz
);
create index outbox_mails_to_idx on outbox_mails (lower("to"), seq desc);

-- The first reply of a call that creates, per caller, key and endpoint; replayed for a repeat.
create table idempotency_keys (
  id uuid primary key default gen_random_uuid(),
  owner text not null, -- the user id, or 'anonymous'
  user_id uuid references users (id) on delete cascade,
  key text not null,
  endpoint text not null,
  request_hash text not null,
  status integer, -- null while the first call is still running
  body text,
  created_at timestamptz not null default now(),
  unique (owner, key, endpoint)
);
