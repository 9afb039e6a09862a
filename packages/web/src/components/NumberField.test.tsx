import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n';
import { NumberField, numberText } from './NumberField';

function Form({
  decimals,
  currency,
  initial = null,
}: {
  decimals?: number;
  currency?: string;
  initial?: number | null;
}) {
  const [value, setValue] = useState<number | null>(initial);
  const invalid = value !== null && Number.isNaN(value);
  return (
    <I18nextProvider i18n={createI18n()}>
      <NumberField
        label="Room rate"
        decimals={decimals}
        currency={currency}
        value={value}
        onChange={setValue}
        errorMessage={invalid ? 'At least 0' : null}
      />
      <output aria-label="Value">{numberText(value)}</output>
      <button type="button" onClick={() => setValue(80)}>
        Reset
      </button>
    </I18nextProvider>
  );
}

const valueShown = () => screen.getByRole('status', { name: 'Value' }).textContent;

describe('NumberField', () => {
  it('keeps an amount to its currency’s decimals: ISK refuses 1.5, EUR takes 1.50, KWD 1.125', async () => {
    const user = userEvent.setup();
    const typed = async (currency: string, text: string) => {
      const view = render(<Form currency={currency} />);
      await user.type(screen.getByRole('textbox', { name: 'Room rate' }), text);
      const shown = valueShown();
      const words = screen.queryByText('Use a whole number') !== null;
      view.unmount();
      return [shown, words];
    };
    expect(await typed('ISK', '1.5')).toEqual(['NaN', true]);
    expect(await typed('ISK', '1500')).toEqual(['1500', false]);
    expect(await typed('EUR', '1.50')).toEqual(['1.5', false]);
    expect(await typed('EUR', '1.505')).toEqual(['NaN', false]);
    expect(await typed('KWD', '1.125')).toEqual(['1.125', false]);
  });

  it('shows an amount set from outside with its currency’s decimals', () => {
    render(<Form currency="EUR" initial={1.5} />);
    expect((screen.getByRole('textbox', { name: 'Room rate' }) as HTMLInputElement).value).toBe('1.50');
  });

  it('reads a decimal comma and spaced thousands by core’s rule, keeping the text as typed', async () => {
    render(<Form />);
    const field = screen.getByRole('textbox', { name: 'Room rate' });
    expect(field.getAttribute('inputmode')).toBe('decimal');
    const user = userEvent.setup();
    await user.type(field, '1 250,');
    expect((field as HTMLInputElement).value).toBe('1 250,');
    expect(valueShown()).toBe('1250');
    await user.type(field, '5');
    expect(valueShown()).toBe('1250.5');
    expect(field.getAttribute('aria-invalid')).toBeNull();
    await user.clear(field);
    expect(valueShown()).toBe('');
  });

  it('says why typed text is not a number while the form shows an error, in place of the form’s words', async () => {
    render(<Form decimals={0} />);
    const field = screen.getByRole('textbox', { name: 'Room rate' });
    expect(field.getAttribute('inputmode')).toBe('decimal');
    const user = userEvent.setup();
    await user.type(field, '12,5');
    expect(valueShown()).toBe('NaN');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Use a whole number')).toBeTruthy();
    await user.clear(field);
    await user.type(field, 'abc');
    expect(screen.getByText('Enter a number, such as 1250 or 12,50')).toBeTruthy();
  });

  it('words too many decimals for the currency with the count allowed', async () => {
    render(<Form decimals={2} />);
    await userEvent.setup().type(screen.getByRole('textbox', { name: 'Room rate' }), '9,999');
    expect(screen.getByText('Use at most 2 decimals')).toBeTruthy();
  });

  it('shows a value changed from outside', async () => {
    render(<Form initial={12.5} />);
    const field = screen.getByRole('textbox', { name: 'Room rate' }) as HTMLInputElement;
    expect(field.value).toBe('12.5');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reset' }));
    expect(field.value).toBe('80');
  });
});
