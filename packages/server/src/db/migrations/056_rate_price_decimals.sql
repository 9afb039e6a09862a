-- Nightly prices in their currency's own decimals (issue 23): a plan's nights are core's `storedPlanNight`,
-- rounded to the currency's minor unit (ISK 0, EUR 2, KWD 3). numeric(12, 2) rounded a three-decimal currency's
-- night again on the way in (1.235 KWD became 1.24), so the nights, the undo copy of the rows call and the plan's
-- base price keep three decimals; two-decimal and whole prices read back as they were written.
alter table rate_prices alter column price type numeric(12, 3);
alter table inventory_change_rates alter column price type numeric(12, 3);
alter table rate_plans alter column base_price type numeric(12, 3);
