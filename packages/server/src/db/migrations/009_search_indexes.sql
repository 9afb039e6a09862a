-- "Available only" searches look for the rare sold-out nights instead of reading every night of every unit.
create index unit_availability_sold_out_idx on unit_availability (date, unit_id) where available <= 0;
