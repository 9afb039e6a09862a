import { createMemoryHistory } from '@tanstack/react-router';
import type { StoredSession } from '@tern/core/session';
import { contract, PaymentLockedError, SessionExpiredError, type TernClient } from '@tern/sdk';
import { render, screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { App } from '../src/app/App';
import type { ClientSetup } from '../src/app/client';
import { createServices } from '../src/app/services';
import { CarSearchForm } from '../src/features/bookingEngine/home/HomePage';
import { searchFormParts } from '../src/features/bookingEngine/search/deferredFields';
import { CookieDialog } from '../src/features/privacy/CookieDialog';
import { createI18n } from '../src/i18n';
import { frameParts } from '../src/layouts/AppLayout';
import { headerParts } from '../src/layouts/header/deferredParts';
import { createAppRouter } from '../src/router/router';
import { SESSION_KEY } from '../src/session/storage';
import { sessionFor } from './fixtures';

type Auth = TernClient['auth'];

// The parts a page fetches after it draws (`components/deferred.tsx`) are loaded before the app is drawn here,
// so a test meets them as a user meets them a moment after the page shows (`deferred.test.tsx` covers the wait).
await Promise.all(
  [...searchFormParts, ...headerParts, ...frameParts, CookieDialog, CarSearchForm].map((part) =>
    part.preload(),
  ),
);

/**
 * Handlers of the booking engine's calls by endpoint name (`engine.search`, `vehicles.places`…): every
 * area method of the fake client (but `auth`) goes to `client.call`, which answers from these.
 */
export type CallHandlers = Record<string, (input: never, options?: { signal?: AbortSignal }) => unknown>;

/** A client whose auth calls are vitest mocks; by default every call fails loudly. */
export function fakeClient(
  overrides: Partial<Record<keyof Auth, (...args: never[]) => unknown>> = {},
  handlers: CallHandlers = {},
) {
  const notStubbed = (name: string) =>
    Object.assign(
      vi.fn(async () => Promise.reject(new Error(`${name} is not stubbed`))),
      { notStubbed: true },
    );
  const auth = {
    signIn: notStubbed('signIn'),
    validateToken: notStubbed('validateToken'),
    currentUser: notStubbed('currentUser'),
    signOut: vi.fn(async () => undefined),
    forgotPassword: notStubbed('forgotPassword'),
    verifyResetToken: notStubbed('verifyResetToken'),
    resetPassword: notStubbed('resetPassword'),
    changePassword: notStubbed('changePassword'),
    ...Object.fromEntries(Object.entries(overrides).map(([k, fn]) => [k, vi.fn(fn as () => unknown)])),
  };
  // The SDK's hooks, as the real client runs them before throwing (set by `renderApp`).
  const hooks: Partial<Pick<ClientSetup, 'onSessionExpired' | 'onPaymentLocked'>> = {};
  const call = vi.fn(
    async (endpoint: { name: string }, input?: unknown, options?: { signal?: AbortSignal }) => {
      const handler = handlers[endpoint.name];
      if (!handler) throw new Error(`${endpoint.name} is not stubbed`);
      try {
        return await handler(input as never, options);
      } catch (error) {
        if (error instanceof SessionExpiredError) hooks.onSessionExpired?.(error);
        if (error instanceof PaymentLockedError) hooks.onPaymentLocked?.(error);
        throw error;
      }
    },
  );
  const areas = Object.fromEntries(
    Object.entries(contract)
      .filter(([area]) => area !== 'auth')
      .map(([area, endpoints]) => [
        area,
        Object.fromEntries(
          Object.entries(endpoints).map(([op, endpoint]) => [
            op,
            (input?: unknown, options?: { signal?: AbortSignal }) => call(endpoint, input, options),
          ]),
        ),
      ]),
  );
  return { ...areas, auth, call, hooks } as unknown as TernClient & {
    hooks: typeof hooks;
    auth: Record<keyof Auth, ReturnType<typeof vi.fn>>;
    call: typeof call;
  };
}

export interface RenderOptions {
  path: string;
  client?: ReturnType<typeof fakeClient>;
  /** A session already stored (restored at start through `validateToken`). */
  stored?: StoredSession;
  now?: () => number;
}

/** The whole app on a memory history, with a fake API client and jsdom's localStorage. */
export function renderApp({ path, client = fakeClient(), stored, now = () => Date.now() }: RenderOptions) {
  if (stored) {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(stored));
    if ('notStubbed' in client.auth.validateToken) {
      client.auth.validateToken.mockImplementation(async () => {
        const {
          token: _t,
          deviceIdentifier: _d,
          ...rest
        } = sessionFor(stored.user, {
          ttl: Math.max(1, Math.round((stored.exp - now()) / 1000)),
          purpose: stored.purpose,
        });
        return rest;
      });
    }
  }
  let setup: ClientSetup | null = null;
  const services = createServices({
    storage: window.localStorage,
    now,
    client: (s) => {
      setup = s;
      client.hooks.onSessionExpired = s.onSessionExpired;
      client.hooks.onPaymentLocked = s.onPaymentLocked;
      return client;
    },
  });
  const history = createMemoryHistory({ initialEntries: [path] });
  const router = createAppRouter(services, history);
  services.navigate = (href, options) => void router.navigate({ href, replace: options?.replace ?? false });
  services.currentLocation = () => router.state.location.href;
  const result = render(<App services={services} router={router} i18n={createI18n()} />);
  return {
    ...result,
    client,
    services,
    router,
    /** The path, query and hash the app shows now. */
    location: () => router.state.location.href,
    /** What the SDK does on a 440 from any call. */
    expireSession: () => setup?.onSessionExpired(new Error('expired') as SessionExpiredError),
  };
}

/** Waits until the app shows `href` (path and query). */
export async function waitForLocation(app: { location: () => string }, href: string) {
  await waitFor(() => {
    if (app.location() !== href) throw new Error(`at ${app.location()}, waiting for ${href}`);
  });
}

export { screen };
