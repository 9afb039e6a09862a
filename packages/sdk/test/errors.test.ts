import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  ConflictError,
  createClient,
  ForbiddenError,
  NotFoundError,
  PaymentLockedError,
  RateLimitedError,
  SchemaMismatchError,
  ServerError,
  SessionExpiredError,
  UnauthorizedError,
  ValidationError,
} from '../src/index.js';

const base = 'http://api.test';
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function replyOnce(
  status: number,
  body: unknown,
  init: { statusText?: string; headers?: Record<string, string> } = {},
) {
  server.use(
    http.get(`${base}/api/v1/users/me`, () =>
      HttpResponse.json(body as never, { status, statusText: init.statusText, headers: init.headers }),
    ),
  );
}

const client = (onSessionExpired = vi.fn()) => createClient({ baseUrl: base, retries: 0, onSessionExpired });

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

describe('the error catalogue (document 1 §8)', () => {
  it.each([
    [400, { errors: ['Email is invalid'] }, ValidationError, 'Email is invalid'],
    [400, { message: 'Dates are required' }, ValidationError, 'Dates are required'],
    [400, { reason: 'Bad occupancy' }, ValidationError, 'Bad occupancy'],
    [
      401,
      { message: 'The e-mail or password is not right' },
      UnauthorizedError,
      'The e-mail or password is not right',
    ],
    [
      401,
      { errors: 'Stripe locked: update your card' },
      PaymentLockedError,
      'Stripe locked: update your card',
    ],
    [400, { message: 'Account Stripe locked' }, PaymentLockedError, 'Account Stripe locked'],
    [404, { message: 'No such property' }, NotFoundError, 'No such property'],
    [440, { message: 'Your session has expired' }, SessionExpiredError, 'Your session has expired'],
  ])('status %i with %j raises %s', async (status, body, kind, message) => {
    replyOnce(status, body);
    const error = await errorOf(client().auth.currentUser());
    expect(error).toBeInstanceOf(kind);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(status);
    expect((error as ApiError).message).toBe(message);
  });

  it.each([
    [403, 'Forbidden', ForbiddenError],
    [409, 'Conflict', ConflictError],
    [429, 'Too Many Requests', RateLimitedError],
    [500, 'Internal Server Error', ServerError],
    [503, 'Service Unavailable', ServerError],
    [418, "I'm a teapot", ApiError],
  ])('other status %i raises the status text "%s"', async (status, statusText, kind) => {
    replyOnce(status, { message: 'the server said more' }, { statusText });
    const error = (await errorOf(client().auth.currentUser())) as ApiError;
    expect(error).toBeInstanceOf(kind);
    expect(error.message).toBe(statusText);
    expect(error.serverMessage).toBe('the server said more');
  });

  it('keeps the code, request id and field errors of a validation error', async () => {
    replyOnce(400, {
      message: 'Please correct the marked fields',
      code: 'invalid_input',
      request_id: 'req-1',
      fields: [{ field: 'session.email', message: 'Enter a valid e-mail address' }],
    });
    const error = (await errorOf(client().auth.currentUser())) as ValidationError;
    expect(error.code).toBe('invalid_input');
    expect(error.requestId).toBe('req-1');
    expect(error.fields).toEqual([{ field: 'session.email', message: 'Enter a valid e-mail address' }]);
  });

  it('reads Retry-After of a 429', async () => {
    replyOnce(
      429,
      { message: 'slow down' },
      { statusText: 'Too Many Requests', headers: { 'retry-after': '120' } },
    );
    const error = (await errorOf(client().auth.currentUser())) as RateLimitedError;
    expect(error.retryAfter).toBe(120);
  });

  it('calls onSessionExpired once on a 440', async () => {
    replyOnce(440, { message: 'expired' });
    const hook = vi.fn();
    await errorOf(client(hook).auth.currentUser());
    expect(hook).toHaveBeenCalledTimes(1);
    expect(hook.mock.calls[0]![0]).toBeInstanceOf(SessionExpiredError);
  });

  it('calls onPaymentLocked once on a Stripe locked 401, and not on another 401', async () => {
    const hook = vi.fn();
    const locked = createClient({ baseUrl: base, retries: 0, onPaymentLocked: hook });
    replyOnce(401, { message: 'Stripe locked: pay the subscription' });
    expect(await errorOf(locked.auth.currentUser())).toBeInstanceOf(PaymentLockedError);
    expect(hook).toHaveBeenCalledTimes(1);
    expect(hook.mock.calls[0]![0]).toBeInstanceOf(PaymentLockedError);
    replyOnce(401, { message: 'Please sign in' });
    await errorOf(locked.auth.currentUser());
    expect(hook).toHaveBeenCalledTimes(1);
  });

  it('does not call onSessionExpired on a 401', async () => {
    replyOnce(401, { message: 'Please sign in' });
    const hook = vi.fn();
    await errorOf(client(hook).auth.currentUser());
    expect(hook).not.toHaveBeenCalled();
  });

  it('reports a reply that breaks the contract as a SchemaMismatchError, not an ApiError', async () => {
    replyOnce(200, { data: { id: 'u1', type: 'user', attributes: { email: 42 } } });
    const error = await errorOf(client().auth.currentUser());
    expect(error).toBeInstanceOf(SchemaMismatchError);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as SchemaMismatchError).endpoint).toBe('auth.currentUser');
  });

  it('passes network errors through', async () => {
    server.use(http.get(`${base}/api/v1/users/me`, () => HttpResponse.error()));
    const error = await errorOf(client().auth.currentUser());
    expect(error).not.toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(TypeError);
  });
});
