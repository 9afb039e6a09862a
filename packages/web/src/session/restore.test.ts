import { contract } from '@tern/sdk';
import { describe, expect, it, vi } from 'vitest';
import { storedFor, supplierUser } from '../../test/fixtures';
import { askedEarly, fetchTokenCheck, restoreChecked } from './restore';
import { SESSION_KEY } from './storage';

const answering = (status: number) => vi.fn(async () => new Response('{}', { status }));

describe('the token check before the SDK (fetchTokenCheck)', () => {
  it("asks the SDK's validateToken endpoint with the token", async () => {
    const fetch = answering(200);
    await expect(fetchTokenCheck('http://api.test/', fetch)('tok-1')).resolves.toBe('valid');
    expect(contract.auth.validateToken.method).toBe('GET');
    expect(fetch).toHaveBeenCalledWith(`http://api.test${contract.auth.validateToken.path}`, {
      headers: { accept: 'application/json', authorization: 'Bearer tok-1' },
    });
  });

  it.each([401, 403, 404, 440])('takes %i as a refused token', async (status) => {
    await expect(fetchTokenCheck('http://api.test', answering(status))('tok-1')).resolves.toBe('refused');
  });

  it.each([500, 503, 429])('rejects on %i (the server could not say)', async (status) => {
    await expect(fetchTokenCheck('http://api.test', answering(status))('tok-1')).rejects.toThrow(
      `The session check failed (${status})`,
    );
  });
});

describe('a restore by the token check (restoreChecked)', () => {
  const now = () => Date.now();

  it('keeps the stored session when the server accepts its token', async () => {
    const stored = storedFor(supplierUser, Date.now() + 60_000);
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(stored));
    const check = vi.fn(async () => 'valid' as const);
    await expect(restoreChecked(check, window.localStorage, now)).resolves.toEqual(stored);
    expect(check).toHaveBeenCalledWith(stored.token);
  });

  it('drops it when the server refuses the token', async () => {
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(storedFor(supplierUser, Date.now() + 60_000)));
    await expect(restoreChecked(async () => 'refused', window.localStorage, now)).resolves.toBeNull();
  });

  it('asks nothing for an expired or missing session', async () => {
    const check = vi.fn(async () => 'valid' as const);
    await expect(restoreChecked(check, window.localStorage, now)).resolves.toBeNull();
    window.localStorage.setItem(SESSION_KEY, JSON.stringify(storedFor(supplierUser, Date.now() - 1000)));
    await expect(restoreChecked(check, window.localStorage, now)).resolves.toBeNull();
    expect(check).not.toHaveBeenCalled();
  });
});

describe('a token check asked before the session machine runs (askedEarly)', () => {
  it('hands the early answer to the next check of that token, and asks again after it', async () => {
    const check = vi.fn(
      async (token: string) => (token === 'tok-1' ? 'valid' : 'refused') as 'valid' | 'refused',
    );
    const early = askedEarly(check);
    early.ask('tok-1');
    expect(check).toHaveBeenCalledTimes(1);
    await expect(early('tok-1')).resolves.toBe('valid');
    expect(check).toHaveBeenCalledTimes(1);
    // A retry (the first answer was a failure, or the user asks again) is a new request.
    await expect(early('tok-1')).resolves.toBe('valid');
    expect(check).toHaveBeenCalledTimes(2);
  });

  it('asks for another token than the one asked early, and drops the early answer', async () => {
    const check = vi.fn(async () => 'valid' as const);
    const early = askedEarly(check);
    early.ask('tok-old');
    await early('tok-new');
    expect(check).toHaveBeenLastCalledWith('tok-new');
    await early('tok-old');
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('passes an early failure to the check that takes it, and none unasked for', async () => {
    const check = vi.fn(async (): Promise<'valid'> => {
      throw new Error('offline');
    });
    const early = askedEarly(check);
    early.ask('tok-1');
    await expect(early('tok-1')).rejects.toThrow('offline');
    early.ask('tok-2');
    // Never taken: vitest fails the run on an unhandled rejection.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
});
