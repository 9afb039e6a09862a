import type { TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

let server: TestServer;
let agent: TernClient;

beforeAll(async () => {
  server = await startTestServer({ demoBookings: true });
  agent = server.client(await server.signIn('agent'));
}, 120_000); // opens, migrates and fills a database: slow on a busy machine
afterAll(() => server?.close());

describe('sorting the bookings list by total', () => {
  it('groups the totals by currency and orders the amounts within each currency', async () => {
    const visible = await agent.bookings.list({ query: { limit: 100 } });
    expect(visible.items.length).toBeGreaterThanOrEqual(3);
    // Three of the agent's bookings become a mixed-currency set: as raw numbers, ISK 500 would sit between
    // EUR 100 and EUR 900.
    const prices: Array<[currency: string, total: number]> = [
      ['ISK', 500],
      ['EUR', 900],
      ['EUR', 100],
    ];
    const ids = visible.items.slice(0, 3).map((b) => b.id);
    for (const [i, [currency, total]] of prices.entries()) {
      await server.db.query(
        `update bookings set currency = $1, total = $2, reservation_name = 'Currency sort' where id::text = $3`,
        [currency, total, ids[i]],
      );
    }
    const sorted = async (orderDirection: 'asc' | 'desc') =>
      (
        await agent.bookings.list({
          query: { reservationName: 'Currency sort', orderBy: 'total', orderDirection },
        })
      ).items.map((b) => `${b.price.currency} ${b.price.total}`);
    expect(await sorted('asc')).toEqual(['EUR 100', 'EUR 900', 'ISK 500']);
    expect(await sorted('desc')).toEqual(['ISK 500', 'EUR 900', 'EUR 100']);
  });
});
