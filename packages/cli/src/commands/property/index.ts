import type { Command } from 'commander';
import type { StayDatesFlags } from '../../bookingEngine/queryFlags.js';
import type { ContextOf } from '../../context.js';

/** `tern property show ID`, `tern property rates ID`: a property's page and its rates table. */
export function registerProperty(program: Command, contextOf: ContextOf): void {
  const property = program.command('property').description('a property you can book: its page and rates');
  property
    .command('show')
    .description('the property: address, contact, policies, facilities, taxes, your contract')
    .argument('<id>', 'the property id (from `tern search stays`)')
    .action((id: string, _options: unknown, command: Command) =>
      import('./show.js').then((m) => m.showProperty(contextOf(command), id)),
    );
  property
    .command('rates')
    .description('its rooms with their rates for a stay (one rate per occupancy option)')
    .argument('<id>', 'the property id')
    .option('--checkin <day>', 'arrival day, YYYY-MM-DD (required)')
    .option('--checkout <day>', 'departure day, YYYY-MM-DD (required)')
    .option('--currency <code>', 'prices in this currency (default USD)')
    .action((id: string, flags: StayDatesFlags, command: Command) =>
      import('./rates.js').then((m) => m.showRates(contextOf(command), id, flags)),
    );
}
