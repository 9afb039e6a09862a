import { parseArgs } from 'node:util';
import { createAdminCommand } from './createAdmin.js';
import { resealSecretsCommand } from './resealSecrets.js';
import { startServer } from './server.js';

const usage = `Usage: tern-server [--port 4000] [--host 127.0.0.1] [--data .data/tern | :memory:] [--web-dist DIR]
                   [--demo [--no-demo-bookings]] [--sandbox]
       tern-server --create-admin EMAIL [--data DIR]    (reads the password from stdin)
       tern-server --reseal-secrets [--data DIR]
  --demo          load the demo world (public logins, password tern-demo-1) into an empty database
  --sandbox       anyone may read the outbox (reset links, one-time codes); loopback addresses only
  --create-admin  add an admin to the database (the first one of a new database) and exit
  --reseal-secrets  seal every stored secret again under TERN_SECRET_KEY (old ones opened with
                  TERN_SECRET_KEY_PREVIOUS too), in one transaction, say how many, and exit
Environment: DATABASE_URL (wins over --data), TERN_SANDBOX, TERN_WEB_URL, TERN_CORS_ORIGINS, TERN_TRUST_PROXY,
             TERN_FILES_DIR (uploaded images; default <data>.files, or the database),
             TERN_S3_ENDPOINT, TERN_S3_BUCKET, TERN_S3_REGION (us-east-1), TERN_S3_ACCESS_KEY_ID,
             TERN_S3_SECRET_ACCESS_KEY (uploaded images in an S3-compatible bucket, winning over the folder),
             TERN_SECRET_KEY (32 bytes, base64 or hex: \`openssl rand -base64 32\`; required with DATABASE_URL,
             else a key file <data>.key), TERN_SECRET_KEY_PREVIOUS (the key before it, during a rotation),
             TERN_PASSWORD_COST (tests only)`;

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4000' },
      host: { type: 'string', default: '127.0.0.1' },
      data: { type: 'string', default: '.data/tern' },
      'web-dist': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      demo: { type: 'boolean', default: false },
      'no-demo-bookings': { type: 'boolean', default: false },
      sandbox: { type: 'boolean' },
      'create-admin': { type: 'string' },
      'reseal-secrets': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(usage);
    return;
  }
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const where = { data: values.data, ...(databaseUrl ? { databaseUrl } : {}) };
  if (values['create-admin'] !== undefined) {
    await createAdminCommand(values['create-admin'], where);
    return;
  }
  if (values['reseal-secrets']) {
    const report = await resealSecretsCommand(where);
    if (report.unreadable.length) process.exitCode = 1;
    return;
  }
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`--port: not a port: ${values.port}`);
  const server = await startServer({
    port,
    host: values.host,
    ...where,
    ...(values['web-dist'] ? { webDist: values['web-dist'] } : {}),
    ...(values.sandbox !== undefined ? { sandbox: values.sandbox } : {}),
    quiet: values.quiet,
    demo: values.demo,
    demoBookings: !values['no-demo-bookings'],
    demoStore: !values['no-demo-bookings'],
  });
  console.log(`listening on ${server.url}`);
  const booked = [
    server.seeded?.bookings ? ` and ${server.seeded.bookings} bookings` : '',
    server.seeded?.giftCardTypes ? `, ${server.seeded.giftCardTypes} gift card types in its store` : '',
  ].join('');
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
