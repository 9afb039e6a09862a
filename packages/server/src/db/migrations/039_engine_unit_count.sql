-- "Available only" counts the hotels with a unit free on every night of the stay by taking the sold-out ones
-- away from every match, instead of asking each hotel for a free unit (which read every unit): a hotel is sold
-- out when it has no unit, or when each of its units has a sold-out night. For the first, and to know when the
-- second holds, each property keeps the number of its units, kept by triggers on units (inserts, deletes, and
-- updates that move a unit), and carried by the search's index so the count reads no property row.
alter table properties add column unit_count integer not null default 0;
update properties p set unit_count = n.count
  from (select property_id, count(*) from units group by property_id) n
 where n.property_id = p.id;

-- Row triggers, each a lookup by primary key (a statement trigger's join to its transition table was planned as
-- a scan of every property, per unit inserted one at a time).
create function units_counted() returns trigger language plpgsql as $$
begin
  if tg_op in ('DELETE', 'UPDATE') then
    update properties set unit_count = unit_count - 1 where id = old.property_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    update properties set unit_count = unit_count + 1 where id = new.property_id;
  end if;
  return null;
end $$;

create trigger units_counted after insert or delete on units
  for each row execute function units_counted();
create trigger units_moved after update of property_id on units
  for each row when (old.property_id is distinct from new.property_id) execute function units_counted();

drop index properties_search_idx;
create index properties_search_idx on properties (kind, title, id)
  include (city, state, country, latitude, longitude, unit_count);
