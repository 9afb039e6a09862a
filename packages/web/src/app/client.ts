import { createClient, type PaymentLockedError, type SessionExpiredError, type TernClient } from '@tern/sdk';
import * as z from 'zod';
import { apiBaseUrl } from './apiBase';
import { provideErrorWords } from './errorWords';

// The app runs under a Content-Security-Policy without 'unsafe-eval': zod, which only the SDK uses, must not try
// to generate code. Set here, in the SDK's chunk, before the first reply is parsed (main.tsx sets it too; once
// it no longer does, zod stays out of every page's first load).
z.config({ jitless: true });
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
