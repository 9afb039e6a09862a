import type { SandboxSessionStatus } from '@tern/sdk';
import type { Db } from '../../db/db.js';

// How the store's server talks to a payment provider (issue 24 "Money, honestly"; docs/decisions.md): create a
// hosted payment session for a checkout, verify the provider's signed return, read a payment's status (the
// server never trusts the return alone), and refund. The sandbox provider (sandbox.ts, with its own host on its
// own origin) is the one that runs here; Borgun, Rapyd, Stripe and Nets plug in behind the same interface.

/** What a checkout asks the provider to charge. */
export interface PaymentRequest {
  referenceNumber: string;
  propertyId: string;
  amount: number;
  currency: string;
  /** Who is paid (the property's title). */
  merchant: string;
  locale: string;
  /** The session ends with the hold. */
  expiresAt: Date;
  /** The store's confirmation (without the signed query: the provider adds it). */
  returnUrl: string;
  /** Back to the store unpaid. */
  cancelUrl: string;
}

/** A provider's payment status, in the sandbox's words. */
export type PaymentStatus = SandboxSessionStatus;

/** The signed return's fields, as the store's confirmation hands them on. */
export interface PaymentReturn {
  referenceNumber: string;
  propertyId: string;
  digitalSignature: string;
}

export interface PaymentAdapter {
  /** Its name as stored with the checkout. */
  readonly name: string;
  /** A hosted session in the caller's transaction; where the visitor pays. */
  createSession(
    tx: Db,
    request: PaymentRequest,
    now: Date,
  ): Promise<{ sessionId: string; redirectUrl: string }>;
  /** The return is signed by the provider (constant-time); the status it was signed for, else `null`. */
  verifyReturn(signed: PaymentReturn): PaymentStatus | null;
  /** The payment's status as the provider has it now. */
  paymentStatus(db: Db, sessionId: string, now: Date): Promise<PaymentStatus | null>;
  /** Gives a paid payment back (once: a second call changes nothing). */
  refund(db: Db, sessionId: string, now: Date): Promise<void>;
}
