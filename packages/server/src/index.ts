export { type AppDeps, createApp } from './app.js';
export { type Clock, shiftedClock, systemClock } from './clock.js';
export { type AppConfig, configFromEnv } from './config.js';
export type { Db, Row } from './db/db.js';
export { migrate } from './db/migrate.js';
export { describeDb, type OpenOptions, openDb } from './db/open.js';
export { type SeedReport, seedIfEmpty } from './db/seed.js';
export type {
  AnyHandler,
  Api,
  AreaHandlers,
  Auth,
  Handler,
  Handlers,
  RequestContext,
} from './http/context.js';
export { conflict, forbidden, HttpError, notFound } from './http/errors.js';
export { consoleLogger, type Logger, silentLogger } from './logger.js';
export { handlers, ternApi } from './routes/index.js';
export { type RunningServer, type ServerOptions, startServer } from './server.js';
export { sendMail } from './services/mail.js';
