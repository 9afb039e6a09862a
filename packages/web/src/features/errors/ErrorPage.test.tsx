import type { ErrorComponentProps } from '@tanstack/react-router';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../i18n';
import { ErrorPage } from './ErrorPage';

describe('ErrorPage', () => {
  it('says once that the page failed, and draws it again from Try again', async () => {
    const reset = vi.fn();
    render(
      <I18nextProvider i18n={createI18n()}>
        <ErrorPage {...({ error: new Error('boom'), reset } as unknown as ErrorComponentProps)} />
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Something went wrong');
    // The alert goes without a heading of its own: the page's says it.
    expect(screen.getByRole('alert').querySelector('.alert__title')).toBeNull();
    await userEvent
      .setup()
      .click(within(screen.getByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(reset).toHaveBeenCalledOnce();
  });
});
