import { describe, expect, it } from 'vitest';
import { bookingQueryString, parseBookingQuery } from './bookingQuery.js';

const today = '2030-01-10';

describe('query string (document 1 §5: dropped, never clamped)', () => {
  it.each([
    [
      'checkinDate=2030-02-01&checkoutDate=2030-02-03',
      { checkinDate: '2030-02-01', checkoutDate: '2030-02-03' },
    ],
    ['checkinDate=2030-01-09&checkoutDate=2030-02-03', { checkinDate: null, checkoutDate: null }],
    ['checkinDate=2030-02-01&checkoutDate=2030-02-01', { checkinDate: '2030-02-01', checkoutDate: null }],
    ['checkinDate=2030-02-30&checkoutDate=2030-03-03', { checkinDate: null, checkoutDate: null }],
    ['adults=0&children=-1', { adults: 1, children: 0 }],
    ['adults=31&children=12', { adults: 1, children: 0 }],
    ['adults=two&children=2&childrenAge=4,9', { adults: 1, children: 2, childrenAge: [4, 9] }],
    ['children=2&childrenAge=4', { children: 2, childrenAge: [4, 0] }],
    ['mapCoordinates=1,2,3', { mapCoordinates: null }],
    ['mapCoordinates=1,2,3,x', { mapCoordinates: null }],
    ['mapCoordinates=38.6,-9.3,38.8,-9.0', { mapCoordinates: [38.6, -9.3, 38.8, -9] }],
    ['currency=eur', { currency: 'EUR' }],
    ['currency=XXX', { currency: 'USD' }],
    [
      'type=vehicle&pickupTime=10:30&dropoffTime=25:00',
      { type: 'vehicle', pickupTime: '10:30', dropoffTime: null },
    ],
  ])('%s', (query, expected) => {
    expect(parseBookingQuery(query, today)).toMatchObject(expected);
  });

  it('writes the parameters back in a stable order, leaving out empty ones', () => {
    const params = parseBookingQuery(
      'city=Lisbon&checkinDate=2030-02-01&checkoutDate=2030-02-03&children=1&childrenAge=5',
      today,
    );
    expect(bookingQueryString(params)).toBe(
      'type=accommodation&currency=USD&checkinDate=2030-02-01&checkoutDate=2030-02-03&adults=1&children=1&childrenAge=5&city=Lisbon',
    );
  });
});
