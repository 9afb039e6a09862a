import { describe, expect, it } from 'vitest';
import { isReservedStoreSlug, normalizePathname, pageTitleKey, routes } from './routes.js';

describe('pageTitleKey', () => {
  it.each([
    ['/login', 'page_titles.login'],
    ['/profile', 'page_titles.profile'],
    ['/settings', 'page_titles.settings'],
    ['/settings/stores', 'page_titles.settings'],
    ['/contracts', 'page_titles.contracts'],
    ['/inventory', 'page_titles.inventory'],
    ['/admin', 'page_titles.admin'],
    ['/api_keys', 'page_titles.api_keys'],
    ['/changePassword', 'page_titles.change_password'],
    ['/verify_reset_password_email', 'page_titles.token_verification'],
    ['/', 'page_titles.search'],
    ['/search', 'page_titles.search'],
    ['/search_cars', 'page_titles.search'],
    ['/bookings', 'page_titles.bookings'],
    ['/property/ch-7', 'page_titles.loading'],
    ['/property/ch-7/booking_info', 'page_titles.loading'],
    ['/property/ch-7/confirmation/b-1', 'page_titles.loading'],
    ['/404', 'page_titles.not_found'],
    ['/nowhere/at/all/here', 'page_titles.not_found'],
    ['/harbour-inn', 'page_titles.gift_cards'],
    ['/harbour-inn/booking/GC-1', 'page_titles.gift_cards'],
    ['/giftcards/store/harbour-inn/cart', 'page_titles.gift_cards'],
    ['/orders', 'page_titles.product'],
    ['/promocodes', 'page_titles.product'],
    ['/gift-campaign/gc-9', 'page_titles.product'],
  ])('%s → %s', (path, key) => expect(pageTitleKey(path)).toBe(key));

  it('marks the property pages as showing the property title once loaded', () => {
    expect(routes.filter((r) => r.titleFromProperty).map((r) => r.id)).toEqual([
      'property',
      'checkout',
      'confirmation',
    ]);
  });
});

describe('isReservedStoreSlug', () => {
  it.each([
    ['settings', true],
    ['login', true],
    ['giftcards', true],
    ['gift-campaign', true],
    ['api', true],
    ['404', true],
    ['harbour-inn', false],
    ['cart', false],
  ])('%s → %s', (slug, expected) => expect(isReservedStoreSlug(slug)).toBe(expected));
});

describe('normalizePathname', () => {
  it.each([
    ['/', '/'],
    ['/bookings/', '/bookings'],
    ['/bookings?x=1', '/bookings'],
    ['/bookings#top', '/bookings'],
    ['/a/b', '/a/b'],
  ])('%s → %s', (path, expected) => expect(normalizePathname(path)).toBe(expected));
});

describe('the route table', () => {
  it('has unique ids and patterns', () => {
    expect(new Set(routes.map((r) => r.id)).size).toBe(routes.length);
    expect(new Set(routes.map((r) => r.pattern)).size).toBe(routes.length);
  });
});
