import type { StoredSession } from '@tern/core/session';

/** Where the web app keeps its session and the chosen property (localStorage keys). */
export const SESSION_KEY = 'tern.session';
export const SELECTED_PROPERTY_KEY = 'tern.selectedProperty';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Only what we need to trust the stored value enough to ask the server about it (checked by hand: the shell
 * loads no schema library before the page draws).
 */
function isStoredShape(value: unknown): boolean {
  if (!isObject(value) || !isObject(value.user)) return false;
  return (
    typeof value.token === 'string' &&
    value.token.length > 0 &&
    typeof value.exp === 'number' &&
    ['reseller', 'supplier', 'admin'].includes(value.userRole as string) &&
    ['sign_in', 'password_reset', 'password_change'].includes(value.purpose as string) &&
    typeof value.user.id === 'string' &&
    typeof value.user.email === 'string'
  );
}

/** Reads the stored session; anything unreadable counts as none. */
export function readStoredSession(storage: Storage): StoredSession | null {
  const raw = safe(() => storage.getItem(SESSION_KEY));
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isStoredShape(parsed) ? (parsed as StoredSession) : null;
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
