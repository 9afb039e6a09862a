import { STORE_LOCALES } from '@tern/sdk/limits';
import { describe, expect, it } from 'vitest';
import { en } from './en';
import { campaignI18n, campaignLoaders } from './index';

type Node = string | { [key: string]: Node };
/** Every key path of a catalogue with its words. */
const leaves = (node: Node, path = ''): Array<[string, string]> =>
  typeof node === 'string'
    ? [[path, node]]
    : Object.entries(node).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
const values = (words: string) => (words.match(/\{\{\w+\}\}/g) ?? []).sort();

describe('the campaign page’s catalogues', () => {
  it('are the store’s eight languages', () => {
    expect(['en', ...Object.keys(campaignLoaders)].sort()).toEqual([...STORE_LOCALES].sort());
  });

  const english = new Map(leaves(en));
  for (const [locale, load] of Object.entries(campaignLoaders))
    it(`${locale} has English’s keys, each translated with the same {{values}}`, async () => {
      const words = leaves((await load()) as Node);
      expect(words.map(([key]) => key).sort()).toEqual([...english.keys()].sort());
      for (const [key, text] of words) {
        expect(text.trim(), `${locale} ${key}`).not.toBe('');
        expect(values(text), `${locale} ${key}`).toEqual(values(english.get(key)!));
      }
    });

  it('speaks Icelandic with the spec’s words', async () => {
    const i18n = await campaignI18n('is');
    expect(i18n.t('campaign.chosen')).toBe('Flott val!');
  });
});
