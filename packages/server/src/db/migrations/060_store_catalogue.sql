-- The store's Icelandic-only switch and its types' stock view (issue 24, S2). Placeholder: filled shortly.
select 1;
