-- Store checkouts, holds and the sandbox payment provider (issue 24, S3). Placeholder: filled shortly.
select 1;
