-- The engine's search pages the matching properties in title order: with this index the page is read in that
-- order and stops after its rows, instead of sorting every match.
create index properties_kind_title_idx on properties (kind, title, id);
-- "Available only" asks, for a page's property, whether one of its units has no sold-out night in the stay:
-- a probe by unit in the (rare) sold-out rows.
create index unit_availability_unit_sold_out_idx on unit_availability (unit_id, date) where available <= 0;
