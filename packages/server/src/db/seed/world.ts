import { hashPassword } from '../../services/auth/password.js';
import { storedRatePlans } from '../../services/contracts/plans.js';
import type { Db } from '../db.js';
import { insertRows } from '../insertRows.js';
import type { DemoCarStation, DemoProperty, DemoWorld } from './demoTypes.js';
import { insertDemoStores } from './stores.js';

/** Database ids of the seeded rows, by fixture key (units and plans as `property/unit[/plan]`). */
export interface SeedIds {
  agencies: Map<string, string>;
  suppliers: Map<string, string>;
  properties: Map<string, string>;
  units: Map<string, string>;
  ratePlans: Map<string, string>;
}

const json = (value: unknown) => JSON.stringify(value ?? null);

async function insertCompanies(tx: Db, world: DemoWorld, ids: SeedIds): Promise<void> {
  for (const a of world.agencies) {
    const row = await tx.one<{ id: string }>(
      `insert into agencies (key, name, email, phone, address_1, city, zip_code, country, tax_id, government_id,
                             legal_name, email_invoice, payment_locked, has_payment_source, car_rental_feature)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning id`,
      [
        a.key,
        a.name,
        a.email,
        a.phone,
        a.address1,
        a.city,
        a.zipCode,
        a.country,
        a.taxId,
        a.governmentId,
        a.legalName,
        a.emailInvoice,
        a.paymentLocked ?? false,
        // A locked agency has no card on file (what locked it).
        !(a.paymentLocked ?? false),
        a.carRentalFeature ?? true,
      ],
    );
    ids.agencies.set(a.key, row!.id);
  }
  for (const s of world.suppliers) {
    const row = await tx.one<{ id: string }>(
      'insert into suppliers (key, name, email, country) values ($1, $2, $3, $4) returning id',
      [s.key, s.name, s.email, s.country],
    );
    ids.suppliers.set(s.key, row!.id);
  }
}

async function insertProperty(tx: Db, p: DemoProperty | DemoCarStation, ids: SeedIds): Promise<string> {
  const hotel = p.kind === 'accommodation' ? p : null;
  const station = p.kind === 'vehicle' ? p : null;
  const row = await tx.one<{ id: string }>(
    `insert into properties (key, kind, supplier_id, title, description, email, phone, address, city, state,
        country, zip_code, timezone, latitude, longitude, currency, star_rating, policy, facilities, photos,
        provider, open_from, open_to)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
        $22, $23) returning id`,
    [
      p.key,
      p.kind,
      ids.suppliers.get(p.supplierKey),
      p.title,
      p.description,
      p.email,
      p.phone,
      p.address,
      p.city,
      p.state,
      p.country,
      p.zipCode,
      p.timezone,
      p.latitude,
      p.longitude,
      p.currency,
      hotel?.starRating ?? null,
      json(hotel?.policy ?? {}),
      json(hotel?.facilities ?? []),
      json(hotel?.photos ?? []),
      station?.provider ?? null,
      station?.openFrom ?? null,
      station?.openTo ?? null,
    ],
  );
  if (!ids.suppliers.has(p.supplierKey)) throw new Error(`Property ${p.key}: no supplier ${p.supplierKey}`);
  ids.properties.set(p.key, row!.id);
  return row!.id;
}

async function insertHotelDetails(tx: Db, p: DemoProperty, propertyId: string, ids: SeedIds): Promise<void> {
  const policies = new Map<string, string>();
  for (const c of p.cancellationPolicies) {
    const row = await tx.one<{ id: string }>(
      `insert into cancellation_policies (property_id, key, title, logic, deadline, deadline_type, penalty, mode,
          guarantee_payment_policy, guarantee_payment_amount)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
      [
        propertyId,
        c.key,
        c.title,
        c.logic,
        c.deadline ?? null,
        c.deadlineType ?? null,
        c.penalty,
        c.mode,
        c.guaranteePaymentPolicy,
        c.guaranteePaymentAmount,
      ],
    );
    policies.set(c.key, row!.id);
  }
  await insertRows(
    tx,
    'taxes',
    ['property_id', 'title', 'mode', 'rate', 'inclusive', 'position'],
    p.taxes.map((t, i) => [propertyId, t.title, t.mode, t.rate, t.inclusive, i]),
  );
  for (const [position, u] of p.units.entries()) {
    const unit = await tx.one<{ id: string }>(
      `insert into units (property_id, key, title, description, count, max_adults, max_children, max_infants,
          max_occupancy, bed_options, facilities, photos, position)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
      [
        propertyId,
        u.key,
        u.title,
        u.description,
        u.count,
        u.maxAdults,
        u.maxChildren,
        u.maxInfants,
        u.maxOccupancy,
        json(u.bedOptions),
        json(u.facilities),
        json(u.photos),
        position,
      ],
    );
    ids.units.set(`${p.key}/${u.key}`, unit!.id);
    for (const [i, r] of u.ratePlans.entries()) {
      const plan = await tx.one<{ id: string }>(
        `insert into rate_plans (unit_id, property_id, key, title, sell_mode, meal_type, cancellation_policy_id,
            base_price, weekend_factor, max_adults, max_children, max_infants, children_fee, infant_fee,
            min_stay, position)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) returning id`,
        [
          unit!.id,
          propertyId,
          r.key,
          r.title,
          r.sellMode,
          r.mealType,
          policies.get(r.cancellationPolicyKey) ?? null,
          r.basePrice,
          r.weekendFactor,
          r.maxAdults,
          r.maxChildren,
          r.maxInfants,
          r.childrenFee,
          r.infantFee,
          r.minStay ?? null,
          i,
        ],
      );
      ids.ratePlans.set(`${p.key}/${u.key}/${r.key}`, plan!.id);
    }
  }
}

async function insertVehicles(tx: Db, s: DemoCarStation, propertyId: string, ids: SeedIds): Promise<void> {
  for (const [position, v] of s.vehicles.entries()) {
    const unit = await tx.one<{ id: string }>(
      `insert into units (property_id, key, title, count, max_adults, max_occupancy, make, model, acriss_code,
          seats, doors, large_suitcases, small_suitcases, transmission, fuel, daily_price, image_file, position)
       values ($1, $2, $3, $4, $5, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17) returning id`,
      [
        propertyId,
        v.key,
        `${v.make} ${v.model}`,
        v.count,
        v.seats,
        v.make,
        v.model,
        v.acrissCode,
        v.seats,
        v.doors,
        v.largeSuitcasesCapacity,
        v.smallSuitcasesCapacity,
        v.transmission,
        v.fuel,
        v.dailyPrice,
        v.imageFile,
        position,
      ],
    );
    ids.units.set(`${s.key}/${v.key}`, unit!.id);
  }
}

async function insertUsers(tx: Db, world: DemoWorld, ids: SeedIds, passwordCost?: number): Promise<void> {
  // One hash per distinct password: the demo's passwords are published, so a salt per user would protect
  // nothing, and each hash at the default cost takes 128 MiB and a fraction of a second.
  const byPassword = new Map<string, Promise<string>>();
  for (const u of world.users)
    if (!byPassword.has(u.password)) byPassword.set(u.password, hashPassword(u.password, passwordCost));
  const hashes = await Promise.all(world.users.map((u) => byPassword.get(u.password)!));
  for (const [i, u] of world.users.entries()) {
    const firstProperty = u.properties?.[0]?.propertyKey;
    const supplierKey = [...world.properties, ...world.carStations].find(
      (p) => p.key === firstProperty,
    )?.supplierKey;
    const row = await tx.one<{ id: string }>(
      `insert into users (key, email, name, role, status, password_hash, agency_id, supplier_id, otp_required)
       values ($1, lower($2), $3, $4, $5, $6, $7, $8, $9) returning id`,
      [
        u.key,
        u.email,
        u.name,
        u.role,
        u.status ?? 'active',
        hashes[i],
        u.agencyKey ? ids.agencies.get(u.agencyKey) : null,
        supplierKey ? ids.suppliers.get(supplierKey) : null,
        u.otpRequired ?? false,
      ],
    );
    await insertRows(
      tx,
      'property_users',
      ['user_id', 'property_id', 'role'],
      (u.properties ?? []).map((m) => [row!.id, ids.properties.get(m.propertyKey), m.role]),
    );
  }
}

async function insertContracts(tx: Db, world: DemoWorld, ids: SeedIds): Promise<void> {
  const plansOf = (propertyKey: string, keys: string[]) =>
    [...ids.ratePlans.entries()]
      .filter(([k]) => k.startsWith(`${propertyKey}/`) && (!keys.length || keys.includes(k.split('/')[2]!)))
      .map(([, id]) => id);
  await insertRows(
    tx,
    'contracts',
    ['agency_id', 'property_id', 'status', 'initiator', 'modifier_logic', 'modifier_amount', 'rate_plan_ids'],
    world.contracts.map((c) => [
      ids.agencies.get(c.agencyKey),
      ids.properties.get(c.propertyKey),
      c.status,
      c.initiator,
      c.modifierLogic,
      c.modifierAmount,
      // Stored as the contracts service stores a proposal: a contract of every plan (a fixture naming none, or
      // all) is `[]`, all of them — new ones too.
      c.ratePlanKeys.length === 0
        ? []
        : storedRatePlans(plansOf(c.propertyKey, c.ratePlanKeys), plansOf(c.propertyKey, [])),
    ]),
  );
  await insertRows(tx, 'currency_rates', ['currency', 'rate'], Object.entries(world.currencyRates));
}

/** Loads the people, companies, properties, contracts, currency rates and gift-card store of the demo world. */
export async function insertWorld(
  tx: Db,
  world: DemoWorld,
  options: { passwordCost?: number } = {},
): Promise<SeedIds> {
  const ids: SeedIds = {
    agencies: new Map(),
    suppliers: new Map(),
    properties: new Map(),
    units: new Map(),
    ratePlans: new Map(),
  };
  await insertCompanies(tx, world, ids);
  for (const p of world.properties) await insertHotelDetails(tx, p, await insertProperty(tx, p, ids), ids);
  for (const s of world.carStations) await insertVehicles(tx, s, await insertProperty(tx, s, ids), ids);
  await insertUsers(tx, world, ids, options.passwordCost);
  await insertContracts(tx, world, ids);
  await insertDemoStores(tx, ids);
  return ids;
}
