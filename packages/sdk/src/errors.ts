import type * as z from 'zod';
import type { ErrorParams } from './errorCatalogue.js';

/** Base of every error the SDK raises itself. Network and timeout errors from `fetch`/ky pass through as they are. */
export class TernError extends Error {
  override name = 'TernError';
}

export interface FieldError {
  field: string;
  message: string;
  /** The catalogue's code for this field's refusal (`errorCatalogue`), when the server names one. */
  code?: string | undefined;
  /** The values the code's words name. */
  params?: ErrorParams | undefined;
}

export interface ApiErrorInit {
  status: number;
  message: string;
  code?: string | undefined;
  requestId?: string | undefined;
  body?: unknown;
  fields?: FieldError[] | undefined;
  params?: ErrorParams | undefined;
}

/** The API answered with a status above 299. */
export class ApiError extends TernError {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;
  readonly body: unknown;
  /** Field errors of a rejected input, `field` in camelCase dotted form (`session.email`). */
  readonly fields: FieldError[];
  /** The values the code's words name (`{{name}}` in `errorCatalogue`), as the server sent them. */
  readonly params: ErrorParams;
  /** The server's own message (`errors`, `message` or `reason`), also for statuses whose `message` is the status text. */
  readonly serverMessage: string | null;
  constructor(init: ApiErrorInit) {
    super(init.message);
    this.serverMessage = messageOf(init.body);
    this.status = init.status;
    this.code = init.code ?? `http_${init.status}`;
    this.requestId = init.requestId;
    this.body = init.body;
    this.fields = init.fields ?? [];
    this.params = init.params ?? {};
  }
}

/** 400: the input was refused; `fields` says which. */
export class ValidationError extends ApiError {
  override name = 'ValidationError';
}
/** 401: not signed in, or wrong credentials. */
export class UnauthorizedError extends ApiError {
  override name = 'UnauthorizedError';
}
/** 400 or 401 whose message contains 'Stripe locked': the account is locked for card payments. */
export class PaymentLockedError extends ApiError {
  override name = 'PaymentLockedError';
}
/** 403: signed in, but this role or owner may not do that. */
export class ForbiddenError extends ApiError {
  override name = 'ForbiddenError';
}
/** 404: the resource does not exist, or is not yours to see. */
export class NotFoundError extends ApiError {
  override name = 'NotFoundError';
}
/** 409: the state changed under you (sold out, already cancelled…). */
export class ConflictError extends ApiError {
  override name = 'ConflictError';
}
/** 429: too many attempts; `retryAfter` seconds when the server says. */
export class RateLimitedError extends ApiError {
  override name = 'RateLimitedError';
  retryAfter: number | null = null;
}
/** 440: the session expired. The client also calls `onSessionExpired`. */
export class SessionExpiredError extends ApiError {
  override name = 'SessionExpiredError';
}
/** 5xx. */
export class ServerError extends ApiError {
  override name = 'ServerError';
}

/** The reply did not match the contract: a bug on one side, never the user's to fix. */
export class SchemaMismatchError extends TernError {
  override name = 'SchemaMismatchError';
  constructor(
    readonly endpoint: string,
    readonly issues: z.core.$ZodIssue[],
    readonly body: unknown,
  ) {
    super(
      `The reply of ${endpoint} does not match the contract: ${issues
        .slice(0, 3)
        .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
        .join('; ')}`,
    );
  }
}

/** The message of document 1 §8: from `errors`, `message` or `reason`. */
export function messageOf(body: unknown): string | null {
  if (!body || typeof body !== 'object') return typeof body === 'string' && body ? body : null;
  const b = body as Record<string, unknown>;
  const fromErrors = (errors: unknown): string | null => {
    if (typeof errors === 'string') return errors;
    if (Array.isArray(errors)) {
      const parts = errors
        .map((e) =>
          typeof e === 'string'
            ? e
            : e && typeof e === 'object'
              ? String((e as Record<string, unknown>).detail ?? (e as Record<string, unknown>).message ?? '')
              : '',
        )
        .filter(Boolean);
      return parts.length ? parts.join(', ') : null;
    }
    if (errors && typeof errors === 'object') {
      const parts = Object.entries(errors).map(
        ([k, v]) => `${k} ${Array.isArray(v) ? v.join(', ') : String(v)}`,
      );
      return parts.length ? parts.join(', ') : null;
    }
    return null;
  };
  return (
    fromErrors(b.errors) ??
    (typeof b.message === 'string' && b.message ? b.message : null) ??
    (typeof b.reason === 'string' && b.reason ? b.reason : null)
  );
}

/** Maps a status and its body to the error class of the catalogue (document 1 §8). */
export function errorFromResponse(
  status: number,
  statusText: string,
  body: unknown,
  headers?: Headers,
): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const code = typeof b.code === 'string' ? b.code : undefined;
  const requestId =
    (typeof b.request_id === 'string' ? b.request_id : undefined) ??
    headers?.get('x-request-id') ??
    undefined;
  const fields = Array.isArray(b.fields)
    ? (b.fields as unknown[]).flatMap((f) => {
        if (!f || typeof f !== 'object' || typeof (f as FieldError).field !== 'string') return [];
        const { field, message, code: fieldCode, params: fieldParams } = f as Record<string, unknown>;
        return [
          {
            field: field as string,
            message: String(message),
            ...(typeof fieldCode === 'string' ? { code: fieldCode } : {}),
            ...(paramsOf(fieldParams) ? { params: paramsOf(fieldParams) } : {}),
          },
        ];
      })
    : undefined;
  const params = paramsOf(b.params);
  const init = (message: string): ApiErrorInit => ({
    status,
    message,
    code,
    requestId,
    body,
    fields,
    ...(params ? { params } : {}),
  });
  if (status === 440) return new SessionExpiredError(init(messageOf(body) ?? 'Your session has expired'));
  if (status === 404) return new NotFoundError(init(messageOf(body) ?? 'Not found'));
  if (status === 400 || status === 401) {
    const message = messageOf(body) ?? (statusText || `HTTP ${status}`);
    if (message.includes('Stripe locked')) return new PaymentLockedError(init(message));
    return status === 400 ? new ValidationError(init(message)) : new UnauthorizedError(init(message));
  }
  const message = statusText || messageOf(body) || `HTTP ${status}`;
  if (status === 403) return new ForbiddenError(init(message));
  if (status === 409) return new ConflictError(init(message));
  if (status === 429) {
    const e = new RateLimitedError(init(message));
    const after = Number(headers?.get('retry-after'));
    e.retryAfter = Number.isFinite(after) && after > 0 ? after : null;
    return e;
  }
  if (status >= 500) return new ServerError(init(message));
  return new ApiError(init(message));
}

/** An error reply's `params`: an object of strings and numbers (anything else is left out). */
function paramsOf(value: unknown): ErrorParams | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter(
    ([, v]) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)),
  );
  return entries.length ? (Object.fromEntries(entries) as ErrorParams) : undefined;
}
