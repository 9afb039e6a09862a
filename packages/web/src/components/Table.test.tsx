import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Table, type TableColumn, type TableSort } from './Table';

interface Stay {
  id: string;
  guest: string;
  nights: number;
}
const stays: Stay[] = [
  { id: 's1', guest: 'Ada', nights: 3 },
  { id: 's2', guest: 'Grace', nights: 1 },
];
const columns: TableColumn<Stay>[] = [
  { id: 'guest', label: 'Guest', isRowHeader: true, sortable: true, render: (s) => s.guest },
  { id: 'nights', label: 'Nights', numeric: true, sortable: true, render: (s) => String(s.nights) },
  { id: 'note', label: 'Note', render: () => '—' },
];

/** The caller owns the order, as the bookings page does: the same column flips, another starts ascending. */
function Sorted({ onRowAction }: { onRowAction?: (stay: Stay) => void }) {
  const [sort, setSort] = useState<TableSort>({ column: 'guest', direction: 'ascending' });
  const items = [...stays].sort((a, b) => {
    const order = sort.column === 'nights' ? a.nights - b.nights : a.guest.localeCompare(b.guest);
    return sort.direction === 'ascending' ? order : -order;
  });
  return (
    <Table
      label="Stays"
      columns={columns}
      items={items}
      rowKey={(s) => s.id}
      sort={sort}
      onSortChange={(column) =>
        setSort((current) => ({
          column,
          direction:
            current.column === column && current.direction === 'ascending' ? 'descending' : 'ascending',
        }))
      }
      {...(onRowAction ? { onRowAction } : {})}
    />
  );
}

const guests = () =>
  within(screen.getByRole('grid', { name: 'Stays' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('Table', () => {
  it('sorts by a sortable header, saying the order with aria-sort; other headers are not sortable', async () => {
    const user = userEvent.setup();
    render(<Sorted />);
    const grid = screen.getByRole('grid', { name: 'Stays' });
    const guest = within(grid).getByRole('columnheader', { name: 'Guest' });
    const nights = within(grid).getByRole('columnheader', { name: 'Nights' });
    expect(guest.getAttribute('aria-sort')).toBe('ascending');
    expect(nights.getAttribute('aria-sort')).toBe('none');
    expect(within(grid).getByRole('columnheader', { name: 'Note' }).hasAttribute('aria-sort')).toBe(false);
    expect(guests()).toEqual(['Ada', 'Grace']);

    await user.click(nights);
    expect(nights.getAttribute('aria-sort')).toBe('ascending');
    expect(guest.getAttribute('aria-sort')).toBe('none');
    expect(guests()).toEqual(['Grace', 'Ada']);
    await user.click(nights);
    expect(nights.getAttribute('aria-sort')).toBe('descending');
    expect(guests()).toEqual(['Ada', 'Grace']);
  });

  it('labels each cell with its column for the phone layout, and opens a row with a click or Enter', async () => {
    const user = userEvent.setup();
    const open = vi.fn();
    render(<Sorted onRowAction={open} />);
    const grid = screen.getByRole('grid', { name: 'Stays' });
    expect(grid.classList.contains('stacked-table')).toBe(true);
    const ada = within(grid).getByRole('row', { name: /Ada/ });
    expect(within(ada).getByRole('gridcell', { name: '3' }).getAttribute('data-label')).toBe('Nights');
    await user.click(within(ada).getByRole('gridcell', { name: '3' }));
    expect(open).toHaveBeenLastCalledWith(stays[0]);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(open).toHaveBeenLastCalledWith(stays[1]);
  });

  it('selects rows when asked to', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    render(
      <Table
        label="Stays"
        columns={columns}
        items={stays}
        rowKey={(s) => s.id}
        selectionMode="multiple"
        onSelectionChange={onSelectionChange}
      />,
    );
    await user.click(within(screen.getByRole('row', { name: /Grace/ })).getByRole('rowheader'));
    expect(onSelectionChange).toHaveBeenLastCalledWith(new Set(['s2']));
    expect(screen.getByRole('row', { name: /Grace/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('says it is loading while it has no rows, then shows its empty state', () => {
    const { rerender } = render(
      <Table
        label="Stays"
        columns={columns}
        items={[]}
        rowKey={(s) => s.id}
        isLoading
        loadingLabel="Loading stays"
      />,
    );
    expect(screen.getByRole('status', { name: 'Loading stays' })).toBeTruthy();
    const grid = screen.getByRole('grid', { name: 'Stays' });
    expect(grid.hasAttribute('data-loading')).toBe(true);
    expect(grid.closest('[aria-busy="true"]')).not.toBeNull();
    rerender(
      <Table
        label="Stays"
        columns={columns}
        items={[]}
        rowKey={(s) => s.id}
        emptyState={<h2>No stays yet</h2>}
      />,
    );
    expect(screen.queryByRole('status', { name: 'Loading stays' })).toBeNull();
    expect(screen.getByRole('heading', { name: 'No stays yet' })).toBeTruthy();
    expect(screen.getByRole('grid', { name: 'Stays' }).closest('[aria-busy]')).toBeNull();
  });
});
