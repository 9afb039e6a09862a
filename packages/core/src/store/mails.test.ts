import { STORE_LOCALES } from '@tern/sdk/limits';
import { describe, expect, it } from 'vitest';
import { giftCardMailWords, mailLocale, storeReceiptWords } from './mails.js';

const card = {
  name: 'Ana',
  supplier: 'Hótel Saga',
  title: 'Two nights',
  code: 'ABCD2345EFGH',
  expirationDate: '2027-03-05',
};

describe("the store's mails (giftCardMailWords, storeReceiptWords)", () => {
  it('writes a card mail in each of the eight languages, every slot filled', () => {
    const subjects = new Set<string>();
    for (const locale of STORE_LOCALES) {
      const words = giftCardMailWords(locale, card);
      subjects.add(words.subject);
      const all = [words.subject, ...words.lines, words.bookWithIt].join('\n');
      expect(all).not.toMatch(/\{\{|\}\}/);
      expect(all).toContain('Ana');
      expect(all).toContain('ABCD2345EFGH');
      expect(all).toContain('Two nights');
      expect(all).toContain('2027');
    }
    expect(subjects.size).toBe(STORE_LOCALES.length);
  });

  it('dates in the language (a short month) and falls back to English for a language the store does not offer', () => {
    expect(giftCardMailWords('en', card).lines[2]).toBe('Its number: ABCD2345EFGH. Use it by Mar 5, 2027.');
    expect(giftCardMailWords('de', card).lines[2]).toBe(
      'Seine Nummer: ABCD2345EFGH. Einzulösen bis 5. März 2027.',
    );
    expect(giftCardMailWords(null, card).subject).toBe('Your gift card: Two nights');
    expect(giftCardMailWords('nl', card).subject).toBe('Your gift card: Two nights');
    expect([mailLocale('is'), mailLocale(undefined), mailLocale('xx')]).toEqual(['is', 'en', 'en']);
  });

  it('lists each card of a receipt with its delivery and price in the currency’s decimals, then the total', () => {
    const receipt = storeReceiptWords('fr', {
      payerName: 'Marie',
      supplier: 'Hôtel du Lac',
      reference: 'R-100',
      currency: 'EUR',
      total: 1250.5,
      cards: [
        {
          title: 'Spa',
          name: 'Luc',
          code: 'AAAA2222BBBB',
          price: 1000,
          delivery: { kind: 'email', email: 'luc@example.test' },
        },
        { title: 'Dîner', name: 'Léa', code: 'CCCC3333DDDD', price: 250.5, delivery: { kind: 'letter' } },
      ],
    });
    expect(receipt.subject).toBe('Vos cartes cadeaux de Hôtel du Lac : R-100');
    expect(receipt.lines[0]).toBe('Bonjour Marie,');
    expect(receipt.lines[4]).toMatch(
      /^Spa pour Luc, par e-mail à luc@example\.test : carte AAAA2222BBBB, 1\s000,00\sEUR$/,
    );
    expect(receipt.lines[5]).toMatch(/^Dîner pour Léa, par courrier : carte CCCC3333DDDD, 250,50\sEUR$/);
    expect(receipt.lines.at(-1)).toMatch(/^Total payé : 1\s250,50\sEUR$/);
  });
});
