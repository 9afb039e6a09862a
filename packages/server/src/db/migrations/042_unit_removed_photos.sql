-- A unit's photos are saved like a property's (services/photos.ts): `photos` stays what the booking engine shows,
-- in order; a removed one moves to `removed_photos` without a position (document 2 §4).
alter table units add column removed_photos jsonb not null default '[]';
