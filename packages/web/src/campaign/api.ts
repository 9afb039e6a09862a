import type { CampaignPick, CampaignPickBody, PublicCampaign } from '@tern/sdk/contract';
import { type PublicApiOptions, publicRequester } from '../store/publicFetch';

/** The campaign page's two calls (the contract's `campaigns` area, public; checked by api.test.ts). */
export const campaignEndpoints = {
  public: { method: 'GET', path: '/api/v1/gift_campaigns/{id}/options' },
  pick: { method: 'POST', path: '/api/v1/gift_campaigns/{id}/gift_recipients' },
} as const;

/** The public gift campaign page's API: its campaign and the recipient's pick, plain requests (no zod). */
export function createCampaignApi(options: PublicApiOptions = {}) {
  const request = publicRequester(options);
  return {
    /** A published campaign and its options (404 `campaign_not_found` otherwise). */
    campaign: (id: string, signal?: AbortSignal) =>
      request<PublicCampaign>(campaignEndpoints.public, { params: { id }, signal }),
    /** The recipient's choice: their gift card is issued and e-mailed (409 `campaign_already_picked`, `sold_out`). */
    pick: (id: string, body: CampaignPickBody) =>
      request<CampaignPick>(campaignEndpoints.pick, { params: { id }, body }),
  };
}

export type CampaignApi = ReturnType<typeof createCampaignApi>;
