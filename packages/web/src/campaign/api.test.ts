import { contract } from '@tern/sdk';
import { describe, expect, it, vi } from 'vitest';
import { campaignEndpoints, createCampaignApi } from './api';

describe('the campaign page’s API over fetch', () => {
  it('names the public endpoints of the contract’s campaigns area with their method and path', () => {
    for (const [name, endpoint] of Object.entries(campaignEndpoints)) {
      const declared = contract.campaigns[name as keyof typeof contract.campaigns];
      expect(declared.access).toBe('public');
      expect({ method: endpoint.method, path: endpoint.path }).toEqual({
        method: declared.method,
        path: declared.path,
      });
    }
  });

  it('sends a pick snake_cased and throws a refusal as an ApiError with its code', async () => {
    const fetch = vi.fn(
      async (_url: string, _init: RequestInit) =>
        new Response(JSON.stringify({ code: 'campaign_already_picked', message: 'Already chosen' }), {
          status: 409,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const api = createCampaignApi({ baseUrl: 'http://api.test', fetch: fetch as never });
    const body = {
      optionId: 'o1',
      name: 'Anna',
      email: 'a@b.is',
      governmentIssuedId: '0101',
      locale: 'is',
    } as const;
    await expect(api.pick('c 1', body)).rejects.toMatchObject({
      status: 409,
      code: 'campaign_already_picked',
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://api.test/api/v1/gift_campaigns/c%201/gift_recipients');
    expect(JSON.parse(init.body as string)).toMatchObject({ option_id: 'o1', government_issued_id: '0101' });
  });
});
