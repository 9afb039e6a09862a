-- Asynchronous car searches (document 1 §4, §7 v3): a query is answered by each car provider after its own
-- delay; the results are computed when read, from the stations' cars and availability.
create table vehicle_queries (
  id uuid primary key default gen_random_uuid(),
  agency_id uuid not null references agencies (id),
  user_id uuid not null references users (id),
  body jsonb not null,
  created_at timestamptz not null
);
create index vehicle_queries_agency_idx on vehicle_queries (agency_id, created_at desc);
