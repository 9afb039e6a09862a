import { SIGN_IN_ERROR_KEY, validationKeys } from '@tern/core/auth';
import { navigationFor, routes, settingsMenu, titleKeys } from '@tern/core/navigation';
import { rateValidationKeys } from '@tern/core/rates';
import { type ErrorCode, errorCatalogue, errorParamNames, type Role } from '@tern/sdk';
import { describe, expect, it } from 'vitest';
import { adminPart } from './adminPart';
import { bookingFlowPart } from './bookingFlowPart';
import { bookingPart } from './bookingPart';
import { framePart } from './framePart';
import { addCatalogue, createI18n, provideApiErrors } from './index';

/** The shared catalogue alone: what the sign-in page and the frame have before any screen's part loads. */
const shared = createI18n();
/** With every part, as the screens see it. */
const i18n = createI18n();
addCatalogue(i18n, bookingPart);
addCatalogue(i18n, bookingFlowPart);
addCatalogue(i18n, framePart);
addCatalogue(i18n, adminPart);
const roles: Role[] = ['reseller', 'supplier', 'admin'];

/** Every message key core exports or returns, collected from its tables and functions. */
function coreKeys(): string[] {
  const keys = new Set<string>([
    SIGN_IN_ERROR_KEY,
    ...Object.values(validationKeys),
    ...Object.values(rateValidationKeys),
    ...Object.values(titleKeys),
    ...routes.map((r) => r.titleKey),
    ...settingsMenu(true).map((e) => e.labelKey),
  ]);
  for (const role of roles) {
    const nav = navigationFor(role, {
      carRentalFeature: true,
      paymentSourceMissing: true,
      propertyLocked: true,
    });
    for (const entry of [...nav.links, ...nav.userMenu]) keys.add(entry.labelKey);
  }
  return [...keys].sort();
}

/** Keys the documents name for the screens of this issue (document 1 §8, inventory 2 §7). */
const documentKeys = [
  'general.no_access_error',
  'general.error_message',
  'general.error_description',
  'general.success_message',
  'validation_messages.required',
  'not_found_page.not_found',
  // The booking engine (document 1 §2, §8).
  'properties.no_search_results',
  'properties.no_info',
  'hotel_page.missing_spaces',
  'payment_page.currency_convertion_alert',
  'payment_page.error_modal.header',
  'payment_page.error_modal.text',
  'payment_page.policy_info.no_policy_message',
  'guests.no_info_available',
];

describe('the English catalogue', () => {
  // Core's keys name titles, navigation and validation: shown in the frame and on the sign-in page.
  it.each(coreKeys())('has core key %s in the shared part', (key) => {
    expect(shared.exists(key)).toBe(true);
    expect(shared.t(key)).not.toBe(key);
  });

  it.each(documentKeys)('has document key %s', (key) => {
    expect(i18n.exists(key)).toBe(true);
  });

  it('collects a plausible number of core keys', () => {
    expect(coreKeys().length).toBeGreaterThan(30);
  });

  // A refusal can come on any page: every code of the SDK's catalogue has words once the SDK's chunk gave them
  // (test/setup.ts does what `app/client.ts` does), which name the same params (`{{name}}`) the server sends.
  it.each(Object.keys(errorCatalogue) as ErrorCode[])('has words for the API error %s', (code) => {
    const key = `api_errors.${code}`;
    expect(shared.exists(key)).toBe(true);
    const params = Object.fromEntries(errorParamNames(code).map((name) => [name, `<${name}>`]));
    const words = shared.t(key, params);
    for (const name of errorParamNames(code)) expect(words).toContain(`<${name}>`);
    expect(words).not.toMatch(/\{\{/);
  });
});

describe('the API error words', () => {
  it('reach the translators made before they were given and those made after', () => {
    const before = createI18n();
    provideApiErrors('en', { ...errorCatalogue, not_a_code_yet: 'New words' });
    try {
      expect(before.t('api_errors.not_a_code_yet')).toBe('New words');
      expect(createI18n().t('api_errors.not_a_code_yet')).toBe('New words');
    } finally {
      provideApiErrors('en', errorCatalogue);
    }
  });
});

describe('catalogue parts', () => {
  it('adds a part once, without overwriting the shared messages', () => {
    const instance = createI18n();
    expect(instance.exists('properties.no_search_results')).toBe(false);
    addCatalogue(instance, bookingPart);
    addCatalogue(instance, bookingPart);
    expect(instance.t('properties.no_search_results')).toBe('No properties match your search');
    expect(instance.t('general.product_name')).toBe('Tern');
  });

  it('keeps the parts apart from the shared catalogue (no key defined twice)', () => {
    const sharedKeys = Object.keys(shared.getResourceBundle('en', 'translation'));
    for (const part of [bookingPart, bookingFlowPart, framePart, adminPart]) {
      for (const key of Object.keys(part.messages)) expect(sharedKeys).not.toContain(key);
    }
  });
});

describe('facility labels', () => {
  it('names every facility and category of Tern’s catalogue, in the SDK’s words', async () => {
    const { facilityCatalogue } = await import('@tern/sdk');
    for (const category of facilityCatalogue) {
      expect(i18n.t(`facility_categories.${category.code}`)).toBe(category.label);
      for (const [code, label] of Object.entries(category.facilities)) {
        expect(i18n.t(`facilities.${code}`)).toBe(label);
      }
    }
  });
});
