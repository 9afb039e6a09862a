import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { HTTPException } from 'hono/http-exception';
import { type Clock, systemClock } from './clock.js';
import { type AppConfig, configFromEnv } from './config.js';
import type { Db } from './db/db.js';
import type { Api, AppServices } from './http/context.js';
import type { AppEnv } from './http/env.js';
import { errorBody, HttpError } from './http/errors.js';
import { registerApi } from './http/registrar.js';
import { FRAMED_APP_PATHS, securityHeaders, storeCsp, webAppCsp } from './http/securityHeaders.js';
import { serveFolder, serveWebApp } from './http/static.js';
import { consoleLogger, type Logger } from './logger.js';
import { ternApi } from './routes/index.js';
import { billingPortalRoutes } from './services/billing/billing.js';
import { stripeOnboardingRoutes } from './services/paymentProviders.js';

export interface AppDeps {
  db: Db;
  clock?: Clock;
  /** Settings; what is not given comes from the environment. */
  config?: Partial<AppConfig>;
  logger?: Logger;
  /** The contract and handlers to mount (default: the Tern API; tests add their own). */
  api?: Api;
}

const requestIdPattern = /^[\w.:-]{8,128}$/;

/** The Tern API as a Hono app: static files, CORS, the contract's routes, JSON errors. */
/** Postgres SQLSTATEs of a transaction that lost a race: serialization failure, deadlock, foreign key gone. */
const LOST_RACE = new Set(['40001', '40P01', '23503']);

export function createApp(deps: AppDeps): Hono<AppEnv> {
  const config = { ...configFromEnv(process.env), ...deps.config };
  const services: AppServices = {
    db: deps.db,
    clock: deps.clock ?? systemClock,
    config,
    logger: deps.logger ?? consoleLogger(),
  };
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const given = c.req.header('x-request-id');
    const id = given && requestIdPattern.test(given) ? given : crypto.randomUUID();
    c.set('requestId', id);
    await next();
    c.res.headers.set('x-request-id', id);
  });
  app.use('*', securityHeaders(config));
  app.use(
    '*',
    cors({
      origin: (origin) => (config.corsOrigins.includes(origin) ? origin : null),
      allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowHeaders: ['Authorization', 'Content-Type', 'Accept', 'Idempotency-Key', 'X-Request-Id'],
      exposeHeaders: ['X-Request-Id', 'Retry-After', 'Content-Disposition', 'Idempotent-Replayed'],
      credentials: false,
      maxAge: 600,
    }),
  );
  app.use(
    '*',
    bodyLimit({
      maxSize: 10 * 1024 * 1024,
      onError: (c) => c.json(errorBody(new HttpError(413, 'payload_too_large'), c.get('requestId')), 413),
    }),
  );
  if (config.photosDir) app.use('/photos/*', serveFolder('/photos', config.photosDir));
  // The simulated subscription portal's pages (before the web app's fallback takes every path).
  app.route('/', billingPortalRoutes({ db: services.db, clock: services.clock }));
  app.route('/', stripeOnboardingRoutes({ db: services.db, clock: services.clock, webUrl: config.webUrl }));
  if (config.webDist)
    app.use(
      '*',
      serveWebApp(config.webDist, {
        csp: webAppCsp(config),
        framed: { paths: FRAMED_APP_PATHS, csp: webAppCsp(config, { framedBySelf: true }) },
        storeCsp: storeCsp(config),
      }),
    );

  registerApi(app, deps.api ?? ternApi, services);

  app.notFound((c) => c.json(errorBody(new HttpError(404, 'not_found'), c.get('requestId')), 404));
  app.onError((error, c) => {
    const requestId = c.get('requestId');
    if (error instanceof HttpError)
      return c.json(errorBody(error, requestId), error.status as 400, error.headers ?? {});
    // A transaction that lost a race (a serialization failure, a deadlock, a row it referred to deleted
    // meanwhile): the state changed under the request, which may be tried again — never a 500.
    if (LOST_RACE.has(String((error as { code?: unknown }).code)))
      return c.json(errorBody(new HttpError(409, 'conflict'), requestId), 409);
    if (error instanceof HTTPException && error.status < 500)
      return c.json(errorBody(new HttpError(error.status, 'bad_request'), requestId), error.status);
    services.logger.error(`[${requestId}] ${c.req.method} ${c.req.path} failed:`, error);
    return c.json(errorBody(new HttpError(500, 'internal'), requestId), 500);
  });
  return app;
}
