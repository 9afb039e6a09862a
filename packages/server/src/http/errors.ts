import { describeErrorCode, type ErrorCode, type ErrorParams, type FieldError } from '@tern/sdk';

/** What an error may carry besides its code: the values its words name, field errors, reply headers. */
export interface ErrorDetails {
  params?: ErrorParams | undefined;
  fields?: FieldError[] | undefined;
  headers?: Record<string, string> | undefined;
}

/**
 * An error a handler throws on purpose: answered with its status and `{message, code, params?, fields?,
 * request_id}`. Its message is the SDK catalogue's words for the code with the params filled in, so a client
 * may show the words it got or its own translation of the code. Anything else thrown is logged and answered
 * 500 without details.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  readonly status: number;
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;
  readonly fields: FieldError[] | undefined;
  readonly headers: Record<string, string> | undefined;
  constructor(status: number, code: ErrorCode, details: ErrorDetails = {}) {
    const message = describeErrorCode(code, details.params) ?? code;
    // A refusal is an answer, not a fault: no stack is gathered for it (microseconds on every refused call, and
    // nothing reads it). A 5xx keeps its stack for the log.
    const limit = Error.stackTraceLimit;
    if (status < 500) Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.status = status;
    this.code = code;
    this.params = details.params;
    this.fields = details.fields;
    this.headers = details.headers;
  }
}

/** A field's refusal named by a catalogue code: its words are the catalogue's. */
export function fieldError(field: string, code: ErrorCode, params?: ErrorParams): FieldError {
  return {
    field,
    code,
    message: describeErrorCode(code, params) ?? code,
    ...(params ? { params } : {}),
  };
}

/** 400 whose one field is refused with the error's own code. */
export const invalidField = (code: ErrorCode, field: string, params?: ErrorParams) =>
  new HttpError(400, code, { params, fields: [fieldError(field, code, params)] });

export const badRequest = (code: ErrorCode = 'invalid_input', details?: ErrorDetails) =>
  new HttpError(400, code, details);
export const unauthenticated = (code: ErrorCode = 'unauthenticated') => new HttpError(401, code);
export const sessionExpired = () => new HttpError(440, 'session_expired');
export const forbidden = (code: ErrorCode = 'forbidden', params?: ErrorParams) =>
  new HttpError(403, code, { params });
export const notFound = (code: ErrorCode = 'not_found') => new HttpError(404, code);
export const conflict = (code: ErrorCode = 'conflict', params?: ErrorParams) =>
  new HttpError(409, code, { params });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'too_many_attempts', {
    params: { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });

/** The JSON body of an error reply (snake_case on the wire). */
export function errorBody(
  error: Pick<HttpError, 'message' | 'code' | 'fields'> & { params?: ErrorParams | undefined },
  requestId: string,
): Record<string, unknown> {
  return {
    message: error.message,
    code: error.code,
    ...(error.params && Object.keys(error.params).length ? { params: error.params } : {}),
    ...(error.fields?.length ? { fields: error.fields } : {}),
    request_id: requestId,
  };
}
