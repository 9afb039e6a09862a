import { FLOW_STORAGE_KEY as FLOW_KEY, type StayFlow } from '@tern/core/bookingEngine';
import { ConflictError, NotFoundError } from '@tern/sdk';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bestOffer, prepaidPolicy, propertyInfo, units } from '../../../../test/bookingFixtures';
import { resellerUser, storedFor } from '../../../../test/fixtures';
import { type CallHandlers, fakeClient, renderApp, waitForLocation } from '../../../../test/renderApp';

const later = () => Date.now() + 3_600_000;
const query =
  'type=accommodation&currency=EUR&checkinDate=2030-05-01&checkoutDate=2030-05-03&adults=3&children=0';

const stay = (selection: StayFlow['selection']): StayFlow => ({
  kind: 'accommodation',
  channelId: 'p-alfama',
  checkinDate: '2030-05-01',
  checkoutDate: '2030-05-03',
  currency: 'EUR',
  adults: 3,
  children: 0,
  childrenAge: [],
  selection,
});

const created = {
  uniqueId: 'b-1',
  bookingId: 'b-1',
  reservationId: 'TRN-7Q2X',
  status: 'new',
  total: 400,
  currency: 'EUR',
};

function open(selection: StayFlow['selection'] | null, overrides: CallHandlers = {}) {
  if (selection) window.localStorage.setItem(FLOW_KEY, JSON.stringify({ stay: stay(selection) }));
  const client = fakeClient(
    {},
    {
      'engine.info': async () => propertyInfo,
      'engine.closedDates': async () => ({ closedDates: [], ratePlans: [] }),
      'engine.listWithRates': async () => ({
        items: units,
        meta: { page: 1, limit: 100, total: units.length },
      }),
      'engine.bestOffer': async () => bestOffer(400),
      ...overrides,
    },
  );
  return renderApp({
    path: `/property/p-alfama/booking_info?${query}`,
    client,
    stored: storedFor(resellerUser, later()),
  });
}

const twoRooms = { 'u-double': { 'rp-flex~2-0-0': 1 }, 'u-single': { 'rp-flex~1-0-0': 1 } };

describe('checkout', () => {
  it('goes back to the property page without a selection', async () => {
    const app = open(null);
    await waitForLocation(app, `/property/p-alfama?${query}`);
  });

  it('goes back to the property page by the steps, through the booking flow, with the rooms kept', async () => {
    const user = userEvent.setup();
    const app = open(twoRooms);
    expect(await screen.findByRole('heading', { name: 'Guests and payment', level: 1 })).toBeTruthy();
    const steps = screen.getByRole('navigation', { name: 'Booking steps' });
    await user.click(within(steps).getByRole('link', { name: /Property/ }));
    await waitForLocation(app, `/property/p-alfama?${query}`);
    expect(JSON.parse(window.localStorage.getItem(FLOW_KEY) ?? '{}').stay?.selection).toEqual(twoRooms);
  });

  it('says when a chosen rate is gone, and its notice goes back through the booking flow', async () => {
    const user = userEvent.setup();
    const gone = units.map((u) => ({
      ...u,
      ratePlans: u.ratePlans.map((r) => ({ ...r, unavailableReason: 'sold_out' as const })),
    }));
    const app = open(twoRooms, {
      'engine.listWithRates': async () => ({
        items: gone,
        meta: { page: 1, limit: 100, total: gone.length },
      }),
    });
    expect(await screen.findByText(/The price changed since you chose the rooms/)).toBeTruthy();
    await user.click(screen.getByRole('link', { name: 'Back to search results' }));
    await waitForLocation(app, `/property/p-alfama?${query}`);
  });

  it('sends a property the API no longer knows to the default route (R005)', async () => {
    const app = open(twoRooms, {
      'engine.info': async () => {
        throw new NotFoundError({
          status: 404,
          message: 'Not Found',
          body: { message: 'PROPERY_NOT_FOUND' },
        });
      },
    });
    await waitForLocation(app, '/404');
  });

  it('books: contact, a guest row per room (No Name when empty), agreement first, then the confirmation', async () => {
    const user = userEvent.setup();
    const createBooking = vi.fn(async (_input: unknown) => created);
    const app = open(twoRooms, { 'engine.createBooking': createBooking });
    expect(await screen.findByRole('heading', { name: 'Guests and payment', level: 1 })).toBeTruthy();
    const rooms = screen.getAllByRole('group', { name: /Room \d/ });
    expect(rooms).toHaveLength(2);
    expect(screen.queryByTitle('Card details')).toBeNull();
    const book = screen.getByRole('button', { name: 'Book now · EUR 400.00' });
    expect(book.hasAttribute('disabled')).toBe(true);
    const contact = screen.getByRole('region', { name: 'Booking contact' });
    await user.type(within(contact).getByRole('textbox', { name: /Last name/ }), 'Jónsdóttir');
    await user.type(within(contact).getByRole('textbox', { name: /E-mail/ }), 'anna@example.test');
    const firstRoom = within(rooms[0]!);
    await user.type(firstRoom.getByRole('textbox', { name: 'First name' }), 'Anna');
    await user.type(firstRoom.getByRole('textbox', { name: 'Last name' }), 'Jónsdóttir');
    await user.click(firstRoom.getByRole('button', { name: 'Add a guest' }));
    expect(firstRoom.getAllByRole('group', { name: /Guest \d/ })).toHaveLength(2);
    // The double room sleeps two: no third row.
    expect(firstRoom.queryByRole('button', { name: 'Add a guest' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(screen.getByRole('button', { name: 'Book now · EUR 400.00' }));
    await waitForLocation(app, `/property/p-alfama/confirmation/b-1?${query}`);
    const body = (createBooking.mock.calls[0]![0] as { body: { booking: Record<string, unknown> } }).body
      .booking;
    expect(body).toMatchObject({
      currency: 'EUR',
      arrivalDate: '2030-05-01',
      departureDate: '2030-05-03',
      customer: { surname: 'Jónsdóttir', mail: 'anna@example.test' },
      total: 400,
      policyAccepted: true,
      rooms: [
        {
          ratePlanId: 'rp-flex~2-0-0',
          roomTypeCode: 'u-double',
          occupancy: { adults: 2, children: 0, infants: 0 },
          guests: [
            { name: 'Anna', surname: 'Jónsdóttir', nationality: '' },
            { name: 'No Name', surname: '', nationality: '' },
          ],
        },
        { ratePlanId: 'rp-flex~1-0-0', roomTypeCode: 'u-single', guests: [{ name: 'No Name', surname: '' }] },
      ],
    });
    expect(body.guarantee).toBeUndefined();
    expect(await screen.findByText('TRN-7Q2X')).toBeTruthy();
    expect(screen.getByText('A confirmation was sent to anna@example.test.')).toBeTruthy();
  });

  it('points at the first invalid field instead of booking', async () => {
    const user = userEvent.setup();
    const createBooking = vi.fn();
    open(twoRooms, { 'engine.createBooking': createBooking });
    await screen.findByRole('heading', { name: 'Guests and payment', level: 1 });
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(screen.getByRole('button', { name: /Book now/ }));
    const contact = screen.getByRole('region', { name: 'Booking contact' });
    const surname = within(contact).getByRole('textbox', { name: /Last name/ });
    await waitFor(() => expect(document.activeElement).toBe(surname));
    expect(surname.getAttribute('aria-invalid')).toBe('true');
    expect(createBooking).not.toHaveBeenCalled();
  });

  it('shows the refusal in the words of its code and lets the reseller try again', async () => {
    const user = userEvent.setup();
    let calls = 0;
    const createBooking = vi.fn(async () => {
      calls += 1;
      if (calls === 1) {
        throw new ConflictError({
          status: 409,
          message: 'Conflict',
          code: 'no_longer_available',
          body: { message: 'server words', code: 'no_longer_available' },
        });
      }
      return created;
    });
    const app = open(twoRooms, { 'engine.createBooking': createBooking });
    await screen.findByRole('heading', { name: 'Guests and payment', level: 1 });
    const contact = screen.getByRole('region', { name: 'Booking contact' });
    await user.type(within(contact).getByRole('textbox', { name: /Last name/ }), 'Berg');
    await user.type(within(contact).getByRole('textbox', { name: /E-mail/ }), 'berg@example.test');
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(screen.getByRole('button', { name: /Book now/ }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong');
    expect(alert.textContent).toContain('This is no longer available for these dates: search again.');
    const book = screen.getByRole('button', { name: /Book now/ });
    expect(book.hasAttribute('disabled')).toBe(false);
    await user.click(book);
    await waitForLocation(app, `/property/p-alfama/confirmation/b-1?${query}`);
  });

  it('fills guest rows from pasted spreadsheet rows, asking before going past the room’s occupancy', async () => {
    const user = userEvent.setup();
    open({ 'u-double': { 'rp-flex~2-0-0': 1 } });
    await screen.findByRole('heading', { name: 'Guests and payment', level: 1 });
    const room = screen.getByRole('group', { name: /Room 1/ });
    const first = within(room).getByRole('textbox', { name: 'First name' });
    fireEvent.paste(first, {
      clipboardData: { getData: () => 'Anna\tBerg\tIS\nBjörn\tBerg\tSE\nCarla\tBerg\tPT' },
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Add more guests than the room sleeps?' });
    expect(dialog.textContent).toContain('1 more guest than Double Room sleeps (2)');
    await user.click(within(dialog).getByRole('button', { name: 'Keep 2' }));
    const rows = within(room).getAllByRole('group', { name: /Guest \d/ });
    expect(rows).toHaveLength(2);
    expect((within(rows[1]!).getByRole('textbox', { name: 'First name' }) as HTMLInputElement).value).toBe(
      'Björn',
    );
    expect((within(rows[1]!).getByRole('combobox', { name: 'Nationality' }) as HTMLInputElement).value).toBe(
      'Sweden',
    );
  });

  it('adds the extra pasted rows when asked, and books only once the room holds no more than it takes', async () => {
    const user = userEvent.setup();
    const createBooking = vi.fn(async (_input: unknown) => created);
    open({ 'u-double': { 'rp-flex~2-0-0': 1 } }, { 'engine.createBooking': createBooking });
    await screen.findByRole('heading', { name: 'Guests and payment', level: 1 });
    const contact = screen.getByRole('region', { name: 'Booking contact' });
    await user.type(within(contact).getByRole('textbox', { name: /Last name/ }), 'Berg');
    await user.type(within(contact).getByRole('textbox', { name: /E-mail/ }), 'berg@example.test');
    const room = screen.getByRole('group', { name: /Room 1/ });
    fireEvent.paste(within(room).getByRole('textbox', { name: 'First name' }), {
      clipboardData: { getData: () => 'Anna\tBerg\nBjörn\tBerg\nCarla\tBerg' },
    });
    const dialog = await screen.findByRole('alertdialog', { name: 'Add more guests than the room sleeps?' });
    await user.click(within(dialog).getByRole('button', { name: 'Add them' }));
    expect(within(room).getAllByRole('group', { name: /Guest \d/ })).toHaveLength(3);
    expect(within(room).getByRole('alert').textContent).toBe(
      'This room sleeps 2: remove 1 guest row before booking.',
    );

    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(screen.getByRole('button', { name: /Book now/ }));
    const third = within(within(room).getByRole('group', { name: 'Guest 3' })).getByRole('textbox', {
      name: 'First name',
    });
    await waitFor(() => expect(document.activeElement).toBe(third));
    expect(createBooking).not.toHaveBeenCalled();

    await user.click(within(room).getByRole('button', { name: 'Remove guest 2' }));
    expect(within(room).queryByRole('alert')).toBeNull();
    await user.click(screen.getByRole('button', { name: /Book now/ }));
    await waitFor(() => expect(createBooking).toHaveBeenCalledTimes(1));
    const [request] = createBooking.mock.calls[0]! as [
      { body: { booking: { rooms: { guests: unknown[] }[] } } },
    ];
    expect(request.body.booking.rooms[0]!.guests).toEqual([
      { name: 'Anna', surname: 'Berg', nationality: '' },
      { name: 'Carla', surname: 'Berg', nationality: '' },
    ]);
  });

  it('needs the card frame when a rate asks for a guarantee, and says so when it is not ready', async () => {
    const user = userEvent.setup();
    const createBooking = vi.fn();
    open(
      { 'u-double': { 'rp-saver~2-0-0': 1 } },
      {
        'engine.cardCaptureFormUrl': async () => ({
          cardCaptureFormUrl: 'http://127.0.0.1:9/vault/form?session=s1',
          origin: 'http://127.0.0.1:9',
        }),
        'engine.createBooking': createBooking,
      },
    );
    const frame = await screen.findByTitle('Card details');
    expect(frame.getAttribute('width')).toBe('400');
    expect(frame.getAttribute('height')).toBe('220');
    expect(screen.getByText('Non-refundable', { selector: 'dd' })).toBeTruthy();
    const contact = screen.getByRole('region', { name: 'Booking contact' });
    await user.type(within(contact).getByRole('textbox', { name: /Last name/ }), 'Berg');
    await user.type(within(contact).getByRole('textbox', { name: /E-mail/ }), 'berg@example.test');
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(screen.getByRole('button', { name: /Book now/ }));
    expect(await screen.findByRole('alertdialog', { name: 'Card details are not ready' })).toBeTruthy();
    expect(createBooking).not.toHaveBeenCalled();
    expect(prepaidPolicy.guaranteePaymentPolicy).toBe('percent_based');
  });

  it('books with the vault’s card token once the frame is ready (messages from its origin only)', async () => {
    const user = userEvent.setup();
    const createBooking = vi.fn(async (_input: unknown) => created);
    const app = open(
      { 'u-double': { 'rp-saver~2-0-0': 1 } },
      {
        'engine.cardCaptureFormUrl': async () => ({
          cardCaptureFormUrl: 'http://127.0.0.1:9/card-form',
          origin: 'http://127.0.0.1:9',
        }),
        'engine.createBooking': createBooking,
      },
    );
    const frame = (await screen.findByTitle('Card details')) as HTMLIFrameElement;
    expect(frame.src).toBe(
      `http://127.0.0.1:9/card-form?parent=${encodeURIComponent(window.location.origin)}`,
    );
    const fromFrame = (origin: string, data: unknown) =>
      window.dispatchEvent(new MessageEvent('message', { origin, data, source: frame.contentWindow }));
    fromFrame('http://127.0.0.1:9', { type: 'ready' });
    const contact = screen.getByRole('region', { name: 'Booking contact' });
    await user.type(within(contact).getByRole('textbox', { name: /Last name/ }), 'Berg');
    await user.type(within(contact).getByRole('textbox', { name: /E-mail/ }), 'berg@example.test');
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(screen.getByRole('button', { name: /Book now/ }));
    // Another origin is not the vault: ignored. The vault's card is the answer.
    fromFrame('http://evil.test', { card: { token: 'forged' } });
    fromFrame('http://127.0.0.1:9', {
      card: { token: 'tok-1', brand: 'visa', last4: '4242', expiry: '12/30' },
    });
    await waitForLocation(app, `/property/p-alfama/confirmation/b-1?${query}`);
    expect(createBooking.mock.calls[0]![0]).toMatchObject({
      body: { booking: { guarantee: { cardToken: 'tok-1' } } },
    });
  });

  it('shows the vault’s refusal under the frame and keeps the form', async () => {
    const user = userEvent.setup();
    const createBooking = vi.fn();
    open(
      { 'u-double': { 'rp-saver~2-0-0': 1 } },
      {
        'engine.cardCaptureFormUrl': async () => ({
          cardCaptureFormUrl: 'http://127.0.0.1:9/card-form',
          origin: 'http://127.0.0.1:9',
        }),
        'engine.createBooking': createBooking,
      },
    );
    const frame = (await screen.findByTitle('Card details')) as HTMLIFrameElement;
    const fromVault = (data: unknown) =>
      window.dispatchEvent(
        new MessageEvent('message', { origin: 'http://127.0.0.1:9', data, source: frame.contentWindow }),
      );
    fromVault({ type: 'ready' });
    const contact = screen.getByRole('region', { name: 'Booking contact' });
    await user.type(within(contact).getByRole('textbox', { name: /Last name/ }), 'Berg');
    await user.type(within(contact).getByRole('textbox', { name: /E-mail/ }), 'berg@example.test');
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(screen.getByRole('button', { name: /Book now/ }));
    fromVault({ error: 'Check the card details' });
    expect(await screen.findByText('The card was not accepted: check its details in the form.')).toBeTruthy();
    expect(createBooking).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: /Book now/ }).hasAttribute('disabled')).toBe(false);
  });
});
