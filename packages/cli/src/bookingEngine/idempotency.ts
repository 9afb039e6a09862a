import { randomUUID } from 'node:crypto';
import { UserError } from '../errors.js';

/**
 * One Idempotency-Key per logical booking: the one given (`--idempotency-key`, the file's, the batch line's),
 * else one made here, once, before the first attempt. The SDK sends it with the call and its retries; when a
 * booking's outcome is unknown (the connection broke, no answer in time, the server failed), the error names
 * the key, so running the same command again with it books at most once.
 */
export function bookingKey(given: string | undefined): string {
  return given?.trim() || randomUUID();
}

/** Runs a booking call with its key; an unknown outcome says how to retry it safely. */
export async function withBookingKey<T>(key: string, book: (key: string) => Promise<T>): Promise<T> {
  try {
    return await book(key);
  } catch (error) {
    if (outcomeUnknown(error)) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new UserError(
        `The booking may or may not have been made (${reason}): run the same command again with --idempotency-key ${key} — the server books it at most once`,
        { code: 'booking_unknown', details: { idempotencyKey: key } },
      );
    }
    throw error;
  }
}

/**
 * A failure after which the server may have booked: no reply (fetch's network `TypeError`), no answer in time,
 * or a gateway's 502–504. A 500 stays a bug (the server's transaction was rolled back).
 */
function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === 'TimeoutError') return true;
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' && status >= 502 && status <= 504;
}
