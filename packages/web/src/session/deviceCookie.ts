import { deviceCookieFor } from '@tern/core/session';
import type { Session } from '@tern/sdk';

/** The remembered device (document 1 §4): lets the server skip the one-time code for 60 days. */
export const DEVICE_COOKIE = 'tern_device';

export function readDeviceIdentifier(doc: Document = document): string | null {
  for (const part of doc.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === DEVICE_COOKIE) {
      const value = decodeURIComponent(rest.join('='));
      return value || null;
    }
  }
  return null;
}

/** Sets the cookie when the server sent a device identifier (core's `deviceCookieFor`: 60 days). */
export function rememberDevice(
  session: Pick<Session, 'deviceIdentifier'>,
  nowMs: number,
  doc: Document = document,
): void {
  const cookie = deviceCookieFor(session, nowMs);
  if (!cookie) return;
  const secure = doc.location?.protocol === 'https:' ? '; Secure' : '';
  doc.cookie = `${DEVICE_COOKIE}=${encodeURIComponent(cookie.value)}; expires=${new Date(cookie.expiresAt).toUTCString()}; path=/; SameSite=Lax${secure}`;
}

/** Forgets the remembered device: the next sign-in of an account that asks for one-time codes asks again. */
export function forgetDevice(doc: Document = document): void {
  doc.cookie = `${DEVICE_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
}
