import type { GiftCard } from '@tern/sdk';
import { vi } from 'vitest';
import { storedFor, supplierUser } from './fixtures';
import { type CallHandlers, fakeClient, renderApp } from './renderApp';

/** The gift card orders page's tests: a slow first render's timeout, a card as the list sends it, the page opened. */
export const HEAVY = 60_000;
export const later = () => Date.now() + 3_600_000;
export const propertyId = supplierUser.ternHotels[0]!.id;

export const card = (id: string, code: string, over: Partial<GiftCard> = {}): GiftCard => ({
  id,
  type: 'giftCard',
  generatedId: code,
  giftCardTypeId: 't-1',
  propertyId,
  kind: 'gift_card',
  title: 'Spa weekend',
  name: 'Sigga',
  email: 'sigga@example.test',
  notes: '',
  booked: false,
  delivered: false,
  sendByLetter: false,
  pickupAtHotel: false,
  expirationDate: '2099-01-01',
  price: 200,
  netPrice: 200,
  buyerName: 'Helga',
  buyerEmail: 'helga@example.test',
  purchaseGeneratedId: null,
  supplierName: 'Harbour Inn',
  sourceOfSale: 'back_office',
  rowKey: null,
  agentBooking: null,
  redeemedBy: null,
  redeemMethod: null,
  multiProperty: false,
  properties: ['Harbour Inn'],
  settings: null,
  deliveryName: null,
  deliveryAddress: null,
  deliveryZipCode: null,
  deliveryCity: null,
  deliveryState: null,
  deliveryCountry: null,
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
  ...over,
});

export function openOrders(cards: GiftCard[], handlers: CallHandlers = {}) {
  const listCards = vi.fn(async () => ({ items: cards, meta: { page: 1, limit: 10, total: cards.length } }));
  const client = fakeClient({}, { 'giftCards.list': listCards as never, ...handlers });
  return { ...renderApp({ path: '/orders', client, stored: storedFor(supplierUser, later()) }), listCards };
}
