import { describe, expect, it } from 'vitest';
import { wireReply } from '../bench/decode.js';
import { allowCodeGeneration } from '../src/fastDecode.js';
import { contract, decodeReply, type Endpoint, SchemaMismatchError, unwrapReply } from '../src/index.js';

// Where code may not be generated (a strict Content-Security-Policy in a browser), the fast path reads
// objects with a loop: the same answers (this file's modules are its own, so the setting holds from the start).
allowCodeGeneration(false);

const list = contract.bookings.list as Endpoint;

describe('decodeReply without generated code', () => {
  it('decodes a bookings list as zod does, and refuses what zod refuses', () => {
    const json = JSON.parse(wireReply(10));
    expect(decodeReply(list, json)).toEqual(
      list.response.parse(unwrapReply(list, JSON.parse(wireReply(10)))),
    );
    json.data[4].attributes.price = { currency: 'EUR' };
    expect(() => decodeReply(list, json)).toThrow(SchemaMismatchError);
  });
});
