-- Rooms and rates (document 2 §3 "Unit (room type)", "Rate plan", §9): what a hotelier edits beyond what the
-- engine already reads. Units keep count, max_adults, max_children, max_infants (countOfRooms, occAdults,
-- occChildren, occInfants). A rate plan's seven-day restrictions are Monday first; the nights the engine sells
-- stay in rate_prices, which a save writes from these.

alter table units
  add column room_kind text not null default 'room' check (room_kind in ('room', 'dorm')),
  add column default_occupancy integer check (default_occupancy >= 1);

alter table rate_plans
  add column currency text,
  add column rate_mode text not null default 'manual' check (rate_mode in ('manual', 'derived', 'auto')),
  add column primary_occupancy integer check (primary_occupancy >= 1),
  add column options jsonb not null default '[]',
  add column auto_rate_settings jsonb not null
    default '{"decreaseMode": "%", "decreaseValue": 0, "increaseMode": "%", "increaseValue": 0, "mode": "%"}',
  add column parent_rate_plan_id uuid references rate_plans (id),
  add column inherit_stop_sell boolean not null default false,
  add column inherit_rate boolean not null default false,
  add column inherit_min_stay_through boolean not null default false,
  add column inherit_min_stay_arrival boolean not null default false,
  add column inherit_max_stay boolean not null default false,
  add column inherit_closed_to_departure boolean not null default false,
  add column inherit_closed_to_arrival boolean not null default false,
  add column week_max_stay integer[] not null default '{0,0,0,0,0,0,0}' check (cardinality(week_max_stay) = 7),
  add column week_min_stay_arrival integer[] not null default '{1,1,1,1,1,1,1}'
    check (cardinality(week_min_stay_arrival) = 7),
  add column week_min_stay_through integer[] not null default '{1,1,1,1,1,1,1}'
    check (cardinality(week_min_stay_through) = 7),
  add column week_closed_to_arrival boolean[] not null default '{f,f,f,f,f,f,f}'
    check (cardinality(week_closed_to_arrival) = 7),
  add column week_closed_to_departure boolean[] not null default '{f,f,f,f,f,f,f}'
    check (cardinality(week_closed_to_departure) = 7),
  add column week_stop_sell boolean[] not null default '{f,f,f,f,f,f,f}' check (cardinality(week_stop_sell) = 7),
  add column max_sell integer check (max_sell >= 0),
  add column max_availability integer check (max_availability >= 0),
  add column availability_offset integer not null default 0,
  add column created_at timestamptz not null default now(),
  add column updated_at timestamptz not null default now(),
  add constraint rate_plans_not_own_parent check (parent_rate_plan_id is null or parent_rate_plan_id <> id);

-- Plans written without the new fields (existing ones, the demo seed's: per room and manual): the property's
-- currency, one primary option at the plan's base price (per person: times the adults) for as many adults as it
-- takes, the plan's minimum stay on every arrival day.
create function rate_plan_defaults() returns trigger language plpgsql as $$
begin
  if new.currency is null then
    select currency into new.currency from properties where id = new.property_id;
  end if;
  if new.options = '[]'::jsonb then
    new.options := jsonb_build_array(jsonb_build_object(
      'occupancy', greatest(new.max_adults, 1),
      'rate', case when new.sell_mode = 'per_person' then new.base_price * greatest(new.max_adults, 1)
                   else new.base_price end,
      'isPrimary', true, 'derivedOption', jsonb_build_object('rate', '[]'::jsonb)));
  end if;
  if new.sell_mode = 'per_person' and new.primary_occupancy is null then
    new.primary_occupancy := greatest(new.max_adults, 1);
  end if;
  if new.min_stay is not null and new.week_min_stay_arrival = '{1,1,1,1,1,1,1}' then
    new.week_min_stay_arrival := array_fill(greatest(new.min_stay, 1), array[7]);
  end if;
  return new;
end;
$$;
create trigger rate_plans_defaults before insert on rate_plans
  for each row execute function rate_plan_defaults();

update rate_plans rp
   set currency = p.currency,
       primary_occupancy = case when rp.sell_mode = 'per_person' then greatest(rp.max_adults, 1) end,
       options = jsonb_build_array(jsonb_build_object(
         'occupancy', greatest(rp.max_adults, 1),
         'rate', case when rp.sell_mode = 'per_person' then rp.base_price * greatest(rp.max_adults, 1)
                      else rp.base_price end,
         'isPrimary', true, 'derivedOption', jsonb_build_object('rate', '[]'::jsonb))),
       week_min_stay_arrival = array_fill(greatest(coalesce(rp.min_stay, 1), 1), array[7])
  from properties p
 where p.id = rp.property_id;
alter table rate_plans alter column currency set not null;

create index rate_plans_unit_idx on rate_plans (unit_id, position, title);
create index rate_plans_parent_idx on rate_plans (parent_rate_plan_id) where parent_rate_plan_id is not null;
create index booking_rooms_unit_idx on booking_rooms (unit_id);
create index booking_rooms_rate_plan_idx on booking_rooms (rate_plan_id);
