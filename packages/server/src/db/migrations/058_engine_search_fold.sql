-- The engine's title search ignores case and accents ("bjork" finds "Björk"), as the lists do (migration 055). A
-- `%term%` pattern cannot seek a b-tree, so the search reads the title of every property of the kind from its
-- covering index (properties_search_idx): folding each title there on every search cost about three times the
-- `ilike` it replaces. The folded title is kept in the row (a generated column) and carried by that index, so the
-- search compares it as it is, reading no property row.
alter table properties add column title_fold text generated always as (tern_fold(title)) stored;
drop index properties_search_idx;
create index properties_search_idx on properties (kind, title, id)
  include (city, state, country, latitude, longitude, unit_count, title_fold);
