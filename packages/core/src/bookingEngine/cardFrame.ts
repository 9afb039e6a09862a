/**
 * The card vault frame's messages (document 1 §4, R080, R081). The vault page (the server's second origin)
 * posts `{ type: 'ready' }` once its form is up, `{ type: 'validate', valid }` as its fields change, and
 * answers the parent's `{ type: 'submit' }` with `{ card: { token, brand, last4, expiry } }` or
 * `{ error }`. A message carrying `error` or `card` is the submit's answer; any other is a validation update.
 */

/** What the vault gives back: a one-time token and what may be shown of the card. */
export interface VaultCard {
  token: string;
  brand: string | null;
  last4: string | null;
  expiry: string | null;
}

export type FrameMessage =
  | { kind: 'ignored' }
  | { kind: 'ready' }
  | { kind: 'card'; card: VaultCard }
  | { kind: 'error'; message: string }
  | { kind: 'validate'; valid: boolean | null };

/** What the checkout posts to the frame to ask for the card. */
export const CARD_FRAME_SUBMIT = { type: 'submit' } as const;

/** The frame's size on the checkout page (R093). */
export const CARD_FRAME_SIZE = { width: 400, height: 220 } as const;

/** The origin of a URL, or `null` when it is not an absolute URL. */
export function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

function parse(data: unknown): unknown {
  if (typeof data !== 'string') return data;
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

/**
 * Classifies one `message` event. Another origin (or no known vault origin) is ignored (R080); `error` or
 * `card` is the submit's answer, a card without a token being an error; `{ type: 'ready' }` is the form
 * being up; anything else validates (R081). JSON strings are read as the object they hold.
 */
export function classifyFrameMessage(
  event: { origin: string; data: unknown },
  vaultOrigin: string | null,
): FrameMessage {
  if (!vaultOrigin || event.origin !== vaultOrigin) return { kind: 'ignored' };
  const data = parse(event.data);
  if (!data || typeof data !== 'object') return { kind: 'validate', valid: null };
  const d = data as Record<string, unknown>;
  if (d.error) {
    const inner = typeof d.error === 'object' ? (d.error as { message?: unknown }).message : d.error;
    return { kind: 'error', message: text(inner) ?? 'The card was not accepted' };
  }
  if (d.card && typeof d.card === 'object') {
    const c = d.card as Record<string, unknown>;
    const token = text(c.token) ?? text(c.cardToken);
    if (!token) return { kind: 'error', message: 'The card vault sent no token' };
    return {
      kind: 'card',
      card: { token, brand: text(c.brand), last4: text(c.last4), expiry: text(c.expiry ?? c.expirationDate) },
    };
  }
  if (d.type === 'ready') return { kind: 'ready' };
  return { kind: 'validate', valid: typeof d.valid === 'boolean' ? d.valid : null };
}
