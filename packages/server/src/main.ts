import { parseArgs } from 'node:util';
import { startServer } from './server.js';

const usage = `Usage: tern-server [--port 4000] [--host 127.0.0.1] [--data .data/tern | :memory:] [--web-dist DIR]
                   [--no-demo-bookings]
Environment: DATABASE_URL (wins over --data), TERN_SANDBOX, TERN_WEB_URL, TERN_CORS_ORIGINS, TERN_TRUST_PROXY`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4000' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string', default: '.data/tern' },
      'web-dist': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      'no-demo-bookings': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port: not a port: ${values.port}`);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const server = await startServer({
    port,
    host: values.host,
    data: values.data,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(values['web-dist'] ? { webDist: values['web-dist'] } : {}),
    quiet: values.quiet,
    demoBookings: !values['no-demo-bookings'],
  });
  console.log(`listening on ${server.url}`);
  const booked = server.seeded?.bookings ? ` and ${server.seeded.bookings} bookings` : '';
  const seeded = server.seeded ? ` (new: seeded the demo world${booked} in ${server.seeded.ms} ms)` : '';
  console.log(`database: ${server.database}${seeded}`);
  let closing = false;
  const stop = () => {
    if (closing) return;
    closing = true;
    server.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error(usage);
  process.exit(1);
});
