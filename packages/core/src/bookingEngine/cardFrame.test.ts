import { describe, expect, it } from 'vitest';
import { classifyFrameMessage, originOf } from './cardFrame.js';

const vault = 'http://127.0.0.1:4001';
const card = { token: 'tok_1', brand: 'visa', last4: '4242', expiry: '12/30' };

describe('classifyFrameMessage (R080, R081)', () => {
  it.each([
    ['another origin', { origin: 'http://evil.test', data: { card } }, { kind: 'ignored' }],
    ['a card', { origin: vault, data: { card } }, { kind: 'card', card }],
    ['a card as JSON text', { origin: vault, data: JSON.stringify({ card }) }, { kind: 'card', card }],
    [
      'a card with cardToken and expirationDate',
      { origin: vault, data: { card: { cardToken: 't', expirationDate: '01/31' } } },
      { kind: 'card', card: { token: 't', brand: null, last4: null, expiry: '01/31' } },
    ],
    [
      'a card without a token',
      { origin: vault, data: { card: { brand: 'visa' } } },
      { kind: 'error', message: 'The card vault sent no token' },
    ],
    [
      'an error text',
      { origin: vault, data: { error: 'Card declined' } },
      { kind: 'error', message: 'Card declined' },
    ],
    [
      'an error object',
      { origin: vault, data: { error: { message: 'Expired card' } } },
      { kind: 'error', message: 'Expired card' },
    ],
    ['error beats card', { origin: vault, data: { error: 'No', card } }, { kind: 'error', message: 'No' }],
    ['ready', { origin: vault, data: { type: 'ready' } }, { kind: 'ready' }],
    [
      'validate true',
      { origin: vault, data: { type: 'validate', valid: true } },
      { kind: 'validate', valid: true },
    ],
    ['validate false', { origin: vault, data: { valid: false } }, { kind: 'validate', valid: false }],
    ['anything else', { origin: vault, data: { hello: 1 } }, { kind: 'validate', valid: null }],
    ['not JSON', { origin: vault, data: 'ping' }, { kind: 'validate', valid: null }],
  ])('%s', (_, event, expected) => {
    expect(classifyFrameMessage(event, vault)).toEqual(expected);
  });

  it('ignores everything while the vault origin is unknown', () => {
    expect(classifyFrameMessage({ origin: vault, data: { card } }, null)).toEqual({ kind: 'ignored' });
  });
});

describe('originOf', () => {
  it.each([
    ['http://127.0.0.1:4001/card?x=1', 'http://127.0.0.1:4001'],
    ['https://vault.tern.test/form', 'https://vault.tern.test'],
    ['/relative', null],
    ['', null],
  ])('%s → %s', (url, origin) => expect(originOf(url)).toBe(origin));
});
