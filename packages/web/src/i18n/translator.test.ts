import { describe, expect, it } from 'vitest';
import { createInstance } from './translator';

const messages = {
  session: { restoring: 'Checking your session…', expired: 'Signed out after {{minutes}} minutes' },
  rooms: { count_one: '{{count}} room', count_other: '{{count}} rooms', count_zero: 'No rooms' },
  nights: { count_one: 'one night', count_other: '{{count}} nights' },
  greeting: 'Hello {{user.name}}, {{missing}}!',
  'dotted.key': 'kept whole',
  empty: '',
};

function translator(language = 'en') {
  return createInstance({ lng: language, fallbackLng: 'en', resources: { en: { translation: messages } } });
}

describe('the translator', () => {
  it.each([
    ['session.restoring', undefined, 'Checking your session…'],
    ['session.expired', { minutes: 30 }, 'Signed out after 30 minutes'],
    ['rooms.count', { count: 1 }, '1 room'],
    ['rooms.count', { count: 3 }, '3 rooms'],
    ['rooms.count', { count: 0 }, 'No rooms'],
    ['nights.count', { count: 0 }, '0 nights'],
    ['greeting', { user: { name: 'Ada' } }, 'Hello Ada, {{missing}}!'],
    ['greeting', { user: { name: 'Ada' }, missing: undefined }, 'Hello Ada, !'],
    ['dotted.key', undefined, 'kept whole'],
    ['empty', undefined, ''],
    ['nowhere.to_be_found', undefined, 'nowhere.to_be_found'],
    ['nowhere', { defaultValue: 'Code {{code}}', code: 'X1' }, 'Code X1'],
    ['session', undefined, 'session'],
  ])('translates %s with %o as %s', (key, options, text) => {
    expect(translator().t(key, options)).toBe(text);
  });

  it('never reads an inserted value again', () => {
    expect(translator().t('session.expired', { minutes: '{{minutes}}' })).toBe(
      'Signed out after {{minutes}} minutes',
    );
  });

  it('falls back from a regional language to its base and to the fallback', () => {
    expect(translator('en-GB').t('rooms.count', { count: 2 })).toBe('2 rooms');
    expect(translator('fr').t('session.restoring')).toBe('Checking your session…');
  });

  it('says which keys exist, sections included', () => {
    const i18n = translator();
    expect(i18n.exists('session.restoring')).toBe(true);
    expect(i18n.exists('session')).toBe(true);
    expect(i18n.exists('rooms.count', { count: 2 })).toBe(true);
    expect(i18n.exists('session.unknown')).toBe(false);
  });

  it('merges a part without overwriting, and never changes the messages it was given', () => {
    const i18n = translator();
    i18n.addResourceBundle('en', 'translation', {
      session: { restoring: 'overwritten?', signed_in: 'Signed in' },
      rooms: 'not a section',
    });
    expect(i18n.t('session.restoring')).toBe('Checking your session…');
    expect(i18n.t('session.signed_in')).toBe('Signed in');
    expect(i18n.t('rooms.count', { count: 2 })).toBe('2 rooms');
    expect(messages.session).not.toHaveProperty('signed_in');
    expect(Object.keys(i18n.getResourceBundle('en'))).toContain('greeting');
  });
});
