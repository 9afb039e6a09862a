import { describe, expect, it, vi } from 'vitest';
import { qaToolsOpen } from './access';

const health = (sandbox: boolean) =>
  vi.fn(
    async () =>
      new Response(JSON.stringify({ status: 'ok', version: '1', database: 'pglite', sandbox }), {
        status: 200,
      }),
  );

describe('qaToolsOpen (who may open /qa/machines besides admins)', () => {
  it('is open in a development build without asking the server', async () => {
    const fetchImpl = health(false);
    expect(await qaToolsOpen({ dev: true, fetchImpl })).toBe(true);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('asks the server’s health whether sandbox mode is on', async () => {
    const off = health(false);
    expect(await qaToolsOpen({ dev: false, fetchImpl: off, base: 'http://api.test' })).toBe(false);
    expect(off).toHaveBeenCalledWith('http://api.test/api/v1/health');
    const on = health(true);
    expect(await qaToolsOpen({ dev: false, fetchImpl: on, base: 'http://api.test' })).toBe(true);
    // Once open, it is not asked again.
    expect(await qaToolsOpen({ dev: false, fetchImpl: health(false), base: 'http://api.test' })).toBe(true);
  });
});

describe('qaToolsOpen when the server does not answer', () => {
  it('is closed', async () => {
    vi.resetModules();
    const { qaToolsOpen: fresh } = await import('./access');
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await fresh({ dev: false, fetchImpl: down })).toBe(false);
    const error = vi.fn(async () => new Response('no', { status: 503 }));
    expect(await fresh({ dev: false, fetchImpl: error })).toBe(false);
  });
});
