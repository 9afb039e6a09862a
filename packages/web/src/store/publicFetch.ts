import { snakeKey, toCamel, toSnake } from '@tern/sdk/case';
import { buildPath } from '@tern/sdk/define';
import { errorFromResponse } from '@tern/sdk/errors';

/**
 * One call of a public endpoint (the store's, a gift campaign's) as a plain request over `fetch`: the public
 * pages' first loads carry neither zod nor the contract's schemas (bench/size.ts), so replies are trusted as the
 * server's (snake_case turned camelCase). A refusal is thrown as the SDK's `ApiError` (`errorFromResponse`).
 */

export interface PublicApiOptions {
  /** The API's origin; the page's own by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

export interface PublicRequest {
  params: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal | undefined;
}

/** Reads a reply's body: JSON when it is JSON, else its text (an HTML error page of a proxy), else null. */
async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Calls an endpoint, given as the contract writes its method and path, and answers its reply camelCased. */
export function publicRequester(options: PublicApiOptions = {}) {
  const base = (options.baseUrl ?? window.location.origin).replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  return async function call<T>(
    endpoint: { method: string; path: string },
    request: PublicRequest,
  ): Promise<T> {
    let url = `${base}${buildPath(endpoint.path, request.params)}`;
    if (request.query) {
      const search = new URLSearchParams();
      for (const [key, value] of Object.entries(request.query)) search.set(snakeKey(key), String(value));
      url += `?${search}`;
    }
    const headers: Record<string, string> = { accept: 'application/json', ...request.headers };
    const init: RequestInit = { method: endpoint.method, headers };
    if (request.body !== undefined) {
      headers['content-type'] = 'application/json';
      init.body = JSON.stringify(toSnake(request.body));
    }
    if (request.signal) init.signal = request.signal;
    const response = await fetchImpl(url, init);
    const body = await readBody(response);
    if (!response.ok) throw errorFromResponse(response.status, response.statusText, body, response.headers);
    return toCamel<T>(body);
  };
}
