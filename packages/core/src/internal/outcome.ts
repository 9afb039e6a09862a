/**
 * Whether a failed call may have done its work all the same: no answer (network, timeout) or a 5xx. A refusal
 * (4xx) is a definite no, so the next submit is a new attempt (a new Idempotency-Key). The booking checkout and
 * the store's checkout both keep an attempt's key by it.
 */
export function outcomeUnknown(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status !== 'number' || status >= 500;
}
