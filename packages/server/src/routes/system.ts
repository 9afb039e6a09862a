import type { Contract } from '@tern/sdk';
import type { AreaHandlers } from '../http/context.js';

export const systemHandlers: AreaHandlers<Contract['system']> = {
  health: async (_, ctx) => {
    await ctx.db.query('select 1');
    return {
      status: 'ok' as const,
      version: ctx.config.version,
      database: ctx.db.kind,
      sandbox: ctx.config.sandbox,
    };
  },
};
