-- Gift card purchases (document 3 §2.3, §3, §4 M26/M27, §7; issue 12): a bulk order of cards of one type for
-- named recipients. Paid: initiated → paid. Issued: pending → queued (a job is queued) → issued (the job wrote
-- the cards and mailed each recipient theirs).
create table gift_card_purchases (
  id uuid primary key default gen_random_uuid(),
  -- What staff and the buyer quote: 12 characters of the cards' alphabet, drawn by the server.
  generated_id text not null unique check (generated_id ~ '^[2-9A-HJKMNP-Z]{12}$'),
  property_id uuid not null references properties (id) on delete cascade,
  gift_card_type_id uuid not null references gift_card_types (id) on delete restrict,
  status text not null default 'initiated' check (status in ('initiated', 'paid')),
  issued_status text not null default 'pending' check (issued_status in ('pending', 'queued', 'issued')),
  quantity integer not null check (quantity >= 1),
  -- What each card sells for (a whole number), and quantity × that.
  net_price numeric(14, 2) not null check (net_price >= 0),
  total_amount numeric(14, 2) not null check (total_amount >= 0),
  -- The buyer (the issue form's name and e-mail) and their details.
  full_name text not null,
  email text not null,
  company_registration_number text,
  phone text,
  address text,
  city text,
  country text,
  -- A custom last day for the cards, or null: from the type when they are issued.
  expiration_date date,
  -- [{name, email}], one per card or none (all empty rows are saved as none).
  recipients jsonb not null default '[]',
  email_sent boolean not null default false,
  paid_at timestamptz,
  queued_at timestamptz,
  issued_at timestamptz,
  -- The zip of the cards' PDFs, written by a job once asked for.
  zip bytea,
  zip_at timestamptz,
  created_by uuid references users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (jsonb_typeof(recipients) = 'array'),
  check ((issued_status = 'issued') = (issued_at is not null))
);
create index gift_card_purchases_property_idx on gift_card_purchases (property_id, created_at desc, id desc);

alter table gift_cards
  add constraint gift_cards_purchase_fk foreign key (purchase_id) references gift_card_purchases (id)
    on delete set null;
create index gift_cards_purchase_idx on gift_cards (purchase_id) where purchase_id is not null;

-- A job queue (docs/decisions.md): workers claim a due job with `for update skip locked` in a short transaction,
-- taking a lease (`locked_until`) they renew while they work. A job whose lease ran out (its process died) is
-- due again. A failure is retried after a backoff, up to `max_attempts`, then kept as failed.
create table jobs (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  payload jsonb not null default '{}',
  -- At most one job not finished per key (one issuing per purchase, whatever runs at once).
  dedupe_key text,
  status text not null default 'queued' check (status in ('queued', 'running', 'done', 'failed')),
  attempts integer not null default 0,
  max_attempts integer not null default 5 check (max_attempts >= 1),
  run_at timestamptz not null default now(),
  locked_by text,
  locked_until timestamptz,
  last_error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  check ((status = 'running') = (locked_until is not null))
);
create unique index jobs_dedupe_key on jobs (dedupe_key) where dedupe_key is not null and status in ('queued', 'running');
create index jobs_due_idx on jobs (run_at) where status = 'queued';
create index jobs_lease_idx on jobs (locked_until) where status = 'running';

-- Files an e-mail carries (a gift card's PDF).
create table outbox_mail_attachments (
  id uuid primary key default gen_random_uuid(),
  mail_id uuid not null references outbox_mails (id) on delete cascade,
  position integer not null,
  file_name text not null check (char_length(file_name) between 1 and 200),
  content_type text not null,
  content bytea not null,
  unique (mail_id, position)
);
