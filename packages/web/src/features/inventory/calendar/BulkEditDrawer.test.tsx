import type { InventoryCalendar, InventoryChangeResult, TernClient } from '@tern/sdk';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { routed } from '../../../../test/routed';
import { addCatalogue, createI18n } from '../../../i18n';
import { framePart } from '../../../i18n/framePart';
import { inventoryPart } from '../../../i18n/inventory';
import { BulkEditDrawer } from './BulkEditDrawer';
import type { CalendarStructure } from './calendarModel';
import { type EditForm, emptyForm } from './editForm';

/** A plan of its own (no parent), without a max sell. */
const OWN_PLAN = { rateMode: 'manual' as const, maxSell: null, parentRatePlanId: null, inherited: [] };
/** A night with none of the plan's rooms booked, and no max sell. */
const UNSOLD = { sold: 0, maxSellLeft: null };

const i18n = createI18n();
addCatalogue(i18n, inventoryPart);
addCatalogue(i18n, framePart);

const structure: CalendarStructure = {
  currency: 'EUR',
  units: [{ id: 'u1', title: 'Double', count: 5 }],
  ratePlans: [{ id: 'r1', unitId: 'u1', title: 'Flex', sellMode: 'per_room', maxAdults: 2, ...OWN_PLAN }],
};
const stored = (booked: number): InventoryCalendar => ({
  propertyId: 'p1',
  from: '2027-01-04',
  to: '2027-01-05',
  currency: 'EUR',
  units: [
    {
      id: 'u1',
      title: 'Double',
      count: 5,
      nights: ['2027-01-04', '2027-01-05'].map((date) => ({ date, total: 5, booked, free: 5 - booked })),
    },
  ],
  ratePlans: [
    {
      id: 'r1',
      unitId: 'u1',
      title: 'Flex',
      sellMode: 'per_room',
      maxAdults: 2,
      ...OWN_PLAN,
      nights: ['2027-01-04', '2027-01-05'].map((date) => ({
        date,
        price: date === '2027-01-04' ? 100 : 120,
        byOccupancy: [],
        stopSell: false,
        closedToArrival: false,
        closedToDeparture: false,
        minStayArrival: 1,
        minStayThrough: 1,
        maxStay: null,
        ...UNSOLD,
      })),
    },
  ],
});

async function setup(initial: EditForm, booked = 0, edit?: () => Promise<InventoryChangeResult>) {
  const calendar = vi.fn(async () => stored(booked));
  const editCall = vi.fn(
    edit ??
      (async () => ({
        changeSetId: 'c1',
        preview: false,
        cells: [],
        summary: { availability: 0, rates: 2 },
      })),
  );
  const client = { inventory: { calendar, edit: editCall } } as unknown as TernClient;
  const onSaved = vi.fn();
  const onRead = vi.fn();
  const { element, router } = routed(() => (
    <BulkEditDrawer
      isOpen
      onOpenChange={() => {}}
      initial={initial}
      structure={structure}
      bounds={{ from: '2026-11-24', to: '2027-10-31' }}
      client={client}
      propertyId="p1"
      onRead={onRead}
      onSaved={onSaved}
    />
  ));
  render(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
  return {
    calendar,
    editCall,
    onSaved,
    onRead,
    router,
    dialog: await screen.findByRole('dialog', { name: 'Bulk edit' }),
  };
}

describe('BulkEditDrawer', () => {
  it('previews with core’s expansion before saving, and saves the same edit', async () => {
    const user = userEvent.setup();
    const form = {
      ...emptyForm('2027-01-04', '2027-01-05'),
      ratePlanIds: ['r1'],
      priceOp: 'increase_by_percent' as const,
      price: '10',
    };
    const { calendar, editCall, onSaved, onRead, dialog } = await setup(form);
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled') || save.getAttribute('data-disabled') === 'true').toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByRole('heading', { name: '2 nights change' })).toBeTruthy();
    expect(calendar).toHaveBeenCalledWith({
      params: { propertyId: 'p1' },
      query: { from: '2027-01-04', to: '2027-01-05', unitIds: ['u1'], ratePlanIds: ['r1'] },
    });
    expect(onRead).toHaveBeenCalled();
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '04/01/2027FlexPrice 100.00 → 110.00',
      '05/01/2027FlexPrice 120.00 → 132.00',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(editCall).toHaveBeenCalledWith({
      params: { propertyId: 'p1' },
      body: {
        from: '2027-01-04',
        to: '2027-01-05',
        ratePlanIds: ['r1'],
        changes: { price: { op: 'increase_by_percent', value: 10 } },
      },
    });
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ changeSetId: 'c1' }), expect.anything());
  });

  it('will not save rooms below those booked: the preview names the first such night', async () => {
    const user = userEvent.setup();
    const form = { ...emptyForm('2027-01-04', '2027-01-05'), unitIds: ['u1'], availability: '1' };
    const { editCall, dialog } = await setup(form, 3);
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    expect(await within(dialog).findByText(/2 nights cannot be saved, the first:/)).toBeTruthy();
    expect(within(dialog).getByText(/Fewer than the rooms already booked/)).toBeTruthy();
    const save = within(dialog).getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled') || save.getAttribute('data-disabled') === 'true').toBe(true);
    expect(editCall).not.toHaveBeenCalled();
  });

  it('shows field errors beside their fields and in the summary without calling, the server’s refusal in its own words, and a save that goes through clears it', async () => {
    const user = userEvent.setup();
    const { calendar, dialog } = await setup(emptyForm('2027-01-04', '2027-01-05'));
    await user.click(within(dialog).getByRole('button', { name: 'Preview' }));
    const changes = within(dialog).getByRole('group', { name: 'What changes' });
    expect(within(changes).getByText('Choose something to change.')).toBeTruthy();
    const summary = within(dialog).getByRole('alert');
    expect(summary.textContent).toContain('What changes: Choose something to change.');
    expect(calendar).not.toHaveBeenCalled();
    // The summary's link moves to the first control of the field it names.
    await user.click(within(summary).getByRole('button', { name: 'What changes' }));
    expect(changes.contains(document.activeElement)).toBe(true);
    cleanup();

    const refused = Object.assign(new Error('x'), {
      code: 'availability_below_booked',
      params: { date: '2027-01-04', booked: 3 },
    });
    const edit = vi
      .fn<() => Promise<InventoryChangeResult>>()
      .mockRejectedValueOnce(refused)
      .mockResolvedValue({
        changeSetId: 'c2',
        preview: false,
        cells: [],
        summary: { availability: 0, rates: 2 },
      });
    const second = await setup(
      { ...emptyForm('2027-01-04', '2027-01-05'), ratePlanIds: ['r1'], priceOp: 'set', price: '90' },
      0,
      edit,
    );
    await user.click(within(second.dialog).getByRole('button', { name: 'Preview' }));
    await within(second.dialog).findByRole('heading', { name: '2 nights change' });
    await user.click(within(second.dialog).getByRole('button', { name: 'Save' }));
    const refusal = await within(second.dialog).findByRole('alert');
    expect(refusal.textContent).toContain(
      'On 2027-01-04, 3 rooms are booked already: the availability cannot be lower.',
    );
    await vi.waitFor(() => expect(document.activeElement).toBe(refusal));

    await user.click(within(second.dialog).getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(second.onSaved).toHaveBeenCalled());
    expect(within(second.dialog).queryByRole('alert')).toBeNull();
  });

  it('asks before the page is left with an edit unsent, and lets an untouched one go', async () => {
    const user = userEvent.setup();
    const untouched = await setup(emptyForm('2027-01-04', '2027-01-05'));
    await untouched.router.navigate({ to: '/other' });
    expect(untouched.router.state.location.pathname).toBe('/other');
    cleanup();

    const { router, dialog } = await setup(emptyForm('2027-01-04', '2027-01-05'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Rooms of Double' }));
    void router.navigate({ to: '/other' });
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/');
    expect(
      (within(dialog).getByRole('checkbox', { name: 'Rooms of Double' }) as HTMLInputElement).checked,
    ).toBe(true);
  });
});
