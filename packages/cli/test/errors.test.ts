import {
  type ApiError,
  ConflictError,
  errorFromResponse,
  ForbiddenError,
  SchemaMismatchError,
  SessionExpiredError,
} from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { exitCodeOf, fieldWords, flagOfField } from '../src/errors.js';
import { toUserError, UserError } from '../src/index.js';

const site = { apiUrl: 'http://127.0.0.1:4000', signedIn: true };
const reply = (status: number, body: unknown, statusText = '') => errorFromResponse(status, statusText, body);

describe('toUserError', () => {
  const cases: { label: string; error: ApiError; message: string; code: string }[] = [
    {
      label: '440',
      error: reply(440, {
        message: 'Your session has expired. Please sign in again.',
        code: 'session_expired',
      }),
      message: 'Your session has expired: run `tern login`',
      code: 'session_expired',
    },
    {
      label: '401 with a token',
      error: reply(401, { message: 'Please sign in', code: 'unauthenticated' }),
      message: 'Your session is not valid any more: run `tern login`',
      code: 'session_invalid',
    },
    {
      label: '401 wrong password',
      error: reply(401, { message: 'The e-mail or password is not right', code: 'invalid_credentials' }),
      message: 'The e-mail or password is not right',
      code: 'invalid_credentials',
    },
    {
      label: '400 with fields',
      error: reply(400, {
        message: 'Please correct the marked fields',
        code: 'invalid_input',
        fields: [{ field: 'session.email', message: 'Enter a valid e-mail address' }],
      }),
      message: '--email: enter a valid e-mail address',
      code: 'invalid_input',
    },
    {
      label: '403',
      error: reply(403, { message: 'Managers only', code: 'forbidden' }, 'Forbidden'),
      message: 'Not allowed: Managers only',
      code: 'forbidden',
    },
    {
      label: '404',
      error: reply(404, { message: 'No such booking', code: 'not_found' }),
      message: 'No such booking',
      code: 'not_found',
    },
    {
      label: '409',
      error: reply(409, { message: 'Sold out', code: 'conflict' }, 'Conflict'),
      message: 'Sold out',
      code: 'conflict',
    },
    {
      label: '429',
      error: reply(
        429,
        { message: 'Too many attempts. Try again in 15 minutes.', code: 'too_many_attempts' },
        'Too Many Requests',
      ),
      message: 'Too many attempts. Try again in 15 minutes.',
      code: 'too_many_attempts',
    },
    {
      label: '503',
      error: reply(503, null, 'Service Unavailable'),
      message: 'The Tern API at http://127.0.0.1:4000 is unavailable (503 Service Unavailable)',
      code: 'http_503',
    },
  ];
  it.each(cases)('$label → a user error', ({ error, message, code }) => {
    const mapped = toUserError(error, site);
    expect(mapped).toBeInstanceOf(UserError);
    expect(mapped).toMatchObject({ message, code, status: error.status });
  });

  it('says "Not signed in" for a 401 when no token was sent', () => {
    expect(
      toUserError(reply(401, { message: 'Please sign in', code: 'unauthenticated' }), {
        ...site,
        signedIn: false,
      }),
    ).toMatchObject({
      message: 'Not signed in: run `tern login`',
      code: 'not_signed_in',
    });
  });

  it('names the URL when the network fails', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
    });
    expect(toUserError(refused, site)?.message).toBe(
      'Cannot reach the Tern API at http://127.0.0.1:4000 (connection refused): is it running? Pass --api-url or set TERN_API_URL',
    );
    const unknownHost = new TypeError('fetch failed', {
      cause: Object.assign(new Error('dns'), { code: 'ENOTFOUND' }),
    });
    expect(toUserError(unknownHost, site)?.message).toContain('(host not found)');
    const timeout = Object.assign(new Error('Request timed out'), { name: 'TimeoutError' });
    expect(toUserError(timeout, site)).toMatchObject({ code: 'timeout' });
  });

  it('leaves bugs as bugs: a reply off the contract, a 500, anything unexpected', () => {
    expect(toUserError(new SchemaMismatchError('auth.currentUser', [], {}), site)).toBeNull();
    expect(
      toUserError(
        reply(
          500,
          { message: 'Something went wrong on our side', code: 'internal' },
          'Internal Server Error',
        ),
        site,
      ),
    ).toBeNull();
    expect(toUserError(new RangeError('oops'), site)).toBeNull();
    expect(toUserError(new TypeError('x is not a function'), site)).toBeNull();
  });

  it('keeps the classes of the SDK apart', () => {
    expect(reply(440, {})).toBeInstanceOf(SessionExpiredError);
    expect(reply(403, {}, 'Forbidden')).toBeInstanceOf(ForbiddenError);
    expect(reply(409, {}, 'Conflict')).toBeInstanceOf(ConflictError);
  });
});

describe('server field errors in words, named by flag', () => {
  it('names every refused field as its flag (or the ID argument), in words, at once', () => {
    const error = reply(400, {
      message: 'Please correct the marked fields.',
      code: 'invalid_input',
      fields: [
        { field: 'id', message: 'Not a valid id' },
        { field: 'body.promoCode.name', message: 'Too big: expected string to have <=100 characters' },
        { field: 'query.perPage', message: 'Invalid input: expected number, received NaN' },
        { field: 'status', message: 'Invalid option: expected one of "new"|"modified"' },
        { field: 'validFrom', message: 'Invalid input: expected string, received undefined' },
      ],
    });
    expect(toUserError(error, site)?.message).toBe(
      'ID: not a valid id; --name: use at most 100 characters; --per-page: not a number; --status: use one of new, modified; --valid-from: required',
    );
  });

  it.each([
    ['Too small: expected number to be >=1', 'use a number at least 1'],
    ['Too small: expected string to have >=1 characters', 'give a value'],
    ['Too big: expected number to be <100', 'use a number below 100'],
    ['Enter a valid e-mail address.', 'enter a valid e-mail address'],
  ])('%s → %s', (message, words) => {
    expect(fieldWords(message)).toBe(words);
  });

  it('maps fields to flags: camelCase and snake_case to --kebab-case, the last name of a path', () => {
    expect(flagOfField('session.remember_me')).toBe('--remember-me');
    expect(flagOfField('changes.minStayThrough')).toBe('--min-stay-through');
    expect(flagOfField('changes.occupancyRates')).toBe('--occupancy-rate');
    expect(flagOfField('rows.3.price')).toBe('row 4, price');
    expect(flagOfField('(root)')).toBe('the input');
  });
});

describe('exit codes: usage (2) before any call, refusals (1) from the server', () => {
  it('a local invalid input is 2, the same code from the server is 1', () => {
    expect(exitCodeOf(new UserError('--adults: …', { code: 'invalid_input' }))).toBe(2);
    expect(exitCodeOf(new UserError('--x', { code: 'invalid_flags' }))).toBe(2);
    expect(exitCodeOf(new UserError('--x', { code: 'missing_flags' }))).toBe(2);
    expect(exitCodeOf(new UserError('ID: not a valid id', { code: 'invalid_input', status: 400 }))).toBe(1);
    expect(exitCodeOf(new UserError('sold out', { code: 'out_of_stock' }))).toBe(1);
  });
});
