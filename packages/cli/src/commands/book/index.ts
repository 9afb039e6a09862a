import type { Command } from 'commander';
import type { CarBookFlags } from '../../bookingEngine/carOrder.js';
import type { StayBookFlags } from '../../bookingEngine/stayOrder.js';
import type { ContextOf } from '../../context.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

const BOOKING_OPTIONS = 'On a terminal without the choice flags, a wizard asks for everything.';

/** `tern book stay`, `tern book car`: a wizard on a terminal, or everything by flags or `--from-file`. */
export function registerBook(program: Command, contextOf: ContextOf): void {
  const book = program.command('book').description('book a stay or a car rental (prints the booking number)');
  book
    .command('stay')
    .description(`book rooms of a property for a stay. ${BOOKING_OPTIONS}`)
    .argument('[id]', 'the property id (from `tern search stays`)')
    .option('--checkin <day>', 'arrival day, YYYY-MM-DD')
    .option('--checkout <day>', 'departure day, YYYY-MM-DD')
    .option('--currency <code>', 'book in this currency (default USD)')
    .option(
      '--room <rate[:count]>',
      'a rate of `tern property rates` and how many rooms (repeat for more)',
      collect,
    )
    .option('--guest <name,surname[,country]>', 'a guest; guests fill the rooms in order (repeat)', collect)
    .option('--name <name>', 'the contact’s first name')
    .option('--surname <surname>', 'the contact’s surname (required)')
    .option('--email <email>', 'the contact’s e-mail, for the confirmation (required)')
    .option('--phone <phone>', 'the contact’s phone')
    .option('--country <code>', 'the contact’s country, two letters')
    .option('--city <city>', 'the contact’s city')
    .option('--address <address>', 'the contact’s address')
    .option('--zip-code <zip>', 'the contact’s postal code')
    .option('--reservation-name <name>', 'a name for the booking')
    .option('--reference <ref>', 'your agency’s own reference')
    .option('--special-request <text>', 'a request for the property')
    .option('--card-token <token>', 'a card vault token, for rates that need a card')
    .option('--accept-policies', 'you accept the rates’ cancellation and payment policies (required)')
    .option('--idempotency-key <key>', 'the same key books once: a retry returns the first booking')
    .option(
      '--from-file <file>',
      'the booking as JSON, with the flags’ names (flags given win); many bookings, one a line: .ndjson or .csv',
    )
    .action((id: string | undefined, flags: StayBookFlags, command: Command) =>
      import('./stay.js').then((m) => m.bookStay(contextOf(command), id, flags)),
    );
  book
    .command('car')
    .description(`book a car rental offer. ${BOOKING_OPTIONS}`)
    .option('--offer <id>', 'the offer (the OFFER column of `tern search cars`)')
    .option('--query <id>', 'the search the offer came from (else a new search with these flags finds it)')
    .option('--city <city>', 'pick-up in this city')
    .option('--country <code>', 'pick-up in this country (two letters)')
    .option('--station <id>', 'pick-up at this station')
    .option('--pickup-date <day>', 'YYYY-MM-DD (default today + 5)')
    .option('--dropoff-date <day>', 'YYYY-MM-DD (default today + 12)')
    .option('--pickup-time <HH:mm>', 'default 10:00')
    .option('--dropoff-time <HH:mm>', 'default 10:00')
    .option('--driver-age <n>', 'the driver’s age, 18 to 99 (default 30)')
    .option('--driver-country <code>', 'the driver’s country, two letters (default IS)')
    .option('--currency <code>', 'book in this currency (default USD)')
    .option('--first-name <name>', 'the driver’s first name (required)')
    .option('--last-name <name>', 'the driver’s last name (required)')
    .option('--email <email>', 'the driver’s e-mail (required)')
    .option('--phone <phone>', 'the driver’s phone (required)')
    .option('--notes <text>', 'notes for the provider')
    .option('--reservation-name <name>', 'a name for the booking')
    .option('--reference <ref>', 'your agency’s own reference')
    .option('--card-token <token>', 'a card vault token, for rates that need a card')
    .option('--accept-policies', 'you accept the car’s cancellation policy (required)')
    .option('--idempotency-key <key>', 'the same key books once: a retry returns the first booking')
    .option('--from-file <file>', 'the booking as JSON, with the flags’ names (flags given win)')
    .action((flags: CarBookFlags, command: Command) =>
      import('./car.js').then((m) => m.bookCar(contextOf(command), flags)),
    );
}
