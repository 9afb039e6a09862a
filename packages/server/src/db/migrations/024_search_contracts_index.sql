-- The search picks each property's newest approved contract of the reseller's agency: with this index the
-- contracts come in (property, newest first) order, so `distinct on` needs no sort of every contract.
create index contracts_agency_approved_idx on contracts (agency_id, property_id, created_at desc) include (id)
  where status = 'approved';
