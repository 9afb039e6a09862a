-- The public store's catalogue (issue 24, S2; document 3 §1): some properties' stores speak Icelandic only, with
-- no language menu. Nothing in a property's or a store's settings said so, so the property carries the switch
-- (document 3 §1 names properties, not stores); it is false unless an operator sets it.
alter table properties add column store_icelandic_only boolean not null default false;
