import { SANDBOX_CARDS, type SandboxPaid, type SandboxRefusal } from '@tern/sdk';
import { type Context, Hono } from 'hono';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/db.js';
import { fileUnder, isHashedAsset, sendFile } from '../../http/static.js';
import { assertNotThrottled, recordAttempt } from '../auth/throttle.js';
import { cardDigits, cardErrors } from '../vault/card.js';
import { callerIp } from '../vault/index.js';
import { readSession, type SandboxPayments, sessionStatus, toSandboxSession } from './sandbox.js';

// The sandbox payment provider's host: its own origin (its own port, like the card vault), so the store's pages
// never see a card. `GET /pay/{sessionId}` is the web build's hosted page (payment.html, core M32) under a strict
// policy; `GET /api/sessions/{id}` is what it shows, `POST /api/sessions/{id}/pay` takes the card: checked,
// then paid (any valid number), declined (`SANDBOX_CARDS.declined`, 402) — the number and the security code are
// never stored or logged, only the last four digits. Refused cards are throttled per address like the vault's.

const PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

const refuse = (c: Context, status: 400 | 402 | 404 | 409 | 410, refusal: SandboxRefusal) =>
  c.json(refusal, status);

export function createPaymentApp(deps: {
  db: Db;
  clock: Clock;
  payments: SandboxPayments;
  /** The web build (dist) the API serves: payment.html and its assets. */
  webDist: string | null;
  trustProxy?: boolean;
}) {
  const { db, clock } = deps;
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    c.res.headers.set('Referrer-Policy', 'no-referrer');
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  app.onError((error, c) => {
    const status = (error as { status?: number }).status;
    if (status === 429)
      return c.json({ code: 'too_many_requests', message: error.message }, 429, {
        ...((error as { headers?: Record<string, string> }).headers ?? {}),
      });
    return c.json({ code: 'internal', message: 'Something went wrong on our side' }, 500);
  });

  app.get('/pay/:sessionId', (c) => {
    const page = deps.webDist ? fileUnder(deps.webDist, '/payment.html') : null;
    if (!page) return c.text('The payment page is not built (npm run build in packages/web).', 503);
    return sendFile(c, page, 'no-store', { 'content-security-policy': PAGE_CSP, 'x-frame-options': 'DENY' });
  });
  app.get('/assets/*', (c) => {
    const file = deps.webDist ? fileUnder(deps.webDist, c.req.path) : null;
    if (!file) return c.text('Not found', 404);
    return sendFile(c, file, isHashedAsset(c.req.path) ? 'public, max-age=31536000, immutable' : 'no-cache');
  });

  app.get('/api/sessions/:id', async (c) => {
    const row = await readSession(db, c.req.param('id'));
    if (!row) return refuse(c, 404, { code: 'session_not_found', message: 'There is no such payment.' });
    return c.json(toSandboxSession(row, clock.now()));
  });

  app.post('/api/sessions/:id/pay', async (c) => {
    const ip = callerIp(c, deps.trustProxy ?? false);
    await assertNotThrottled(db, clock, 'card_token', null, ip);
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const card = {
      number: typeof body?.cardNumber === 'string' ? body.cardNumber : '',
      expMonth: Number(body?.expiryMonth),
      expYear: Number(body?.expiryYear),
      cvc: typeof body?.cvc === 'string' ? body.cvc : '',
      holder: 'sandbox',
    };
    const digits = cardDigits(card.number);
    const errors = cardErrors(card, clock.now());
    if (!/^\d{16}$/.test(digits)) errors.number = 'Enter the 16 digits of the card';
    const fields: SandboxRefusal['fields'] = {
      ...(errors.number ? { cardNumber: errors.number } : {}),
      ...(errors.expiry ? { expiryMonth: errors.expiry, expiryYear: errors.expiry } : {}),
      ...(errors.cvc ? { cvc: errors.cvc } : {}),
    };
    const refused = async () =>
      recordAttempt(db, clock, { kind: 'card_token', email: null, ip, succeeded: false });
    if (Object.keys(fields).length > 0) {
      await refused();
      return refuse(c, 400, { code: 'invalid_card', message: 'Check the card details.', fields });
    }
    const declined = digits === SANDBOX_CARDS.declined;
    const answer = await db.transaction(async (tx) => {
      const row = await readSession(tx, c.req.param('id'), true);
      if (!row) return { status: 404 as const, code: 'session_not_found' as const };
      const now = clock.now();
      const status = sessionStatus(row, now);
      if (status === 'paid' || status === 'refunded')
        return {
          status: 409 as const,
          code: 'already_paid' as const,
          returnUrl: deps.payments.signedReturnUrl(row, 'paid'),
        };
      if (status === 'expired') return { status: 410 as const, code: 'session_expired' as const };
      const next = declined ? 'declined' : 'paid';
      await tx.query(
        `update sandbox_payment_sessions set status = $2, card_last4 = $3, paid_at = $4, updated_at = $5 where id = $1`,
        [row.id, next, digits.slice(-4), declined ? null : now, now],
      );
      return declined
        ? { status: 402 as const, code: 'card_declined' as const }
        : { status: 200 as const, returnUrl: deps.payments.signedReturnUrl(row, 'paid') };
    });
    if (answer.status === 200)
      return c.json({ status: 'paid', returnUrl: answer.returnUrl } satisfies SandboxPaid);
    if (answer.status === 402) await refused();
    const messages = {
      session_not_found: 'There is no such payment.',
      already_paid: 'This payment is made already.',
      session_expired: 'The time to pay has run out: start again from the store.',
      card_declined: 'The card was declined: try another card.',
    } as const;
    return refuse(c, answer.status, {
      code: answer.code,
      message: messages[answer.code],
      ...('returnUrl' in answer ? { returnUrl: answer.returnUrl } : {}),
    });
  });
  return app;
}
