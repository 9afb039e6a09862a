-- Gift-card stores (document 2 §2 /settings/stores, §3, §4, §5, §9; document 3 §10 the navigation's Store
-- entry): several per property, each with a slug unique across Tern whatever its case (its public address
-- `/store/{slug}`), and the gift card types it sells, ordered by priorities from 1. Which stores sell a type is
-- the type's `store_ids` (its form); `store_gift_card_types` follows them (a trigger) and keeps the order.

create table stores (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references properties (id) on delete cascade,
  name text not null check (char_length(name) between 1 and 100),
  slug text not null check (slug ~ '^[A-Za-z0-9-]{1,60}$'),
  status text not null default 'active' check (status in ('active', 'inactive')),
  title_font text not null,
  text_font text not null,
  corner_style text not null default 'rounded' check (corner_style in ('rounded', 'sharp')),
  tag_color text not null default '#0F1015' check (tag_color ~ '^#[0-9A-Fa-f]{6}$'),
  -- Uploads of the property (`uploads/<hash>.<ext>`), or null.
  logo text,
  photo text,
  terms_and_conditions text not null default '',
  booking_terms_and_conditions text not null default '',
  ga_tracking_id text not null default '',
  purchase_confirmation_email text,
  allow_pickup_at_hotel boolean not null default false,
  allow_pickup_at_hotel_info text not null default '',
  allow_cancellation boolean not null default false,
  -- Kept while cancellation is not allowed (the form shows it disabled), required when it is.
  cancellation_deadline_days integer check (cancellation_deadline_days between 0 and 365),
  banner_title text not null default '',
  banner_paragraph text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (not allow_cancellation or cancellation_deadline_days is not null)
);
create unique index stores_slug_idx on stores (lower(slug));
create index stores_property_idx on stores (property_id, name);

create table store_gift_card_types (
  store_id uuid not null references stores (id) on delete cascade,
  gift_card_type_id uuid not null references gift_card_types (id) on delete cascade,
  priority integer not null check (priority >= 1),
  primary key (store_id, gift_card_type_id)
);
create index store_gift_card_types_type_idx on store_gift_card_types (gift_card_type_id);

-- A type's stores changed: it leaves the stores it no longer names (their priorities close up from 1) and
-- comes last in the ones it joins. The stores' rows are locked first, so two types joining one store at once
-- take different places.
create function gift_card_type_stores() returns trigger language plpgsql as $$
declare
  touched uuid[];
begin
  select coalesce(array_agg(distinct s), '{}') into touched
    from unnest(new.store_ids || coalesce(case when tg_op = 'UPDATE' then old.store_ids end, '{}')) s;
  perform 1 from stores where id = any(touched) order by id for update;
  delete from store_gift_card_types x
   where x.gift_card_type_id = new.id and not (x.store_id = any(new.store_ids));
  insert into store_gift_card_types (store_id, gift_card_type_id, priority)
  select s, new.id,
         coalesce((select max(priority) from store_gift_card_types where store_id = s), 0) + 1
    from unnest(new.store_ids) s
   where not exists (select 1 from store_gift_card_types where store_id = s and gift_card_type_id = new.id);
  update store_gift_card_types x set priority = r.n
    from (select store_id, gift_card_type_id,
                 row_number() over (partition by store_id order by priority, gift_card_type_id) as n
            from store_gift_card_types where store_id = any(touched)) r
   where x.store_id = r.store_id and x.gift_card_type_id = r.gift_card_type_id and x.priority <> r.n;
  return null;
end $$;

-- Until now the type form saved the property's id as its store (there were no stores): each property with
-- such types gets a store, inactive until its staff finish its settings, and its types name it instead
-- (anything else a type named is no store and is dropped).
insert into stores (property_id, name, slug, status, title_font, text_font, banner_title)
select p.id, left(p.title, 100),
       left(coalesce(nullif(trim(both '-' from regexp_replace(p.title, '[^A-Za-z0-9]+', '-', 'g')), ''), 'store'), 50)
         || '-' || left(replace(p.id::text, '-', ''), 8),
       'inactive', 'Lato', 'Lato', left(p.title, 200)
  from properties p
 where exists (select 1 from gift_card_types t where p.id = any(t.store_ids));

update gift_card_types t
   set store_ids = array(select distinct s.id from unnest(t.store_ids) x join stores s on s.property_id = x)
 where t.store_ids <> '{}';

insert into store_gift_card_types (store_id, gift_card_type_id, priority)
select s, t.id, row_number() over (partition by s order by t.created_at, t.id)
  from gift_card_types t, unnest(t.store_ids) s;

create trigger gift_card_types_stores after insert or update of store_ids on gift_card_types
  for each row execute function gift_card_type_stores();
