// INTERIM demo world, used until @tern/fixtures exports its index (its data and inventory generator).
// Only the logins and the broad shape matter: the seed's code does not depend on this file.
import type { DemoCarStation, DemoProperty, DemoUnit, DemoWorld } from './demoTypes.js';
import type { AvailabilityDay, PriceDay } from './inventory.js';

const password = 'tern-demo-1';

const policy: DemoProperty['policy'] = {
  checkinFromTime: '15:00',
  checkinToTime: '23:00',
  checkoutFromTime: '07:00',
  checkoutToTime: '11:00',
  internetAccessType: 'wifi',
  internetAccessCost: null,
  internetAccessCoverage: 'entire_property',
  parkingType: 'on_site',
  parkingIsPrivate: true,
  parkingReservation: 'not_needed',
  petsPolicy: 'not_allowed',
  petsNonRefundableFee: null,
  petsRefundableDeposit: null,
  smokingPolicy: 'no_smoking',
  isAdultsOnly: false,
};

function unit(key: string, title: string, count: number, adults: number, price: number): DemoUnit {
  return {
    key,
    title,
    description: `${title}, ${adults} guests`,
    count,
    maxAdults: adults,
    maxChildren: 1,
    maxInfants: 1,
    maxOccupancy: adults + 1,
    bedOptions: [{ title: 'Double bed', count: 1, size: '160x200' }],
    facilities: [],
    photos: [],
    ratePlans: [
      {
        key: 'flex',
        title: 'Flexible',
        sellMode: 'per_room',
        mealType: 'breakfast',
        cancellationPolicyKey: 'flex',
        basePrice: price,
        weekendFactor: 1.2,
        maxAdults: adults,
        maxChildren: 1,
        maxInfants: 1,
        childrenFee: 20,
        infantFee: 0,
      },
      {
        key: 'saver',
        title: 'Non-refundable',
        sellMode: 'per_room',
        mealType: 'room_only',
        cancellationPolicyKey: 'nonref',
        basePrice: Math.round(price * 0.85),
        weekendFactor: 1.2,
        maxAdults: adults,
        maxChildren: 1,
        maxInfants: 1,
        childrenFee: 20,
        infantFee: 0,
      },
    ],
  };
}

function hotel(
  key: string,
  supplierKey: string,
  title: string,
  city: string,
  country: string,
  currency: string,
  at: [number, number],
): DemoProperty {
  return {
    key,
    supplierKey,
    kind: 'accommodation',
    title,
    description: `${title} in ${city}.`,
    email: `${key}@demo.tern.test`,
    phone: '+354 555 0100',
    address: 'Harbour Street 1',
    city,
    state: null,
    country,
    zipCode: '101',
    timezone: 'UTC',
    latitude: at[0],
    longitude: at[1],
    currency,
    starRating: 4,
    photos: [],
    facilities: [],
    policy,
    cancellationPolicies: [
      {
        key: 'flex',
        title: 'Free until 2 days before',
        logic: 'deadline',
        deadline: 2,
        deadlineType: 'days',
        penalty: 100,
        mode: 'percent',
        guaranteePaymentPolicy: 'none',
        guaranteePaymentAmount: 0,
      },
      {
        key: 'nonref',
        title: 'Non-refundable',
        logic: 'non_refundable',
        penalty: 100,
        mode: 'percent',
        guaranteePaymentPolicy: 'percent_based',
        guaranteePaymentAmount: 100,
      },
    ],
    taxes: [{ title: 'VAT', mode: 'percent', rate: 11, inclusive: true }],
    units: [unit('double', 'Double room', 8, 2, 150), unit('family', 'Family room', 4, 4, 240)],
  };
}

const station: DemoCarStation = {
  key: 'kef-cars',
  supplierKey: 'aurora',
  kind: 'vehicle',
  provider: 'northwind_cars',
  title: 'Keflavik Airport Cars',
  description: 'Cars at the airport.',
  email: 'cars@demo.tern.test',
  phone: '+354 555 0200',
  address: 'Airport 1',
  city: 'Keflavik',
  state: null,
  country: 'IS',
  zipCode: '235',
  timezone: 'Atlantic/Reykjavik',
  latitude: 63.98,
  longitude: -22.6,
  currency: 'EUR',
  openFrom: '06:00',
  openTo: '23:00',
  vehicles: [
    {
      key: 'yaris',
      make: 'Toyota',
      model: 'Yaris',
      acrissCode: 'EDMR',
      seats: 5,
      doors: 5,
      largeSuitcasesCapacity: 1,
      smallSuitcasesCapacity: 2,
      transmission: 'manual',
      fuel: 'petrol',
      dailyPrice: 45,
      count: 6,
      imageFile: 'yaris.svg',
    },
  ],
};

export const devWorld: DemoWorld = {
  password,
  agencies: [
    {
      key: 'northern-lights',
      name: 'Northern Lights Travel',
      email: 'office@northern-lights.test',
      phone: '+354 555 0300',
      address1: 'Laugavegur 1',
      city: 'Reykjavik',
      zipCode: '101',
      country: 'IS',
      taxId: 'IS123',
      governmentId: '010101-0101',
      legalName: 'Northern Lights Travel ehf.',
      emailInvoice: 'invoices@northern-lights.test',
    },
    {
      key: 'saga-tours',
      name: 'Saga Tours',
      email: 'office@saga.test',
      phone: '+47 555 0400',
      address1: 'Karl Johans gate 1',
      city: 'Oslo',
      zipCode: '0154',
      country: 'NO',
      taxId: 'NO456',
      governmentId: '999',
      legalName: 'Saga Tours AS',
      emailInvoice: 'invoices@saga.test',
    },
  ],
  suppliers: [
    { key: 'aurora', name: 'Aurora Hotels', email: 'office@aurora.test', country: 'IS' },
    { key: 'fjord', name: 'Fjord Stays', email: 'office@fjord.test', country: 'NO' },
  ],
  users: [
    { key: 'admin', email: 'admin@demo.tern.test', name: 'Ada Admin', password, role: 'admin' },
    {
      key: 'agent',
      email: 'agent@demo.tern.test',
      name: 'Arni Agent',
      password,
      role: 'reseller',
      agencyKey: 'northern-lights',
    },
    {
      key: 'agent2',
      email: 'agent2@demo.tern.test',
      name: 'Sigrid Agent',
      password,
      role: 'reseller',
      agencyKey: 'saga-tours',
    },
    {
      key: 'hotelier',
      email: 'hotelier@demo.tern.test',
      name: 'Helga Hotelier',
      password,
      role: 'supplier',
      properties: [
        { propertyKey: 'harbour', role: 'manager' },
        { propertyKey: 'glacier', role: 'manager' },
        { propertyKey: 'kef-cars', role: 'manager' },
      ],
    },
    {
      key: 'hotelier2',
      email: 'hotelier2@demo.tern.test',
      name: 'Nils Hotelier',
      password,
      role: 'supplier',
      properties: [{ propertyKey: 'fjord-lodge', role: 'manager' }],
    },
    {
      key: 'staff',
      email: 'staff@demo.tern.test',
      name: 'Siggi Staff',
      password,
      role: 'supplier',
      properties: [{ propertyKey: 'harbour', role: 'user' }],
    },
    {
      key: 'otp',
      email: 'otp@demo.tern.test',
      name: 'Olga Otp',
      password,
      role: 'reseller',
      agencyKey: 'northern-lights',
      otpRequired: true,
    },
  ],
  properties: [
    hotel('harbour', 'aurora', 'Harbour Hotel', 'Reykjavik', 'IS', 'ISK', [64.15, -21.94]),
    hotel('glacier', 'aurora', 'Glacier Inn', 'Vik', 'IS', 'EUR', [63.42, -19.01]),
    hotel('fjord-lodge', 'fjord', 'Fjord Lodge', 'Bergen', 'NO', 'NOK', [60.39, 5.32]),
  ],
  carStations: [station],
  contracts: [
    {
      agencyKey: 'northern-lights',
      propertyKey: 'harbour',
      status: 'approved',
      initiator: 'reseller',
      modifierLogic: 'increase_by_percent',
      modifierAmount: 10,
      ratePlanKeys: [],
    },
    {
      agencyKey: 'northern-lights',
      propertyKey: 'fjord-lodge',
      status: 'proposed',
      initiator: 'supplier',
      modifierLogic: 'decrease_by_percent',
      modifierAmount: 5,
      ratePlanKeys: ['flex'],
    },
  ],
  currencyRates: { USD: 1, EUR: 0.92, GBP: 0.79, ISK: 138, NOK: 10.6 },
};

const DAY = 86_400_000;

/** Interim inventory: every unit free every day; weekday price, times the weekend factor on Fri and Sat. */
export function devInventory(world: DemoWorld, from: string, days: number) {
  const start = Date.parse(`${from}T00:00:00Z`);
  const dates = Array.from({ length: days }, (_, i) => new Date(start + i * DAY));
  const availability: AvailabilityDay[] = [];
  const prices: PriceDay[] = [];
  for (const p of [...world.properties, ...world.carStations]) {
    const units = p.kind === 'accommodation' ? p.units : p.vehicles;
    for (const u of units)
      for (const d of dates)
        availability.push({
          propertyKey: p.key,
          unitKey: u.key,
          date: d.toISOString().slice(0, 10),
          available: u.count,
        });
  }
  for (const p of world.properties)
    for (const u of p.units)
      for (const r of u.ratePlans)
        for (const d of dates) {
          const weekend = d.getUTCDay() === 5 || d.getUTCDay() === 6;
          const price = Math.round(r.basePrice * (weekend ? r.weekendFactor : 1) * 100) / 100;
          prices.push({
            propertyKey: p.key,
            unitKey: u.key,
            ratePlanKey: r.key,
            date: d.toISOString().slice(0, 10),
            price,
            minStayArrival: r.minStay ?? 1,
          });
        }
  return { availability, prices };
}
