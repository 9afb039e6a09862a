import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../i18n';
import { ErrorState } from './ErrorState';

describe('ErrorState', () => {
  it('says a query failed in an alert, in its words, and asks again from its button', async () => {
    const retry = vi.fn();
    render(
      <I18nextProvider i18n={createI18n()}>
        <ErrorState onRetry={retry}>The server did not answer.</ErrorState>
      </I18nextProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.textContent).toContain('The server did not answer.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it('takes its own heading and button words', () => {
    render(
      <I18nextProvider i18n={createI18n()}>
        <ErrorState title="The rooms did not load" retryLabel="Load again" onRetry={() => {}} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert').textContent).toContain('The rooms did not load');
    expect(screen.getByRole('button', { name: 'Load again' })).toBeTruthy();
  });

  it('goes without a heading for null, and offers a second way out beside the retry', async () => {
    const retry = vi.fn();
    const close = vi.fn();
    render(
      <I18nextProvider i18n={createI18n()}>
        <ErrorState title={null} onRetry={retry} dismiss={{ label: 'Close', onPress: close }}>
          The booking was not cancelled.
        </ErrorState>
      </I18nextProvider>,
    );
    expect(screen.getByRole('alert').textContent).not.toContain('Something went wrong');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Close' }));
    expect(close).toHaveBeenCalledOnce();
    expect(retry).not.toHaveBeenCalled();
  });
});
