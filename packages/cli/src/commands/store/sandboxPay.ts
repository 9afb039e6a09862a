import type { SandboxPaid, SandboxPayBody, SandboxRefusal } from '@tern/sdk/sandboxPayments';
import { UserError } from '../../errors.js';
import type { StoreBuyFlags } from './index.js';

// The sandbox payment provider's own API (packages/sdk/src/sandboxPayments.ts), as its hosted page calls it: the
// checkout's `redirectUrl` is `{origin}/pay/{sessionId}`; the card goes to `{origin}/api/sessions/{id}/pay`, never
// to Tern's API. A session paid before (a rerun with the same Idempotency-Key) answers its return again.

/** The card of `--card`, `--expiry MM/YY` (default December two years on) and `--cvc` (default 123). */
export function sandboxCard(
  flags: Pick<StoreBuyFlags, 'card' | 'expiry' | 'cvc'>,
  now: Date,
): SandboxPayBody {
  const expiry = flags.expiry ?? `12/${String((now.getUTCFullYear() + 2) % 100).padStart(2, '0')}`;
  const m = /^(\d{1,2})\/(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!m) throw new UserError('Use --expiry MM/YY, e.g. 12/28', { code: 'invalid_input' });
  const year = Number(m[2]);
  return {
    cardNumber: flags.card.replace(/[\s-]/g, ''),
    expiryMonth: Number(m[1]),
    expiryYear: year < 100 ? 2000 + year : year,
    cvc: flags.cvc ?? '123',
  };
}

/** Pays the session of a checkout's `redirectUrl` with the card; answers the signed return address. */
export async function paySandbox(
  fetch: typeof globalThis.fetch,
  redirectUrl: string,
  card: SandboxPayBody,
): Promise<string> {
  const page = new URL(redirectUrl);
  const id = /^\/pay\/([^/]+)$/.exec(page.pathname)?.[1];
  if (!id) throw new Error(`Not a sandbox payment page: ${redirectUrl}`);
  const response = await fetch(`${page.origin}/api/sessions/${id}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(card),
  });
  const reply = (await response.json().catch(() => null)) as SandboxPaid | SandboxRefusal | null;
  // Paid now, or before (`already_paid` names the same return).
  if (reply?.returnUrl && (response.ok || (reply as SandboxRefusal).code === 'already_paid'))
    return reply.returnUrl;
  const refusal = reply as SandboxRefusal | null;
  const fields = Object.entries(refusal?.fields ?? {}).map(([field, words]) => `\n  ${field}: ${words}`);
  throw new UserError(
    `The payment page refused the card: ${refusal?.message ?? `HTTP ${response.status}`}${fields.join('')}`,
    { code: refusal?.code ?? 'payment_failed' },
  );
}
