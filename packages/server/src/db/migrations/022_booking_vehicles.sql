-- What a car booking took (document 1 §3 booked unit): the provider's car and terms as priced at booking,
-- and the driver the provider priced for. The general record is in `bookings` (kind 'vehicle').
create table booking_vehicles (
  booking_id uuid primary key references bookings (id) on delete cascade,
  unit_id uuid not null references units (id),
  station_id uuid not null references properties (id),
  provider text not null,
  make text not null,
  model text not null,
  acriss_code text not null,
  driver_age integer not null check (driver_age between 18 and 99),
  driver_country text,
  charged_days integer not null check (charged_days > 0),
  -- The provider's daily rate for the driver, in the station's currency, before the reseller's contract.
  daily_rate numeric(14, 2) not null,
  station_currency text not null
);
