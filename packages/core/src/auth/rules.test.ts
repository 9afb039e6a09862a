import { describe, expect, it } from 'vitest';
import {
  isEmailShaped,
  normalizeOtp,
  type SignInMode,
  validatePasswordChange,
  validateSignIn,
} from './rules.js';

const R = 'validation_messages.required';
const EMAIL = 'validation_messages.email';
const OTP = 'validation_messages.otp_digits';

const good = { email: 'olga@demo.tern.test', password: 'secret', otp: '123456', otpClientChallenge: 'c-1' };

describe('isEmailShaped', () => {
  it.each([
    ['olga@demo.tern.test', true],
    ['  olga@demo.tern.test  ', true],
    ['first.last+tag@example.co.uk', true],
    ['olga', false],
    ['olga@', false],
    ['olga@demo', false],
    ['@demo.test', false],
    ['ol ga@demo.test', false],
    ['olga@demo..test', false],
    ['olga@@demo.test', false],
  ])('%j → %s', (value, expected) => {
    expect(isEmailShaped(value)).toBe(expected);
  });
});

describe('normalizeOtp', () => {
  it.each([
    ['123456', '123456'],
    [' 123 456 ', '123456'],
    ['', ''],
  ])('%j → %j', (value, expected) => expect(normalizeOtp(value)).toBe(expected));
});

describe('validateSignIn', () => {
  it.each<[string, SignInMode, Record<string, string | null>, Record<string, string>]>([
    ['credentials: all good', 'credentials', good, {}],
    ['credentials: nothing', 'credentials', {}, { email: R, password: R }],
    ['credentials: blank e-mail', 'credentials', { ...good, email: '   ' }, { email: R }],
    ['credentials: bad e-mail', 'credentials', { ...good, email: 'olga' }, { email: EMAIL }],
    ['credentials: no password', 'credentials', { ...good, password: '' }, { password: R }],
    ['credentials: otp is not checked', 'credentials', { ...good, otp: '', otpClientChallenge: null }, {}],
    ['forgot: e-mail only', 'forgot', { email: good.email }, {}],
    ['forgot: no e-mail', 'forgot', { password: 'x' }, { email: R }],
    ['forgot: bad e-mail', 'forgot', { email: 'x@y' }, { email: EMAIL }],
    ['otp: all good', 'otp', good, {}],
    ['otp: spaced code is fine', 'otp', { ...good, otp: '123 456' }, {}],
    ['otp: no code', 'otp', { ...good, otp: '' }, { otp: R }],
    ['otp: short code', 'otp', { ...good, otp: '12345' }, { otp: OTP }],
    ['otp: long code', 'otp', { ...good, otp: '1234567' }, { otp: OTP }],
    ['otp: letters', 'otp', { ...good, otp: '12a456' }, { otp: OTP }],
    ['otp: no challenge', 'otp', { ...good, otpClientChallenge: null }, { otpClientChallenge: R }],
    [
      'otp: still needs e-mail and password',
      'otp',
      { otp: '123456', otpClientChallenge: 'c' },
      { email: R, password: R },
    ],
  ])('%s', (_, mode, values, expected) => {
    expect(validateSignIn(mode, values)).toEqual(expected);
  });
});

describe('validatePasswordChange', () => {
  const MIN = 'validation_messages.password_min';
  const MAX = 'validation_messages.password_max';
  const NM = 'validation_messages.not_match';
  it.each<[string, { oldPassword?: string; password: string; confirmPassword: string }, boolean, object]>([
    ['all good', { oldPassword: 'old', password: 'secret', confirmPassword: 'secret' }, true, {}],
    ['exactly 6', { oldPassword: 'old', password: '123456', confirmPassword: '123456' }, true, {}],
    [
      '128 is the most',
      { oldPassword: 'o', password: 'x'.repeat(128), confirmPassword: 'x'.repeat(128) },
      true,
      {},
    ],
    [
      '129 is too long',
      { oldPassword: 'o', password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
      true,
      { password: MAX },
    ],
    ['old missing', { password: 'secret', confirmPassword: 'secret' }, true, { oldPassword: R }],
    ['old not needed after a reset link', { password: 'secret', confirmPassword: 'secret' }, false, {}],
    [
      'too short',
      { oldPassword: 'old', password: '12345', confirmPassword: '12345' },
      true,
      { password: MIN },
    ],
    [
      'not matching',
      { oldPassword: 'old', password: 'secret', confirmPassword: 'secreT' },
      true,
      { confirmPassword: NM },
    ],
    [
      'all empty',
      { oldPassword: '', password: '', confirmPassword: '' },
      true,
      { oldPassword: R, password: R, confirmPassword: R },
    ],
    [
      'short and not matching',
      { password: '123', confirmPassword: '1234' },
      false,
      { password: MIN, confirmPassword: NM },
    ],
  ])('%s', (_, values, needsOld, expected) => {
    expect(validatePasswordChange(values, { needsOld })).toEqual(expected);
  });
});
