import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n';
import { createToastQueue, SUCCESS_TOAST_MS, ToastRegion, toastApi } from './Toast';

function renderRegion() {
  const queue = createToastQueue();
  render(
    <I18nextProvider i18n={createI18n()}>
      <ToastRegion queue={queue} />
    </I18nextProvider>,
  );
  return toastApi(queue);
}

describe('Toast', () => {
  it('shows a success with its description in the notifications region, then lets it go', async () => {
    vi.useFakeTimers();
    try {
      const toast = renderRegion();
      act(() => void toast.success('Booking cancelled', 'TRN-1 is cancelled.'));
      const region = screen.getByRole('region', { name: '1 notification.' });
      const shown = within(region).getByRole('alertdialog', { name: 'Booking cancelled' });
      expect(shown.textContent).toContain('TRN-1 is cancelled.');
      expect(shown.getAttribute('data-variant')).toBe('success');
      act(() => vi.advanceTimersByTime(SUCCESS_TOAST_MS + 100));
      expect(screen.queryByRole('alertdialog', { name: 'Booking cancelled' })).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps an error until it is closed', async () => {
    vi.useFakeTimers();
    const toast = renderRegion();
    act(() => void toast.error('Not saved', 'The booking changed meanwhile.'));
    act(() => vi.advanceTimersByTime(60_000));
    vi.useRealTimers();
    const shown = screen.getByRole('alertdialog', { name: 'Not saved' });
    expect(shown.getAttribute('data-variant')).toBe('error');
    await userEvent.setup().click(within(shown).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('alertdialog', { name: 'Not saved' })).toBeNull();
  });

  it('shows at most three at once, newest first, and an older one when one closes', async () => {
    const toast = renderRegion();
    act(() => {
      for (const n of [1, 2, 3, 4]) toast.error(`Failure ${n}`);
    });
    const titles = () =>
      screen.getAllByRole('alertdialog').map((shown) => shown.querySelector('.toast__title')?.textContent);
    expect(titles()).toEqual(['Failure 4', 'Failure 3', 'Failure 2']);
    const newest = screen.getByRole('alertdialog', { name: 'Failure 4' });
    await userEvent.setup().click(within(newest).getByRole('button', { name: 'Close' }));
    expect(titles()).toEqual(['Failure 3', 'Failure 2', 'Failure 1']);
  });
});
