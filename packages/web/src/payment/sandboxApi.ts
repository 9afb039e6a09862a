import type { SandboxPaid, SandboxPayBody, SandboxSession } from '@tern/sdk/sandboxPayments';

/**
 * The sandbox payment provider's two calls the hosted page makes, on its own origin (packages/sdk/src/
 * sandboxPayments.ts): the session, and the card. A refusal is thrown as its body (`{ code, message, fields?,
 * returnUrl? }`, core's `paymentRefusalOf` reads it); no answer throws the network's error.
 */
async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(path, { ...init, headers: { accept: 'application/json', ...init?.headers } });
  const body = (await response.json().catch(() => null)) as unknown;
  if (!response.ok)
    throw Object.assign(new Error(`HTTP ${response.status}`), {
      status: response.status,
      ...(body as object),
    });
  return body as T;
}

export const sandboxApi = {
  session: (sessionId: string, signal?: AbortSignal) =>
    call<SandboxSession>(`/api/sessions/${encodeURIComponent(sessionId)}`, signal ? { signal } : {}),
  pay: (sessionId: string, body: SandboxPayBody, signal?: AbortSignal) =>
    call<SandboxPaid>(`/api/sessions/${encodeURIComponent(sessionId)}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    }),
};

/** The session's id from the page's address: `/pay/{sessionId}`. */
export const sessionIdOf = (pathname: string): string => {
  const match = /^\/pay\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]!) : '';
};
