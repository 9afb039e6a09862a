import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import {
  createCampaign,
  getCampaign,
  listCampaigns,
  updateCampaign,
} from '../services/campaigns/campaigns.js';
import { createOption, removeOption, updateOption } from '../services/campaigns/options.js';
import { pickGift, publicCampaign } from '../services/campaigns/pick.js';
import { listRecipients } from '../services/campaigns/recipients.js';

// A property's gift campaigns (document 3 §2.3, §7 "Campaigns"): `owns` has resolved the property (one the caller
// works at), the campaign (of it), its option and the option's gift card type (of the property). The public page
// and the pick (no token): `owns` has resolved a published campaign and an option of it.
export const campaignsHandlers: AreaHandlers<Contract['campaigns']> = {
  list: ({ query, owned }, ctx) => listCampaigns(ctx.db, owned.propertyId.id, query, ctx.clock.now()),
  get: ({ params }, ctx) => getCampaign(ctx.db, params.id, ctx.clock.now()),
  create: ({ body, owned }, ctx) => createCampaign(ctx.db, ctx, owned.propertyId.id, body),
  update: ({ owned, body }, ctx) => updateCampaign(ctx.db, ctx, owned.id.id, body),
  createOption: ({ owned, body }, ctx) => createOption(ctx.db, ctx, owned.propertyId, owned.id, body),
  updateOption: ({ owned, body }, ctx) =>
    updateOption(ctx.db, ctx, owned.propertyId, owned.id, owned.optionId.id, body),
  removeOption: ({ owned }, ctx) => removeOption(ctx.db, ctx, owned.id, owned.optionId.id),
  recipients: ({ params, query }, ctx) => listRecipients(ctx.db, params.id, query),
  public: ({ owned }, ctx) => publicCampaign(ctx.db, owned.id.id, ctx.clock.now()),
  pick: ({ owned, body }, ctx) => pickGift(ctx, owned.id.id, owned.optionId.id, body),
};
