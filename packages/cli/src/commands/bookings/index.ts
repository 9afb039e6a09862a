import { type Command, InvalidArgumentError, Option } from 'commander';
import type { ContextOf } from '../../context.js';
import { dayFlag } from '../../dayFlag.js';
import type { BookingsListFlags } from './list.js';

// Each command's code is imported when it runs: `tern --help` loads none of it.
const change = () => import('./change.js');
const list = () => import('./list.js');

const day = dayFlag;

function whole(flag: string, max: number) {
  return (value: string): number => {
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1 || n > max)
      throw new InvalidArgumentError(`${flag}: use a whole number from 1 to ${max}`);
    return n;
  };
}
const repeat = (value: string, previous: string[] = []) => [...previous, value];

/** `tern bookings …`: list, show, cancel and change the bookings you may see (document 1 §2, §4). */
export function registerBookings(program: Command, contextOf: ContextOf): void {
  const bookings = program
    .command('bookings')
    .description('your bookings: list, show, cancel, change guests and rooms');
  bookings
    .command('list')
    .description('bookings you may see, newest first (10 a page)')
    .option('--term <text>', 'number, name, reference, guest or property (at most 52 characters)')
    .option('--reservation-id <number>', 'the booking number (TRN-…)')
    .option('--reservation-name <name>', 'the reservation name')
    .option('--reference <ref>', 'your agency’s reference')
    .option('--from <day>', 'stays that end on or after this day (YYYY-MM-DD)', day('--from'))
    .option('--to <day>', 'stays that start on or before this day (YYYY-MM-DD)', day('--to'))
    .option('--booked-from <day>', 'booked on or after this day', day('--booked-from'))
    .option('--booked-to <day>', 'booked on or before this day', day('--booked-to'))
    .option('--supplier <id>', 'one supplier’s properties (resellers)')
    .option('--booker <id>', 'one agent’s bookings (resellers)')
    .option('--reseller <id>', 'one agency’s bookings (suppliers; repeat for several)', repeat)
    .option('--property <id>', 'one property')
    .addOption(
      new Option('--status <status>', 'new, modified or canceled').choices(['new', 'modified', 'canceled']),
    )
    .addOption(
      new Option('--order-by <field>', 'sort by').choices([
        'created_at',
        'arrival_date',
        'departure_date',
        'reservation_id',
        'total',
        'status',
      ]),
    )
    .option('--asc', 'oldest or smallest first')
    .option('--page <n>', 'the page to show', whole('--page', 100_000))
    .option('--limit <n>', 'bookings per page (default 10)', whole('--limit', 100))
    .option('--all', 'every page')
    .action((flags: BookingsListFlags, command: Command) =>
      list().then((m) => m.listBookings(contextOf(command), flags)),
    );
  bookings
    .command('show')
    .description('one booking: guests or driver, policy, card, price, whether it can still change')
    .argument('<booking>', 'its id or number (TRN-…)')
    .action((ref: string, _flags: unknown, command: Command) =>
      list().then((m) => m.showBooking(contextOf(command), ref)),
    );
  bookings
    .command('history')
    .description('what happened to a booking, oldest first (times in UTC)')
    .argument('<booking>', 'its id or number (TRN-…)')
    .action((ref: string, _flags: unknown, command: Command) =>
      list().then((m) => m.bookingHistory(contextOf(command), ref)),
    );
  bookings
    .command('cancel')
    .description('cancel a booking while its policy allows')
    .argument('<booking>', 'its id or number (TRN-…)')
    .option('--yes', 'do not ask (needed without a terminal)')
    .action((ref: string, flags: { yes?: boolean }, command: Command) =>
      change().then((m) => m.cancelBooking(contextOf(command), ref, flags)),
    );
  bookings
    .command('guests')
    .description('replace the guests of a room (at most its adults + children + infants)')
    .argument('<booking>', 'its id or number (TRN-…)')
    .option('--room <id>', 'the booked room (from `tern bookings show`)')
    .option('--guest <name,surname[,country]>', 'a guest, as for `book stay` (repeat)', repeat)
    .option(
      '--csv <file>',
      'CSV rows ROOM,NAME,SURNAME[,NATIONALITY] (a first row starting with "room" is a header)',
    )
    .action((ref: string, flags: { room?: string; guest?: string[]; csv?: string }, command: Command) =>
      change().then((m) => m.updateGuests(contextOf(command), ref, flags)),
    );
  bookings
    .command('remove-units')
    .description('remove booked rooms (or cars); at least one stays')
    .argument('<booking>', 'its id or number (TRN-…)')
    .option('--unit <id>', 'a booked room to remove (repeat)', repeat)
    .option('--yes', 'do not ask (needed without a terminal)')
    .action((ref: string, flags: { unit?: string[]; yes?: boolean }, command: Command) =>
      change().then((m) => m.removeUnits(contextOf(command), ref, flags)),
    );
  bookings
    .command('special-request')
    .description('change the special request, the reservation name or your reference')
    .argument('<booking>', 'its id or number (TRN-…)')
    .option('--text <text>', 'the special request')
    .option('--reservation-name <name>', 'the reservation name')
    .option('--reference <ref>', 'your agency’s reference')
    .action(
      (
        ref: string,
        flags: { text?: string; reservationName?: string; reference?: string },
        command: Command,
      ) => change().then((m) => m.specialRequest(contextOf(command), ref, flags)),
    );
}
