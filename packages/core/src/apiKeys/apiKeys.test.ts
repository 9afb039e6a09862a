import { describe, expect, it } from 'vitest';
import { submitForm } from '../admin/formDrawerMachine.js';
import { type ApiKeyDraft, apiKeyBodyOf, apiKeyFormInput, apiKeyView, maskApiKey } from './apiKeys.js';

// API keys as the reseller sees and makes them (document 2 M14: a scope and an optional last day).

const errorsOf = async (values: Partial<ApiKeyDraft>, today = '2026-11-28') => {
  const result = await submitForm(apiKeyFormInput(today), values, async (v) => v);
  return result.status === 'invalid' ? result.errors : {};
};

describe('API keys (M14)', () => {
  it('masks a key as 10 bullets and its last 6 characters', () => {
    expect(maskApiKey('abc123')).toBe('••••••••••abc123');
  });

  it.each([
    [{ id: 'k1', active: true }, 'k1', 'tokenVisible'],
    [{ id: 'k1', active: true }, null, 'masked'],
    [{ id: 'k1', active: true }, 'k2', 'masked'],
    [{ id: 'k1', active: false }, 'k1', 'disabled'],
    [{ id: 'k1', active: true, expiresAt: '2026-11-28T12:00:00.000Z' }, null, 'expired'],
    [{ id: 'k1', active: true, expiresAt: '2026-11-28T12:00:01.000Z' }, null, 'masked'],
    [{ id: 'k1', active: false, expiresAt: '2026-11-28T12:00:00.000Z' }, null, 'disabled'],
  ] as const)('shows %o (just made: %s) at noon UTC as %s', (key, justMade, view) =>
    expect(apiKeyView(key, justMade, new Date('2026-11-28T12:00:00Z'))).toBe(view),
  );
});

describe('the API key form (M14)', () => {
  it.each([
    [{ name: '' }, ['name']],
    [{ name: '   ' }, ['name']],
    [{ name: 'CI backend' }, []],
    [{ name: 'CI', scope: 'write' as ApiKeyDraft['scope'] }, ['scope']],
    [{ name: 'CI', scope: 'book' as const }, []],
    [{ name: 'CI', lastDay: '2026-11-27' }, ['lastDay']],
    [{ name: 'CI', lastDay: '2026-11-28' }, []],
    [{ name: 'CI', lastDay: '28.11.2026' }, ['lastDay']],
  ])('%j: errors on %j', async (values, fields) => {
    expect(Object.keys(await errorsOf(values))).toEqual(fields);
  });

  it('starts as a read key that does not expire', async () => {
    expect(await submitForm(apiKeyFormInput('2026-11-28'), { name: 'CI' }, async (v) => v)).toEqual({
      status: 'saved',
      saved: { name: 'CI', scope: 'read', lastDay: '' },
    });
  });

  it('sends the name trimmed, the scope, and the end of the last day in the maker’s zone as the expiry', () => {
    expect(apiKeyBodyOf({ name: ' CI ', scope: 'read', lastDay: '' }, 'UTC')).toEqual({
      name: 'CI',
      scope: 'read',
      expiresAt: null,
    });
    expect(apiKeyBodyOf({ name: 'CI', scope: 'book', lastDay: '2027-01-31' }, 'Atlantic/Reykjavik')).toEqual({
      name: 'CI',
      scope: 'book',
      expiresAt: '2027-02-01T00:00:00.000Z',
    });
    expect(
      apiKeyBodyOf({ name: 'CI', scope: 'book', lastDay: '2027-07-31' }, 'Europe/Lisbon').expiresAt,
    ).toBe('2027-07-31T23:00:00.000Z');
  });
});
