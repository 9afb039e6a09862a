import type { ErrorCode, ErrorParams } from '@tern/sdk';

type ErrorWords = (code: string, params?: ErrorParams) => string | null;

/**
 * The SDK catalogue's English words for a code (`describeErrorCode`), given by the host: the CLI at start, the web
 * app with the SDK's chunk (the words are not part of any page's first load: a failure the server answered
 * carries its own words, and every call loads the SDK first). Until then a code is its own words.
 */
let describeErrorCode: ErrorWords = () => null;

/** Gives core the SDK catalogue's words: `setErrorWords(describeErrorCode)` from `@tern/sdk`. */
export function setErrorWords(words: ErrorWords): void {
  describeErrorCode = words;
}

/**
 * The message to show for a failed call: the server's own words when the SDK kept them
 * (`ApiError.serverMessage`), else the SDK catalogue's words for its code, else the error's message
 * (document 1 §8). For people reading English (the CLI); screens translate a `Failure`'s code instead.
 */
export function errorMessage(error: unknown): string {
  if (typeof error === 'string' && error !== '') return error;
  if (error && typeof error === 'object') {
    const { serverMessage, message, code, params } = error as {
      serverMessage?: unknown;
      message?: unknown;
      code?: unknown;
      params?: ErrorParams;
    };
    if (typeof serverMessage === 'string' && serverMessage !== '') return serverMessage;
    const known = typeof code === 'string' ? describeErrorCode(code, params) : null;
    if (known) return known;
    if (typeof message === 'string' && message !== '') return message;
  }
  return 'Unknown error';
}

/**
 * A failed call as machines keep it: the API's error code (`null` when there is none: a network error, a
 * bug), the values its words name, and the English words. A screen shows its translation of the code
 * (`api_errors.<code>` with the params), the CLI the words.
 */
export interface Failure {
  readonly code: string | null;
  readonly params: ErrorParams;
  readonly message: string;
}

/** A failure a client finds itself (the card frame did not load…), named by a code of the SDK's catalogue. */
export function failureFor(code: ErrorCode, params: ErrorParams = {}, message?: string): Failure {
  return { code, params, message: message ?? describeErrorCode(code, params) ?? code };
}

/** The `Failure` of anything a call threw (an `ApiError`, a network error, a string). */
export function failureOf(error: unknown): Failure {
  const { code, params } = (error && typeof error === 'object' ? error : {}) as {
    code?: unknown;
    params?: unknown;
  };
  return {
    code: typeof code === 'string' && code !== '' && !code.startsWith('http_') ? code : null,
    params: params && typeof params === 'object' ? (params as ErrorParams) : {},
    message: errorMessage(error),
  };
}
