import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CAMPAIGN_NAME } from '../src/db/seed/demoCampaign.js';
import { startTestServer, type TestServer } from './helpers/server.js';

// `tern-server --demo` makes a published gift campaign at Harbour View after the demo store (issue 25): three
// options of the store's types, each with a photo of the property, shown on the public page.

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ demoStore: true });
}, 120_000);
afterAll(() => server?.close());

describe('the demo campaign', () => {
  it('is published at Harbour View with three options of the store’s types, each with its photo', async () => {
    expect(server.errors).toEqual([]);
    const row = (await server.db.one<{ id: string }>('select id from gift_campaigns where name = $1', [
      DEMO_CAMPAIGN_NAME,
    ]))!;
    const page = await server.client().campaigns.public({ params: { id: row.id } });
    expect(page.propertyTitle).toBe('Harbour View Hotel');
    expect(page.options.map((o) => o.name)).toEqual([
      'A night by the Old Harbour',
      'Two nights with breakfast',
      'Harbour and spa escape',
    ]);
    for (const option of page.options) {
      expect(option.soldOut).toBe(false);
      expect((await server.fetch(option.photoUrl)).headers.get('content-type')).toBe('image/jpeg');
    }
  });
});
