import { describe, expect, it } from 'vitest';
import { wireReply } from '../bench/decode.js';
import { contract, decodeReply, type Endpoint, SchemaMismatchError, unwrapReply } from '../src/index.js';

// The fast path of decodeReply must give exactly what zod gives (unwrap, camelCase, parse) for every valid
// reply, and zod's error for every invalid one.

const generic = (endpoint: Endpoint, json: unknown) => endpoint.response.parse(unwrapReply(endpoint, json));
const list = contract.bookings.list as Endpoint;
const show = contract.bookings.show as Endpoint;

function bookings(rows: number) {
  return JSON.parse(wireReply(rows)) as { data: { id: string; attributes: Record<string, unknown> }[] };
}

describe('decodeReply’s fast path', () => {
  it('decodes a bookings list as zod does', () => {
    const json = bookings(20);
    const fast = decodeReply(list, json);
    expect(fast).toEqual(generic(list, bookings(20)));
    expect((fast as { items: { reservationId: string }[] }).items[3]!.reservationId).toBe('TRN-100003');
  });

  it('applies defaults, trims and keeps nulls as zod does', () => {
    const json = bookings(1);
    const attributes = json.data[0]!.attributes as { units: Record<string, unknown>[]; customer: object };
    // A car driver without an address (defaulted), a padded name (trimmed), a guest without a nationality.
    attributes.units[0]!.drivers = [
      { first_name: '  Anna ', last_name: 'Berg', age: 40, email: 'anna@example.test', phone: '+354 1' },
    ];
    (attributes.units[0]!.guests as Record<string, unknown>[])[0] = { name: 'Páll', surname: 'Jónsson' };
    const fast = decodeReply(show, { data: json.data[0] }) as {
      units: { drivers: { firstName: string; address: unknown }[]; guests: unknown[] }[];
    };
    expect(fast).toEqual(generic(show, { data: json.data[0] }));
    expect(fast.units[0]!.drivers[0]!.firstName).toBe('Anna');
    expect(fast.units[0]!.drivers[0]!.address).toMatchObject({ addressLine1: '', countryCode: '' });
    expect(fast.units[0]!.guests[0]).toEqual({ name: 'Páll', surname: 'Jónsson', nationality: '' });
  });

  it('reads a key spelled another way (address_line1) the generic way, to the same result', () => {
    const json = bookings(1);
    const unit = (json.data[0]!.attributes.units as Record<string, unknown>[])[0]!;
    unit.drivers = [
      {
        first_name: 'Anna',
        last_name: 'Berg',
        age: 40,
        email: 'anna@example.test',
        phone: '1',
        address: { address_line1: 'Laugavegur 1', city: 'Reykjavik' },
      },
    ];
    const fast = decodeReply(show, { data: json.data[0] }) as { units: { drivers: { address: object }[] }[] };
    expect(fast.units[0]!.drivers[0]!.address).toMatchObject({ addressLine1: 'Laugavegur 1' });
    expect(fast).toEqual(generic(show, { data: json.data[0] }));
  });

  it('refuses what zod refuses, with zod’s issues', () => {
    const json = bookings(2);
    json.data[1]!.attributes.status = 'lost';
    expect(() => decodeReply(list, json)).toThrow(SchemaMismatchError);
    const wrongId = bookings(1);
    (wrongId.data[0] as { id: unknown }).id = 7;
    expect(() => decodeReply(list, wrongId)).toThrow(SchemaMismatchError);
    // zod's checks: a length, an integer.
    const emptyId = bookings(1);
    emptyId.data[0]!.id = '';
    expect(() => decodeReply(list, emptyId)).toThrow(SchemaMismatchError);
    const halfNight = bookings(1);
    halfNight.data[0]!.attributes.total_nights = 1.5;
    expect(() => decodeReply(list, halfNight)).toThrow(SchemaMismatchError);
    const longId = bookings(1);
    longId.data[0]!.id = 'x'.repeat(65);
    expect(() => decodeReply(list, longId)).toThrow(SchemaMismatchError);
    const noMeta = bookings(1) as { meta?: unknown };
    delete noMeta.meta;
    expect(() => decodeReply(list, noMeta)).toThrow(SchemaMismatchError);
  });

  it('drops keys the contract does not name, as zod does', () => {
    const json = bookings(1);
    json.data[0]!.attributes.internal_note = 'not for clients';
    const fast = decodeReply(list, json) as { items: Record<string, unknown>[] };
    expect(fast.items[0]).not.toHaveProperty('internalNote');
    expect(fast).toEqual(generic(list, json));
  });
});
