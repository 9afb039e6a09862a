import type { CancellationPolicyBody, HotelPolicyBody } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import {
  NEW_CANCELLATION,
  NEW_HOTEL_POLICY,
  validateCancellationPolicy,
  validateHotelPolicy,
} from './policies.js';

describe('the policy forms', () => {
  it.each<[string, Partial<HotelPolicyBody>, Record<string, string>]>([
    ['a new one', {}, {}],
    ['a free internet access', { internetAccessCost: 0 }, {}],
    [
      'a cost typed as letters',
      { internetAccessCost: Number('abc') },
      { internetAccessCost: 'validation_messages.not_negative' },
    ],
    [
      'a negative pet fee',
      { petsNonRefundableFee: -5 },
      { petsNonRefundableFee: 'validation_messages.not_negative' },
    ],
  ])('the hotel policy with %s', (_, patch, errors) => {
    expect(validateHotelPolicy({ ...NEW_HOTEL_POLICY, ...patch })).toEqual(errors);
  });

  it.each<[string, Partial<CancellationPolicyBody>, Record<string, string>]>([
    ['no title', {}, { title: 'validation_messages.required' }],
    ['a title', { title: 'Flexible' }, {}],
    ['no deadline', { title: 'Flexible', cancellationPolicyDeadline: null }, {}],
    [
      'a deadline of 1.5',
      { title: 'F', cancellationPolicyDeadline: 1.5 },
      { cancellationPolicyDeadline: 'validation_messages.whole_number' },
    ],
    [
      'a deadline of -1',
      { title: 'F', cancellationPolicyDeadline: -1 },
      { cancellationPolicyDeadline: 'validation_messages.not_negative' },
    ],
    [
      'a penalty typed as letters',
      { title: 'F', cancellationPolicyPenalty: Number.NaN },
      { cancellationPolicyPenalty: 'validation_messages.not_negative' },
    ],
  ])('a cancellation policy with %s', (_, patch, errors) => {
    expect(validateCancellationPolicy({ ...NEW_CANCELLATION, ...patch })).toEqual(errors);
  });
});
