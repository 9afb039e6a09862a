-- The year-long rows call keeps what it replaced here, a row per rate plan and night, copied by the database
-- itself (a year of 20 plans is 7,300 rows: read into the server and back as JSON it would cost most of the
-- call). `existed` false: the night had no row, and undo deletes it.
create table inventory_change_rates (
  change_set_id uuid not null references inventory_change_sets (id) on delete cascade,
  rate_plan_id uuid not null,
  date date not null,
  existed boolean not null,
  price numeric(12, 2),
  min_stay_arrival integer,
  min_stay_through integer,
  max_stay integer,
  closed_to_arrival boolean,
  closed_to_departure boolean,
  stop_sell boolean,
  primary key (change_set_id, rate_plan_id, date)
);
