-- API keys: a scope and an optional expiry; credentials that end together (issue 21 item 3).
--
-- 1. `scope`: what the key may do — `read` (every call a key may make that changes nothing) or `book` (also the
--    agency's bookings: make, change, cancel). Keys made before keep what they could do: `book`.
-- 2. `expires_at`: from that instant the key is refused (401 `api_key_expired`); null never expires.
-- 3. `disabled_reason`: why a key stopped — `disabled` (someone disabled it), or its agent's credentials ended
--    (`blocked`, `password_set`, `password_reset`, `password_changed`). A disabled key never works again.
alter table api_keys
  add column scope text not null default 'book' check (scope in ('read', 'book')),
  add column expires_at timestamptz,
  add column disabled_reason text;
update api_keys set disabled_reason = 'disabled' where not active;
-- A key of an agent blocked before now would come back with the unblock: it ends as a block ends it today.
update api_keys k set active = false, disabled_at = now(), disabled_reason = 'blocked'
  from users u where u.id = k.user_id and u.status = 'blocked' and k.active;
