-- When an issued card left the property's liability (issue 12, the liability ledger): used (redeemed or marked
-- used) or cancelled. A trigger keeps `used_at` with `booked`, so every writer of the flag records the moment
-- without knowing of the ledger; `cancelled_at` is for the store's cancellations (the next issue).
alter table gift_cards
  add column used_at timestamptz,
  add column cancelled_at timestamptz;

-- Cards used before this migration: the last change is the best moment known.
update gift_cards set used_at = updated_at where booked;

alter table gift_cards add constraint gift_cards_used_at check ((used_at is not null) = booked);

create function gift_card_used_at() returns trigger language plpgsql as $$
begin
  if new.booked and (tg_op = 'INSERT' or not old.booked) then
    new.used_at := coalesce(new.used_at, new.updated_at, now());
  elsif not new.booked then
    new.used_at := null;
  end if;
  return new;
end
$$;

create trigger gift_cards_used_at before insert or update of booked on gift_cards
  for each row execute function gift_card_used_at();

-- The ledger reads the cards of a property by the day they were sold.
create index gift_cards_property_created on gift_cards (property_id, created_at, id);
