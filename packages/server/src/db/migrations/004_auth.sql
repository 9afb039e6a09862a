-- Sign-in: sessions, trusted devices, one-time codes, reset links, attempts. Secrets are stored as sha256 hex
-- (tokens) or scrypt (passwords, on users); never in clear.

create table sessions (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  user_id uuid not null references users (id) on delete cascade,
  purpose text not null default 'sign_in' check (purpose in ('sign_in', 'password_reset')),
  expires_at timestamptz not null,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  ip text,
  user_agent text
);
create index sessions_user_idx on sessions (user_id);

create table trusted_devices (
  id uuid primary key default gen_random_uuid(),
  identifier_hash text not null unique,
  user_id uuid not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index trusted_devices_user_idx on trusted_devices (user_id);

create table otp_challenges (
  id uuid primary key default gen_random_uuid(),
  challenge_hash text not null unique,
  user_id uuid not null references users (id) on delete cascade,
  code_hash text not null,
  expires_at timestamptz not null,
  attempts integer not null default 0,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index otp_challenges_user_idx on otp_challenges (user_id);

create table password_reset_tokens (
  id uuid primary key default gen_random_uuid(),
  token_hash text not null unique,
  user_id uuid not null references users (id) on delete cascade,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index password_reset_tokens_user_idx on password_reset_tokens (user_id);

-- Sign-in and reset requests, for throttling: `kind` is 'sign_in' or 'password_reset'.
create table sign_in_attempts (
  id bigint generated always as identity primary key,
  kind text not null default 'sign_in',
  email text not null,
  ip text not null,
  succeeded boolean not null,
  at timestamptz not null default now()
);
create index sign_in_attempts_email_idx on sign_in_attempts (kind, email, at);
create index sign_in_attempts_ip_idx on sign_in_attempts (kind, ip, at);
