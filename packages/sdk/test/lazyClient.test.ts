import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { areaLoaders } from '../src/contract/areas.js';
import {
  contract,
  createLazyClient,
  type Endpoint,
  SchemaMismatchError,
  ValidationError,
} from '../src/index.js';

// The lazy client (the CLI's): each area of the contract loaded at its first call, the same calls and answers
// as createClient's.

const base = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('the areas a lazy client loads', () => {
  it('are the areas of the contract, every one, each endpoint named area.operation', async () => {
    expect(Object.keys(areaLoaders).sort()).toEqual(Object.keys(contract).sort());
    for (const [area, load] of Object.entries(areaLoaders)) {
      const endpoints = (await load()) as Record<string, Endpoint>;
      expect(endpoints, area).toBe(contract[area as keyof typeof contract]);
      for (const [op, endpoint] of Object.entries(endpoints)) expect(endpoint.name).toBe(`${area}.${op}`);
    }
  });
});

describe('createLazyClient', () => {
  const booking = {
    id: 'b1',
    type: 'booking',
    attributes: { reference: 'TRN-1' },
  };

  it('calls an endpoint of an area it loads on the way, and decodes the reply against the contract', async () => {
    let seen: { auth: string | null; query: string } | null = null;
    server.use(
      http.get(`${base}/api/v2/resellers/bookings`, ({ request }) => {
        seen = { auth: request.headers.get('authorization'), query: new URL(request.url).search };
        return HttpResponse.json({ data: [], meta: { page: 2, limit: 10, total: 0 } });
      }),
    );
    const client = createLazyClient({ baseUrl: base, token: () => 'tok-1' });
    const page = await client.bookings.list({ query: { page: 2 } });
    expect(page).toEqual({ items: [], meta: { page: 2, limit: 10, total: 0 } });
    expect(seen).toEqual({ auth: 'Bearer tok-1', query: '?page=2' });
  });

  it('refuses a reply the contract does not allow, as createClient does', async () => {
    server.use(http.get(`${base}/api/v2/resellers/bookings/b1`, () => HttpResponse.json({ data: booking })));
    const client = createLazyClient({ baseUrl: base });
    await expect(client.bookings.show({ params: { id: 'b1' } })).rejects.toBeInstanceOf(SchemaMismatchError);
  });

  it('turns a refusal into the API error', async () => {
    server.use(
      http.get(`${base}/api/v2/resellers/bookings`, () =>
        HttpResponse.json({ error: { code: 'invalid_input', message: 'page: too big' } }, { status: 400 }),
      ),
    );
    const failure = await createLazyClient({ baseUrl: base })
      .bookings.list({ query: { page: 2 } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ValidationError);
  });

  it('rejects an operation the area does not have, and is no promise itself', async () => {
    const client = createLazyClient({ baseUrl: base }) as unknown as Record<string, Record<string, unknown>>;
    await expect((client.bookings!.nothingHere as () => Promise<unknown>)()).rejects.toThrow(
      'The Tern API has no endpoint bookings.nothingHere',
    );
    await expect((client.bookings!.toString as unknown as () => Promise<unknown>)()).rejects.toThrow(
      TypeError,
    );
    expect(client.bookings!.then).toBeUndefined();
  });
});
