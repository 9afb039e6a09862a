-- Jobs that fail, fail visibly (issue 21 item 6; docs/decisions.md "Job attempts and failures"). A purchase whose
-- issuing job failed for good (its last attempt threw, or its process died during it) is `failed`, with the
-- reason kept on the purchase (the job's row goes a week after it finished); staff retry it, which queues the
-- job again (failed → queued).
alter table gift_card_purchases drop constraint gift_card_purchases_issued_status_check;
alter table gift_card_purchases
  add constraint gift_card_purchases_issued_status_check
    check (issued_status in ('pending', 'queued', 'issued', 'failed'));
alter table gift_card_purchases add column issue_error text;
alter table gift_card_purchases add column failed_at timestamptz;
alter table gift_card_purchases
  add constraint gift_card_purchases_failed_check
    check ((issued_status = 'failed') = (failed_at is not null and issue_error is not null));

-- Purchases left queued by an issuing job that had already failed for good (before this migration nothing moved
-- them): failed, with the job's error, unless another issuing job of theirs is still queued or running.
update gift_card_purchases p
   set issued_status = 'failed',
       issue_error = coalesce(j.last_error, 'the delivery failed'),
       failed_at = coalesce(j.finished_at, j.updated_at),
       updated_at = coalesce(j.finished_at, j.updated_at)
  from jobs j
 where p.issued_status = 'queued'
   and j.dedupe_key = 'purchase.issue:' || p.id::text
   and j.status = 'failed'
   and j.created_at = (select max(k.created_at) from jobs k where k.dedupe_key = j.dedupe_key)
   and not exists (
     select 1 from jobs o where o.dedupe_key = j.dedupe_key and o.status in ('queued', 'running'));
