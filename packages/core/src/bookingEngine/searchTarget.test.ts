import { describe, expect, it } from 'vitest';
import { parseBookingQuery } from './bookingQuery.js';
import { searchTarget } from './searchTarget.js';

const today = '2030-01-10';

describe('search target (document 1 §2)', () => {
  const params = parseBookingQuery('checkinDate=2030-02-01&checkoutDate=2030-02-03&adults=2', today);
  it.each([
    [
      { id: 'p-1', kind: 'property', title: 'Inn', city: 'Oslo', state: null, country: 'NO' } as const,
      '',
      '/property/p-1?',
    ],
    [
      { id: 'c-1', kind: 'city', title: 'Oslo', city: 'Oslo', state: null, country: 'NO' } as const,
      '',
      '/search?',
    ],
    [null, 'Harbour', '/search?'],
  ])('%o', (place, text, start) => {
    const href = searchTarget(params, place, text);
    expect(href.startsWith(start)).toBe(true);
    if (place?.kind === 'city') expect(href).toContain('city=Oslo&country=NO');
    if (!place) expect(href).toContain('title=Harbour');
  });
});
