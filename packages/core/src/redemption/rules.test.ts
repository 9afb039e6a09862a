import { describe, expect, it } from 'vitest';
import { redeemWords } from './index.js';
import {
  arrivalOpen,
  arrivalWindowOf,
  cancelQueryOf,
  emptyRedemptionForm,
  firstOpenArrival,
  formValid,
  giftCardNumberError,
  giftCardNumberOf,
  lastArrivalOf,
  monthGrid,
  propertiesPage,
  redemptionBody,
  stayOfPick,
  unredeemableReason,
  validateRedemptionForm,
} from './rules.js';

describe('the use page’s number (R312)', () => {
  it('is required, and a card’s code however it is typed', () => {
    expect(giftCardNumberError('  ')).toBe('store_messages.required');
    expect(giftCardNumberError('abcd-efgh jk23')).toBeNull();
    expect(giftCardNumberOf('abcd-efgh jk23')).toBe('ABCDEFGHJK23');
    // O and 1 are not in a code's alphabet; eleven characters are too few.
    expect(giftCardNumberError('ABCDEFGHJK2O')).toBe('redeem_messages.not_a_number');
    expect(giftCardNumberError('ABCDEFGHJK2')).toBe('redeem_messages.not_a_number');
  });
});

describe('where a card stands (R313, decision 5)', () => {
  const hotel = { id: 'p1' } as never;
  it('used, expired, held or of no hotel cannot book; the spec’s words for a used one', () => {
    expect(unredeemableReason({ state: 'used', properties: [hotel] })).toBe('redeem_messages.already_used');
    expect(redeemWords('redeem_messages.already_used')).toBe('Gift certificates have already been used');
    expect(unredeemableReason({ state: 'expired', properties: [hotel] })).toBe('redeem_messages.expired');
    expect(unredeemableReason({ state: 'pending_payment', properties: [hotel] })).toBe(
      'redeem_messages.payment_pending',
    );
    expect(unredeemableReason({ state: 'usable', properties: [] })).toBe('redeem_messages.no_property');
    expect(unredeemableReason({ state: 'usable', properties: [hotel] })).toBeNull();
  });

  it('a multi-property card’s hotels, 5 a page', () => {
    const seven = [1, 2, 3, 4, 5, 6, 7];
    expect(propertiesPage(seven, 1)).toEqual({ items: [1, 2, 3, 4, 5], page: 1, pages: 2 });
    expect(propertiesPage(seven, 9)).toEqual({ items: [6, 7], page: 2, pages: 2 });
    expect(propertiesPage([], 1)).toEqual({ items: [], page: 1, pages: 1 });
  });
});

describe('the date picker (R314)', () => {
  it('spans exactly the length of stay: picking one date sets the other', () => {
    expect(stayOfPick('2030-05-30', 3)).toEqual({ arrival: '2030-05-30', departure: '2030-06-02' });
    expect(stayOfPick('2030-06-02', 3, 'departure')).toEqual({
      arrival: '2030-05-30',
      departure: '2030-06-02',
    });
    expect(stayOfPick('2030-05-30', 0)).toEqual({ arrival: '2030-05-30', departure: '2030-05-31' });
  });

  it('disables past days, closed arrivals and stays with a night after the expiry', () => {
    expect(lastArrivalOf('2030-06-30', 2)).toBe('2030-06-29');
    const window = { ...arrivalWindowOf({ expirationDate: '2030-06-30', lengthOfStay: 2 }, '2030-05-01') };
    window.closedArrivals = ['2030-05-03'];
    expect(arrivalOpen('2030-04-30', window)).toBe(false);
    expect(arrivalOpen('2030-05-01', window)).toBe(true);
    expect(arrivalOpen('2030-05-03', window)).toBe(false);
    expect(arrivalOpen('2030-06-29', window)).toBe(true);
    expect(arrivalOpen('2030-06-30', window)).toBe(false);
    expect(firstOpenArrival({ ...window, closedArrivals: ['2030-05-01', '2030-05-02'] })).toBe('2030-05-03');
    expect(
      firstOpenArrival({ firstArrival: '2030-05-02', lastArrival: '2030-05-01', closedArrivals: [] }),
    ).toBeNull();
  });

  it('draws a month Monday first, in whole weeks', () => {
    // May 2030 begins on a Wednesday and has 31 days.
    const weeks = monthGrid('2030-05-17');
    expect(weeks[0]).toEqual([
      null,
      null,
      '2030-05-01',
      '2030-05-02',
      '2030-05-03',
      '2030-05-04',
      '2030-05-05',
    ]);
    expect(weeks.at(-1)).toEqual([
      '2030-05-27',
      '2030-05-28',
      '2030-05-29',
      '2030-05-30',
      '2030-05-31',
      null,
      null,
    ]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
  });
});

describe('the booking checkout (R315)', () => {
  const filled = emptyRedemptionForm({
    name: 'Anna',
    surname: 'Jónsdóttir',
    email: ' anna@example.is ',
    nationality: 'is',
    phone: '555 1234',
  });
  const plain = { marketingCampaign: false, upsell: false };

  it('asks name, surname (≤ 80), a valid e-mail, nationality and phone', () => {
    expect(validateRedemptionForm(emptyRedemptionForm(), plain).booker).toEqual({
      name: 'store_messages.required',
      surname: 'store_messages.required',
      email: 'store_messages.required',
      nationality: 'store_messages.required',
      phone: 'store_messages.required',
    });
    const wrong = {
      ...filled,
      booker: { ...filled.booker, name: 'x'.repeat(81), email: 'anna@', nationality: 'ISL' },
    };
    expect(validateRedemptionForm(wrong, plain).booker).toEqual({
      name: 'store_messages.name_too_long',
      email: 'store_messages.email',
      nationality: 'redeem_messages.choose_country',
    });
    expect(formValid(validateRedemptionForm(filled, plain))).toBe(true);
  });

  it('a campaign’s gift asks the hotel name; an upsell the address, and the payer (≤ 160) when not the booker', () => {
    expect(validateRedemptionForm(filled, { marketingCampaign: true, upsell: false }).booker).toEqual({
      hotelName: 'store_messages.required',
    });
    expect(validateRedemptionForm(filled, { marketingCampaign: false, upsell: true }).booker).toEqual({
      address: 'store_messages.required',
    });
    const other = { ...filled, payerIsBooker: false, payer: { ...filled.payer, firstName: 'y'.repeat(161) } };
    const errors = validateRedemptionForm(other, { marketingCampaign: false, upsell: true });
    expect(errors.payer).toEqual({
      firstName: 'store_messages.payer_too_long',
      lastName: 'store_messages.required',
      email: 'store_messages.required',
      phone: 'store_messages.required',
      address: 'store_messages.required',
    });
    // A plain rate has no payer: the toggle asks nothing.
    expect(validateRedemptionForm(other, plain).payer).toEqual({});
  });

  it('makes the book body: trimmed, only what the card and rate ask', () => {
    const form = { ...filled, booker: { ...filled.booker, hotelName: ' Borg ', address: 'Street 1' } };
    const body = redemptionBody({
      propertyId: 'p1',
      arrival: '2030-05-02',
      choice: { roomTypeId: 'd', ratePlanId: 'r' },
      form,
      needs: { marketingCampaign: true, upsell: false },
      locale: 'is',
    });
    expect(body).toEqual({
      propertyId: 'p1',
      arrivalDate: '2030-05-02',
      roomTypeId: 'd',
      ratePlanId: 'r',
      adults: 1,
      children: 0,
      customer: {
        name: 'Anna',
        surname: 'Jónsdóttir',
        email: 'anna@example.is',
        nationality: 'IS',
        phone: '555 1234',
      },
      hotelName: 'Borg',
      locale: 'is',
    });
  });
});

describe('the cancel page’s query (R320)', () => {
  it('reads reservation_id, last_name and the dates (shown only)', () => {
    const q = new URLSearchParams(
      'reservation_id=%20R1%20&checkin_date=2030-05-02&checkout_date=bad&last_name=J%C3%B3nsd%C3%B3ttir',
    );
    expect(cancelQueryOf((n) => q.get(n))).toEqual({
      reservationId: 'R1',
      lastName: 'Jónsdóttir',
      checkin: '2030-05-02',
      checkout: null,
    });
    expect(cancelQueryOf(() => null)).toEqual({
      reservationId: '',
      lastName: '',
      checkin: null,
      checkout: null,
    });
  });
});
