import { type Endpoint, encodeReply, type RecordedRead } from '@tern/sdk';
import type { Context, Hono } from 'hono';
import type { Db } from '../db/db.js';
import { audit } from '../services/admin/audit.js';
import { sha256Hex } from '../services/auth/tokens.js';
import { assertPropertyUnlocked, paymentLocked } from '../services/billing/billing.js';
import { authorize } from './authenticate.js';
import { clientIp } from './clientIp.js';
import type { AnyHandler, Api, AppServices, Auth, RequestContext } from './context.js';
import type { AppEnv } from './env.js';
import { errorBody, HttpError } from './errors.js';
import { type Reply, withIdempotency } from './idempotency.js';
import { type ParsedInput, parseRequest } from './input.js';
import { resolveOwned } from './ownership.js';

/** `/api/v1/outbox/{id}` → `/api/v1/outbox/:id`. */
export function honoPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** The status of a successful reply: 204 for `empty`, 201 for a create, else 200. */
export function successStatus(endpoint: Endpoint): number {
  if (endpoint.reply === 'empty') return 204;
  return endpoint.creates ? 201 : 200;
}

function toReply(endpoint: Endpoint, value: unknown, headers: Record<string, string>): Reply {
  const status = successStatus(endpoint);
  if (endpoint.reply === 'empty') return { status, body: null, headers };
  // The contract's schema strips what it does not name: nothing else leaves the server.
  const parsed = endpoint.response.parse(value);
  return { status, body: encodeReply(endpoint, parsed), headers };
}

function send(c: Context<AppEnv>, reply: Reply): Response {
  const headers = new Headers(reply.headers);
  if (reply.body === null) return c.body(null, reply.status as 204, Object.fromEntries(headers));
  headers.set('content-type', 'application/json; charset=utf-8');
  return c.body(JSON.stringify(reply.body), reply.status as 200, Object.fromEntries(headers));
}

/** The ids' owners, the handler, the reply: an `HttpError` is thrown on. */
async function execute(
  endpoint: Endpoint,
  handler: AnyHandler,
  input: ParsedInput,
  ctx: RequestContext,
  headers: Record<string, string>,
): Promise<Reply | Response> {
  const owned = await resolveOwned(ctx.db, endpoint, ctx.auth, input, ctx);
  if (endpoint.paymentLock) await checkPaymentLock(ctx, owned);
  const value = await handler({ params: input.params, query: input.query, body: input.body, owned }, ctx);
  if (endpoint.recorded) await recordRead(ctx, endpoint.recorded, input);
  if (value instanceof Response) return value;
  return toReply(endpoint, value, headers);
}

/**
 * The payment lock (document 1 §6), for every endpoint the contract marks `paymentLock`: a reseller whose agency
 * is locked (read with the session or API key), or a supplier naming a property of theirs that is locked, gets
 * 401 `payment_locked`. An admin is never locked; an admin's `lock_override` lifts a lock.
 */
async function checkPaymentLock(ctx: RequestContext, owned: Record<string, unknown>): Promise<void> {
  const auth = ctx.auth;
  if (!auth || auth.user.role === 'admin') return;
  if (auth.user.role === 'reseller' && auth.agencyLocked) throw paymentLocked();
  const property = owned.propertyId as { id: string } | undefined;
  if (auth.user.role === 'supplier' && property?.id) await assertPropertyUnlocked(ctx.db, property.id);
}

/** A read the trail records (an export, a PDF download): who, which object, with what. */
async function recordRead(ctx: RequestContext, recorded: RecordedRead, input: ParsedInput): Promise<void> {
  const fields: Record<string, unknown> = {
    ...(input.params as object | undefined),
    ...(input.query as object | undefined),
    ...(input.body as object | undefined),
  };
  const objectId = fields[recorded.idField];
  if (typeof objectId !== 'string') return;
  const { [recorded.idField]: _id, ...rest } = fields;
  await audit(ctx.db, ctx, {
    objectType: recorded.object,
    objectId,
    action: recorded.action,
    before: null,
    after: rest,
  });
}

/** The reply of a refusal a handler threw on purpose. */
const refusalOf = (error: HttpError, requestId: string): Reply => ({
  status: error.status,
  body: errorBody(error, requestId),
  headers: { ...error.headers },
});

/** `execute`, with a refusal answered as its reply (a 5xx or a crash is thrown on). */
async function run(...args: Parameters<typeof execute>): Promise<Reply | Response> {
  try {
    return await execute(...args);
  } catch (error) {
    if (error instanceof HttpError && error.status < 500) return refusalOf(error, args[3].requestId);
    throw error;
  }
}

async function handle(
  c: Context<AppEnv>,
  endpoint: Endpoint,
  handler: AnyHandler,
  services: AppServices,
): Promise<Response> {
  const auth: Auth | null = await authorize(services, endpoint, c.req.header('authorization'));
  const input = await parseRequest(c, endpoint);
  const headers: Record<string, string> = {};
  const ctx: RequestContext = {
    ...services,
    requestId: c.get('requestId'),
    ip: clientIp(c, services.config.trustProxy),
    userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null,
    auth,
    endpoint,
    setHeader: (name, value) => {
      headers[name.toLowerCase()] = value;
    },
    lasting: async (write) => {
      await write(services.db);
    },
  };
  const key = c.req.header('idempotency-key');
  if (!endpoint.creates || key === undefined) {
    const reply = await run(endpoint, handler, input, ctx, headers);
    return reply instanceof Response ? reply : send(c, reply);
  }
  let passthrough: Response | null = null;
  const lastingWrites: ((db: Db) => Promise<unknown>)[] = [];
  const reply = await withIdempotency(
    services.db,
    services.clock,
    {
      owner: auth?.user.id ?? 'anonymous',
      userId: auth?.user.id ?? null,
      key,
      endpoint: endpoint.name,
      requestHash: sha256Hex(`${c.req.path}\n${new URL(c.req.url).search}\n${input.raw}`),
    },
    // The key is claimed in the transaction the handler writes in: both commit, or neither.
    async (tx) => {
      const lasting = async (write: (db: Db) => Promise<unknown>) => {
        lastingWrites.push(write);
        await write(tx);
      };
      const r = await execute(endpoint, handler, input, { ...ctx, db: tx, lasting }, headers);
      if (r instanceof Response) {
        passthrough = r; // a download is not kept
        return null;
      }
      return r;
    },
    (error) => refusalOf(error, ctx.requestId),
    // A refusal undid the call's writes: what must outlast it is written again.
    async (held) => {
      for (const write of lastingWrites) await write(held);
    },
  );
  if (passthrough) return passthrough;
  if (reply.replayed) reply.headers = { ...reply.headers, 'idempotent-replayed': 'true' };
  return send(c, reply);
}

/**
 * Mounts one route per endpoint of the contract, each with its handler: authorization (401, 440, 403), input
 * checks (400 with fields), idempotency for creates, the ids' owners (404, see ownership.ts), the handler, then the reply stripped to the contract and
 * encoded for the wire. Throws at start-up when a handler is missing.
 */
export function registerApi(app: Hono<AppEnv>, api: Api, services: AppServices): void {
  for (const [area, endpoints] of Object.entries(api.contract)) {
    for (const [op, endpoint] of Object.entries(endpoints)) {
      const handler = api.handlers[area]?.[op];
      if (!handler) throw new Error(`No handler for ${area}.${op}`);
      app.on(endpoint.method, honoPath(endpoint.path), (c) => handle(c, endpoint, handler, services));
    }
  }
}
