import { contract, ValidationError } from '@tern/sdk';
import { describe, expect, it, vi } from 'vitest';
import { createStoreApi, redemptionEndpoints, storeEndpoints } from './api';

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('the store API over fetch', () => {
  it('names each endpoint of the contract’s store area with its method and path', () => {
    expect(Object.keys(storeEndpoints).sort()).toEqual(Object.keys(contract.store).sort());
    for (const [name, endpoint] of Object.entries(storeEndpoints)) {
      const declared = contract.store[name as keyof typeof contract.store];
      expect({ method: endpoint.method, path: endpoint.path }).toEqual({
        method: declared.method,
        path: declared.path,
      });
    }
  });

  it('names each endpoint of the contract’s redemption area with its method and path', () => {
    expect(Object.keys(redemptionEndpoints).sort()).toEqual(Object.keys(contract.redemption).sort());
    for (const [name, endpoint] of Object.entries(redemptionEndpoints)) {
      const declared = contract.redemption[name as keyof typeof contract.redemption];
      expect({ method: endpoint.method, path: endpoint.path }).toEqual({
        method: declared.method,
        path: declared.path,
      });
    }
  });

  it('asks a card’s rooms with the query snake_cased, and books with the attempt’s key', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      reply(200, { checkin: '2030-05-02', rooms: [] }),
    );
    const api = createStoreApi({ baseUrl: 'http://api.test', fetch: fetch as never });
    await api.rooms('ABCDEFGHJK23', { propertyId: 'p1', checkin: '2030-05-02' });
    expect(fetch.mock.calls[0]![0]).toBe(
      'http://api.test/api/v1/gift_cards_booking_engine/cards/ABCDEFGHJK23/rooms?property_id=p1&checkin=2030-05-02',
    );
    await api.book('ABCDEFGHJK23', { propertyId: 'p1' } as never, 'key-1');
    const [url, init] = fetch.mock.calls[1]!;
    expect(url).toBe('http://api.test/api/v1/gift_cards_booking_engine/cards/ABCDEFGHJK23/bookings');
    expect(init.headers).toMatchObject({ 'idempotency-key': 'key-1' });
    expect(JSON.parse(String(init.body))).toEqual({ property_id: 'p1' });
  });

  it('reads a storefront camelCased, the slug encoded in the path', async () => {
    const fetch = vi.fn(async () =>
      reply(200, { store: { allow_pickup_at_hotel: true }, property: { icelandic_only: false } }),
    );
    const api = createStoreApi({ baseUrl: 'http://api.test/', fetch });
    const storefront = await api.get('Harbour View');
    expect(fetch).toHaveBeenCalledWith('http://api.test/api/v1/gift_cards_store/Harbour%20View', {
      method: 'GET',
      headers: { accept: 'application/json' },
    });
    expect(storefront).toEqual({ store: { allowPickupAtHotel: true }, property: { icelandicOnly: false } });
  });

  it('sends a body snake_cased and the caller’s Idempotency-Key with a checkout', async () => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) =>
      reply(201, { reference_number: 'R-1', redirect_url: 'http://pay.test/pay/1' }),
    );
    const api = createStoreApi({ baseUrl: 'http://api.test', fetch: fetch as never });
    const body = {
      locale: 'en',
      cards: [],
      payer: { firstName: 'Anna', lastName: 'Jónsdóttir', address: 'a', phone: '1', email: 'a@b.is' },
      termsAccepted: true,
      expectedTotal: 100,
    } as const;
    const answer = await api.checkout('harbour-view', body as never, 'key-1');
    expect(answer).toEqual({ referenceNumber: 'R-1', redirectUrl: 'http://pay.test/pay/1' });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('http://api.test/api/v1/gift_cards_store/harbour-view/checkout');
    expect(init.headers).toMatchObject({ 'idempotency-key': 'key-1', 'content-type': 'application/json' });
    expect(JSON.parse(init.body as string)).toMatchObject({
      terms_accepted: true,
      expected_total: 100,
      payer: { first_name: 'Anna', last_name: 'Jónsdóttir' },
    });
  });

  it('puts a purchase status query in snake_case', async () => {
    const fetch = vi.fn(async (_url: string) => reply(200, { status: 'held', cards: [] }));
    const api = createStoreApi({ baseUrl: 'http://api.test', fetch: fetch as never });
    await api.purchaseStatus('x', { referenceNumber: 'R 1', propertyId: 7, digitalSignature: 'ab' });
    expect(fetch.mock.calls[0]![0]).toBe(
      'http://api.test/api/v1/gift_cards_store/x/purchase_status?reference_number=R+1&property_id=7&digital_signature=ab',
    );
  });

  it('throws a refusal as the SDK’s error, with its code, words and fields', async () => {
    const fetch = vi.fn(async () =>
      reply(400, {
        code: 'invalid_input',
        message: 'Please correct the marked fields.',
        fields: [{ field: 'items.0.quantity', message: 'At most 10' }],
      }),
    );
    const api = createStoreApi({ baseUrl: 'http://api.test', fetch });
    const error = await api.cartPrices('x', { items: [{ id: '1', quantity: 11 }] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      status: 400,
      code: 'invalid_input',
      message: 'Please correct the marked fields.',
      fields: [{ field: 'items.0.quantity', message: 'At most 10' }],
    });
  });

  it('says what a refusal without a JSON body was', async () => {
    const fetch = vi.fn(async () => new Response('Bad gateway', { status: 502, statusText: 'Bad Gateway' }));
    const api = createStoreApi({ baseUrl: 'http://api.test', fetch });
    await expect(api.get('x')).rejects.toMatchObject({ status: 502, code: 'http_502' });
  });
});
