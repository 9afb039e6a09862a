import { createClient, type PaymentLockedError, type SessionExpiredError, type TernClient } from '@tern/sdk';
import { apiBaseUrl } from './apiBase';
import { provideErrorWords } from './errorWords';

// zod runs jitless: app/zodConfig.ts, which the entry runs before this chunk builds the contract's schemas.
provideErrorWords();

export interface ClientSetup {
  /** The current session token (read from the session machine at call time). */
  token: () => string | null | undefined;
  /** A 440 from any call. */
  onSessionExpired: (error: SessionExpiredError) => void;
  /** A 'Stripe locked' reply from any call: the account was locked for card payments meanwhile. */
  onPaymentLocked: (error: PaymentLockedError) => void;
  baseUrl?: string;
  fetch?: typeof fetch;
}

export function createTernClient(setup: ClientSetup): TernClient {
  return createClient({
    baseUrl: setup.baseUrl ?? apiBaseUrl(),
    token: setup.token,
    onSessionExpired: setup.onSessionExpired,
    onPaymentLocked: setup.onPaymentLocked,
    ...(setup.fetch ? { fetch: setup.fetch } : {}),
  });
}
