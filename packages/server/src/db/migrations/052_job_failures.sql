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
