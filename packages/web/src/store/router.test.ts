import { describe, expect, it } from 'vitest';
import { storeRouteOf } from './router';

const at = (pathname: string, search = '') => storeRouteOf({ pathname, search });

describe('the store’s routes (core’s store layout routes)', () => {
  it('names the page, the slug and the root of a store path', () => {
    expect(at('/harbour-view')).toMatchObject({ page: 'store', slug: 'harbour-view', base: '/harbour-view' });
    expect(at('/Harbour-View/cart')).toMatchObject({ page: 'storeCart', slug: 'Harbour-View' });
    expect(at('/harbour-view/3f1c', '?locale=de')).toMatchObject({
      page: 'storeGiftCard',
      params: { giftCardId: '3f1c' },
    });
    expect(at('/harbour-view/3f1c', '?locale=de').search.get('locale')).toBe('de');
    expect(at('/harbour-view/confirmation').page).toBe('storeConfirmation');
  });

  it('shows a legacy path as the page it is an alias of, links keeping its prefix', () => {
    expect(at('/giftcards/store/harbour-view/terms')).toMatchObject({
      page: 'storeTerms',
      slug: 'harbour-view',
      base: '/giftcards/store/harbour-view',
    });
    expect(at('/giftcards/store/harbour-view/checkout/anna')).toMatchObject({
      page: 'storeCheckout',
      params: { receiver: 'anna' },
    });
  });

  it('finds no store page in the app’s paths or the store’s own words', () => {
    for (const path of ['/', '/login', '/bookings', '/cart', '/terms', '/harbour-view/a/b/c'])
      expect(at(path), path).toMatchObject({ page: null, slug: '' });
  });
});
