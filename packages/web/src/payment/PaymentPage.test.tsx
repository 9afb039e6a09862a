import type { SandboxPayBody, SandboxSession } from '@tern/sdk/sandboxPayments';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStoreI18n } from '../store/i18n';
import { PaymentPage } from './PaymentPage';
import { sessionIdOf } from './sandboxApi';

const session: SandboxSession = {
  id: 's1',
  merchant: 'Harbour View',
  amount: 25000,
  currency: 'ISK',
  locale: 'en',
  status: 'open',
  expiresAt: '2030-01-01T12:15:00Z',
  cancelUrl: 'https://store.example/harbour/checkout',
};

const flush = () => act(async () => {});

function renderPage(pay: (body: SandboxPayBody) => Promise<unknown>) {
  const api = {
    session: vi.fn(async () => session),
    pay: vi.fn(async (_id: string, body: SandboxPayBody) => pay(body)),
  };
  const i18n = createStoreI18n();
  render(
    <I18nextProvider i18n={i18n}>
      <PaymentPage sessionId="s1" api={api as never} i18n={i18n} />
    </I18nextProvider>,
  );
  return api;
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the hosted payment page (M32)', () => {
  const assign = vi.fn();
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('location', { ...window.location, assign });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    assign.mockReset();
  });

  it('shows who is paid and how much, keeps Pay disabled for 5 s, checks the card beside each field, then pays and goes back', async () => {
    const api = renderPage(async () => ({
      status: 'paid',
      returnUrl: 'https://store.example/harbour/confirmation?x=1',
    }));
    await flush();
    expect(screen.getByRole('heading', { name: 'Pay Harbour View' })).toBeTruthy();
    expect(screen.getByText('Amount', { exact: false }).querySelector('strong')?.textContent).toMatch(
      /^ISK\s25,000$/,
    );
    const pay = screen.getByRole('button', { name: /^Pay / });
    expect((pay as HTMLButtonElement).disabled).toBe(true);
    await act(async () => vi.advanceTimersByTime(5000));
    expect((pay as HTMLButtonElement).disabled).toBe(false);

    fill('Card number', '4242 4242');
    fill('CVC', '12');
    fireEvent.click(pay);
    await flush();
    expect(api.pay).not.toHaveBeenCalled();
    const number = screen.getByLabelText('Card number');
    expect(number.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(number.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Credit card number must have 16 digits.',
    );
    expect(screen.getByText('CVC must have 3 digits.')).toBeTruthy();
    expect(screen.getAllByText('Required')).toHaveLength(2);

    fill('Card number', '4242 4242 4242 4242');
    fill('Expiry month', '12');
    fill('Expiry year', '2030');
    fill('CVC', '123');
    expect(screen.getByRole('option', { name: '33' })).toBeTruthy();
    fireEvent.click(pay);
    await flush();
    expect(api.pay).toHaveBeenCalledWith(
      's1',
      { cardNumber: '4242424242424242', expiryMonth: 12, expiryYear: 2030, cvc: '123' },
      expect.anything(),
    );
    expect(assign).toHaveBeenCalledWith('https://store.example/harbour/confirmation?x=1');
  });

  it('says a declined card was declined and lets another be tried', async () => {
    const api = renderPage(async (body) => {
      if (body.cardNumber === '4000000000000002')
        throw Object.assign(new Error('HTTP 402'), {
          status: 402,
          code: 'card_declined',
          message: 'Declined',
        });
      return { status: 'paid', returnUrl: 'https://store.example/r' };
    });
    await flush();
    await act(async () => vi.advanceTimersByTime(5000));
    fill('Card number', '4000 0000 0000 0002');
    fill('Expiry month', '1');
    fill('Expiry year', '2031');
    fill('CVC', '999');
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await flush();
    expect(screen.getByRole('alert').textContent).toBe('The card was declined. Try another card.');
    expect(assign).not.toHaveBeenCalled();
    fill('Card number', '4242 4242 4242 4242');
    fireEvent.click(screen.getByRole('button', { name: /^Pay / }));
    await flush();
    expect(api.pay).toHaveBeenCalledTimes(2);
    expect(assign).toHaveBeenCalledWith('https://store.example/r');
  });

  it('reads the session from /pay/{id}', () => {
    expect(sessionIdOf('/pay/ps_123')).toBe('ps_123');
    expect(sessionIdOf('/pay/a%20b/')).toBe('a b');
    expect(sessionIdOf('/elsewhere')).toBe('');
  });
});
