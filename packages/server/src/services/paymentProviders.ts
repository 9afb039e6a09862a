import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  type ListMeta,
  type PaymentProvider,
  PROVIDER_FIELDS,
  type ProviderField,
  type ProviderName,
} from '@tern/sdk';
import { Hono } from 'hono';
import type { Clock } from '../clock.js';
import type { Db } from '../db/db.js';
import { badRequest, conflict, fieldError, invalidField } from '../http/errors.js';
import { type Actor, audit } from './admin/audit.js';
import { escapeHtml } from './mail.js';
import {
  openSealed,
  openSecret,
  providerSecretContext,
  type SecretKeys,
  sealedByteLength,
  sealSecret,
} from './secrets.js';

// A property's payment providers (document 2 §2–§5, §8). Secret fields are sealed with the server's key, each
// bound to its provider and field, and shown masked; the default is one per property (a unique index), moved in one transaction; Stripe connects
// through a simulated onboarding page of this server, like the billing portal.

type Details = Partial<Record<ProviderField, string>>;

interface ProviderRow {
  id: string;
  property_id: string;
  name: ProviderName;
  is_default: boolean;
  details: Record<string, string>;
  secrets: Record<string, string>;
  secret_hints: Record<string, string>;
  stripe_account_active: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface ProviderDeps {
  db: Db;
  clock: Clock;
  /** Who writes, for the audit trail. */
  actor: Actor;
  secretKeys: SecretKeys;
  /** This server's base URL, for the onboarding link. */
  baseUrl: string;
}

const ONBOARDING_TTL_MS = 24 * 3600 * 1000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/** Secrets this long or shorter show nothing of themselves: 4 characters would give away half or more. */
export const SHORT_SECRET_LENGTH = 8;

/** What is kept in clear of a secret for its mask: its last 4 characters, nothing of a short one. */
export const secretHint = (secret: string) => (secret.length > SHORT_SECRET_LENGTH ? secret.slice(-4) : '');

/** `••••••••1234` (bullets alone for a short secret): a secret as replies show it, from its hint. */
export const maskedSecret = (hint: string) => `${'•'.repeat(8)}${hint}`;
const isMasked = (value: string) => value.startsWith('••••');

/**
 * A stored secret's mask. A short one shows nothing even when its hint predates that rule (kept before
 * `--reseal-secrets` remade the hints): its sealed length tells.
 */
function storedMask(sealed: string | undefined, hint: string | undefined): string | undefined {
  if (hint === undefined) return undefined;
  const bytes = sealed ? sealedByteLength(sealed) : null;
  return maskedSecret(bytes !== null && bytes <= SHORT_SECRET_LENGTH ? '' : hint);
}

function toProvider(row: ProviderRow, onboardingUrl: string | null = null): PaymentProvider {
  const details: PaymentProvider['details'] = {};
  for (const f of PROVIDER_FIELDS[row.name]) {
    const value = f.secret ? storedMask(row.secrets[f.name], row.secret_hints[f.name]) : row.details[f.name];
    if (value !== undefined) details[f.name] = value;
  }
  if (row.name === 'stripe') {
    details.accountActive = row.stripe_account_active;
    details.onboardingAccountUrl = row.stripe_account_active ? null : onboardingUrl;
  }
  return {
    id: row.id,
    type: 'provider',
    name: row.name,
    default: row.is_default,
    createdAt: new Date(row.created_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    details,
  };
}

/**
 * The stored form of a provider's fields: every field it needs present (a masked or empty secret keeps the one
 * stored before), plain ones in `details`, secret ones sealed for this provider and field, with their hint kept
 * for the mask.
 */
function storedFields(
  keys: SecretKeys,
  providerId: string,
  name: ProviderName,
  input: Details,
  before: ProviderRow | null,
): Pick<ProviderRow, 'details' | 'secrets' | 'secret_hints'> {
  const details: Record<string, string> = {};
  const secrets: Record<string, string> = {};
  const hints: Record<string, string> = {};
  const missing: { field: string; message: string }[] = [];
  for (const f of PROVIDER_FIELDS[name]) {
    const sent = input[f.name]?.trim() ?? '';
    if (f.secret) {
      if (sent !== '' && !isMasked(sent)) {
        secrets[f.name] = sealSecret(keys.current, sent, providerSecretContext(providerId, f.name));
        hints[f.name] = secretHint(sent);
      } else if (before?.secrets[f.name]) {
        secrets[f.name] = before.secrets[f.name]!;
        hints[f.name] = before.secret_hints[f.name] ?? '';
      } else missing.push(fieldError(`provider.details.${f.name}`, 'required'));
    } else if (sent !== '') details[f.name] = sent;
    else missing.push(fieldError(`provider.details.${f.name}`, 'required'));
  }
  if (missing.length) throw badRequest('provider_fields_missing', { fields: missing });
  return { details, secrets, secret_hints: hints };
}

/** What the trail follows of a provider: its fields as replies show them (secrets masked), and the default. */
const trailOf = (p: PaymentProvider) => {
  const { onboardingAccountUrl: _url, ...details } = p.details;
  return { name: p.name, default: p.default, ...details };
};

const COLUMNS =
  'id, property_id, name, is_default, details, secrets, secret_hints, stripe_account_active, created_at, updated_at';

export async function listProviders(
  db: Db,
  propertyId: string,
): Promise<{ items: PaymentProvider[]; meta: ListMeta }> {
  const rows = await db.query<ProviderRow>(
    `select ${COLUMNS} from payment_providers where property_id = $1 order by created_at, id`,
    [propertyId],
  );
  return { items: rows.map((r) => toProvider(r)), meta: { page: 1, limit: rows.length, total: rows.length } };
}

/** Makes `id` the property's one default (inside the caller's transaction). */
async function makeDefault(tx: Db, propertyId: string, id: string): Promise<void> {
  await tx.query(
    'update payment_providers set is_default = false where property_id = $1 and id <> $2 and is_default',
    [propertyId, id],
  );
  await tx.query('update payment_providers set is_default = true where id = $1', [id]);
}

async function onboardingLink(tx: Db, deps: ProviderDeps, providerId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await tx.query(
    `insert into stripe_onboarding_links (token_hash, provider_id, created_at, expires_at) values ($1, $2, $3, $4)`,
    [hash(token), providerId, deps.clock.now(), new Date(deps.clock.now().getTime() + ONBOARDING_TTL_MS)],
  );
  return `${deps.baseUrl}/stripe/connect/${token}`;
}

export async function createProvider(
  deps: ProviderDeps,
  propertyId: string,
  provider: { name: ProviderName; default: boolean; details: Details },
): Promise<PaymentProvider> {
  if (provider.name === 'valitor') throw invalidField('provider_deprecated', 'provider.name');
  // The id is chosen here: the secrets are sealed for it.
  const id = randomUUID();
  const fields = storedFields(deps.secretKeys, id, provider.name, provider.details, null);
  return deps.db.transaction(async (tx) => {
    // Serialises the property's provider writes (its default is one row at a time).
    await tx.query('select id from properties where id = $1 for update', [propertyId]);
    const now = deps.clock.now();
    const row = await tx.one<ProviderRow>(
      `insert into payment_providers (id, property_id, name, details, secrets, secret_hints, created_at, updated_at)
       values ($7, $1, $2, $3, $4, $5, $6, $6) returning ${COLUMNS}`,
      [
        propertyId,
        provider.name,
        JSON.stringify(fields.details),
        JSON.stringify(fields.secrets),
        JSON.stringify(fields.secret_hints),
        now,
        id,
      ],
    );
    const hasDefault = await tx.one('select 1 from payment_providers where property_id = $1 and is_default', [
      propertyId,
    ]);
    if (provider.default || !hasDefault) await makeDefault(tx, propertyId, row!.id);
    const saved = await tx.one<ProviderRow>(`select ${COLUMNS} from payment_providers where id = $1`, [
      row!.id,
    ]);
    const link = provider.name === 'stripe' ? await onboardingLink(tx, deps, row!.id) : null;
    const made = toProvider(saved!, link);
    await audit(tx, deps.actor, {
      objectType: 'paymentProvider',
      objectId: made.id,
      action: 'create',
      before: null,
      after: trailOf(made),
    });
    return made;
  });
}

export async function updateProvider(
  deps: ProviderDeps,
  propertyId: string,
  id: string,
  provider: { default: boolean; details: Details },
): Promise<PaymentProvider> {
  return deps.db.transaction(async (tx) => {
    await tx.query('select id from properties where id = $1 for update', [propertyId]);
    const before = (await tx.one<ProviderRow>(`select ${COLUMNS} from payment_providers where id = $1`, [
      id,
    ]))!;
    if (before.name === 'stripe' && !before.stripe_account_active) throw conflict('stripe_not_active');
    const fields = storedFields(deps.secretKeys, id, before.name, provider.details, before);
    await tx.query(
      'update payment_providers set details = $2, secrets = $3, secret_hints = $4, updated_at = $5 where id = $1',
      [
        id,
        JSON.stringify(fields.details),
        JSON.stringify(fields.secrets),
        JSON.stringify(fields.secret_hints),
        deps.clock.now(),
      ],
    );
    if (provider.default) await makeDefault(tx, propertyId, id);
    const saved = await tx.one<ProviderRow>(`select ${COLUMNS} from payment_providers where id = $1`, [id]);
    const after = toProvider(saved!);
    // A secret typed again shows the same mask: the trail says it was replaced.
    const replaced = Object.keys(fields.secrets).filter((f) => fields.secrets[f] !== before.secrets[f]);
    await audit(tx, deps.actor, {
      objectType: 'paymentProvider',
      objectId: id,
      action: 'update',
      before: {
        ...trailOf(toProvider(before)),
        ...Object.fromEntries(replaced.map((f) => [`${f}Replaced`, false])),
      },
      after: { ...trailOf(after), ...Object.fromEntries(replaced.map((f) => [`${f}Replaced`, true])) },
    });
    return after;
  });
}

export async function deleteProvider(deps: ProviderDeps, propertyId: string, id: string): Promise<undefined> {
  await deps.db.transaction(async (tx) => {
    await tx.query('select id from properties where id = $1 for update', [propertyId]);
    const row = (await tx.one<ProviderRow>(`select ${COLUMNS} from payment_providers where id = $1`, [id]))!;
    if (row.name === 'stripe') throw conflict('stripe_not_deletable');
    if (row.is_default) throw conflict('default_provider');
    await tx.query('delete from payment_providers where id = $1', [id]);
    await audit(tx, deps.actor, {
      objectType: 'paymentProvider',
      objectId: id,
      action: 'delete',
      before: trailOf(toProvider(row)),
      after: null,
    });
  });
  return undefined;
}

export async function stripeConnect(deps: ProviderDeps, id: string): Promise<PaymentProvider> {
  return deps.db.transaction(async (tx) => {
    const row = (await tx.one<ProviderRow>(`select ${COLUMNS} from payment_providers where id = $1`, [id]))!;
    if (row.name !== 'stripe') throw conflict('stripe_only');
    if (row.stripe_account_active) throw conflict('stripe_active');
    return toProvider(row, await onboardingLink(tx, deps, id));
  });
}

/**
 * A provider's secret in clear, to pay with it: opened with the current key or the previous one, and only as this
 * provider's field (`null` when sealed under another key or for another row or field: enter it again).
 */
export async function providerSecret(
  db: Db,
  keys: SecretKeys,
  id: string,
  field: ProviderField,
): Promise<string | null> {
  const row = await db.one<{ secrets: Record<string, string> }>(
    'select secrets from payment_providers where id = $1',
    [id],
  );
  const sealed = row?.secrets[field];
  return sealed ? openSecret(keys, sealed, providerSecretContext(id, field)) : null;
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1b1f24}
button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:0;background:#635bff;color:#fff;cursor:pointer}
.note{color:#555}</style></head><body>${body}</body></html>`;

/** Where the onboarding leads back to: the payment providers' settings in the web app (`webUrl`, else this origin). */
const ONBOARDING_RETURN_PATH = '/settings/payment-providers';

/**
 * The simulated Stripe onboarding: `GET /stripe/connect/:token` shows it, `POST` activates the account. Each page
 * ends with a link back to Tern's payment providers (as Stripe's return URL does).
 */
export function stripeOnboardingRoutes(deps: { db: Db; clock: Clock; webUrl: string }) {
  const app = new Hono();
  const back = `<p><a href="${escapeHtml(deps.webUrl + ONBOARDING_RETURN_PATH)}">Back to Tern</a></p>`;
  const link = (db: Db, token: string) =>
    db.one<{ id: string; provider_id: string; title: string }>(
      `select l.id, l.provider_id, p.title from stripe_onboarding_links l
         join payment_providers pp on pp.id = l.provider_id join properties p on p.id = pp.property_id
        where l.token_hash = $1 and l.used_at is null and l.expires_at > $2`,
      [hash(token), deps.clock.now()],
    );
  const expired = page(
    'Stripe',
    `<h1>This link has expired</h1><p>Connect Stripe again from Tern.</p>${back}`,
  );
  app.get('/stripe/connect/:token', async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    const l = await link(deps.db, c.req.param('token'));
    if (!l) return c.html(expired, 404);
    return c.html(
      page(
        `Connect Stripe — ${l.title}`,
        `<h1>Connect ${escapeHtml(l.title)} to Stripe</h1>
<p class="note">A simulated Stripe onboarding: no account is opened.</p>
<form method="post"><button type="submit">Finish onboarding</button></form>${back}`,
      ),
    );
  });
  app.post('/stripe/connect/:token', async (c) => {
    c.header('Cache-Control', 'no-store');
    const done = await deps.db.transaction(async (tx) => {
      const l = await link(tx, c.req.param('token'));
      if (!l) return null;
      await tx.query('update stripe_onboarding_links set used_at = $2 where id = $1', [
        l.id,
        deps.clock.now(),
      ]);
      await tx.query(
        'update payment_providers set stripe_account_active = true, updated_at = $2 where id = $1',
        [l.provider_id, deps.clock.now()],
      );
      await audit(
        tx,
        { auth: null, requestId: 'stripe-onboarding', clock: deps.clock },
        {
          objectType: 'paymentProvider',
          objectId: l.provider_id,
          action: 'stripe_connected',
          before: { accountActive: false },
          after: { accountActive: true },
        },
      );
      return l;
    });
    if (!done) return c.html(expired, 404);
    return c.html(
      page(
        'Stripe',
        `<h1>Stripe is connected</h1><p>${escapeHtml(done.title)} takes card payments through Stripe now.</p>${back}`,
      ),
    );
  });
  return app;
}

/** What `resealProviderSecrets` did: secrets sealed again, already current, and those no key opened. */
export interface ResealReport {
  providers: number;
  resealed: number;
  current: number;
  unreadable: { providerId: string; field: string }[];
}

/**
 * Seals every provider secret again as it would be sealed now — under the current key and bound to its provider and
 * field — in one transaction: values of the previous key (a rotation) and of the format before the binding (v1).
 * Hints are made again from the plaintext (nothing kept of a short secret). A value no key opens is left as it is
 * and reported: it must be entered again.
 */
export async function resealProviderSecrets(db: Db, keys: SecretKeys): Promise<ResealReport> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<Pick<ProviderRow, 'id' | 'secrets' | 'secret_hints'>>(
      'select id, secrets, secret_hints from payment_providers order by id for update',
    );
    const report: ResealReport = { providers: rows.length, resealed: 0, current: 0, unreadable: [] };
    for (const row of rows) {
      const secrets = { ...row.secrets };
      const hints = { ...row.secret_hints };
      let changed = false;
      for (const [field, sealed] of Object.entries(row.secrets)) {
        const context = providerSecretContext(row.id, field);
        const opened = openSealed(keys, sealed, context);
        if (!opened) {
          report.unreadable.push({ providerId: row.id, field });
          continue;
        }
        if (opened.current) report.current += 1;
        else {
          secrets[field] = sealSecret(keys.current, opened.plaintext, context);
          report.resealed += 1;
          changed = true;
        }
        const hint = secretHint(opened.plaintext);
        if (hints[field] !== hint) {
          hints[field] = hint;
          changed = true;
        }
      }
      if (changed)
        await tx.query('update payment_providers set secrets = $2, secret_hints = $3 where id = $1', [
          row.id,
          JSON.stringify(secrets),
          JSON.stringify(hints),
        ]);
    }
    return report;
  });
}
