import { describe, expect, it } from 'vitest';
import {
  assertSandboxAllowed,
  configFromEnv,
  isLoopbackHost,
  passwordCostFromEnv,
  sandboxFromEnv,
} from '../src/config.js';

describe('configFromEnv', () => {
  it('turns the search page off only when TERN_SEARCH_PAGE says so', () => {
    expect(configFromEnv({}).searchPageIsActive).toBe(true);
    expect(configFromEnv({ TERN_SEARCH_PAGE: '1' }).searchPageIsActive).toBe(true);
    expect(configFromEnv({ TERN_SEARCH_PAGE: '0' }).searchPageIsActive).toBe(false);
    expect(configFromEnv({ TERN_SEARCH_PAGE: 'false' }).searchPageIsActive).toBe(false);
  });

  it('turns sandbox mode on only when TERN_SANDBOX asks, whatever the database', () => {
    expect(sandboxFromEnv({})).toBe(false);
    expect(sandboxFromEnv({ TERN_SANDBOX: '1' })).toBe(true);
    expect(sandboxFromEnv({ TERN_SANDBOX: 'true' })).toBe(true);
    expect(sandboxFromEnv({ TERN_SANDBOX: '0' })).toBe(false);
    expect(sandboxFromEnv({ TERN_SANDBOX: 'yes please' })).toBe(false);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['::ffff:127.0.0.1', true],
    ['0.0.0.0', false],
    ['::', false],
    ['192.168.1.10', false],
    ['tern.example.com', false],
    ['127.0.0.1.example.com', false],
  ])('%s is a loopback address: %s', (host, loopback) => {
    expect(isLoopbackHost(host)).toBe(loopback);
    if (loopback) expect(() => assertSandboxAllowed(true, host)).not.toThrow();
    else expect(() => assertSandboxAllowed(true, host)).toThrow(/loopback address: bind to 127\.0\.0\.1/);
    expect(() => assertSandboxAllowed(false, host)).not.toThrow();
  });

  it('reads the password cost within its range, 17 by default', () => {
    expect(passwordCostFromEnv({})).toBe(17);
    expect(passwordCostFromEnv({ TERN_PASSWORD_COST: '12' })).toBe(12);
    expect(passwordCostFromEnv({ TERN_PASSWORD_COST: '3' })).toBe(10);
    expect(passwordCostFromEnv({ TERN_PASSWORD_COST: '40' })).toBe(20);
    expect(passwordCostFromEnv({ TERN_PASSWORD_COST: 'cheap' })).toBe(17);
  });

  it('reads the CORS origins as a comma list, with defaults', () => {
    expect(configFromEnv({ TERN_CORS_ORIGINS: ' https://a.test, https://b.test ,' }).corsOrigins).toEqual([
      'https://a.test',
      'https://b.test',
    ]);
    expect(configFromEnv({}).corsOrigins).toContain('http://127.0.0.1:5173');
  });
});
