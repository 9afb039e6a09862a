import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/server.js';

// Inputs the contract's types let through and the database then refused, answering 500 — a
// year 0 (`0000-01-01`) in a date filter, a NUL in an upload's file name, a time zone Node knows and PostgreSQL
// does not. Each is now refused at the edge with a 400 naming the field, before any query runs.

let server: TestServer;
let hotelier: string;
let agent: string;
let admin: string;
let propertyId: string;

beforeAll(async () => {
  server = await startTestServer();
  hotelier = await server.signIn('hotelier');
  agent = await server.signIn('agent');
  admin = await server.signIn('admin');
  propertyId = (await server.db.one<{ id: string }>(`select id from properties where key = 'harbour-view'`))!
    .id;
}, 60_000);
afterAll(() => server?.close());

const call = (token: string, path: string, init: RequestInit = {}) =>
  server.fetch(path, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  });

const refusedField = async (reply: Response) => {
  const body = (await reply.json()) as { code: string; fields?: { field: string }[] };
  return { status: reply.status, code: body.code, fields: (body.fields ?? []).map((f) => f.field) };
};

describe('a day outside 0001–9999 (or one that does not exist) is a 400 naming the field', () => {
  const cards = '/api/v1/tern_hotels/gift_cards';
  const purchases = '/api/v1/tern_hotels/purchases';
  const cases: [string, () => string, string, () => string][] = [
    [
      'gift cards sold from',
      () => `${cards}?property_id=${propertyId}&sold_from=DAY`,
      'soldFrom',
      () => hotelier,
    ],
    ['gift cards sold to', () => `${cards}?property_id=${propertyId}&sold_to=DAY`, 'soldTo', () => hotelier],
    [
      'the gift card export',
      () => `${cards}/export?property_id=${propertyId}&export_format=csv&sold_from=DAY`,
      'soldFrom',
      () => hotelier,
    ],
    [
      'purchases sold from',
      () => `${purchases}?property_id=${propertyId}&sold_from=DAY`,
      'soldFrom',
      () => hotelier,
    ],
    ['bookings touching', () => '/api/v2/resellers/bookings?date_from=DAY', 'dateFrom', () => agent],
    ['bookings made', () => '/api/v2/resellers/bookings?booked_to=DAY', 'bookedTo', () => hotelier],
    [
      'the inventory calendar',
      () => `/api/v1/tern_hotels/properties/${propertyId}/inventory?from=DAY&to=2030-01-05`,
      'from',
      () => hotelier,
    ],
  ];
  for (const day of ['0000-01-01', '0000-12-31', '2031-02-29']) {
    it.each(cases)(`${day}: %s`, async (_, path, field, token) => {
      const reply = await call(token(), path().replace('DAY', day));
      const refused = await refusedField(reply);
      expect(refused).toMatchObject({ status: 400, code: 'invalid_input' });
      // (A range's own check may name its end as well: 2031-02-29 is after the calendar's 2030-01-05.)
      expect(refused.fields).toContain(field);
    });
  }

  it('takes the first and last days of the range (0001-01-01, 9999-12-31) without a 500', async () => {
    const logged = server.errors.length;
    for (const [from, to] of [
      ['0001-01-01', '0001-01-31'],
      ['9999-12-01', '9999-12-31'],
    ]) {
      for (const path of [
        `${cards}?property_id=${propertyId}&sold_from=${from}&sold_to=${to}`,
        `${purchases}?property_id=${propertyId}&sold_from=${from}&sold_to=${to}`,
        `/api/v2/resellers/bookings?date_from=${from}&date_to=${to}&booked_from=${from}&booked_to=${to}`,
        `/api/v1/tern_hotels/properties/${propertyId}/inventory?from=${from}&to=${to}`,
      ]) {
        const reply = await call(hotelier, path);
        expect(reply.status, path).toBe(200);
      }
    }
    expect(server.errors.slice(logged)).toEqual([]);
  });
});

describe('an upload whose file name holds a NUL', () => {
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  it('is a 400 naming the file field, before it is read', async () => {
    const logged = server.errors.length;
    const form = new FormData();
    form.append('property_id', propertyId);
    form.append('image', new File([PNG], 'pixel\u0000.png', { type: 'image/png' }));
    const reply = await server.fetch('/api/v1/tern_hotels/upload_image', {
      method: 'POST',
      headers: { authorization: `Bearer ${hotelier}` },
      body: form,
    });
    expect(await refusedField(reply)).toMatchObject({ status: 400, code: 'invalid_text', fields: ['image'] });
    expect(server.errors.slice(logged)).toEqual([]);
  });
});

describe('a time zone Node knows and PostgreSQL does not (Canada/East-Saskatchewan)', () => {
  it('is refused on the property settings (a supplier member) and by the admin', async () => {
    const settings = `/api/v1/tern_hotels/properties/${propertyId}`;
    const details = ((await (await call(hotelier, settings)).json()) as { data: { attributes: object } }).data
      .attributes as Record<string, unknown>;
    const reply = await call(hotelier, settings, {
      method: 'PUT',
      body: JSON.stringify({
        title: details.title,
        currency: details.currency,
        timezone: 'Canada/East-Saskatchewan',
      }),
    });
    expect(await refusedField(reply)).toMatchObject({ status: 400, fields: ['timezone'] });

    const adminReply = await call(admin, `/api/v1/tern_hotels/admin_tern_hotels/${propertyId}`, {
      method: 'PUT',
      body: JSON.stringify({ timezone: 'Canada/East-Saskatchewan' }),
    });
    expect((await refusedField(adminReply)).fields).toContain('timezone');
    const stored = await server.db.one<{ timezone: string }>(
      'select timezone from properties where id = $1',
      [propertyId],
    );
    expect(stored!.timezone).not.toBe('Canada/East-Saskatchewan');
  });

  it('takes a zone both know, an alias too (America/Regina, Asia/Calcutta)', async () => {
    const settings = `/api/v1/tern_hotels/properties/${propertyId}`;
    const details = ((await (await call(hotelier, settings)).json()) as { data: { attributes: object } }).data
      .attributes as Record<string, unknown>;
    for (const zone of ['America/Regina', 'Asia/Calcutta', details.timezone as string]) {
      const reply = await call(hotelier, settings, {
        method: 'PUT',
        body: JSON.stringify({ title: details.title, currency: details.currency, timezone: zone }),
      });
      expect(reply.status, zone).toBe(200);
    }
  });
});

describe('an export that cannot run answers so before its first byte', () => {
  it.each(['csv', 'xlsx'])(
    '%s: an error reply with its code, never a 200 whose file stops part way',
    async (format) => {
      // A zone PostgreSQL refuses, as rows saved before migration 054 had: the export's first query fails.
      const before = (await server.db.one<{ timezone: string }>(
        'select timezone from properties where id = $1',
        [propertyId],
      ))!.timezone;
      await server.db.query(`update properties set timezone = 'Canada/East-Saskatchewan' where id = $1`, [
        propertyId,
      ]);
      try {
        const reply = await call(
          hotelier,
          `/api/v1/tern_hotels/gift_cards/export?property_id=${propertyId}&export_format=${format}&sold_from=2030-01-01`,
        );
        expect(reply.status).toBe(500);
        expect(reply.headers.get('content-type')).toMatch(/json/);
        expect(((await reply.json()) as { code: string }).code).toBe('internal');
      } finally {
        await server.db.query('update properties set timezone = $2 where id = $1', [propertyId, before]);
      }
    },
  );
});
