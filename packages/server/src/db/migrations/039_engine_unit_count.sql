-- "Available only" counts the hotels with a unit free on every night of the stay by taking the sold-out ones
-- away from every match, instead of asking each hotel for a free unit (which read every unit): a hotel is sold
-- out when it has no unit, or when each of its units has a sold-out night. For the first, and to know when the
-- second holds, each property keeps the number of its units, kept by statement triggers on units (inserts,
-- deletes, and updates that move a unit), and carried by the search's index so the count reads no property row.
alter table properties add column unit_count integer not null default 0;
update properties p set unit_count = n.count
  from (select property_id, count(*) from units group by property_id) n
 where n.property_id = p.id;

create function units_counted_in() returns trigger language plpgsql as $$
begin
  update properties p set unit_count = p.unit_count + n.count
    from (select property_id, count(*) from added group by property_id) n
   where p.id = n.property_id;
  return null;
end $$;

create function units_counted_out() returns trigger language plpgsql as $$
begin
  update properties p set unit_count = p.unit_count - n.count
    from (select property_id, count(*) from removed group by property_id) n
   where p.id = n.property_id;
  return null;
end $$;

create function units_counted_moved() returns trigger language plpgsql as $$
begin
  update properties p set unit_count = p.unit_count + n.delta
    from (select property_id, sum(delta) as delta
            from (select property_id, 1 as delta from added
                  union all select property_id, -1 from removed) m
           group by property_id having sum(delta) <> 0) n
   where p.id = n.property_id;
  return null;
end $$;

create trigger units_counted_in after insert on units referencing new table as added
  for each statement execute function units_counted_in();
create trigger units_counted_out after delete on units referencing old table as removed
  for each statement execute function units_counted_out();
create trigger units_counted_moved after update on units referencing old table as removed new table as added
  for each statement execute function units_counted_moved();

drop index properties_search_idx;
create index properties_search_idx on properties (kind, title, id)
  include (city, state, country, latitude, longitude, unit_count);
