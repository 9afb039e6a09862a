import { addDays, todayIn } from '@tern/core/dates';
import type { TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

// "Today" for a stay is the property's, in its time zone (core's todayIn), not the server's UTC day. At 11:30
// UTC it is already tomorrow at UTC+14 (Pacific/Kiritimati) and still yesterday at UTC−12 (Etc/GMT+12).

let server: TestServer;
let agent: TernClient;
let propertyId: string;
let utcDay: string;

beforeAll(async () => {
  server = await startTestServer();
  // Move the clock on to the next 11:30 UTC.
  const now = server.clock.now();
  const target = new Date(now);
  target.setUTCHours(11, 30, 0, 0);
  if (target <= now) target.setUTCDate(target.getUTCDate() + 1);
  server.clock.advance(target.getTime() - now.getTime());
  utcDay = todayIn('UTC', server.clock.now());
  agent = server.client(await server.signIn('agent'));
  const list = await agent.engine.search({ params: { kind: 'accommodations' }, query: { currency: 'EUR' } });
  propertyId = list.items.find((p) => p.contract)!.id;
}, 180_000);
afterAll(() => server?.close());

const setZone = (timeZone: string) =>
  server.db.query('update properties set timezone = $1 where id = $2', [timeZone, propertyId]);

const rates = (checkin: string) =>
  agent.engine.listWithRates({
    params: { kind: 'accommodations', id: propertyId },
    query: {
      checkinDate: checkin,
      checkoutDate: addDays(checkin, 2),
      currency: 'EUR',
      withVirtualRatePlans: false,
    },
  });

describe("a stay's check-in against the property's today", () => {
  it.each([
    // zone, check-in (days from the UTC day), accepted
    ['UTC', -1, false],
    ['UTC', 0, true],
    ['Etc/GMT+12', -1, true], // still yesterday there
    ['Etc/GMT+12', -2, false],
    ['Pacific/Kiritimati', 0, false], // already tomorrow there
    ['Pacific/Kiritimati', 1, true],
  ])('in %s a check-in %i days from the UTC day is accepted: %s', async (zone, offset, accepted) => {
    await setZone(zone);
    const asked = rates(addDays(utcDay, offset));
    if (accepted) await expect(asked).resolves.toMatchObject({ items: expect.any(Array) });
    else await expect(asked).rejects.toMatchObject({ status: 400 });
  });
});
