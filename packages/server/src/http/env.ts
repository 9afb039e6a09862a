import type { HttpBindings } from '@hono/node-server';

/** Hono's environment for the Tern app: node bindings, and the request id of each request. */
export interface AppEnv {
  Bindings: HttpBindings;
  Variables: { requestId: string };
}
