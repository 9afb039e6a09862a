-- Gift-card PDFs, continued (issue 12; document 2 §3 store fonts, document 3 §3 templates, §7 gift_cards_pdfs, §9).
--
-- 1. A section may print in its card's store's title or text font: `store_title` / `store_text` in its font
--    (docs/decisions.md names the store). The built-in templates' header, title and body text now do; the hotel
--    name and the code keep their own font. Filled sections saved before keep the font they were saved with.
update pdf_sections set font = 'store_title'
 where template_id in ('6d0f3c1e-4b7a-4c59-9a53-000000000001', '6d0f3c1e-4b7a-4c59-9a53-000000000002')
   and name in ('Header', 'Title');
update pdf_sections set font = 'store_text'
 where template_id in ('6d0f3c1e-4b7a-4c59-9a53-000000000001', '6d0f3c1e-4b7a-4c59-9a53-000000000002')
   and kind in ('recipient', 'description', 'expiration', 'info', 'booking_url');

-- 2. The zip of a purchase's PDFs is rebuilt when what its PDFs show changes. `pdfs_version` counts those
--    changes; `zip_version` is the count the kept zip was made at. A zip whose version differs is stale: the
--    download answers "being generated" (an empty file) and the job `purchase.zip` makes it again.
alter table gift_card_purchases
  add column pdfs_version integer not null default 0,
  add column zip_version integer;
update gift_card_purchases set zip_version = 0 where zip is not null;

-- What the PDFs of these purchases show changed: the count grows, and those with a zip get the job that makes it
-- again (one unfinished job per purchase, as the queue keeps; a job already running sees the new count when it
-- writes and renders again).
create function gift_card_purchase_pdfs_changed(ids uuid[]) returns void language plpgsql as $$
declare
  zipped uuid[];
begin
  if ids is null or cardinality(ids) = 0 then
    return;
  end if;
  with changed as (
    update gift_card_purchases set pdfs_version = pdfs_version + 1
     where id = any(ids)
     returning id, zip is not null as has_zip
  )
  select coalesce(array_agg(id), '{}') into zipped from changed where has_zip;
  insert into jobs (kind, payload, dedupe_key)
  select 'purchase.zip', jsonb_build_object('purchaseId', z::text), 'purchase.zip:' || z::text
    from unnest(zipped) z
  on conflict (dedupe_key) where dedupe_key is not null and status in ('queued', 'running') do nothing;
end $$;

-- A card of a purchase changed what its PDF prints: its code, title, recipient or last day (the details drawer,
-- a reissue, a code drawn again). Used/unused and delivered are not printed, so they change nothing.
create function gift_card_pdf_fields_changed() returns trigger language plpgsql as $$
begin
  perform gift_card_purchase_pdfs_changed(array_remove(array[new.purchase_id, old.purchase_id], null));
  return null;
end $$;

create trigger gift_cards_pdf_fields after update of generated_id, title, name, expiration_date, gift_card_type_id
  on gift_cards for each row
  when (new.purchase_id is not null and (
    new.generated_id is distinct from old.generated_id or new.title is distinct from old.title
    or new.name is distinct from old.name or new.expiration_date is distinct from old.expiration_date
    or new.gift_card_type_id is distinct from old.gift_card_type_id))
  execute function gift_card_pdf_fields_changed();

-- A type's description, photos, template or stores (their fonts) changed: its purchases' PDFs change.
create function gift_card_type_pdf_changed() returns trigger language plpgsql as $$
begin
  perform gift_card_purchase_pdfs_changed(array(select id from gift_card_purchases where gift_card_type_id = new.id));
  return null;
end $$;

create trigger gift_card_types_pdf after update of description, photos, pdf_template_id, store_ids
  on gift_card_types for each row
  when (new.description is distinct from old.description or new.photos is distinct from old.photos
    or new.pdf_template_id is distinct from old.pdf_template_id
    or new.store_ids[1] is distinct from old.store_ids[1])
  execute function gift_card_type_pdf_changed();

-- A store's fonts changed: the purchases of the types whose cards print with them (their first store).
create function store_fonts_changed() returns trigger language plpgsql as $$
begin
  perform gift_card_purchase_pdfs_changed(array(
    select p.id from gift_card_purchases p join gift_card_types t on t.id = p.gift_card_type_id
     where t.store_ids[1] = new.id or t.property_id = new.property_id));
  return null;
end $$;

create trigger stores_pdf_fonts after update of title_font, text_font on stores for each row
  when (new.title_font is distinct from old.title_font or new.text_font is distinct from old.text_font)
  execute function store_fonts_changed();

-- 3. Cards issued in bulk as sold (`tern gift-cards issue --paid`, the issue call's `purchase`): one purchase per
--    run, found again by the run's key in every batch and rerun.
alter table gift_card_purchases add column run_key text check (char_length(run_key) between 1 and 200);
create unique index gift_card_purchases_run_key on gift_card_purchases (property_id, run_key) where run_key is not null;

-- 4. A store's logo and banner count against the property's photos only while a store shows them
--    (services/photos.ts). An upload a store stopped showing is released: it no longer waits to be shown, so it
--    does not count as a fresh upload for the rest of its day. Shown again, it is in use again.
alter table uploads add column released_at timestamptz;

create function store_images_changed() returns trigger language plpgsql as $$
declare
  property uuid;
  gone text[] := '{}';
  shown text[] := '{}';
begin
  if tg_op <> 'INSERT' then
    property := old.property_id;
    gone := array_remove(array[old.logo, old.photo], null);
  end if;
  if tg_op <> 'DELETE' then
    property := new.property_id;
    shown := array_remove(array[new.logo, new.photo], null);
  end if;
  -- Files no store of the property shows any more are released; those shown are in use again.
  update uploads u
     set released_at = case when x.file = any(shown) then null else now() end
    from (select u2.id, 'uploads/' || u2.hash || '.' || f.ext as file
            from uploads u2 join upload_files f on f.hash = u2.hash
           where u2.owner_type = 'property' and u2.owner_id = property) x
   where u.id = x.id
     and (x.file = any(shown) and u.released_at is not null
          or x.file = any(gone) and not x.file = any(shown) and u.released_at is null
             and not exists (select 1 from stores s where s.property_id = property
                               and s.id <> coalesce(new.id, old.id) and x.file in (s.logo, s.photo)));
  return null;
end $$;

create trigger stores_images after insert or update of logo, photo or delete on stores for each row
  execute function store_images_changed();
