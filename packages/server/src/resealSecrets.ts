import type { Writable } from 'node:stream';
import { migrate } from './db/migrate.js';
import { describeDb, type OpenOptions, openDb } from './db/open.js';
import { resolveSecretKeys } from './server.js';
import { type ResealReport, resealProviderSecrets } from './services/paymentProviders.js';

/**
 * `tern-server --reseal-secrets`: seals every stored secret again under TERN_SECRET_KEY (the key file of an
 * embedded database folder without it), opening old ones with TERN_SECRET_KEY_PREVIOUS too, in one transaction,
 * and says how many. Run it after setting a new key (the old one as TERN_SECRET_KEY_PREVIOUS), and once after an
 * upgrade to bind values sealed before the binding. Stop the server first on an embedded database.
 */
export async function resealSecretsCommand(
  where: OpenOptions & { data: string },
  io: { stdout: Writable; env?: Record<string, string | undefined> } = { stdout: process.stdout },
): Promise<ResealReport> {
  const keys = await resolveSecretKeys({}, where, io.env ?? process.env);
  const db = await openDb(where);
  try {
    await migrate(db);
    const report = await resealProviderSecrets(db, keys);
    io.stdout.write(
      `${describeDb(where)}: ${report.resealed} secret(s) sealed again under the current key, ${report.current} already current, of ${report.providers} payment provider(s)${keys.previous ? ' (TERN_SECRET_KEY_PREVIOUS read)' : ''}\n`,
    );
    if (report.unreadable.length)
      io.stdout.write(
        `${report.unreadable.length} secret(s) no key opens, left as they are — enter them again in the provider's settings (or run again with the key they were sealed under as TERN_SECRET_KEY_PREVIOUS):\n${report.unreadable.map((u) => `  payment provider ${u.providerId}: ${u.field}\n`).join('')}`,
      );
    return report;
  } finally {
    await db.close();
  }
}
