import { describe, expect, it } from 'vitest';
import { wireReply } from '../bench/decode.js';
import { loadGenerated } from '../src/decoders.js';
import { decodeList } from '../src/fastDecode.js';
import {
  contract,
  decodeReply,
  type Endpoint,
  endpointNamed,
  SchemaMismatchError,
  unwrapReply,
} from '../src/index.js';

// Replies are decoded without code generated at run time: a strict Content-Security-Policy (no
// 'unsafe-eval') forbids `new Function`, and the web app is served under one.

const list = contract.bookings.list as Endpoint;
const zodsAnswer = () => list.response.parse(unwrapReply(list, JSON.parse(wireReply(10))));

describe('decoding replies', () => {
  it('generates no code: it decodes a bookings list as zod does with Function forbidden', () => {
    const expected = zodsAnswer();
    const json = JSON.parse(wireReply(10));
    const original = globalThis.Function;
    globalThis.Function = function forbidden() {
      throw new EvalError('Refused to evaluate a string as JavaScript');
    } as unknown as FunctionConstructor;
    try {
      expect(decodeList(list.response, json)).toEqual(expected);
    } finally {
      globalThis.Function = original;
    }
  });

  it('makes and runs the decoders generated at build time with Function and eval forbidden', () => {
    const expected = zodsAnswer();
    const json = JSON.parse(wireReply(10));
    // biome-ignore lint/security/noGlobalEval: kept to be put back; replaced to prove it is never called
    const original = { Function: globalThis.Function, eval: globalThis.eval };
    const refuse = () => {
      throw new EvalError('Refused to evaluate a string as JavaScript');
    };
    globalThis.Function = refuse as unknown as FunctionConstructor;
    globalThis.eval = refuse;
    try {
      const generated = loadGenerated(endpointNamed).get(list.response);
      expect(generated?.reply).toBe('list');
      expect(generated!.decode(json)).toEqual(expected);
    } finally {
      Object.assign(globalThis, original);
    }
  });

  it('reads fields in another order, or an extra one, as zod does', () => {
    const json = JSON.parse(wireReply(10));
    const attributes = json.data[3].attributes as Record<string, unknown>;
    json.data[3].attributes = Object.fromEntries(Object.entries(attributes).reverse());
    json.data[5].attributes.not_in_the_contract = 'dropped';
    expect(decodeReply(list, json, endpointNamed)).toEqual(zodsAnswer());
  });

  it('refuses what zod refuses', () => {
    const json = JSON.parse(wireReply(10));
    json.data[4].attributes.price = { currency: 'EUR' };
    expect(() => decodeReply(list, json, endpointNamed)).toThrow(SchemaMismatchError);
  });
});
