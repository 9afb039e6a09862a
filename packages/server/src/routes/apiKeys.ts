import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';
import { createApiKey, disableApiKey, listApiKeys } from '../services/auth/apiKeys.js';
import { agentOf } from './callers.js';

// A reseller's API keys (document 2 §2 API keys page); `owns` has checked a disabled key is the agency's.
export const apiKeysHandlers: AreaHandlers<Contract['apiKeys']> = {
  list: ({ query }, ctx) => listApiKeys(ctx.db, agentOf(ctx).agencyId, query),
  create: ({ body }, ctx) => createApiKey(ctx.db, ctx, agentOf(ctx), body),
  disable: ({ params }, ctx) => disableApiKey(ctx.db, ctx, params.id),
};
