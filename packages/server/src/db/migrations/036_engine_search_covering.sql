-- The search counts every match: on a server whose tables are vacuumed, these indexes answer the count
-- without reading the wide property and unit rows (index-only scans), the filters on city, state, country and
-- map bounds included; and the expression statistics give the planner the share of a city (or state or
-- country) so it walks the title order for a page instead of sorting every match.
drop index properties_kind_title_idx;
create index properties_search_idx on properties (kind, title, id)
  include (city, state, country, latitude, longitude);
create statistics properties_place_stats on (lower(city)), (lower(state)), (upper(country)) from properties;
drop index units_property_idx;
create index units_property_idx on units (property_id, id);
