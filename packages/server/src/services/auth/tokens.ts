import { createHash, randomBytes, randomInt } from 'node:crypto';

/** A random secret for a session, link or device: 32 bytes, base64url. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** How secrets are stored: sha256, hex. A token is never stored in clear. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** A 6-digit one-time code. */
export function randomCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
