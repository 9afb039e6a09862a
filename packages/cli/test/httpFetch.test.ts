import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpFetch } from '../src/httpFetch.js';

// The CLI's fetch over node:http, against a real HTTP server: what `fetch` gives for what the SDK and the CLI use.
let server: Server;
let base: string;
let closedPort: number;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '/';
      if (path.startsWith('/echo')) {
        res.setHeader('content-type', 'application/json');
        res.setHeader('set-cookie', ['a=1', 'b=2']);
        res.end(
          JSON.stringify({
            method: req.method,
            path,
            authorization: req.headers.authorization ?? null,
            contentType: req.headers['content-type'] ?? null,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      } else if (path === '/empty') {
        res.statusCode = 204;
        res.end();
      } else if (path === '/refused') {
        res.statusCode = 422;
        res.statusMessage = 'Unprocessable Entity';
        res.setHeader('content-type', 'application/json');
        res.end('{"code":"invalid_input"}');
      } else if (path === '/big') {
        // 4 MB written in 64 KB pieces: the body streams.
        res.setHeader('content-type', 'application/octet-stream');
        let left = 64;
        const more = () => {
          while (left > 0) {
            left -= 1;
            if (!res.write(Buffer.alloc(65_536, left % 251))) return void res.once('drain', more);
          }
          res.end();
        };
        more();
      } else if (path === '/hang') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('first part');
      } else if (path !== '/silent') {
        res.statusCode = 404;
        res.end('no such path');
      }
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, '127.0.0.1', done));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((done) => probe.close(done));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

describe('httpFetch', () => {
  it('sends the method, headers and body of a Request, and reads status, headers and JSON back', async () => {
    const response = await httpFetch(
      new Request(`${base}/echo?x=1&y=%C3%BE`, {
        method: 'POST',
        headers: { authorization: 'Bearer t0k', 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Þórsmörk' }),
      }),
    );
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(response.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await response.json()).toEqual({
      method: 'POST',
      path: '/echo?x=1&y=%C3%BE',
      authorization: 'Bearer t0k',
      contentType: 'application/json',
      body: '{"name":"Þórsmörk"}',
    });
  });

  it('takes a URL and an init as fetch does', async () => {
    const response = await httpFetch(new URL(`${base}/echo`), { method: 'PUT', body: 'plain' });
    expect(await response.json()).toMatchObject({ method: 'PUT', body: 'plain' });
  });

  it('gives a refusal its status and text, and a 204 no body', async () => {
    const refused = await httpFetch(`${base}/refused`);
    expect([refused.status, refused.statusText, refused.ok]).toEqual([422, 'Unprocessable Entity', false]);
    expect(await refused.text()).toBe('{"code":"invalid_input"}');
    const empty = await httpFetch(`${base}/empty`, { method: 'DELETE' });
    expect([empty.status, empty.body]).toEqual([204, null]);
  });

  it('streams a long body whole', async () => {
    const response = await httpFetch(`${base}/big`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(bytes.length).toBe(64 * 65_536);
    expect([bytes[0], bytes.at(-1)]).toEqual([63 % 251, 0]);
  });

  it('fails as undici does when nothing listens: a TypeError whose cause is the system error', async () => {
    const failure = await httpFetch(`http://127.0.0.1:${closedPort}/`).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe('fetch failed');
    expect(((failure as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });

  it('refuses a scheme that is not http or https', async () => {
    await expect(httpFetch('file:///etc/passwd')).rejects.toThrow(TypeError);
  });

  it('rejects with the signal’s reason when aborted before the headers, and ends the body when aborted after', async () => {
    const before = new AbortController();
    const waiting = httpFetch(`${base}/silent`, { signal: before.signal });
    setTimeout(() => before.abort(new Error('gave up')), 50);
    await expect(waiting).rejects.toThrow('gave up');
    await expect(httpFetch(`${base}/echo`, { signal: AbortSignal.abort() })).rejects.toThrow();

    const after = new AbortController();
    const response = await httpFetch(`${base}/hang`, { signal: after.signal });
    expect(response.status).toBe(200);
    const reading = response.text();
    setTimeout(() => after.abort(new Error('stopped reading')), 50);
    await expect(reading).rejects.toThrow();
  });
});
