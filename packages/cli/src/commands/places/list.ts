import { engineCalls } from '@tern/core/bookingEngine';
import { placesTable } from '../../bookingEngine/format.js';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';

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
    const reply = await engineCalls(client).places(options.stays ? 'accommodations' : 'vehicles', term, {
      limit,
    });
    ctx.out.result(reply, () =>
      reply.items.length === 0
        ? `No places match “${term}”.\n`
        : `${placesTable(reply.items)}Search there with \`tern search ${options.stays ? 'stays' : 'cars'} --city CITY --country CODE\`.\n`,
    );
  });
}
