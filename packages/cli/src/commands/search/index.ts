import type { Command } from 'commander';
import type { CarSearchFlags, StaySearchFlags } from '../../bookingEngine/queryFlags.js';
import type { ContextOf } from '../../context.js';

/** `tern search stays`, `tern search cars`: the booking engine's search (document 1 §2, §7). */
export function registerSearch(program: Command, contextOf: ContextOf): void {
  const search = program.command('search').description('find stays or car rentals to book');
  search
    .command('stays')
    .description('properties you can book, with the best offer for the dates and guests')
    .option('--city <city>', 'only in this city')
    .option('--state <state>', 'only in this state or region')
    .option('--country <code>', 'only in this country (two letters, e.g. IS)')
    .option('--title <text>', 'only properties whose name contains this')
    .option('--checkin <day>', 'arrival day, YYYY-MM-DD (with --checkout: prices)')
    .option('--checkout <day>', 'departure day, YYYY-MM-DD')
    .option('--adults <n>', 'adults, 1 to 30 (default 1)')
    .option('--children <n>', 'children, 0 to 11 (default 0)')
    .option('--child-ages <ages>', 'the children’s ages, 0 to 17, comma-separated (e.g. 4,9)')
    .option('--currency <code>', 'prices in this currency (default USD)')
    .option('--bounds <s,w,n,e>', 'only inside these map bounds: SOUTH,WEST,NORTH,EAST')
    .option('--available', 'only properties with a free room for the dates and guests')
    .option('--discover', 'also properties you have no contract with')
    .option('--page <n>', 'the page to show (default 1)')
    .option('--limit <n>', 'properties per page, 1 to 100 (default 20)')
    .action((flags: StaySearchFlags, command: Command) =>
      import('./stays.js').then((m) => m.searchStays(contextOf(command), flags)),
    );
  search
    .command('cars')
    .description('car rental offers of every provider (an asynchronous query, polled every 2 s)')
    .option('--city <city>', 'pick-up in this city')
    .option('--country <code>', 'pick-up in this country (two letters)')
    .option('--station <id>', 'pick-up at this station')
    .option('--bounds <s,w,n,e>', 'stations inside these map bounds: SOUTH,WEST,NORTH,EAST')
    .option('--pickup-date <day>', 'YYYY-MM-DD (default today + 5)')
    .option('--dropoff-date <day>', 'YYYY-MM-DD (default today + 12)')
    .option('--pickup-time <HH:mm>', 'default 10:00')
    .option('--dropoff-time <HH:mm>', 'default 10:00')
    .option('--driver-age <n>', 'the driver’s age, 18 to 99 (default 30)')
    .option('--driver-country <code>', 'the driver’s country, two letters (default IS)')
    .option('--currency <code>', 'prices in this currency (default USD)')
    .action((flags: CarSearchFlags, command: Command) =>
      import('./cars.js').then((m) => m.searchCars(contextOf(command), flags)),
    );
}
