-- Booking amounts in their currency's own decimals: numeric(14, 2) rounded a three-decimal currency's total on
-- the way in (KWD, BHD, OMR, JOD: 12.345 KWD became 12.35), so what a reseller was shown and what the booking
-- kept differed by a fils. Three decimals hold every currency's minor unit (ISK 0, EUR 2, KWD 3); amounts of
-- fewer decimals read back as they were written (as the nightly prices, migration 056).
alter table bookings alter column total type numeric(14, 3), alter column property_total type numeric(14, 3);
alter table booking_rooms alter column net_price type numeric(14, 3), alter column total_price type numeric(14, 3);
alter table booking_vehicles alter column daily_rate type numeric(14, 3);
