import ky, { HTTPError, type KyInstance, type Options as KyOptions } from 'ky';
import { toSnake } from './case.js';
import { buildPath, type Endpoint, type EndpointInput, type EndpointOutput } from './contract/define.js';
import type { Contract } from './contract/index.js';
import type { EndpointLookup } from './decoders.js';
import { errorFromResponse, PaymentLockedError, SessionExpiredError } from './errors.js';
import { encodeQuery } from './query.js';
import { decodeReply } from './wire.js';

export interface ClientOptions {
  /** Where the API is, e.g. `http://127.0.0.1:4000`. */
  baseUrl: string;
  /** Gives the session token (or an API key) for each call; nothing means anonymous. */
  token?: () => string | null | undefined | Promise<string | null | undefined>;
  /**
   * An agency's API key (`tern_…`, made on the API keys page or with `tern api-keys create`): an integrator's
   * backend calls as the agency with it — no sign-in, no one-time code, no expiry. Used when `token` gives none.
   */
  apiKey?: string;
  /** Called once per 440 reply, before the `SessionExpiredError` is thrown. */
  onSessionExpired?: (error: SessionExpiredError) => void;
  /**
   * Called once per 'Stripe locked' reply, before the `PaymentLockedError` is thrown: the account became locked
   * for card payments (an app shows its lock banner from here, whichever call met it).
   */
  onPaymentLocked?: (error: PaymentLockedError) => void;
  /** Milliseconds before a call gives up. Default 30 000. */
  timeout?: number;
  /** Retries of idempotent calls (GET, PUT, DELETE, and creates carrying an Idempotency-Key). Default 2. */
  retries?: number;
  /** A `fetch` to use instead of the global one (tests, proxies). */
  fetch?: typeof fetch;
  /** Extra headers on every call. */
  headers?: Record<string, string>;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Overrides the generated Idempotency-Key of a create (for a retry across processes). */
  idempotencyKey?: string;
  headers?: Record<string, string>;
}

type HasRequired<T> = { [K in keyof T]-?: undefined extends T[K] ? never : K }[keyof T] extends never
  ? false
  : true;

/** One method per endpoint; its input is optional when nothing in it is required. */
export type EndpointMethod<E extends Endpoint> =
  HasRequired<EndpointInput<E>> extends true
    ? (input: EndpointInput<E>, options?: CallOptions) => Promise<EndpointOutput<E>>
    : (input?: EndpointInput<E>, options?: CallOptions) => Promise<EndpointOutput<E>>;

export type ResourceClient<A> = { [O in keyof A]: A[O] extends Endpoint ? EndpointMethod<A[O]> : never };

export type TernClient = { [A in keyof Contract]: ResourceClient<Contract[A]> } & {
  /** Calls any endpoint of the contract. */
  call<E extends Endpoint>(
    endpoint: E,
    input?: EndpointInput<E>,
    options?: CallOptions,
  ): Promise<EndpointOutput<E>>;
};

function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) return decodeURIComponent(star[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? null;
}

function multipart(body: Record<string, unknown>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(toSnake<Record<string, unknown>>(body))) {
    if (value === undefined || value === null) continue;
    const values = Array.isArray(value) ? value : [value];
    const name = Array.isArray(value) ? `${key}[]` : key;
    for (const v of values) {
      if (v instanceof Blob) form.append(name, v);
      else form.append(name, typeof v === 'object' ? JSON.stringify(v) : String(v));
    }
  }
  return form;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The one function every method of a client calls: sends the endpoint's call, turns a refusal into its error and
 * decodes the reply. `lookup` finds the contract's endpoints by name (for the generated decoders).
 */
export function endpointCaller(options: ClientOptions, lookup: EndpointLookup): TernClient['call'] {
  const http: KyInstance = ky.create({
    prefixUrl: options.baseUrl.replace(/\/+$/, ''),
    timeout: options.timeout ?? 30_000,
    headers: { accept: 'application/json', ...options.headers },
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function call<E extends Endpoint>(
    endpoint: E,
    input?: EndpointInput<E>,
    callOptions: CallOptions = {},
  ): Promise<EndpointOutput<E>> {
    const path = buildPath(endpoint.path, input?.params as Record<string, unknown> | undefined).replace(
      /^\//,
      '',
    );
    const headers: Record<string, string> = { ...callOptions.headers };
    const token = (await options.token?.()) || options.apiKey;
    if (token) headers.authorization = `Bearer ${token}`;
    const idempotent = endpoint.method !== 'POST' && endpoint.method !== 'PATCH';
    if (endpoint.creates) headers['idempotency-key'] = callOptions.idempotencyKey ?? crypto.randomUUID();
    const retryable = idempotent || endpoint.creates === true;
    const request: KyOptions = {
      method: endpoint.method,
      headers,
      searchParams: encodeQuery(input?.query as Record<string, unknown> | undefined),
      retry: { limit: retryable ? (options.retries ?? 2) : 0, methods: [endpoint.method.toLowerCase()] },
      ...(callOptions.signal ? { signal: callOptions.signal } : {}),
    };
    if (input?.body !== undefined) {
      if (endpoint.bodyEncoding === 'multipart')
        request.body = multipart(input.body as Record<string, unknown>);
      else request.json = toSnake(input.body);
    }
    let response: Response;
    try {
      response = await http(path, request);
    } catch (error) {
      if (error instanceof HTTPError) {
        const apiError = errorFromResponse(
          error.response.status,
          error.response.statusText,
          await readBody(error.response),
          error.response.headers,
        );
        if (apiError instanceof SessionExpiredError) options.onSessionExpired?.(apiError);
        if (apiError instanceof PaymentLockedError) options.onPaymentLocked?.(apiError);
        throw apiError;
      }
      throw error;
    }
    if (endpoint.reply === 'empty') return undefined as EndpointOutput<E>;
    if (endpoint.reply === 'file') {
      const blob = await response.blob();
      return { blob, fileName: fileNameOf(response.headers.get('content-disposition')) } as EndpointOutput<E>;
    }
    return decodeReply(endpoint, await readBody(response), lookup) as EndpointOutput<E>;
  }
  return call;
}
