import * as z from 'zod';
import { defineArea, endpoint } from './define.js';

export const systemArea = defineArea('system', {
  health: endpoint({
    method: 'GET',
    path: '/api/v1/health',
    summary:
      'Answers when the API and its database are up; says which database and whether the sandbox is on.',
    access: 'public',
    reply: 'plain',
    response: z.object({
      status: z.literal('ok'),
      version: z.string(),
      database: z.enum(['pglite', 'postgres']),
      sandbox: z.boolean(),
    }),
  }),
});
