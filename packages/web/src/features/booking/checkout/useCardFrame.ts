import { useCallback, useEffect, useRef, useState } from 'react';

/** What the card vault gives back: a one-time token and what may be shown of the card. */
export interface VaultCard {
  token: string;
  brand: string | null;
  last4: string | null;
  expiry: string | null;
}

export type CardFrameStatus = 'loading' | 'ready' | 'failed';

/**
 * The messages the checkout sends to the vault frame (document 1 §4). The vault answers with
 * `{ type: 'ready' }` once its form is up, then `{ card: {…} }` or `{ error: '…' }` to a submit — those two
 * count as the submit's answer; any other message (`{ type: 'validate', valid }`) is a validation update.
 */
export const FRAME_MESSAGES = { submit: { type: 'submit' }, validate: { type: 'validate' } } as const;

/** Core's card-frame rule: only the vault's origin is listened to; an error or a card is a submit answer. */
export function classifyFrameMessage(
  event: { origin: string; data: unknown },
  vaultOrigin: string,
):
  | { kind: 'ignored' }
  | { kind: 'ready' }
  | { kind: 'card'; card: VaultCard }
  | { kind: 'error'; message: string }
  | { kind: 'validate'; valid: boolean | null } {
  if (event.origin !== vaultOrigin) return { kind: 'ignored' };
  const data = (typeof event.data === 'string' ? safeJson(event.data) : event.data) as Record<
    string,
    unknown
  > | null;
  if (!data || typeof data !== 'object') return { kind: 'validate', valid: null };
  if (data.error)
    return { kind: 'error', message: String((data.error as { message?: unknown }).message ?? data.error) };
  if (data.card && typeof data.card === 'object') {
    const c = data.card as Record<string, unknown>;
    const token = String(c.token ?? c.cardToken ?? '');
    if (!token) return { kind: 'error', message: 'The card vault sent no token' };
    const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
    return {
      kind: 'card',
      card: {
        token,
        brand: text(c.brand),
        last4: text(c.last4),
        expiry: text(c.expiry ?? c.expirationDate),
      },
    };
  }
  if (data.type === 'ready') return { kind: 'ready' };
  return { kind: 'validate', valid: typeof data.valid === 'boolean' ? data.valid : null };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The card frame's handshake: listens to the vault's origin only, knows when the form is ready, and asks it
 * for the card — `requestCard` resolves with the card or rejects with the vault's error.
 */
export function useCardFrame(vaultOrigin: string | null) {
  const frame = useRef<HTMLIFrameElement | null>(null);
  const [status, setStatus] = useState<CardFrameStatus>('loading');
  const [valid, setValid] = useState<boolean | null>(null);
  const pending = useRef<{ resolve: (card: VaultCard) => void; reject: (error: Error) => void } | null>(null);

  useEffect(() => {
    if (!vaultOrigin) return;
    const onMessage = (event: MessageEvent) => {
      if (event.source && frame.current && event.source !== frame.current.contentWindow) return;
      const message = classifyFrameMessage(event, vaultOrigin);
      switch (message.kind) {
        case 'ignored':
          return;
        case 'ready':
          setStatus('ready');
          return;
        case 'validate':
          setValid(message.valid);
          return;
        case 'card':
          pending.current?.resolve(message.card);
          pending.current = null;
          return;
        case 'error':
          pending.current?.reject(new Error(message.message));
          pending.current = null;
          return;
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [vaultOrigin]);

  const requestCard = useCallback((): Promise<VaultCard> => {
    const target = frame.current?.contentWindow;
    if (!vaultOrigin || !target || status !== 'ready') return Promise.reject(new FrameNotReadyError());
    return new Promise<VaultCard>((resolve, reject) => {
      pending.current = { resolve, reject };
      target.postMessage(FRAME_MESSAGES.submit, vaultOrigin);
    });
  }, [status, vaultOrigin]);

  return {
    frame,
    status,
    valid,
    requestCard,
    onFailed: () => setStatus('failed'),
  };
}

/** Document 1 §8: the card is needed but the frame is not ready — the error modal. */
export class FrameNotReadyError extends Error {
  override name = 'FrameNotReadyError';
  constructor() {
    super('The card form is not ready');
  }
}
