import { describe, expect, it } from 'vitest';
import {
  isReservedStoreSlug,
  isStoreSlug,
  matchRoute,
  normalizePathname,
  pageTitleKey,
  routes,
} from './routes.js';

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
    ['/qa/machines', 'page_titles.admin'],
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
    ['photos', true],
    ['harbour-inn', false],
    // A store page's own word is a visitor who lost the slug.
    ['cart', true],
    ['terms', true],
    ['checkout', true],
    ['useGiftCard', true],
    // Typos and other spellings of app routes.
    ['bookngs', true],
    ['bokings', true],
    ['booknigs', true],
    ['Login', true],
    ['BOOKINGS', true],
    ['contract', true],
    ['setings', true],
    ['profiles', true],
    // Real store names, even short ones or ones near a short word.
    ['fjord-lodge', false],
    ['hotel-borg', false],
    ['apex', false],
    ['carts-and-co', false],
  ])('%s → %s', (slug, expected) => expect(isReservedStoreSlug(slug)).toBe(expected));
});

describe('store slugs', () => {
  it.each([
    ['harbour-inn', true],
    ['Hotel-Borg-2', true],
    ['cart', false],
    ['bookngs', false],
    ['harbour inn', false],
    ['harbour.inn', false],
    ['harbour_inn', false],
    ['', false],
  ])('%j → %s', (segment, expected) => expect(isStoreSlug(segment)).toBe(expected));

  it.each([
    ['/harbour-inn', 'store'],
    ['/harbour-inn/cart', 'storeCart'],
    ['/giftcards/store/harbour-inn/terms', 'legacy.storeTerms'],
    ['/cart', null],
    ['/terms', null],
    ['/checkout', null],
    ['/bookngs', null],
    ['/Login', null],
    ['/harbour%20inn', null],
    ['/giftcards/store/cart', null],
    ['/cart/cart', null],
  ])('%s shows %s', (path, id) => expect(matchRoute(path)?.route.id ?? null).toBe(id));

  it('gives an unknown one-segment path the 404 title', () => {
    expect(pageTitleKey('/cart')).toBe('page_titles.not_found');
    expect(pageTitleKey('/bookngs')).toBe('page_titles.not_found');
  });
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
