-- Editable cancellation policies (document 2 §2 policies), without changing what was booked: a booked room keeps
-- the policy it was sold with (filled from its rate plan as it is inserted), and a policy that bookings use is
-- never edited in place — a save makes a new version for the rate plans and archives the old one.

alter table cancellation_policies
  add column archived boolean not null default false,
  add column created_at timestamptz not null default now();

alter table booking_rooms add column cancellation_policy_id uuid references cancellation_policies (id);
update booking_rooms r set cancellation_policy_id = rp.cancellation_policy_id
  from rate_plans rp where rp.id = r.rate_plan_id;

create function booking_room_policy() returns trigger language plpgsql as $$
begin
  if new.cancellation_policy_id is null and new.rate_plan_id is not null then
    select cancellation_policy_id into new.cancellation_policy_id from rate_plans where id = new.rate_plan_id;
  end if;
  return new;
end;
$$;
create trigger booking_rooms_policy before insert on booking_rooms
  for each row execute function booking_room_policy();
