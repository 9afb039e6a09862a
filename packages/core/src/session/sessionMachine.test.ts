import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { resellerUser, storedSession } from '../test/fixtures.js';
import type { StoredSession } from './rules.js';
import { type GoToLoginParams, sessionMachine } from './sessionMachine.js';

const START = Date.UTC(2025, 5, 1, 12, 0, 0);
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function start(restored: StoredSession | null | Error, options: { signOutFails?: boolean } = {}) {
  const log: string[] = [];
  const logins: GoToLoginParams[] = [];
  const apps: string[] = [];
  const persisted: StoredSession[] = [];
  const signOuts: string[] = [];
  const machine = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(async () => {
        if (restored instanceof Error) throw restored;
        return restored;
      }),
      signOut: fromPromise(async ({ input }: { input: { token: string } }) => {
        signOuts.push(input.token);
        if (options.signOutFails) throw new Error('Network down');
      }),
    },
    actions: {
      persistSession: (_, params) => {
        log.push('persist');
        persisted.push(params.session);
      },
      clearPersistedSession: () => log.push('clear'),
      goToLogin: (_, params) => {
        log.push('login');
        logins.push(params);
      },
      goToApp: (_, params) => apps.push(params.to),
    },
  });
  const actor = createActor(machine, { input: {} }).start();
  return { actor, log, logins, apps, persisted, signOuts };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('sessionMachine', () => {
  it('restores a live session', async () => {
    const { actor, log } = start(storedSession(START + HOUR));
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('active'));
    expect(actor.getSnapshot().context.session?.exp).toBe(START + HOUR);
    expect(log).toEqual([]);
  });

  it.each([
    ['no session', null],
    ['an expired one', storedSession(START)],
  ])('starts anonymous with %s, clearing storage', async (_, restored) => {
    const { actor, log } = start(restored);
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(log).toEqual(['clear']);
  });

  it('keeps a failed restore retryable', async () => {
    const { actor } = start(new Error('Failed to fetch'));
    await waitFor(actor, (s) => s.matches('restoreFailed'));
    expect(actor.getSnapshot().context.error?.message).toBe('Failed to fetch');
    actor.send({ type: 'user.retry' });
    expect(actor.getSnapshot().value).toBe('restoring');
  });

  it('signs in, keeps the session and goes back to the remembered origin', async () => {
    const { actor, log, apps, persisted } = start(null);
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'session.remember', origin: '/contracts?tab=pending' });
    const session = storedSession(START + HOUR);
    actor.send({ type: 'session.signedIn', session });
    expect(actor.getSnapshot().value).toEqual({ active: 'live' });
    expect(persisted).toEqual([session]);
    expect(apps).toEqual(['/contracts?tab=pending']);
    expect(actor.getSnapshot().context.origin).toBeNull();
    expect(log).toEqual(['clear', 'persist']);
  });

  it.each([
    ['an unsafe origin goes to bookings', 'sign_in', '//evil.test', '/bookings'],
    ['a reset-link session goes to change password', 'password_reset', '/contracts', '/changePassword'],
  ] as const)('%s', async (_, purpose, origin, to) => {
    const { actor, apps } = start(null);
    await waitFor(actor, (s) => s.matches('anonymous'));
    actor.send({ type: 'session.remember', origin });
    actor.send({ type: 'session.signedIn', session: storedSession(START + HOUR, { purpose }) });
    expect(apps).toEqual([to]);
  });

  it('ends the session when exp passes and goes to login', async () => {
    const { actor, log, logins } = start(storedSession(START + HOUR));
    await waitFor(actor, (s) => s.matches('active'));
    vi.advanceTimersByTime(HOUR - 1);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.session).toBeNull();
    expect(log).toEqual(['clear', 'login']);
    expect(logins).toEqual([{ origin: null, reason: 'expired' }]);
  });

  it('re-arms past the longest timer for a 30-day session', async () => {
    const { actor } = start(storedSession(START + 30 * DAY));
    await waitFor(actor, (s) => s.matches('active'));
    vi.advanceTimersByTime(2 ** 31 - 1);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    vi.advanceTimersByTime(30 * DAY - (2 ** 31 - 1) - 1);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().value).toBe('anonymous');
  });

  it('reads the time from an injected clock', async () => {
    let now = START + HOUR - 1000; // the injected clock runs ahead of the system time
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          restoreSession: fromPromise<StoredSession | null>(async () => storedSession(START + HOUR)),
        },
      }),
      { input: { clock: () => now } },
    ).start();
    await waitFor(actor, (s) => s.matches('active'));
    now = START + HOUR;
    vi.advanceTimersByTime(1000);
    expect(actor.getSnapshot().value).toBe('anonymous');
  });

  it('ends the session on a 440 and goes to login with the origin', async () => {
    const { actor, log, logins } = start(storedSession(START + HOUR));
    await waitFor(actor, (s) => s.matches('active'));
    actor.send({ type: 'session.expired', origin: '/bookings?page=3' });
    expect(actor.getSnapshot().value).toBe('anonymous');
    expect(actor.getSnapshot().context.origin).toBe('/bookings?page=3');
    expect(log).toEqual(['clear', 'login']);
    expect(logins).toEqual([{ origin: '/bookings?page=3', reason: 'expired' }]);
    // No timer is left behind.
    vi.advanceTimersByTime(2 * HOUR);
    expect(logins).toHaveLength(1);
  });

  it.each([
    ['succeeds', false],
    ['fails (ignored)', true],
  ])('signs out when the server call %s', async (_, signOutFails) => {
    const { actor, log, logins, signOuts } = start(storedSession(START + HOUR), { signOutFails });
    await waitFor(actor, (s) => s.matches('active'));
    actor.send({ type: 'session.signOut' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(signOuts).toEqual(['tok-1']);
    expect(actor.getSnapshot().context).toMatchObject({ session: null, origin: null });
    expect(log).toEqual(['clear', 'login']);
    expect(logins).toEqual([{ origin: null, reason: 'signedOut' }]);
  });

  it('updates and keeps the user without touching the timer', async () => {
    const { actor, persisted } = start(storedSession(START + HOUR));
    await waitFor(actor, (s) => s.matches('active'));
    vi.advanceTimersByTime(HOUR / 2);
    actor.send({ type: 'session.userUpdated', user: resellerUser });
    expect(actor.getSnapshot().context.session?.user).toEqual(resellerUser);
    expect(persisted.at(-1)?.user).toEqual(resellerUser);
    vi.advanceTimersByTime(HOUR / 2);
    expect(actor.getSnapshot().value).toBe('anonymous');
  });

  it('replaces the session and re-arms the timer on a new sign-in while active', async () => {
    const { actor, persisted } = start(storedSession(START + HOUR));
    await waitFor(actor, (s) => s.matches('active'));
    const longer = storedSession(START + 3 * HOUR, { token: 'tok-2' });
    actor.send({ type: 'session.signedIn', session: longer });
    expect(persisted).toEqual([longer]);
    vi.advanceTimersByTime(2 * HOUR);
    expect(actor.getSnapshot().matches('active')).toBe(true);
    vi.advanceTimersByTime(HOUR);
    expect(actor.getSnapshot().value).toBe('anonymous');
  });

  it('ignores a 440 and sign-out when nobody is signed in', async () => {
    const { actor } = start(null);
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().can({ type: 'session.expired' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'session.signOut' })).toBe(false);
  });
});
