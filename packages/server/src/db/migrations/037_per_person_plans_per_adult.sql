-- Per-person plans made before options existed (the seed's, and those 034 filled) keep their stored price per
-- adult (docs/decisions.md "A per-person price"): they have no options until a hotelier saves the plan with
-- some. 034 gave them one primary option; plans saved through the API since have no key and are left alone.
update rate_plans set options = '[]', primary_occupancy = null where sell_mode = 'per_person' and key is not null;

create or replace function rate_plan_defaults() returns trigger language plpgsql as $$
begin
  if new.currency is null then
    select currency into new.currency from properties where id = new.property_id;
  end if;
  if new.options = '[]'::jsonb and new.sell_mode = 'per_room' then
    new.options := jsonb_build_array(jsonb_build_object(
      'occupancy', greatest(new.max_adults, 1), 'rate', new.base_price,
      'isPrimary', true, 'derivedOption', jsonb_build_object('rate', '[]'::jsonb)));
  end if;
  if new.min_stay is not null and new.week_min_stay_arrival = '{1,1,1,1,1,1,1}' then
    new.week_min_stay_arrival := array_fill(greatest(new.min_stay, 1), array[7]);
  end if;
  return new;
end;
$$;
