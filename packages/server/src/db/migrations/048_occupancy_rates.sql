-- Manual per-person rate plans: the rate of each occupancy other than the primary, per night (issue 11; core's
-- `occupancyRate`): a JSON object of adults → rate (`{"1": 80, "2": 95}`), `null` when the night stores none
-- (the option's own rate applies, else the plan is not sold for that many). The bulk rows call keeps what it
-- replaced for undo, as for the other fields.
alter table rate_prices add column occupancy_rates jsonb
  check (occupancy_rates is null or jsonb_typeof(occupancy_rates) = 'object');
alter table inventory_change_rates add column occupancy_rates jsonb;
