import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateField } from './DateField';

function Form({ initial = null }: { initial?: string | null }) {
  const [value, setValue] = useState<string | null>(initial);
  return (
    <form>
      <DateField
        label="Valid until"
        calendarLabel="Valid until: choose in the calendar"
        name="validUntil"
        value={value}
        onChange={setValue}
        errorMessage={value === null ? 'Required' : null}
      />
      <output aria-label="Value">{value ?? 'none'}</output>
      <button type="button" onClick={() => setValue('2031-02-03')}>
        Reset
      </button>
    </form>
  );
}

const valueShown = () => screen.getByRole('status', { name: 'Value' }).textContent;
const segments = () =>
  within(screen.getByRole('group', { name: 'Valid until' }))
    .getAllByRole('spinbutton')
    .map((s) => s.getAttribute('aria-label')?.replace(/,\s*$/, ''));

describe('DateField', () => {
  it('shows a day as DD/MM/YYYY and sends up the day core reads, none while the year is not whole', async () => {
    render(<Form initial="2030-12-24" />);
    expect(segments()).toEqual(['day', 'month', 'year']);
    expect(screen.getByRole('group', { name: 'Valid until' }).textContent).toContain('24/12/2030');
    expect((document.querySelector('input[name="validUntil"]') as HTMLInputElement).value).toBe('2030-12-24');

    const user = userEvent.setup();
    const day = within(screen.getByRole('group', { name: 'Valid until' })).getByRole('spinbutton', {
      name: /^day/,
    });
    await user.click(day);
    await user.keyboard('0503');
    // Typed over the day and the month, the year kept: the whole day goes up.
    expect(valueShown()).toBe('2030-03-05');
    // A year typed digit by digit is no day until it has four.
    await user.keyboard('{Backspace}{Backspace}{Backspace}{Backspace}20');
    expect(valueShown()).toBe('none');
    await user.keyboard('31');
    expect(valueShown()).toBe('2031-03-05');
  });

  it('is invalid with its error, and takes a value from outside', async () => {
    render(<Form />);
    const group = screen.getByRole('group', { name: 'Valid until' });
    expect(screen.getByText('Required')).toBeTruthy();
    expect(within(group).getByRole('spinbutton', { name: /^day/ }).getAttribute('aria-invalid')).toBe('true');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reset' }));
    expect(group.textContent).toContain('03/02/2031');
  });

  it('picks a day in the calendar popover', async () => {
    render(<Form initial="2030-12-24" />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Valid until: choose in the calendar/ }));
    const grid = await screen.findByRole('grid');
    await user.click(within(grid).getByRole('button', { name: /31 December 2030/ }));
    expect(valueShown()).toBe('2030-12-31');
  });
});
