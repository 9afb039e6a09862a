import type { Command } from 'commander';
import { engineApi } from '../booking/engine.js';
import { placesTable } from '../booking/format.js';
import { withClient } from '../client.js';
import type { Context, ContextOf } from '../context.js';
import { UserError } from '../errors.js';

export interface PlacesOptions {
  stays?: boolean;
  limit?: string;
}

/** `tern places TERM`: car rental destinations (cities, countries, stations), or stay destinations with `--stays`. */
export async function places(ctx: Context, term: string, options: PlacesOptions): Promise<void> {
  const limit = options.limit === undefined ? 10 : Number(options.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 50)
    throw new UserError('--limit: use a whole number from 1 to 50', { code: 'invalid_input' });
  await withClient(ctx, { session: true }, async ({ client }) => {
    const reply = await engineApi(client).places(options.stays ? 'accommodations' : 'vehicles', term, limit);
    ctx.out.result(reply, () =>
      reply.items.length === 0
        ? `No places match “${term}”.\n`
        : `${placesTable(reply.items)}Search there with \`tern search ${options.stays ? 'stays' : 'cars'} --city CITY --country CODE\`.\n`,
    );
  });
}

export function registerPlaces(program: Command, contextOf: ContextOf): void {
  program
    .command('places')
    .description(
      'car rental destinations matching a term: cities, countries and stations (--stays: properties)',
    )
    .argument('<term>', 'part of a name, e.g. "reyk"')
    .option('--stays', 'stay destinations (cities, countries, properties) instead of car rentals')
    .option('--limit <n>', 'how many, 1 to 50 (default 10)')
    .action((term: string, options: PlacesOptions, command: Command) =>
      places(contextOf(command), term, options),
    );
}
