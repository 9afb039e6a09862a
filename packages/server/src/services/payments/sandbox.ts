import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { PAYMENT_RETURN_QUERY, type SandboxSession } from '@tern/sdk';
import type { Db } from '../../db/db.js';
import { deriveKey } from '../secrets.js';
import type { PaymentAdapter, PaymentReturn, PaymentStatus } from './adapter.js';

// The sandbox payment provider: its sessions live in `sandbox_payment_sessions` and its hosted page on the
// payment host (host.ts, its own origin). It signs the return to the store with HMAC-SHA256 under a key of its
// own derived from Tern's one secret key, over `reference_number|property_id|status`.

const SIGNED_STATES: PaymentStatus[] = ['paid', 'declined', 'open', 'expired', 'refunded'];

export interface SessionRow {
  id: string;
  amount: string;
  currency: string;
  merchant: string;
  locale: string;
  status: PaymentStatus;
  reference_number: string;
  property_id: string;
  return_url: string;
  cancel_url: string;
  expires_at: Date;
}

/** The session as its status stands at `now`: an open one past its end is expired. */
export const sessionStatus = (row: Pick<SessionRow, 'status' | 'expires_at'>, now: Date): PaymentStatus =>
  row.status === 'open' && new Date(row.expires_at).getTime() <= now.getTime() ? 'expired' : row.status;

export const toSandboxSession = (row: SessionRow, now: Date): SandboxSession => ({
  id: row.id,
  merchant: row.merchant,
  amount: Number(row.amount),
  currency: row.currency,
  locale: row.locale,
  status: sessionStatus(row, now),
  expiresAt: new Date(row.expires_at).toISOString(),
  cancelUrl: row.cancel_url,
});

export const readSession = (db: Db, id: string, lock = false) =>
  db.one<SessionRow>(
    `select id, amount, currency, merchant, locale, status, reference_number, property_id, return_url, cancel_url,
            expires_at
       from sandbox_payment_sessions where id = $1${lock ? ' for update' : ''}`,
    [id],
  );

export function sandboxPayments(deps: { secretKey: Buffer; paymentUrl: () => string | null }) {
  const key = deriveKey(deps.secretKey, 'sandbox-payments:return');
  const sign = (referenceNumber: string, propertyId: string, status: PaymentStatus) =>
    createHmac('sha256', key).update(`${referenceNumber}|${propertyId}|${status}`).digest('base64url');

  /** The store's confirmation with the signed return (what the page navigates to once paid). */
  const signedReturnUrl = (row: SessionRow, status: PaymentStatus) => {
    const url = new URL(row.return_url);
    url.searchParams.set(PAYMENT_RETURN_QUERY.referenceNumber, row.reference_number);
    url.searchParams.set(PAYMENT_RETURN_QUERY.propertyId, row.property_id);
    url.searchParams.set(
      PAYMENT_RETURN_QUERY.digitalSignature,
      sign(row.reference_number, row.property_id, status),
    );
    return url.toString();
  };

  const adapter: PaymentAdapter = {
    name: 'sandbox',
    async createSession(tx, request, now) {
      const paymentUrl = deps.paymentUrl();
      if (!paymentUrl) throw new Error('the sandbox payment host is not running');
      const sessionId = randomBytes(24).toString('base64url');
      await tx.query(
        `insert into sandbox_payment_sessions (id, amount, currency, merchant, locale, reference_number, property_id,
                return_url, cancel_url, expires_at, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
        [
          sessionId,
          request.amount,
          request.currency,
          request.merchant,
          request.locale,
          request.referenceNumber,
          request.propertyId,
          request.returnUrl,
          request.cancelUrl,
          request.expiresAt,
          now,
        ],
      );
      return { sessionId, redirectUrl: `${paymentUrl}/pay/${sessionId}` };
    },
    verifyReturn(signed: PaymentReturn) {
      const given = Buffer.from(signed.digitalSignature);
      let found: PaymentStatus | null = null;
      for (const status of SIGNED_STATES) {
        const expected = Buffer.from(sign(signed.referenceNumber, signed.propertyId, status));
        // Every state is compared, whichever matches: the time taken says nothing.
        if (expected.length === given.length && timingSafeEqual(expected, given)) found = status;
      }
      return found;
    },
    async paymentStatus(db, sessionId, now) {
      const row = await readSession(db, sessionId);
      return row ? sessionStatus(row, now) : null;
    },
    async refund(db, sessionId, now) {
      await db.query(
        `update sandbox_payment_sessions set status = 'refunded', refunded_at = $2, updated_at = $2
          where id = $1 and status = 'paid'`,
        [sessionId, now],
      );
    },
  };
  return { adapter, signedReturnUrl };
}

export type SandboxPayments = ReturnType<typeof sandboxPayments>;
