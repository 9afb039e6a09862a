-- Property details (document 2 §3): what a property's staff keep beyond what the engine already shows.
alter table properties
  add column order_number_prefix text not null default '',
  add column important_information text not null default '';
