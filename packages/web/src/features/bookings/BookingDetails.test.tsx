import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { freePolicy } from '../../../test/bookingFixtures';
import { resellerUser, supplierUser } from '../../../test/fixtures';
import { listOf, openBookings, record, unit } from './bookingsTestKit';

const isDisabled = (el: HTMLElement) =>
  el.hasAttribute('disabled') || el.getAttribute('aria-disabled') === 'true';

async function openDrawer(number: string) {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: number }));
  return { user, drawer: await screen.findByRole('dialog', { name: `Booking ${number}` }) };
}

describe('booking details drawer', () => {
  it('shows a supplier everything read-only, the card masked, in a 560 px drawer', async () => {
    const booking = record('b4', {
      changeable: false,
      changeBlock: 'not_reseller',
      specialRequest: 'Late arrival',
      notes: 'Quiet room',
      cancellationPolicy: freePolicy,
      guarantee: {
        cardType: 'visa',
        cardNumber: '4111111111111111',
        expirationDate: '12/2031',
        cardholderName: 'Ada Lovelace',
        cvv: null,
        isVirtual: false,
      },
      liability: 'guarantee',
    });
    openBookings(supplierUser, { 'bookings.list': listOf([booking]) as never });
    const { drawer } = await openDrawer('TRN-B4XXXXXX');
    expect((drawer.closest('.drawer') as HTMLElement).style.getPropertyValue('--drawer-width')).toBe('560px');
    const text = drawer.textContent ?? '';
    for (const shown of [
      'Active',
      'Harbour Inn',
      'Arni Agent · Northern Trips',
      'Ada Lovelace · ada@example.test',
      'Double Room',
      'Flexible · 2 adults · Breakfast included · EUR 250.00',
      'Late arrival',
      'Quiet room',
      'Free cancellation',
      'Card guarantee',
      'EUR 250.00',
      'visa •••• 1111, expires 12/2031',
    ])
      expect(text).toContain(shown);
    expect(text).not.toContain('4111111111111111');
    expect(text).not.toContain('411111');
    expect(within(drawer).getByRole('list', { name: 'Guests in Double Room' }).textContent).toContain(
      'Ada Lovelace (GB)',
    );
    for (const name of [/Cancel booking/, /Edit/, /Remove/])
      expect(within(drawer).queryByRole('button', { name })).toBeNull();
    expect(text).toContain('Only the agency that booked it can change this booking.');

    // At 900 px or less the drawer takes the whole window.
    const wide = window.innerWidth;
    window.innerWidth = 900;
    act(() => void window.dispatchEvent(new Event('resize')));
    expect((drawer.closest('.drawer') as HTMLElement).style.getPropertyValue('--drawer-width')).toBe('100vw');
    window.innerWidth = wide;
    act(() => void window.dispatchEvent(new Event('resize')));

    // The close button by the title: a full-window drawer has nothing outside to click.
    const [first] = within(drawer).getAllByRole('button', { name: 'Close' });
    expect(first!.closest('.drawer__header')).not.toBeNull();
    await userEvent.setup().click(first!);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('lists the booking’s history, oldest first, with who did what', async () => {
    const history = vi.fn(async () => ({
      items: [
        {
          id: 'e1',
          type: 'booking_event',
          action: 'created',
          userName: 'Árni',
          createdAt: '2030-04-01T10:00:00Z',
        },
        {
          id: 'e2',
          type: 'booking_event',
          action: 'guests_updated',
          userName: null,
          createdAt: '2030-04-02T10:00:00Z',
        },
      ],
      meta: { page: 1, limit: 2, total: 2 },
    }));
    openBookings(resellerUser, {
      'bookings.list': listOf([record('b1')]) as never,
      'bookings.history': history as never,
    });
    const { drawer } = await openDrawer('TRN-B1XXXXXX');
    const list = await within(drawer).findByRole('list', { name: 'History' });
    const texts = within(list)
      .getAllByRole('listitem')
      .map((e) => e.textContent ?? '');
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('Booked');
    expect(texts[0]).toContain('Árni');
    expect(texts[1]).toContain('Guests changed');
    expect(history.mock.calls[0]![0 as never]).toEqual({ params: { id: 'b1' } });
  });

  it('says so when the history cannot be loaded', async () => {
    openBookings(resellerUser, {
      'bookings.list': listOf([record('b1')]) as never,
      'bookings.history': (async () => Promise.reject(new Error('Service Unavailable'))) as never,
    });
    const { drawer } = await openDrawer('TRN-B1XXXXXX');
    expect(await within(drawer).findByText('The history could not be loaded.')).toBeTruthy();
  });

  it('lets a reseller cancel after confirming: the drawer closes and the list reloads', async () => {
    const list = vi.fn(async () => ({
      items: [record('b1', { status: list.mock.calls.length > 1 ? 'canceled' : 'new' })],
      meta: { page: 1, limit: 10, total: 1 },
    }));
    const cancel = vi.fn(async () => record('b1', { status: 'canceled' }));
    openBookings(resellerUser, { 'bookings.list': list as never, 'bookings.cancel': cancel as never });
    const { user, drawer } = await openDrawer('TRN-B1XXXXXX');
    expect((drawer.closest('.drawer') as HTMLElement).style.getPropertyValue('--drawer-width')).toBe('700px');
    await user.click(within(drawer).getByRole('button', { name: 'Cancel booking' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel booking TRN-B1XXXXXX?' });
    expect(confirm.textContent).toContain('Harbour Inn');
    // A destructive question starts on the safe answer: Enter keeps the booking.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Keep it' })),
    );
    expect(within(confirm).getByRole('button', { name: 'Cancel booking' }).className).toContain(
      'btn--danger',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(cancel).toHaveBeenCalledTimes(1));
    expect(cancel.mock.calls[0]![0 as never]).toMatchObject({
      params: { kind: 'accommodations' },
      body: { reservationId: 'TRN-B1XXXXXX', propertyChannelId: 'p-1', propertyType: 'accommodation' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
    await screen.findByText('Booking TRN-B1XXXXXX is cancelled');
    const table = screen.getByRole('grid', { name: 'Bookings' });
    await waitFor(() => expect(within(table).getAllByRole('row')[1]!.textContent).toContain('Cancelled'));
  });

  it('keeps the drawer open with the reason for 4 s when the cancel fails; "Keep it" cancels nothing', async () => {
    const cancel = vi.fn(async () => {
      throw Object.assign(new Error('Conflict'), { code: 'not_changeable_policy', params: {} });
    });
    openBookings(resellerUser, {
      'bookings.list': listOf([record('b1')]) as never,
      'bookings.cancel': cancel as never,
    });
    const { user, drawer } = await openDrawer('TRN-B1XXXXXX');
    await user.click(within(drawer).getByRole('button', { name: 'Cancel booking' }));
    let confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(cancel).not.toHaveBeenCalled();

    await user.click(within(drawer).getByRole('button', { name: 'Cancel booking' }));
    confirm = await screen.findByRole('alertdialog');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel booking' }));
    const alert = await within(drawer).findByRole('alert');
    expect(alert.textContent).toContain('The booking could not be cancelled');
    expect(alert.textContent).toContain('The cancellation policy no longer allows changes');
    expect(isDisabled(within(drawer).getByRole('button', { name: 'Cancel booking' }))).toBe(true);
    await waitFor(() => expect(within(drawer).queryByRole('alert')).toBeNull(), { timeout: 5000 });
    expect(isDisabled(within(drawer).getByRole('button', { name: 'Cancel booking' }))).toBe(false);
    expect(screen.getByRole('dialog', { name: 'Booking TRN-B1XXXXXX' })).toBeTruthy();
  });

  it('saves the guests of a room, up to its guest spaces', async () => {
    const booking = record('b7');
    const updateRooms = vi.fn(async () =>
      record('b7', {
        units: [
          unit('r-1', {
            guests: [
              { name: 'Ada', surname: 'Lovelace', nationality: 'GB' },
              { name: 'Charles', surname: 'Babbage', nationality: '' },
            ],
          }),
        ],
      }),
    );
    openBookings(resellerUser, {
      'bookings.list': listOf([booking]) as never,
      'bookings.updateRooms': updateRooms as never,
    });
    const { user, drawer } = await openDrawer('TRN-B7XXXXXX');
    await user.click(within(drawer).getByRole('button', { name: 'Edit guests' }));
    const form = within(drawer).getByRole('form', { name: 'Edit guests' });
    await user.click(within(form).getByRole('button', { name: 'Add a guest to Double Room' }));
    // Two guest spaces (2 adults): no third row.
    expect(within(form).queryByRole('button', { name: 'Add a guest to Double Room' })).toBeNull();
    const second = within(form).getByRole('group', { name: 'Guest 2' });
    await user.type(within(second).getByRole('textbox', { name: 'First name' }), 'Charles');
    await user.type(within(second).getByRole('textbox', { name: 'Last name' }), 'Babbage');
    await user.click(within(form).getByRole('button', { name: 'Save guests' }));
    await waitFor(() => expect(updateRooms).toHaveBeenCalledTimes(1));
    expect(updateRooms.mock.calls[0]![0 as never]).toEqual({
      params: { id: 'b7' },
      body: {
        units: [
          {
            id: 'r-1',
            guests: [
              { name: 'Ada', surname: 'Lovelace', nationality: 'GB' },
              { name: 'Charles', surname: 'Babbage', nationality: '' },
            ],
            ratePlanCode: 'rp~2-0-0',
            unitTypeCode: 'u-1',
          },
        ],
        propertyId: 'p-1',
        propertyType: 'accommodation',
      },
    });
    expect((await within(drawer).findByRole('status')).textContent).toContain('Saved successfully');
    expect(within(drawer).queryByRole('form', { name: 'Edit guests' })).toBeNull();
    expect(within(drawer).getByRole('list', { name: 'Guests in Double Room' }).textContent).toContain(
      'Charles Babbage',
    );
  });

  it('shows a refused save in the form’s summary, in the words of its code; a save that goes through clears it', async () => {
    const refusal = Object.assign(new Error('Bad Request'), {
      code: 'room_too_small',
      params: { spaces: 3 },
      serverMessage: 'server words, not shown',
    });
    const updateRooms = vi.fn(async (): Promise<unknown> => {
      throw refusal;
    });
    openBookings(resellerUser, {
      'bookings.list': listOf([record('b8')]) as never,
      'bookings.updateRooms': updateRooms as never,
    });
    const { user, drawer } = await openDrawer('TRN-B8XXXXXX');
    await user.click(within(drawer).getByRole('button', { name: 'Edit guests' }));
    const form = within(drawer).getByRole('form', { name: 'Edit guests' });
    await user.click(within(form).getByRole('button', { name: 'Save guests' }));
    const summary = await within(form).findByRole('alert');
    expect(summary.textContent).toContain('The changes are not saved');
    expect(summary.textContent).toContain('A room holds at most 3 guests.');
    expect(summary.textContent).not.toContain('server words');
    await waitFor(() => expect(document.activeElement).toBe(summary));
    // One notice: the refusal is the form's, not the drawer's as well.
    expect(within(drawer).getAllByRole('alert')).toHaveLength(1);

    updateRooms.mockImplementation(async () => record('b8'));
    await user.click(within(form).getByRole('button', { name: 'Save guests' }));
    expect((await within(drawer).findByRole('status', {}, { timeout: 3000 })).textContent).toContain(
      'Saved successfully',
    );
    expect(within(drawer).queryByRole('alert')).toBeNull();
    expect(within(drawer).queryByRole('form', { name: 'Edit guests' })).toBeNull();
  });

  it('names a nationality not from the list beside its field and in the summary, whose link focuses it', async () => {
    const updateRooms = vi.fn();
    openBookings(resellerUser, {
      // A nationality booked as words, not a country code (an older booking).
      'bookings.list': listOf([
        record('b9', {
          units: [unit('r-1', { guests: [{ name: 'Ada', surname: 'Lovelace', nationality: 'British' }] })],
        }),
      ]) as never,
      'bookings.updateRooms': updateRooms as never,
    });
    const { user, drawer } = await openDrawer('TRN-B9XXXXXX');
    await user.click(within(drawer).getByRole('button', { name: 'Edit guests' }));
    const form = within(drawer).getByRole('form', { name: 'Edit guests' });
    const nationality = within(form).getByRole('combobox', { name: 'Nationality' });
    await user.click(within(form).getByRole('button', { name: 'Save guests' }));
    const summary = await within(form).findByRole('alert');
    expect(summary.textContent).toContain('Guest 1 (Double Room): Choose a country from the list');
    expect(nationality.getAttribute('aria-invalid')).toBe('true');
    expect(updateRooms).not.toHaveBeenCalled();
    await user.click(within(summary).getByRole('button', { name: 'Guest 1 (Double Room)' }));
    expect(document.activeElement).toBe(nationality);
  });

  it('asks before the page is left with the special request changed and not saved', async () => {
    const app = openBookings(resellerUser, { 'bookings.list': listOf([record('b6')]) as never });
    const { user, drawer } = await openDrawer('TRN-B6XXXXXX');
    await user.click(within(drawer).getByRole('button', { name: 'Edit special request' }));
    await user.type(within(drawer).getByRole('textbox', { name: 'Special request' }), 'Cot');
    void app.router.navigate({ to: '/search' });
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect(app.router.state.location.pathname).toBe('/bookings');
    expect((within(drawer).getByRole('textbox', { name: 'Special request' }) as HTMLInputElement).value).toBe(
      'Cot',
    );
  });

  it('asks before the drawer is closed with the special request changed and not saved', async () => {
    openBookings(resellerUser, { 'bookings.list': listOf([record('b6')]) as never });
    const { user, drawer } = await openDrawer('TRN-B6XXXXXX');
    await user.click(within(drawer).getByRole('button', { name: 'Edit special request' }));
    await user.type(within(drawer).getByRole('textbox', { name: 'Special request' }), 'Cot');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(ask).getByRole('button', { name: 'Stay' }));
    expect((within(drawer).getByRole('textbox', { name: 'Special request' }) as HTMLInputElement).value).toBe(
      'Cot',
    );
  });

  it('edits a car’s driver, asking for what is missing', async () => {
    const driver = {
      firstName: 'Ada',
      lastName: 'Lovelace',
      age: 36,
      email: 'ada@example.test',
      phone: '+44 1',
      address: {
        addressLine1: '',
        addressLine2: '',
        addressLine3: '',
        city: '',
        state: '',
        postalCode: '',
        countryCode: 'GB',
      },
    };
    const car = record('c1', {
      propertyType: 'vehicle',
      hotelName: 'Keflavik Cars',
      units: [unit('v-1', { title: 'Toyota Yaris', guests: [], drivers: [driver], mealType: null })],
    });
    const updateVehicles = vi.fn(async () => car);
    openBookings(resellerUser, {
      'bookings.list': listOf([car]) as never,
      'bookings.updateVehicles': updateVehicles as never,
    });
    const { user, drawer } = await openDrawer('TRN-C1XXXXXX');
    expect(drawer.textContent).toContain('Ada Lovelace · ada@example.test · +44 1');
    await user.click(within(drawer).getByRole('button', { name: 'Edit driver' }));
    const form = within(drawer).getByRole('form', { name: 'Edit driver' });
    const phone = within(form).getByRole('textbox', { name: /Phone/ });
    await user.clear(phone);
    await user.click(within(form).getByRole('button', { name: 'Save driver' }));
    expect(await within(form).findByText('Required')).toBeTruthy();
    expect(updateVehicles).not.toHaveBeenCalled();
    // The summary names the field; its link takes the focus there.
    const summary = within(form).getByRole('alert');
    expect(summary.textContent).toContain('Phone: Required');
    await user.click(within(summary).getByRole('button', { name: 'Phone' }));
    expect(document.activeElement).toBe(phone);
    await user.type(phone, '+354 555');
    await user.click(within(form).getByRole('button', { name: 'Save driver' }));
    await waitFor(() => expect(updateVehicles).toHaveBeenCalledTimes(1));
    expect(updateVehicles.mock.calls[0]![0 as never]).toMatchObject({
      params: { id: 'c1' },
      body: {
        units: [{ id: 'v-1', drivers: [{ ...driver, phone: '+354 555' }] }],
        propertyType: 'vehicle',
      },
    });
  });

  it('saves the special request and removes a room, after confirming, while more than one remains', async () => {
    const two = record('b5', { units: [unit('r-1'), unit('r-2', { title: 'Twin Room' })] });
    const updateSpecialRequest = vi.fn(async () => ({ ...two, specialRequest: 'Late arrival' }));
    const removeRooms = vi.fn(async () => ({
      ...two,
      units: [unit('r-1'), unit('r-2', { title: 'Twin Room', status: 'canceled' as const })],
    }));
    openBookings(resellerUser, {
      'bookings.list': listOf([two]) as never,
      'bookings.updateSpecialRequest': updateSpecialRequest as never,
      'bookings.removeRooms': removeRooms as never,
    });
    const { user, drawer } = await openDrawer('TRN-B5XXXXXX');
    await user.click(within(drawer).getByRole('button', { name: 'Edit special request' }));
    await user.type(within(drawer).getByRole('textbox', { name: 'Special request' }), 'Late arrival');
    await user.click(within(drawer).getByRole('button', { name: 'Save the special request' }));
    await within(drawer).findByText('Saved successfully');
    expect(updateSpecialRequest.mock.calls[0]![0 as never]).toEqual({
      params: { kind: 'accommodations', propertyId: 'p-1', bookingId: 'b5' },
      body: { specialRequest: 'Late arrival' },
    });
    expect(drawer.textContent).toContain('Late arrival');

    await user.click(within(drawer).getByRole('button', { name: 'Remove Twin Room' }));
    const confirm = await screen.findByRole('alertdialog', {
      name: 'Remove Twin Room from booking TRN-B5XXXXXX?',
    });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(removeRooms).toHaveBeenCalledTimes(1));
    expect(removeRooms.mock.calls[0]![0 as never]).toEqual({
      params: { id: 'b5' },
      body: { deleteUnitIds: ['r-2'], propertyId: 'p-1', propertyType: 'accommodation' },
    });
    // One booked room left: it cannot be removed.
    await waitFor(() => expect(within(drawer).queryByRole('button', { name: /^Remove/ })).toBeNull());
  });

  it('disables every change of a booking past its deadline, saying why', async () => {
    const two = record('b3', {
      changeable: false,
      changeBlock: 'policy',
      units: [unit('r-1'), unit('r-2', { title: 'Twin Room' })],
    });
    openBookings(resellerUser, { 'bookings.list': listOf([two]) as never });
    const { drawer } = await openDrawer('TRN-B3XXXXXX');
    const reason = within(drawer).getByText('Expired: the cancellation policy no longer allows changes');
    for (const name of ['Cancel booking', 'Edit guests', 'Edit special request', 'Remove Twin Room']) {
      const button = within(drawer).getByRole('button', { name });
      expect(isDisabled(button), name).toBe(true);
      expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    }
  });
});
