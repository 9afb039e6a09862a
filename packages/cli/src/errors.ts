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
} from '@tern/sdk/errors';

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
    // Every refused field at once, each named as the flag (or argument) it came from, in words.
    const message = error.fields.length ? fieldProblems(error.fields) : said;
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

/** Fields that are a command's argument, not a flag (`tern bookings show ID`). */
const ARGUMENT_FIELDS: Record<string, string> = { id: 'ID' };

/** Fields whose flag is not their name in kebab-case. */
const FIELD_FLAGS: Record<string, string> = {
  occupancyRates: '--occupancy-rate',
  externalReferenceId: '--reference',
  q: '--search',
};

/**
 * The flag a server's field error came from: the field's last name (`session.email`, `query.perPage`), camelCase
 * or snake_case, as `--kebab-case` (`--email`, `--per-page`); a path's `id` is the command's ID argument.
 */
export function flagOfField(field: string): string {
  const parts = field.split('.');
  // A field of a list's item (a file's rows: `rows.0.occupancyRates`) is named by the item, 1-based, and its key.
  const index = parts.findIndex((name) => /^\d+$/.test(name));
  if (index > 0) {
    const item = parts[index - 1]!.replace(/s$/, '');
    const rest = parts.slice(index + 1).join('.');
    return `${item} ${Number(parts[index]) + 1}${rest ? `, ${rest}` : ''}`;
  }
  const names = parts.filter((name) => name && name !== '(root)');
  const last = names.at(-1);
  if (!last) return 'the input';
  if (ARGUMENT_FIELDS[last] && names.length === 1) return ARGUMENT_FIELDS[last];
  if (FIELD_FLAGS[last]) return FIELD_FLAGS[last];
  return `--${last
    .replace(/_/g, '-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()}`;
}

const AMOUNT_WORDS: Record<string, string> = {
  '<=': 'at most',
  '>=': 'at least',
  '<': 'below',
  '>': 'above',
};

/** A schema's complaint (zod's own wording included) in the CLI's words, continuing `--flag: …`. */
export function fieldWords(message: string): string {
  const text = message.trim().replace(/\.$/, '');
  const length =
    /^Too (?:big|small): expected (?:string|array) to have (<=|>=|<|>)(\d+) (characters|items)/.exec(text);
  if (length) {
    const [, op, n, unit] = length;
    if (op === '>=' && n === '1') return 'give a value';
    return `use ${AMOUNT_WORDS[op!]} ${n} ${unit === 'items' ? 'items' : 'characters'}`;
  }
  const size = /^Too (?:big|small): expected (?:number|int|bigint) to be (<=|>=|<|>)(-?[\d.]+)/.exec(text);
  if (size) return `use a number ${AMOUNT_WORDS[size[1]!]} ${size[2]}`;
  if (
    /expected (?:number|int), received NaN/.test(text) ||
    /^Invalid input: expected (?:number|int)/.test(text)
  )
    return 'not a number';
  if (/^Invalid input: expected int, received number/.test(text)) return 'use a whole number';
  const choice = /^Invalid option: expected one of (.+)$/.exec(text);
  if (choice) return `use one of ${choice[1]!.replace(/"/g, '').split('|').join(', ')}`;
  if (/received undefined$/.test(text)) return 'required';
  if (/^Invalid (?:ISO )?date/i.test(text)) return 'not a date: use YYYY-MM-DD';
  if (/^Invalid UUID|^Invalid GUID/i.test(text)) return 'not a valid id';
  if (/^Invalid (?:email|e-mail)/i.test(text)) return 'not an e-mail address';
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** The server's field errors as one line: `--name: use at most 100 characters; ID: not a valid id`. */
export function fieldProblems(fields: readonly { field: string; message: string }[]): string {
  const lines = fields.map((f) => `${flagOfField(f.field)}: ${fieldWords(f.message)}`);
  return [...new Set(lines)].join('; ');
}

/** Codes of input refused before any call: usage errors, exit 2 (as commander's own). */
const USAGE_CODES = new Set(['usage', 'invalid_input', 'invalid_flags', 'missing_flags']);

/**
 * The one rule for a user error's exit code: input the CLI refused itself, before any call (a flag's or a file's
 * shape or value, a missing flag) is a usage error, 2; anything the server refused (its `status` is set, its
 * validation included) or that happened is 1.
 */
export function exitCodeOf(error: UserError): number {
  return error.status === undefined && USAGE_CODES.has(error.code) ? EXIT.usage : EXIT.user;
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
