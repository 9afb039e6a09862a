import { isCardNeeded, validateDriver, vehicleBookingPayload } from '@tern/core/bookingEngine';
import type { VehicleBookingBody, VehicleOffer } from '@tern/sdk';
import { vehicleBookingBody } from '@tern/sdk';
import { UserError } from '../errors.js';
import { FileProblems, reader, readOrderFile } from './orderFile.js';
import { type CarQuery, type CarSearchFlags, invalidFlags } from './queryFlags.js';

/** `tern book car` flags: the search's (dates, times, driver age and country, place), the offer, the driver. */
export interface CarBookFlags extends CarSearchFlags {
  offer?: string;
  query?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  notes?: string;
  reference?: string;
  reservationName?: string;
  cardToken?: string;
  acceptPolicies?: boolean;
  idempotencyKey?: string;
  fromFile?: string;
}

const FILE_KEYS = [
  'offer',
  'query',
  'pickupDate',
  'dropoffDate',
  'pickupTime',
  'dropoffTime',
  'driverAge',
  'driverCountry',
  'currency',
  'city',
  'country',
  'station',
  'firstName',
  'lastName',
  'email',
  'phone',
  'notes',
  'reference',
  'reservationName',
  'cardToken',
  'idempotencyKey',
] as const;

/** The flags of `tern book car`, over the values of `--from-file` (same names; the driver under `driver`). */
export async function carFlagsOf(flags: CarBookFlags): Promise<CarBookFlags> {
  if (!flags.fromFile) return flags;
  const json = await readOrderFile(flags.fromFile);
  const problems = new FileProblems(flags.fromFile);
  const read = reader(json, problems);
  const driver = reader(read.object('driver') ?? {}, problems, 'driver.');
  const fromFile: Record<string, string | boolean | undefined> = {};
  for (const key of FILE_KEYS) {
    const inDriver = ['firstName', 'lastName', 'email', 'phone'].includes(key);
    const value = inDriver ? driver.string(key) : read.string(key);
    if (value !== undefined) fromFile[key] = value;
  }
  const accept = read.boolean('acceptPolicies');
  problems.throwIfAny();
  const given = Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined));
  return { ...fromFile, ...(accept ? { acceptPolicies: true } : {}), ...given } as CarBookFlags;
}

export const CAR_CARD_NEEDED =
  'This car’s rate needs a card, and a card cannot be typed into a terminal: book it in the web app, or pass --card-token TOKEN (a token from the card vault)';

/** The driver's fields and the policy agreement, checked before any search is started. */
export function checkCarOrder(flags: CarBookFlags, { fromFlags = false }: { fromFlags?: boolean } = {}) {
  const driver = {
    firstName: flags.firstName ?? '',
    lastName: flags.lastName ?? '',
    email: flags.email ?? '',
    phone: flags.phone ?? '',
  };
  const errors = validateDriver(driver);
  const flagOf = {
    firstName: ['--first-name', 'first name'],
    lastName: ['--last-name', 'last name'],
    email: ['--email', 'e-mail'],
    phone: ['--phone', 'phone number'],
  } as const;
  const problems: [string, string][] = Object.entries(errors).map(([field, key]) => {
    const [flag, what] = flagOf[field as keyof typeof flagOf];
    return [
      flag,
      key === 'validation_messages.email'
        ? 'use an e-mail address such as name@example.com'
        : `the driver’s ${what} is needed`,
    ];
  });
  if (!flags.offer)
    problems.push(['--offer', 'the offer to book is needed (the OFFER column of `tern search cars`)']);
  if (!flags.acceptPolicies)
    problems.push(['--accept-policies', 'read the car’s cancellation policy and accept it']);
  // Booked from flags without the search it came from, the rental's days are the user's to say, not defaults.
  if (fromFlags && !flags.query && (!flags.pickupDate || !flags.dropoffDate))
    problems.push([
      '--query',
      'name the search the offer came from (--query QUERY_ID of `tern search cars`), or give its --pickup-date and --dropoff-date',
    ]);
  if (problems.length > 0) throw invalidFlags(problems);
  return driver;
}

/** Checks the card for the offer and builds the v3 booking body. */
export function prepareCarBooking(
  flags: CarBookFlags,
  offer: VehicleOffer,
  rental: CarQuery,
): VehicleBookingBody {
  const driver = checkCarOrder(flags);
  if (isCardNeeded([offer.cancellationPolicy]) && !flags.cardToken)
    throw new UserError(CAR_CARD_NEEDED, { code: 'card_needed' });
  const body = vehicleBookingPayload({
    vehicleChannelId: offer.vehicleChannelId,
    rateId: offer.id,
    rental: {
      pickupDate: rental.pickupDate,
      dropoffDate: rental.dropoffDate,
      pickupTime: rental.pickupTime,
      dropoffTime: rental.dropoffTime,
    },
    currency: rental.currency,
    driver: {
      firstName: driver.firstName.trim(),
      lastName: driver.lastName.trim(),
      email: driver.email.trim(),
      phone: driver.phone.trim(),
      age: rental.driverAge,
      address: {
        addressLine1: '',
        addressLine2: '',
        addressLine3: '',
        city: '',
        state: '',
        postalCode: '',
        countryCode: rental.driverCountry,
      },
    },
    cardToken: flags.cardToken,
    notes: flags.notes,
    reservationName: flags.reservationName,
    externalReference: flags.reference,
  });
  const checked = vehicleBookingBody.safeParse(body);
  if (!checked.success)
    throw invalidFlags(checked.error.issues.map((i) => [i.path.slice(1).join('.'), i.message]));
  return body;
}
