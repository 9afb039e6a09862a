-- Car rentals are a feature an agency has or not (document 3 §10: the cars link for resellers with it).
alter table agencies add column car_rental_feature boolean not null default true;
