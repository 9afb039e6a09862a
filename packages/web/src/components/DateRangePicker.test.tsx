import { dayBlock } from '@tern/core/bookingEngine';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DayReason } from './Calendar';
import { DateRangePicker, type IsoRange } from './DateRangePicker';

// The property page's picker: the night of 10 May 2030 is closed.
const closed = new Set(['2030-05-10']);
const reason: DayReason = (iso, checkIn) => {
  const block = dayBlock(iso, { today: '2030-05-01', closed, checkIn });
  return block === 'closed'
    ? 'closed'
    : block === 'closed_night_before'
      ? 'a closed night comes before it'
      : null;
};

function renderPicker(value: IsoRange | null = null) {
  const onChange = vi.fn();
  render(
    <DateRangePicker
      label="Dates"
      calendarLabel="Choose dates"
      value={value}
      onChange={onChange}
      minValue="2030-05-01"
      unavailableReason={reason}
    />,
  );
  return onChange;
}

/** The calendar cell of a day of May 2030. */
const may = (day: number) =>
  within(screen.getByRole('grid')).getByRole('button', { name: new RegExp(`day, ${day} May 2030`) });

describe('the date range picker with a closed night', () => {
  it('lets the closed day end a stay, not start one, and keeps the days past it out of reach', async () => {
    const user = userEvent.setup();
    const onChange = renderPicker();
    await user.click(screen.getByRole('button', { name: /^Choose dates/ }));
    // As a check-in the closed day cannot be picked, and says why.
    expect(may(10)).toSatisfy((cell: HTMLElement) => cell.getAttribute('aria-disabled') === 'true');
    expect(within(screen.getByRole('grid')).getByText('10, closed')).toBeTruthy();

    await user.click(may(8));
    // With the 8th as check-in, the 10th can be the check-out (its night is not stayed); the 11th cannot.
    expect(may(10).getAttribute('aria-disabled')).toBeNull();
    expect(may(11)).toSatisfy((cell: HTMLElement) => cell.getAttribute('aria-disabled') === 'true');
    await user.click(may(11));
    expect(onChange).not.toHaveBeenCalled();
    await user.click(may(10));
    expect(onChange).toHaveBeenLastCalledWith({ start: '2030-05-08', end: '2030-05-10' });
  });

  it('shows a stay ending on the closed day as a valid range', async () => {
    const user = userEvent.setup();
    renderPicker({ start: '2030-05-08', end: '2030-05-10' });
    expect(screen.getByRole('group', { name: 'Dates' }).getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: /^Choose dates/ }));
    expect(may(10).getAttribute('aria-disabled')).toBeNull();
    expect(may(10).closest('[role=gridcell]')?.getAttribute('aria-selected')).toBe('true');
  });
});

describe('the date range picker on a phone', () => {
  it('shows two months on a wide screen and one on a phone', async () => {
    const user = userEvent.setup();
    const wide = window.innerWidth;
    const open = async () => {
      const view = render(
        <DateRangePicker
          label="Dates"
          calendarLabel="Choose dates"
          value={null}
          onChange={() => {}}
          minValue="2030-05-01"
          visibleMonths={2}
        />,
      );
      await user.click(screen.getByRole('button', { name: /^Choose dates/ }));
      const grids = screen.getAllByRole('grid').length;
      view.unmount();
      return grids;
    };
    try {
      window.innerWidth = 1280;
      expect(await open()).toBe(2);
      window.innerWidth = 390;
      expect(await open()).toBe(1);
    } finally {
      window.innerWidth = wide;
    }
  });
});
