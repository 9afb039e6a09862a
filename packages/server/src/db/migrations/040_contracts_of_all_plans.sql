-- A contract naming every rate plan of its property sells every plan, those the property adds later too: it is
-- stored as '{}', all (docs/decisions.md; services/contracts/plans.ts). The contracts service and the seed store
-- new ones so; this brings the rows stored before along (the demo seed listed every plan's id).
update contracts c
   set rate_plan_ids = '{}'
 where cardinality(c.rate_plan_ids) > 0
   and not exists (
         select 1 from rate_plans rp
          where rp.property_id = c.property_id and not (rp.id = any (c.rate_plan_ids)));
