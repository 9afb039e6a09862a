import { randomBytes } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { type Context, Hono } from 'hono';
import type { Clock } from '../../clock.js';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/db.js';
import { HttpError } from '../../http/errors.js';
import { assertNotThrottled, recordAttempt } from '../auth/throttle.js';
import { cardBrand, cardDigits, cardErrors } from './card.js';
import { cardFormPage } from './page.js';
import { issueCardToken } from './tokens.js';

export { type CardSummary, redeemCardToken, sweepCardTokens } from './tokens.js';

/** Where the card form is, for `card_capture_form_url`: the vault's own origin (its own port). */
export function cardCaptureFormUrl(config: Pick<AppConfig, 'vaultUrl'>): {
  cardCaptureFormUrl: string;
  origin: string;
} {
  if (!config.vaultUrl) throw new HttpError(503, 'vault_unavailable');
  return { cardCaptureFormUrl: `${config.vaultUrl}/card-form`, origin: new URL(config.vaultUrl).origin };
}

/** The caller's address (the first of `x-forwarded-for` behind a proxy the server trusts). */
export function callerIp(c: Context, trustProxy: boolean): string {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  if (forwarded) return forwarded.slice(0, 100);
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * The card vault: a separate app on its own origin. `GET /card-form?parent=ORIGIN` is the framed form (only
 * for the web app's origins, which may frame it); `POST /tokens` checks a card and returns a one-time token
 * with the brand, the last four digits and the expiry. Numbers and security codes are never stored. Refused
 * cards are throttled per address like failed sign-ins (429 with `Retry-After`).
 */
export function createVaultApp(deps: {
  db: Db;
  clock: Clock;
  parentOrigins: () => string[];
  trustProxy?: boolean;
}) {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    c.res.headers.set('X-Content-Type-Options', 'nosniff');
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  app.onError((error, c) => {
    if (error instanceof HttpError)
      return c.json({ message: error.message, code: error.code }, error.status as 429, error.headers ?? {});
    return c.json({ message: 'Something went wrong on our side', code: 'internal' }, 500);
  });
  app.get('/card-form', (c) => {
    const allowed = deps.parentOrigins();
    const asked = c.req.query('parent');
    const parent = asked && allowed.includes(asked) ? asked : allowed[0];
    if (!parent) return c.text('No page may show the card form', 403);
    const nonce = randomBytes(16).toString('base64');
    c.header(
      'Content-Security-Policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; connect-src 'self'; frame-ancestors ${allowed.join(' ')}`,
    );
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
    return c.html(cardFormPage(parent, nonce));
  });
  app.post('/tokens', async (c) => {
    const ip = callerIp(c, deps.trustProxy ?? false);
    await assertNotThrottled(deps.db, deps.clock, 'card_token', null, ip);
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const card = {
      number: String(body?.number ?? ''),
      expMonth: Number(body?.expMonth),
      expYear: Number(body?.expYear),
      cvc: String(body?.cvc ?? ''),
      holder: String(body?.holder ?? '').slice(0, 100),
    };
    const errors = cardErrors(card, deps.clock.now());
    if (Object.keys(errors).length > 0) {
      await recordAttempt(deps.db, deps.clock, { kind: 'card_token', email: null, ip, succeeded: false });
      return c.json({ message: 'Check the card details', fields: errors }, 400);
    }
    const digits = cardDigits(card.number);
    const expYear = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
    const brand = cardBrand(digits);
    const last4 = digits.slice(-4);
    const token = await issueCardToken(deps.db, deps.clock, {
      brand,
      last4,
      expMonth: card.expMonth,
      expYear,
      holder: card.holder.trim(),
    });
    const expiry = `${String(card.expMonth).padStart(2, '0')}/${String(expYear % 100).padStart(2, '0')}`;
    return c.json({ token, brand, last4, expiry }, 201);
  });
  return app;
}
