-- The order of a booking's history entries made in the same instant (the order they were written).
alter table booking_history add column seq bigserial;
create index booking_history_order_idx on booking_history (booking_id, created_at, seq);
