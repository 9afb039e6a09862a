import { describe, expect, it } from 'vitest';
import { todayIn } from '../dates/dates.js';
import {
  bookingStatusOf,
  type CardFlags,
  canCancelLinkedBooking,
  canMarkDelivered,
  canMarkUsed,
  isArrivalPassed,
  markUnusedCheck,
  validateCardDetails,
  validateCardNote,
} from './issuedCard.js';
import { clampGiftCardPage, GIFT_CARD_LIST_PAGING, giftCardPaginationShown } from './paging.js';

const today = '2026-11-24';
const booking = (arrivalDate: string, status = 'new') => ({
  arrivalDate,
  status,
  bookingType: 'normal' as const,
});
const card = (
  booked: boolean,
  agentBooking: CardFlags['agentBooking'] = null,
  delivered = false,
): CardFlags => ({
  booked,
  delivered,
  agentBooking,
});

describe('issued card', () => {
  it.each([
    [card(false), true, true],
    [card(true), false, true],
    [card(true, null, true), false, false],
  ])('%j: mark used %s, mark delivered %s', (c, used, delivered) => {
    expect(canMarkUsed(c)).toBe(used);
    expect(canMarkDelivered(c)).toBe(delivered);
  });

  it.each([
    ['an unused card', card(false), { allowed: false, reason: 'not_used' }],
    ['a used card with no booking', card(true), { allowed: true, cancelsBooking: false }],
    ['a booking arriving later', card(true, booking('2026-12-01')), { allowed: true, cancelsBooking: true }],
    ['a booking arriving today', card(true, booking(today)), { allowed: true, cancelsBooking: true }],
    [
      'a booking whose arrival passed',
      card(true, booking('2026-11-23')),
      { allowed: false, reason: 'consumed' },
    ],
    [
      'a cancelled booking whose arrival passed',
      card(true, booking('2026-11-01', 'canceled')),
      { allowed: true, cancelsBooking: false },
    ],
    [
      'a cancelled booking (British spelling)',
      card(true, booking('2026-11-01', 'cancelled')),
      { allowed: true, cancelsBooking: false },
    ],
    [
      'an upsell booking arriving later',
      card(true, { ...booking('2027-01-01'), bookingType: 'upsell' }),
      { allowed: true, cancelsBooking: true },
    ],
  ])('mark unused, %s', (_, c, check) => expect(markUnusedCheck(c, today)).toEqual(check));

  it.each([
    ['', { notes: 'validation_messages.required' }],
    ['   ', { notes: 'validation_messages.required' }],
    ['Used at the desk', {}],
  ])('note %j → %j', (note, errors) => expect(validateCardNote(note)).toEqual(errors));

  it.each([
    [booking('2026-11-25'), true],
    [booking(today), true],
    [booking('2026-11-23'), false],
    [booking('2026-11-20'), false],
    [booking('2026-12-25', 'canceled'), false],
    [booking('2026-12-25', 'cancelled'), false],
  ])('cancel of %j offered: %s', (b, offered) => expect(canCancelLinkedBooking(b, today)).toBe(offered));

  it.each([
    ['2026-11-23', true],
    [today, false],
    ['2026-11-25', false],
  ])('arrival %s passed on %s: %s', (arrivalDate, passed) =>
    expect(isArrivalPassed({ arrivalDate }, today)).toBe(passed),
  );

  it('one day boundary for both ways of cancelling a card’s booking, on the property’s calendar', () => {
    // 2026-11-24 10:30 UTC is still the 23rd in Honolulu (UTC−10) and already the 25th on Kiritimati (UTC+14).
    const now = Date.UTC(2026, 10, 24, 10, 30);
    const arriving = card(true, booking('2026-11-24'));
    for (const [zone, offered] of [
      ['Pacific/Honolulu', true],
      ['UTC', true],
      ['Pacific/Kiritimati', false],
    ] as const) {
      const day = todayIn(zone, now);
      expect(canCancelLinkedBooking(arriving.agentBooking!, day)).toBe(offered);
      expect(markUnusedCheck(arriving, day).allowed).toBe(offered);
    }
  });

  it.each([
    ['new', 'new'],
    ['modified', 'modified'],
    ['canceled', 'canceled'],
    ['cancelled', 'canceled'],
  ])('status %s is labelled as %s', (status, label) => expect(bookingStatusOf({ status })).toBe(label));

  it.each([
    [{ expirationDate: today, name: 'Anna', email: 'anna@x.is' }, {}],
    [
      { expirationDate: null, name: '', email: '' },
      {
        expirationDate: 'validation_messages.required',
        name: 'validation_messages.required',
        email: 'validation_messages.required',
      },
    ],
    [
      { expirationDate: '2026-11-23', name: 'Anna', email: 'anna' },
      { expirationDate: 'validation_messages.before_today', email: 'validation_messages.email' },
    ],
    [
      { expirationDate: '2030-01-01', name: 'a'.repeat(81), email: 'anna@x.is' },
      { name: 'validation_messages.text_too_long' },
    ],
  ])('details %j → %j', (form, errors) => expect(validateCardDetails(form, today)).toEqual(errors));
});

describe('issued cards paging (M38)', () => {
  it('asks for page 1 of 10, newest first, without a size changer', () =>
    expect(GIFT_CARD_LIST_PAGING).toEqual({
      page: 1,
      limit: 10,
      orderBy: 'created_at',
      orderDirection: 'desc',
      sizeChanger: false,
    }));

  it.each([
    [0, false],
    [10, false],
    [11, true],
  ])('%i cards: pagination shown %s', (total, shown) => expect(giftCardPaginationShown(total)).toBe(shown));

  it.each([
    [3, 25, 3],
    [4, 25, 3],
    [2, 0, 1],
    [0, 25, 1],
  ])('page %i of %i cards → %i', (page, total, expected) =>
    expect(clampGiftCardPage(page, total)).toBe(expected),
  );
});
