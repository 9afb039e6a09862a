import type { StoredSession } from '@tern/core';
import { z } from 'zod';

/** Where the web app keeps its session and the chosen property (localStorage keys). */
export const SESSION_KEY = 'tern.session';
export const SELECTED_PROPERTY_KEY = 'tern.selectedProperty';

/** Only what we need to trust the stored value enough to ask the server about it. */
const storedShape = z.object({
  token: z.string().min(1),
  exp: z.number(),
  userRole: z.enum(['reseller', 'supplier', 'admin']),
  purpose: z.enum(['sign_in', 'password_reset']),
  user: z.object({ id: z.string(), email: z.string() }).passthrough(),
});

/** Reads the stored session; anything unreadable counts as none. */
export function readStoredSession(storage: Storage): StoredSession | null {
  const raw = safe(() => storage.getItem(SESSION_KEY));
  if (!raw) return null;
  try {
    const parsed = storedShape.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as unknown as StoredSession) : null;
  } catch {
    return null;
  }
}

export function writeStoredSession(storage: Storage, session: StoredSession): void {
  safe(() => storage.setItem(SESSION_KEY, JSON.stringify(session)));
}

export function clearStoredSession(storage: Storage): void {
  safe(() => storage.removeItem(SESSION_KEY));
}

export function readSelectedPropertyId(storage: Storage): string | null {
  return safe(() => storage.getItem(SELECTED_PROPERTY_KEY)) ?? null;
}

export function writeSelectedPropertyId(storage: Storage, id: string | null): void {
  safe(() => (id ? storage.setItem(SELECTED_PROPERTY_KEY, id) : storage.removeItem(SELECTED_PROPERTY_KEY)));
}

/** Storage can throw (private mode, quota); the app then simply does not remember. */
function safe<T>(fn: () => T): T | undefined {
  try {
    return fn();
  } catch {
    return undefined;
  }
}
