import { createHash, randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/db.js';
import { HttpError, notFound } from '../../http/errors.js';
import { escapeHtml } from '../mail.js';

// The payment lock (document 1 §6) and a simulated subscription provider: a customer portal page on this
// server where a locked agency or property adds a card, which clears the lock.

const PORTAL_TTL_MS = 60 * 60 * 1000;
const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * The 401 the documents name: the client shows "locked for card payments" for a message with 'Stripe locked'.
 * An agency's lock is read with the caller's session or API key (`Auth.agencyLocked`).
 */
export const paymentLocked = () => new HttpError(401, 'payment_locked');

type Account = { agencyId: string } | { propertyId: string };

export async function paymentSourceOf(
  db: Db,
  account: Account,
): Promise<{ hasPaymentSource: boolean; locked: boolean }> {
  const row =
    'agencyId' in account
      ? await db.one<{ has_payment_source: boolean; locked: boolean }>(
          'select has_payment_source, (payment_locked and not lock_override) as locked from agencies where id = $1',
          [account.agencyId],
        )
      : await db.one<{ has_payment_source: boolean; locked: boolean }>(
          'select has_payment_source, (payment_locked and not lock_override) as locked from properties where id::text = $1',
          [account.propertyId],
        );
  if (!row) throw notFound('property_not_found');
  return { hasPaymentSource: row.has_payment_source, locked: row.locked };
}

/** Refuses a call about a locked property (its supplier's bookings). */
export async function assertPropertyUnlocked(db: Db, propertyId: string): Promise<void> {
  const row = await db.one<{ locked: boolean }>(
    'select (payment_locked and not lock_override) as locked from properties where id::text = $1',
    [propertyId],
  );
  if (row?.locked) throw paymentLocked();
}

/** A one-time portal link for the account, on this server. */
export async function portalSession(
  db: Db,
  clock: Clock,
  baseUrl: string,
  account: Account,
): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.query(
    `insert into billing_portal_sessions (token_hash, agency_id, property_id, created_at, expires_at)
     values ($1, $2, $3, $4, $5)`,
    [
      hash(token),
      'agencyId' in account ? account.agencyId : null,
      'propertyId' in account ? account.propertyId : null,
      clock.now(),
      new Date(clock.now().getTime() + PORTAL_TTL_MS),
    ],
  );
  return `${baseUrl}/billing/portal/${token}`;
}

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem;color:#1b1f24}
button{font:inherit;padding:.6rem 1.2rem;border-radius:6px;border:0;background:#1f5fbf;color:#fff;cursor:pointer}
.note{color:#555}</style></head><body>${body}</body></html>`;

/** The simulated portal: `GET /billing/portal/:token` shows the account, `POST` adds a card and unlocks it. */
export function billingPortalRoutes(deps: { db: Db; clock: Clock }) {
  const app = new Hono();
  const session = async (db: Db, token: string) =>
    db.one<{ id: string; agency_id: string | null; property_id: string | null; name: string }>(
      `select s.id, s.agency_id, s.property_id, coalesce(a.name, p.title) as name
         from billing_portal_sessions s
         left join agencies a on a.id = s.agency_id
         left join properties p on p.id = s.property_id
        where s.token_hash = $1 and s.used_at is null and s.expires_at > $2`,
      [hash(token), deps.clock.now()],
    );
  app.get('/billing/portal/:token', async (c) => {
    const s = await session(deps.db, c.req.param('token'));
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    if (!s)
      return c.html(
        page('Billing', '<h1>This link has expired</h1><p>Open the billing portal again from Tern.</p>'),
        404,
      );
    return c.html(
      page(
        `Billing — ${s.name}`,
        `<h1>Billing for ${escapeHtml(s.name)}</h1>
<p class="note">A simulated subscription portal: no card is charged.</p>
<form method="post"><button type="submit">Add a card and pay the subscription</button></form>`,
      ),
    );
  });
  app.post('/billing/portal/:token', async (c) => {
    const done = await deps.db.transaction(async (tx) => {
      const s = await session(tx, c.req.param('token'));
      if (!s) return null;
      await tx.query('update billing_portal_sessions set used_at = $2 where id = $1', [
        s.id,
        deps.clock.now(),
      ]);
      if (s.agency_id)
        await tx.query(
          'update agencies set has_payment_source = true, payment_locked = false where id = $1',
          [s.agency_id],
        );
      else
        await tx.query(
          'update properties set has_payment_source = true, payment_locked = false where id = $1',
          [s.property_id],
        );
      return s;
    });
    if (!done) return c.html(page('Billing', '<h1>This link has expired</h1>'), 404);
    return c.html(
      page(
        'Billing',
        `<h1>Thank you</h1><p>${escapeHtml(done.name)} is paid up and unlocked. You can close this tab.</p>`,
      ),
    );
  });
  return app;
}
