import type { TernClient } from '@tern/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

// Search that ignores case and accents where the engine and the car places search match a name (tern_fold, as
// the lists do), and lists whose total is counted apart from their page (`listPage`): a page past the last one
// is empty and still says how many there are.

let server: TestServer;
let agent: TernClient;
let admin: TernClient;
let hotelier: TernClient;

beforeAll(async () => {
  server = await startTestServer({ demoBookings: true });
  const as = async (login: string) => server.client(await server.signIn(login));
  agent = await as('agent');
  admin = await as('admin');
  hotelier = await as('hotelier');
});
afterAll(() => server?.close());

/** Renames the agent's first contracted property of a kind; returns its id. */
async function renameContracted(kind: 'accommodation' | 'vehicle', title: string): Promise<string> {
  const row = await server.db.one<{ id: string }>(
    `select p.id from properties p join contracts c on c.property_id = p.id and c.status = 'approved'
       join users u on u.agency_id = c.agency_id and u.email = 'agent@demo.tern.test'
      where p.kind = $1 order by p.title limit 1`,
    [kind],
  );
  await server.db.query('update properties set title = $2 where id = $1', [row!.id, title]);
  return row!.id;
}

describe('the engine search by title', () => {
  it('ignores case and accents: "bjork" and "BJÖRK" find "Hótel Björk", wildcards are literal', async () => {
    const id = await renameContracted('accommodation', 'Hótel Björk');
    const search = (has: string) =>
      agent.engine.search({
        params: { kind: 'accommodations' },
        query: { currency: 'EUR', filter: { title: { has } } },
      });
    for (const has of ['bjork', 'BJÖRK', 'hotel bj', 'Hótel'])
      expect((await search(has)).items.map((p) => p.id)).toContain(id);
    expect((await search('bjork')).meta.total).toBe(1);
    expect((await search('bj%rk')).items).toEqual([]);
    expect((await search('bjark')).items).toEqual([]);
  });
});

describe('the car places search', () => {
  it('finds a station, its city and its country without their accents', async () => {
    const id = await renameContracted('vehicle', 'Bílaleiga Þórs');
    const city = await server.db.one<{ city: string; country: string }>(
      'select city, country from properties where id = $1',
      [id],
    );
    await server.db.query(`update properties set city = 'Akureyrí' where id = $1`, [id]);
    const places = (term: string) => agent.vehicles.places({ params: { kind: 'vehicles' }, query: { term } });
    expect((await places('bilaleiga thors')).items).toEqual([
      expect.objectContaining({ id, kind: 'property', title: 'Bílaleiga Þórs' }),
    ]);
    const akureyri = (await places('akureyri')).items;
    expect(akureyri).toContainEqual(expect.objectContaining({ kind: 'city', title: 'Akureyrí' }));
    expect(akureyri.some((p) => p.kind === 'property')).toBe(false);
    await server.db.query('update properties set city = $2 where id = $1', [id, city!.city]);
  });
});

describe('totals counted apart from the page', () => {
  it('bookings: a page past the last one is empty and keeps the total', async () => {
    const first = await admin.bookings.list({ query: { limit: 5 } });
    expect(first.meta.total).toBeGreaterThan(0);
    const past = await admin.bookings.list({
      query: { limit: 5, page: Math.ceil(first.meta.total / 5) + 1 },
    });
    expect(past.items).toEqual([]);
    expect(past.meta.total).toBe(first.meta.total);
    const searched = await admin.bookings.list({ query: { term: first.items[0]!.reservationId } });
    expect(searched.meta.total).toBe(searched.items.length);
  });

  it('contracts, discover, resellers and agents: the same', async () => {
    const lists: [string, (page: number) => Promise<{ items: unknown[]; meta: { total: number } }>][] = [
      ['contracts', (page) => agent.contracts.list({ query: { status: 'active', limit: 2, page } })],
      ['discover', (page) => agent.contracts.discover({ query: { limit: 2, page } })],
      ['resellers', (page) => hotelier.contracts.resellers({ query: { limit: 2, page } })],
      ['agents', (page) => agent.contracts.agents({ query: { limit: 2, page } })],
    ];
    for (const [name, list] of lists) {
      const first = await list(1);
      expect(first.meta.total, name).toBeGreaterThan(0);
      expect(first.items.length, name).toBe(Math.min(2, first.meta.total));
      const past = await list(Math.ceil(first.meta.total / 2) + 1);
      expect({ name, items: past.items, total: past.meta.total }).toEqual({
        name,
        items: [],
        total: first.meta.total,
      });
    }
  });
});
