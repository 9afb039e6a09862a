import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';

/**
 * `fetch` over Node's own `http`/`https` modules: what the CLI's calls go through. Node's global `fetch` (undici)
 * compiles its HTTP parser from WebAssembly on the first request — about 150 ms, more than the rest of a
 * one-call command — while `node:http` parses in C++ already loaded. Same contract as `fetch` for what the SDK and
 * the CLI use: a `Request` (or URL and init) in, a `Response` whose body streams out; an aborted signal rejects
 * with the signal's reason; a network failure rejects as undici's does (`TypeError('fetch failed')` with the
 * system error as its `cause`, e.g. `ECONNREFUSED`), so one reading of network errors serves both.
 */
export async function httpFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const request = input instanceof Request && init === undefined ? input : new Request(input, init);
  const url = new URL(request.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new TypeError(`fetch failed: ${url.protocol} is not http or https`);
  const signal = request.signal;
  signal.throwIfAborted();
  const body = request.body ? Buffer.from(await request.arrayBuffer()) : null;
  const { request: send } =
    url.protocol === 'https:' ? await import('node:https') : await import('node:http');
  const headers: Record<string, string> = {};
  for (const [name, value] of request.headers) headers[name] = value;
  if (body) headers['content-length'] = String(body.length);
  return new Promise<Response>((resolve, reject) => {
    const outgoing = send(url, { method: request.method, headers });
    const onAbort = () => {
      outgoing.destroy();
      reject(signal.reason);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(signal.aborted ? signal.reason : new TypeError('fetch failed', { cause: error }));
    });
    outgoing.on('response', (incoming: IncomingMessage) => {
      const status = incoming.statusCode ?? 0;
      const replyHeaders = new Headers();
      for (let i = 0; i + 1 < incoming.rawHeaders.length; i += 2)
        replyHeaders.append(incoming.rawHeaders[i]!, incoming.rawHeaders[i + 1]!);
      const empty = request.method === 'HEAD' || status === 204 || status === 205 || status === 304;
      // An abort after the headers ends the body's stream with the signal's reason.
      signal.removeEventListener('abort', onAbort);
      signal.addEventListener('abort', () => incoming.destroy(signal.reason), { once: true });
      if (empty) incoming.resume();
      resolve(
        new Response(empty ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>), {
          status,
          statusText: incoming.statusMessage ?? '',
          headers: replyHeaders,
        }),
      );
    });
    outgoing.end(body ?? undefined);
  });
}
