import { CONSENT_STORAGE_KEY } from '@tern/core/store';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStoreI18n } from '../i18n';
import { ANALYTICS_SCRIPT_ORIGIN } from './analytics';
import { ConsentBanner } from './ConsentBanner';

const tags = () =>
  [...document.querySelectorAll('script')].filter((s) => s.src.startsWith(ANALYTICS_SCRIPT_ORIGIN));

function show(gaTrackingId = 'G-HARBOUR1', reopen = 0) {
  return render(
    <I18nextProvider i18n={createStoreI18n()}>
      <ConsentBanner gaTrackingId={gaTrackingId} reopen={reopen} />
    </I18nextProvider>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  for (const tag of tags()) tag.remove();
  window.dataLayer = undefined;
});
afterEach(() => window.localStorage.clear());

describe('the store’s analytics consent (M39)', () => {
  it('loads no analytics before the visitor agrees, and the tag once they do (ISK as its currency)', async () => {
    const user = userEvent.setup();
    show();
    const banner = screen.getByRole('region', { name: 'Cookie consent' });
    expect(tags()).toHaveLength(0);
    expect(window.dataLayer).toBeUndefined();
    await user.click(within(banner).getByRole('button', { name: 'Accept' }));
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(tags().map((s) => s.src)).toEqual([`${ANALYTICS_SCRIPT_ORIGIN}/gtag/js?id=G-HARBOUR1`]);
    expect(JSON.stringify(window.dataLayer)).toContain('"currency":"ISK"');
    expect(JSON.parse(window.localStorage.getItem(CONSENT_STORAGE_KEY) ?? '{}').tracking).toBe(true);
  });

  it('keeps a refusal: no tag now, none on the next visit, and no question again', async () => {
    const user = userEvent.setup();
    const first = show();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(tags()).toHaveLength(0);
    first.unmount();
    show();
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(tags()).toHaveLength(0);
  });

  it('loads the tag on a later visit from the stored consent, without asking', () => {
    window.localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ tracking: true, decidedAt: '2026-11-01T10:00:00.000Z' }),
    );
    show();
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(tags()).toHaveLength(1);
  });

  it('asks nothing and loads nothing for a store without an analytics id', () => {
    show('');
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).toBeNull();
    expect(tags()).toHaveLength(0);
  });

  it('asks again from the footer’s cookie settings, a stored record that is not one asks too', async () => {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, '{not json');
    const view = show();
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Decline' }));
    view.rerender(
      <I18nextProvider i18n={createStoreI18n()}>
        <ConsentBanner gaTrackingId="G-HARBOUR1" reopen={1} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('region', { name: 'Cookie consent' })).toBeTruthy();
  });
});
