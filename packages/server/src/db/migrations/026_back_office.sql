-- The back office (document 2): what the admin's reseller and property forms hold beyond what the booking
-- engine needed, and the audit trail of every back-office write.

alter table agencies
  add column external_id text not null default '',
  add column global_id uuid not null default gen_random_uuid();
create unique index agencies_global_id_key on agencies (global_id);

alter table properties
  add column pms text check (pms in ('booking_factory', 'godo_property', 'cenium', 'infor', 'beds_24')),
  add column reply_to_name text not null default '',
  add column reply_to_email text not null default '',
  -- The kind of lodging (one of document 2's 22; a hotel when not set); always null for car stations.
  add column hotel_type text,
  add column channex_property_id text not null default '',
  add column company_registration_number text not null default '';
update properties set hotel_type = 'hotel' where kind = 'accommodation';
alter table properties add constraint properties_hotel_type_check check (
  (kind = 'vehicle' and hotel_type is null) or (kind = 'accommodation' and (hotel_type is null or hotel_type in (
    'apart_hotel', 'apartment', 'boat', 'camping', 'capsule_hotel', 'chalet', 'country_house', 'farm_stay',
    'guest_house', 'holiday_home', 'holiday_park', 'homestay', 'hostel', 'hotel', 'inn', 'lodge', 'motel',
    'resort', 'riad', 'ryokan', 'tent', 'villa'))));

create index users_name_idx on users (lower(name));
create index agencies_name_idx on agencies (lower(name));
create index properties_title_idx on properties (lower(title));

-- Who changed what, when: one row per write, with each changed field's value before and after (secrets
-- appear as "[secret]"). Written in the transaction of the write it records.
create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  actor_id uuid references users (id) on delete set null,
  actor_email text,
  object_type text not null,
  object_id uuid not null,
  action text not null,
  changes jsonb not null default '{}',
  request_id text
);
create index audit_log_object_idx on audit_log (object_type, object_id, at desc, id desc);
