-- Uploaded images (document 2 §3 Photo, §5 uploads, §7 upload image) and what a property shows of them.
--
-- One `upload_files` row per content (keyed by its hash: the same bytes uploaded twice are stored once); one
-- `uploads` row per owner that uploaded it (a property now; room types, gift-card types and stores later), so a
-- save may only name images uploaded for the same owner. The resized files themselves are in a file store:
-- `stored_files` when the store is the database, else a folder (services/uploads/fileStore.ts).
create table upload_files (
  hash text primary key,
  content_type text not null check (content_type in ('image/png', 'image/jpeg')),
  ext text not null check (ext in ('png', 'jpg')),
  width integer not null,
  height integer not null,
  -- the widths stored, ascending; the largest is the image as served at full size
  widths integer[] not null,
  created_at timestamptz not null default now()
);

create table uploads (
  id uuid primary key default gen_random_uuid(),
  hash text not null references upload_files (hash),
  owner_type text not null check (owner_type in ('property')),
  owner_id uuid not null,
  uploaded_by uuid references users (id) on delete set null,
  original_name text not null default '',
  size integer not null,
  created_at timestamptz not null default now(),
  unique (owner_type, owner_id, hash)
);

create table stored_files (
  key text primary key,
  content_type text not null,
  bytes bytea not null,
  created_at timestamptz not null default now()
);

-- `photos` stays what the booking engine shows, in order ({file, description}, now with kind and author); a
-- removed photo moves to `removed_photos` (document 2 §4: marked removed, its position dropped). `logo` is a
-- file under /photos, like a photo's.
alter table properties
  add column removed_photos jsonb not null default '[]',
  add column logo text;
