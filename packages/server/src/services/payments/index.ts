import type { AppConfig } from '../../config.js';
import { type SandboxPayments, sandboxPayments } from './sandbox.js';

export type { PaymentAdapter, PaymentRequest, PaymentReturn, PaymentStatus } from './adapter.js';

/**
 * The payment provider the store uses: the sandbox here (its key derived from the server's secret key, its hosted
 * page at `paymentUrl`). A provider of a property's own (payment_providers) plugs in behind the same adapter.
 */
export const paymentsOf = (config: Pick<AppConfig, 'secretKeys' | 'paymentUrl'>): SandboxPayments =>
  sandboxPayments({ secretKey: config.secretKeys.current, paymentUrl: () => config.paymentUrl });
