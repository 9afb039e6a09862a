-- A password an admin or manager set (a new user's, or one set for them) is one-time (issue 21 item 1): the
-- user's next sign-in gives a `password_change` session, which may only change it (with it as the old one).
alter table users add column password_change_required boolean not null default false;

alter table sessions drop constraint sessions_purpose_check;
alter table sessions add constraint sessions_purpose_check
  check (purpose in ('sign_in', 'password_reset', 'password_change', 'inventory'));
