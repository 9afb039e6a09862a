import { describe, expect, it } from 'vitest';
import { configFromEnv, sandboxFromEnv } from '../src/config.js';

describe('configFromEnv', () => {
  it('turns the search page off only when TERN_SEARCH_PAGE says so', () => {
    expect(configFromEnv({}, true).searchPageIsActive).toBe(true);
    expect(configFromEnv({ TERN_SEARCH_PAGE: '1' }, true).searchPageIsActive).toBe(true);
    expect(configFromEnv({ TERN_SEARCH_PAGE: '0' }, true).searchPageIsActive).toBe(false);
    expect(configFromEnv({ TERN_SEARCH_PAGE: 'false' }, true).searchPageIsActive).toBe(false);
  });

  it('opens the outbox on the embedded database, and on Postgres only with TERN_SANDBOX=1', () => {
    expect(sandboxFromEnv({}, true)).toBe(true);
    expect(sandboxFromEnv({}, false)).toBe(false);
    expect(sandboxFromEnv({ TERN_SANDBOX: '1' }, false)).toBe(true);
    expect(sandboxFromEnv({ TERN_SANDBOX: '0' }, true)).toBe(false);
  });

  it('reads the CORS origins as a comma list, with defaults', () => {
    expect(
      configFromEnv({ TERN_CORS_ORIGINS: ' https://a.test, https://b.test ,' }, true).corsOrigins,
    ).toEqual(['https://a.test', 'https://b.test']);
    expect(configFromEnv({}, true).corsOrigins).toContain('http://127.0.0.1:5173');
  });
});
