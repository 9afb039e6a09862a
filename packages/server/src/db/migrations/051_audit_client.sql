-- Links that open, and an audit trail that is whole (issue 21 item 7).
--
-- 1. Each audit entry carries where the call came from: the client's address (the socket's, or the first of
--    `X-Forwarded-For` behind a trusted proxy) and its user agent. Entries written before have neither.
alter table audit_log
  add column ip text,
  add column user_agent text;

-- 2. A card's e-mail and its "delivered" mark are separate facts. `delivered` is what staff say (M24: sent by
--    hand, by letter, at the desk); `emailed_at` is when the purchase job wrote the card's mail to the outbox. The
--    job mails each card whose mail has not gone out, delivered or not (marking a card delivered before the job
--    reached it used to stop its mail for good). Cards of purchases whose job finished had their mail: they
--    count as e-mailed; those of a purchase still queued get theirs from the job.
alter table gift_cards add column emailed_at timestamptz;
update gift_cards c set emailed_at = c.updated_at
  from gift_card_purchases p
 where c.purchase_id = p.id and c.delivered and p.email_sent;
