import { STORE_LOCALES as contractLocales } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { de } from './de';
import { el } from './el';
import { en } from './en';
import { es } from './es';
import { fr } from './fr';
import { createStoreI18n, loadLocale, STORE_LOCALES } from './index';
import { is } from './is';
import { it as italian } from './it';
import { pt } from './pt';

type Tree = { [key: string]: string | Tree };
const keysOf = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
const paramsOf = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const catalogues = { es, it: italian, pt, de, fr, el, is } as Record<string, Tree>;

describe('the store’s catalogues', () => {
  it('are the contract’s eight languages, English first', () => {
    expect([...STORE_LOCALES]).toEqual([...contractLocales]);
    expect(Object.keys(catalogues).sort()).toEqual(STORE_LOCALES.filter((l) => l !== 'en').sort());
  });

  const english = en as unknown as Tree;
  const flat = (tree: Tree) => {
    const out = new Map<string, string>();
    const walk = (node: Tree, prefix: string) => {
      for (const [key, value] of Object.entries(node))
        typeof value === 'string' ? out.set(`${prefix}${key}`, value) : walk(value, `${prefix}${key}.`);
    };
    walk(tree, '');
    return out;
  };
  const englishWords = flat(english);

  for (const [locale, catalogue] of Object.entries(catalogues)) {
    it(`${locale} has English's keys, each translated with the same {{values}}`, () => {
      expect(keysOf(catalogue).sort()).toEqual(keysOf(english).sort());
      for (const [key, words] of flat(catalogue)) {
        expect(words.trim(), `${locale} ${key}`).not.toBe('');
        expect(paramsOf(words), `${locale} ${key}`).toEqual(paramsOf(englishWords.get(key)!));
      }
    });
  }

  it('loads a language on demand and falls back to English for nothing missing', async () => {
    const i18n = createStoreI18n();
    expect(i18n.t('cart.title')).toBe('Cart');
    await loadLocale(i18n, 'is');
    expect(i18n.language).toBe('is');
    expect(i18n.t('cart.title')).toBe('Karfa');
    expect(i18n.t('nav.cart_count', { count: 2 })).toBe('Karfa, 2 kort');
    await loadLocale(i18n, 'de');
    expect(i18n.t('card.left', { count: 1 })).toBe('Noch 1 Karte');
  });
});
