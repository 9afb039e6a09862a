import type { ErrorCode, FieldError } from '@tern/sdk';

/**
 * An error a handler throws on purpose: answered with its status and `{message, code, fields?, request_id}`.
 * Anything else thrown is logged and answered 500 without details.
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: FieldError[], code: ErrorCode = 'invalid_input') =>
  new HttpError(400, code, message, fields);
export const unauthenticated = (message = 'Please sign in', code: ErrorCode = 'unauthenticated') =>
  new HttpError(401, code, message);
export const sessionExpired = () =>
  new HttpError(440, 'session_expired', 'Your session has expired. Please sign in again.');
export const forbidden = (message = 'You may not do that', code: ErrorCode = 'forbidden') =>
  new HttpError(403, code, message);
export const notFound = (message = 'Not found', code: ErrorCode = 'not_found') =>
  new HttpError(404, code, message);
export const conflict = (message: string, code: ErrorCode = 'conflict') => new HttpError(409, code, message);
export const tooManyRequests = (retryAfterSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return new HttpError(
    429,
    'too_many_attempts',
    `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  );
};

/** The JSON body of an error reply (snake_case on the wire). */
export function errorBody(
  error: Pick<HttpError, 'message' | 'code' | 'fields'>,
  requestId: string,
): Record<string, unknown> {
  return {
    message: error.message,
    code: error.code,
    ...(error.fields?.length ? { fields: error.fields } : {}),
    request_id: requestId,
  };
}
