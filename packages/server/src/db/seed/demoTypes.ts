// The shape of the demo world the seed reads: a copy of fixtures/src/types.ts until @tern/fixtures exports
// its index (then this file becomes `export type * from '@tern/fixtures';`).

/**
 * The demo world: the people, companies, properties and inventory that the server's seed loads into a new
 * database. Plain data, no I/O. Dates are ISO `YYYY-MM-DD`, times `HH:mm`, money in major units (e.g. 129.5).
 * Identifiers are stable strings (slugs) so tests and docs can name them.
 */

export type UserRole = 'admin' | 'reseller' | 'supplier';

export interface DemoUser {
  /** Stable key, e.g. 'agent'. */
  key: string;
  email: string;
  name: string;
  /** Plain password of the demo login; the seed hashes it. */
  password: string;
  role: UserRole;
  /** Reseller users: the agency they belong to. */
  agencyKey?: string;
  /** Supplier users: the properties they belong to, and their role there. */
  properties?: { propertyKey: string; role: 'manager' | 'user' }[];
  /** Sign-in asks for a one-time code unless the device is trusted. */
  otpRequired?: boolean;
  status?: 'active' | 'blocked';
}

export interface DemoAgency {
  key: string;
  name: string;
  email: string;
  phone: string;
  address1: string;
  city: string;
  zipCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  taxId: string;
  governmentId: string;
  legalName: string;
  emailInvoice: string;
  paymentLocked?: boolean;
}

export interface DemoSupplier {
  key: string;
  name: string;
  email: string;
  country: string;
}

export type TaxMode =
  | 'percent'
  | 'per_room'
  | 'per_night'
  | 'per_person'
  | 'per_room_per_night'
  | 'per_booking'
  | 'per_person_per_night';

export interface DemoTax {
  title: string;
  mode: TaxMode;
  /** Percent for `percent`, otherwise an amount in the property currency. */
  rate: number;
  inclusive: boolean;
}

export interface DemoPhoto {
  /** Path of a file under `fixtures/photos/`, served by the server at `/photos/<file>`. */
  file: string;
  description: string;
}

export interface DemoFacilityGroup {
  categoryCode: string;
  facilityCodes: string[];
}

export interface DemoPropertyPolicy {
  checkinFromTime: string;
  checkinToTime: string;
  checkoutFromTime: string;
  checkoutToTime: string;
  internetAccessType: 'none' | 'wifi' | 'wired';
  internetAccessCost: number | null;
  internetAccessCoverage: 'entire_property' | 'public_areas' | 'rooms' | null;
  parkingType: 'none' | 'on_site' | 'nearby';
  parkingIsPrivate: boolean;
  parkingReservation: 'not_needed' | 'needed' | 'not_possible';
  petsPolicy: 'not_allowed' | 'allowed' | 'by_arrangement';
  petsNonRefundableFee: number | null;
  petsRefundableDeposit: number | null;
  smokingPolicy: 'no_smoking' | 'smoking_rooms' | 'permitted_areas';
  isAdultsOnly: boolean;
}

export interface DemoCancellationPolicy {
  key: string;
  title: string;
  logic: 'non_refundable' | 'free' | 'deadline';
  /** With `deadline`: how long before arrival cancelling stays free. */
  deadline?: number;
  deadlineType?: 'hours' | 'days';
  /** Penalty after the deadline (or always, for non-refundable). */
  penalty: number;
  mode: 'percent' | 'amount';
  guaranteePaymentPolicy: 'none' | 'percent_based' | 'amount';
  guaranteePaymentAmount: number;
}

export type MealType = 'room_only' | 'breakfast' | 'half_board' | 'full_board' | 'all_inclusive';

export interface DemoRatePlan {
  key: string;
  title: string;
  /** `per_room`: one price per room and night; `per_person`: a price per adult and night. */
  sellMode: 'per_room' | 'per_person';
  mealType: MealType;
  cancellationPolicyKey: string;
  /** Price on a weekday night, in the property currency (per room or per adult). */
  basePrice: number;
  /** Multiplier on Friday and Saturday nights. */
  weekendFactor: number;
  /** Occupancy options the plan is sold for (derived from the room's max when absent). */
  maxAdults: number;
  maxChildren: number;
  maxInfants: number;
  childrenFee: number;
  infantFee: number;
  minStay?: number;
}

export interface DemoUnit {
  key: string;
  title: string;
  description: string;
  /** Number of rooms (or cars) of this type. */
  count: number;
  maxAdults: number;
  maxChildren: number;
  maxInfants: number;
  maxOccupancy: number;
  bedOptions: { title: string; count: number; size: string }[];
  facilities: DemoFacilityGroup[];
  photos: DemoPhoto[];
  ratePlans: DemoRatePlan[];
}

export interface DemoProperty {
  key: string;
  supplierKey: string;
  kind: 'accommodation';
  title: string;
  description: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string | null;
  /** ISO 3166-1 alpha-2. */
  country: string;
  zipCode: string;
  timezone: string;
  latitude: number;
  longitude: number;
  currency: string;
  starRating: number;
  photos: DemoPhoto[];
  facilities: DemoFacilityGroup[];
  policy: DemoPropertyPolicy;
  cancellationPolicies: DemoCancellationPolicy[];
  taxes: DemoTax[];
  units: DemoUnit[];
}

export interface DemoVehicle {
  key: string;
  make: string;
  model: string;
  /** ACRISS car classification code, e.g. 'CDMR'. */
  acrissCode: string;
  seats: number;
  doors: number;
  largeSuitcasesCapacity: number;
  smallSuitcasesCapacity: number;
  transmission: 'manual' | 'automatic';
  fuel: 'petrol' | 'diesel' | 'hybrid' | 'electric';
  /** Price per day in the station currency. */
  dailyPrice: number;
  count: number;
  imageFile: string;
}

export interface DemoCarStation {
  key: string;
  supplierKey: string;
  kind: 'vehicle';
  /** One of the three simulated car providers. */
  provider: 'northwind_cars' | 'atlas_rent' | 'fjord_drive';
  title: string;
  description: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string | null;
  country: string;
  zipCode: string;
  timezone: string;
  latitude: number;
  longitude: number;
  currency: string;
  openFrom: string;
  openTo: string;
  vehicles: DemoVehicle[];
}

export interface DemoContract {
  agencyKey: string;
  propertyKey: string;
  status: 'approved' | 'proposed';
  initiator: 'reseller' | 'supplier';
  modifierLogic: 'increase_by_percent' | 'decrease_by_percent' | 'increase_by_amount' | 'decrease_by_amount';
  modifierAmount: number;
  /** Rate plan keys covered; empty means all of the property's plans. */
  ratePlanKeys: string[];
}

/** Exchange rates against USD (1 USD = rate units of the currency). */
export type CurrencyRates = Record<string, number>;

export interface DemoWorld {
  password: string;
  agencies: DemoAgency[];
  suppliers: DemoSupplier[];
  users: DemoUser[];
  properties: DemoProperty[];
  carStations: DemoCarStation[];
  contracts: DemoContract[];
  currencyRates: CurrencyRates;
}
