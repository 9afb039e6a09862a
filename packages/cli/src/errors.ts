import {
  ApiError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RateLimitedError,
  SchemaMismatchError,
  ServerError,
  SessionExpiredError,
  UnauthorizedError,
  ValidationError,
} from '@tern/sdk';

/**
 * Exit codes: 0 done, 1 the user's to fix, 2 a usage error (commander's: an unknown command or option, a bad
 * option value), 70 a bug in tern (sysexits' EX_SOFTWARE), 130 interrupted (Ctrl+C, as a shell reports SIGINT).
 */
export const EXIT = { ok: 0, user: 1, usage: 2, bug: 70, interrupted: 130 } as const;

/** Ctrl+C: at a prompt (where the terminal is raw and no signal comes), or SIGINT. Exit 130. */
export class Interrupted extends Error {
  override name = 'Interrupted';
  constructor() {
    super('Interrupted');
  }
}

export const NOT_SIGNED_IN = 'Not signed in: run `tern login`';
export const SESSION_EXPIRED = 'Your session has expired: run `tern login`';

export interface UserErrorInit {
  /** A stable, machine-readable code (`not_signed_in`, `otp_required`, or the server's code). */
  code: string;
  status?: number | undefined;
  requestId?: string | undefined;
  fields?: { field: string; message: string }[] | undefined;
  /** More to put in the `--json` error object (e.g. where a code was sent). */
  details?: Record<string, unknown> | undefined;
  /** The command already printed its JSON result (a batch's results): no `{"error": …}` after it. */
  resultPrinted?: boolean | undefined;
}

/** A failure the user can fix: one line on stderr, exit 1. */
export class UserError extends Error {
  override name = 'UserError';
  readonly code: string;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly fields: { field: string; message: string }[];
  readonly details: Record<string, unknown>;
  readonly resultPrinted: boolean;
  constructor(message: string, init: UserErrorInit) {
    super(message);
    this.code = init.code;
    this.status = init.status;
    this.requestId = init.requestId;
    this.fields = init.fields ?? [];
    this.details = init.details ?? {};
    this.resultPrinted = init.resultPrinted ?? false;
  }
}

/** What a call was doing when it failed: the API's address, and whether a session token went with it. */
export interface CallSite {
  apiUrl: string;
  signedIn: boolean;
}

const NETWORK_CODES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host not found',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ETIMEDOUT: 'timed out',
  UND_ERR_CONNECT_TIMEOUT: 'timed out',
  UND_ERR_SOCKET: 'connection closed',
};

function networkReason(error: unknown): string | null {
  if (!(error instanceof TypeError)) return null;
  const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause;
  const code = typeof cause?.code === 'string' ? cause.code : null;
  if (code && NETWORK_CODES[code]) return NETWORK_CODES[code];
  if (error.message === 'fetch failed') return typeof cause?.message === 'string' ? cause.message : 'failed';
  return null;
}

function fromApiError(error: ApiError, site: CallSite): UserError | null {
  const base = { status: error.status, requestId: error.requestId, fields: error.fields };
  const said = error.serverMessage ?? error.message;
  if (error instanceof SessionExpiredError)
    return new UserError(SESSION_EXPIRED, { ...base, code: error.code });
  if (error instanceof UnauthorizedError && error.code === 'unauthenticated')
    return new UserError(
      site.signedIn ? `Your session is not valid any more: run \`tern login\`` : NOT_SIGNED_IN,
      {
        ...base,
        code: site.signedIn ? 'session_invalid' : 'not_signed_in',
      },
    );
  if (error instanceof ValidationError) {
    const fields = error.fields.map((f) => `${f.field}: ${f.message}`).join('; ');
    const message = fields && !said.includes(fields) ? `${said} (${fields})` : said;
    return new UserError(message, { ...base, code: error.code });
  }
  if (error instanceof RateLimitedError)
    return new UserError(said, {
      ...base,
      code: error.code,
      details: error.retryAfter ? { retryAfter: error.retryAfter } : undefined,
    });
  if (error instanceof ForbiddenError)
    return new UserError(`Not allowed: ${said === error.message ? 'your role may not do that' : said}`, {
      ...base,
      code: error.code,
    });
  if (error instanceof UnauthorizedError || error instanceof NotFoundError || error instanceof ConflictError)
    return new UserError(said, { ...base, code: error.code });
  // A 500 is a fault on the server's side: a bug, reported with its request id. Gateways and restarts are not.
  if (error instanceof ServerError && error.status === 500) return null;
  if (error instanceof ServerError)
    return new UserError(`The Tern API at ${site.apiUrl} is unavailable (${error.status} ${error.message})`, {
      ...base,
      code: error.code,
    });
  return new UserError(said, { ...base, code: error.code });
}

/**
 * The error as the user's to fix, or `null` when it is a bug. SDK errors map by class (document 1 §8); a
 * refused or unreachable connection names the URL; a reply off the contract or a 500 is a bug.
 */
export function toUserError(error: unknown, site: CallSite): UserError | null {
  if (error instanceof UserError) return error;
  if (error instanceof SchemaMismatchError) return null;
  if (error instanceof ApiError) return fromApiError(error, site);
  if (error instanceof Error && error.name === 'TimeoutError')
    return new UserError(`The Tern API at ${site.apiUrl} did not answer in time`, { code: 'timeout' });
  const reason = networkReason(error);
  if (reason)
    return new UserError(
      `Cannot reach the Tern API at ${site.apiUrl} (${reason}): is it running? Pass --api-url or set TERN_API_URL`,
      { code: 'unreachable' },
    );
  return null;
}

/** The `{"error": …}` object printed on stdout with `--json`. */
export function errorJson(error: UserError | null, bug: unknown): { error: Record<string, unknown> } {
  if (error)
    return {
      error: {
        kind: 'user',
        code: error.code,
        message: error.message,
        ...(error.status !== undefined ? { status: error.status } : {}),
        ...(error.requestId ? { requestId: error.requestId } : {}),
        ...(error.fields.length ? { fields: error.fields } : {}),
        ...error.details,
      },
    };
  const requestId = bug instanceof ApiError ? bug.requestId : undefined;
  return {
    error: {
      kind: 'bug',
      code: 'bug',
      message: bugLine(bug),
      ...(requestId ? { requestId } : {}),
    },
  };
}

/** The one line shown for a bug. */
export function bugLine(error: unknown): string {
  const what = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  const requestId = error instanceof ApiError && error.requestId ? ` (request id ${error.requestId})` : '';
  return `This is a bug in tern: ${what}${requestId}. Please report it with the command you ran; TERN_DEBUG=1 shows the stack`;
}
