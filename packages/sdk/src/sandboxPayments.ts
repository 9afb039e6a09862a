// The sandbox payment provider's own API (issue 24 "Money, honestly"): not Tern's API but the provider's, on its
// own origin (the server's payment host, its own port like the card vault). A checkout of the public store
// answers a `redirectUrl` to its hosted page `GET {paymentOrigin}/pay/{sessionId}`; that page reads the session
// and posts the card here, never to Tern's API. A paid session answers the store's return address, signed by
// the provider (`digital_signature`), which the store's confirmation hands to `store.purchaseStatus`. Plain
// types, no schemas: the hosted page stays small. Test cards: `SANDBOX_CARDS`.

/** Where a payment session stands. */
export type SandboxSessionStatus = 'open' | 'paid' | 'declined' | 'expired' | 'refunded';

/** `GET {paymentOrigin}/api/sessions/{sessionId}`: what the hosted page shows. */
export interface SandboxSession {
  id: string;
  /** Who is paid: the property's title. */
  merchant: string;
  amount: number;
  /** ISO 4217. */
  currency: string;
  /** The store's language for the page (one of the store's locales). */
  locale: string;
  status: SandboxSessionStatus;
  /** ISO instant: the session (the checkout's hold) ends then. */
  expiresAt: string;
  /** Back to the store without paying (its checkout). */
  cancelUrl: string;
}

/** `POST {paymentOrigin}/api/sessions/{sessionId}/pay` (JSON). The number and CVC are never stored or logged. */
export interface SandboxPayBody {
  /** 16 digits. */
  cardNumber: string;
  /** 1–12. */
  expiryMonth: number;
  /** Four digits (2022–2033 in the form, document 3 §9). */
  expiryYear: number;
  /** 3 digits. */
  cvc: string;
}

/** 200: paid; the page sends the visitor to `returnUrl` (the store's confirmation with the signed return). */
export interface SandboxPaid {
  status: 'paid';
  returnUrl: string;
}

/**
 * Refusals, with `{ code, message }` bodies: 400 `invalid_card` (with `fields`), 402 `card_declined`, 409
 * `already_paid` (with the `returnUrl` again), 410 `session_expired`, 404 `session_not_found`.
 */
export interface SandboxRefusal {
  code: 'invalid_card' | 'card_declined' | 'already_paid' | 'session_expired' | 'session_not_found';
  message: string;
  fields?: Partial<Record<keyof SandboxPayBody, string>>;
  returnUrl?: string;
}

/** The sandbox's test cards: the first pays, the second is declined; any other valid number pays. */
export const SANDBOX_CARDS = { pays: '4242424242424242', declined: '4000000000000002' } as const;

/** The query names of the signed return to the store (document 3 §7 getGiftCardsPurchaseStatus). */
export const PAYMENT_RETURN_QUERY = {
  referenceNumber: 'reference_number',
  propertyId: 'property_id',
  digitalSignature: 'digital_signature',
} as const;
