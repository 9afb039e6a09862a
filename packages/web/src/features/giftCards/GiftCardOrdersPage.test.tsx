import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { card, HEAVY, openOrders, propertyId } from '../../../test/giftCardOrders';

const lastQuery = (fn: ReturnType<typeof vi.fn>) => (fn.mock.calls.at(-1)![0] as { query: object }).query;

describe('gift card orders page', () => {
  it(
    'asks the server by filter and by sorted column',
    async () => {
      const user = userEvent.setup();
      const app = openOrders([card('c-1', 'ABCDEFGHJKMN')]);
      const table = await screen.findByRole('grid', { name: 'Issued gift cards' });
      expect(await within(table).findByText('ABCDEFGHJKMN')).toBeTruthy();
      expect(lastQuery(app.listCards)).toEqual({
        propertyId,
        page: 1,
        limit: 10,
        orderBy: 'created_at',
        orderDirection: 'desc',
      });
      await user.click(screen.getByRole('button', { name: /Status/ }));
      await user.click(await screen.findByRole('option', { name: 'Used' }));
      await waitFor(() => expect(lastQuery(app.listCards)).toMatchObject({ booked: true }));
      await user.click(screen.getByRole('button', { name: /Kind/ }));
      await user.click(await screen.findByRole('option', { name: 'Upsell' }));
      await waitFor(() => expect(lastQuery(app.listCards)).toMatchObject({ booked: true, kind: 'upsell' }));
      await user.click(within(table).getByRole('columnheader', { name: 'Code' }));
      await waitFor(() =>
        expect(lastQuery(app.listCards)).toMatchObject({ orderBy: 'code', orderDirection: 'asc' }),
      );
    },
    HEAVY,
  );

  it(
    'marks a card used only with a note (M24), then reloads',
    async () => {
      const user = userEvent.setup();
      const markUsed = vi.fn(async () =>
        card('c-1', 'ABCDEFGHJKMN', { booked: true, notes: 'Paid at desk' }),
      );
      const app = openOrders([card('c-1', 'ABCDEFGHJKMN')], { 'giftCards.markUsed': markUsed as never });
      await user.click(await screen.findByRole('button', { name: 'Actions for ABCDEFGHJKMN' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Mark used' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Mark ABCDEFGHJKMN used' });
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      expect(await within(dialog).findByText('Required')).toBeTruthy();
      expect(markUsed).not.toHaveBeenCalled();
      const calls = app.listCards.mock.calls.length;
      await user.type(within(dialog).getByRole('textbox', { name: /Note/ }), 'Paid at desk');
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(markUsed).toHaveBeenCalledTimes(1));
      expect((markUsed.mock.calls[0] as unknown[])[0]).toEqual({
        params: { id: 'c-1' },
        body: { propertyId, notes: 'Paid at desk' },
      });
      expect(await screen.findByText('Gift card ABCDEFGHJKMN marked used.')).toBeTruthy();
      await waitFor(() => expect(app.listCards.mock.calls.length).toBeGreaterThan(calls));
      await waitFor(() =>
        expect(screen.queryByRole('alertdialog', { name: 'Mark ABCDEFGHJKMN used' })).toBeNull(),
      );
    },
    HEAVY,
  );

  it(
    'names the missing note in the dialog’s summary (its link focuses the note), keeps a refusal there until a confirm goes through',
    async () => {
      const user = userEvent.setup();
      const markUsed = vi.fn(async (): Promise<unknown> => {
        throw Object.assign(new Error('Conflict'), { code: 'not_a_code_yet' });
      });
      openOrders([card('c-1', 'ABCDEFGHJKMN')], { 'giftCards.markUsed': markUsed as never });
      await user.click(await screen.findByRole('button', { name: 'Actions for ABCDEFGHJKMN' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Mark used' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Mark ABCDEFGHJKMN used' });
      const note = within(dialog).getByRole('textbox', { name: /Note/ });
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      const summary = await within(dialog).findByRole('alert');
      expect(summary.textContent).toContain('Note: Required');
      expect(note.getAttribute('aria-invalid')).toBe('true');
      await user.click(within(summary).getByRole('button', { name: 'Note' }));
      expect(document.activeElement).toBe(note);

      await user.type(note, 'Paid at desk');
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(markUsed).toHaveBeenCalledTimes(1));
      const refusal = await within(dialog).findByRole('alert');
      await waitFor(() => expect(refusal.textContent).toContain('Something went wrong. Please try again.'));
      expect(refusal.textContent).not.toContain('Required');

      markUsed.mockImplementation(async () =>
        card('c-1', 'ABCDEFGHJKMN', { booked: true, notes: 'Paid at desk' }),
      );
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText('Gift card ABCDEFGHJKMN marked used.')).toBeTruthy();
      await waitFor(() =>
        expect(screen.queryByRole('alertdialog', { name: 'Mark ABCDEFGHJKMN used' })).toBeNull(),
      );
    },
    HEAVY,
  );

  it(
    'refuses mark unused at once when the card’s stay has passed, and confirms mark delivered',
    async () => {
      const user = userEvent.setup();
      const markUnused = vi.fn();
      const markDelivered = vi.fn(async () => card('c-2', 'PQRSTUVWXYZ2', { booked: true, delivered: true }));
      openOrders(
        [
          card('c-2', 'PQRSTUVWXYZ2', {
            booked: true,
            agentBooking: {
              bookingId: 'b-1',
              reservationId: 'R-1',
              arrivalDate: '2020-01-01',
              status: 'confirmed',
              bookingType: 'normal',
              propertyId,
            },
          }),
        ],
        { 'giftCards.markUnused': markUnused as never, 'giftCards.markDelivered': markDelivered as never },
      );
      await user.click(await screen.findByRole('button', { name: 'Actions for PQRSTUVWXYZ2' }));
      expect((await screen.findByRole('menuitem', { name: 'Mark used' })).getAttribute('aria-disabled')).toBe(
        'true',
      );
      await user.click(screen.getByRole('menuitem', { name: 'Mark unused' }));
      expect(await screen.findByText(/cannot be marked unused/)).toBeTruthy();
      expect(markUnused).not.toHaveBeenCalled();

      await user.click(screen.getByRole('button', { name: 'Actions for PQRSTUVWXYZ2' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Mark delivered' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Mark PQRSTUVWXYZ2 delivered?' });
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(markDelivered).toHaveBeenCalledTimes(1));
      expect(await screen.findByText('Gift card PQRSTUVWXYZ2 marked delivered.')).toBeTruthy();
    },
    HEAVY,
  );

  it(
    'sends a card by e-mail once confirmed, and shows each ask and mail in its details drawer’s history',
    async () => {
      const user = userEvent.setup();
      const sendEmail = vi.fn(async () => card('c-4', 'SENDCARD2345'));
      const entry = (id: string, action: string, actorName: string | null, email: string) => ({
        id,
        type: 'audit',
        at: '2026-11-20T12:00:00.000Z',
        actorId: null,
        actorEmail: null,
        actorName,
        objectType: 'giftCard',
        objectId: 'c-4',
        action,
        changes: { email: { from: null, to: email } },
      });
      const history = vi.fn(async () => ({
        items: [
          entry('2', 'emailed', null, 'sigga@example.test'),
          entry('1', 'send_email', 'Hildur', 'sigga@example.test'),
        ],
        meta: { page: 1, limit: 50, total: 2 },
      }));
      openOrders([card('c-4', 'SENDCARD2345', { delivered: true })], {
        'giftCards.sendEmail': sendEmail as never,
        'giftCards.history': history as never,
      });
      await user.click(await screen.findByRole('button', { name: 'Actions for SENDCARD2345' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Send by e-mail' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Send SENDCARD2345 by e-mail?' });
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(sendEmail).toHaveBeenCalledTimes(1));
      expect((sendEmail.mock.calls[0] as unknown[])[0]).toEqual({
        params: { id: 'c-4' },
        body: { propertyId },
      });
      expect(await screen.findByText('Gift card SENDCARD2345 is being sent by e-mail.')).toBeTruthy();

      await user.click(screen.getByRole('button', { name: 'Actions for SENDCARD2345' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Details' }));
      const drawer = await screen.findByRole('dialog', { name: 'Gift card SENDCARD2345' });
      const list = await within(drawer).findByRole('list');
      const items = within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      expect(items).toEqual([
        expect.stringMatching(/Sent by e-mail to sigga@example\.test · Tern$/),
        expect.stringMatching(/Sending by e-mail asked · Hildur$/),
      ]);
      expect((history.mock.calls[0] as unknown[])[0]).toMatchObject({
        params: { id: 'c-4' },
        query: { propertyId },
      });
    },
    HEAVY,
  );

  it(
    'saves a card’s details in its drawer (not before today) and says it saved successfully',
    async () => {
      const user = userEvent.setup();
      const updateDetails = vi.fn(async () =>
        card('c-3', 'DETAILS23456', {
          expirationDate: '2099-12-31',
          name: 'Jon Sig',
          email: 'jon@example.test',
        }),
      );
      const app = openOrders([card('c-3', 'DETAILS23456')], {
        'giftCards.updateDetails': updateDetails as never,
      });
      await user.click(await screen.findByRole('button', { name: 'Actions for DETAILS23456' }));
      await user.click(await screen.findByRole('menuitem', { name: 'Details' }));
      const drawer = await screen.findByRole('dialog', { name: 'Gift card DETAILS23456' });
      // The day typed as DD/MM/YYYY, a segment each (the field's hidden input carries the day).
      const expiry = within(drawer).getByRole('group', { name: 'Expiration date' });
      const typeDay = async (ddmmyyyy: string) => {
        await user.click(within(expiry).getByRole('spinbutton', { name: /^day/ }));
        await user.keyboard(ddmmyyyy);
      };
      const name = within(drawer).getByRole('textbox', { name: /Recipient name/ });
      const email = within(drawer).getByRole('textbox', { name: /Recipient e-mail/ });
      expect(expiry.textContent).toContain('01/01/2099');
      expect((name as HTMLInputElement).value).toBe('Sigga');

      // A day before today is refused in the drawer, no call made.
      await typeDay('01012000');
      await user.click(within(drawer).getByRole('button', { name: 'Save' }));
      expect(await within(drawer).findByText('The day cannot be before today')).toBeTruthy();
      expect(updateDetails).not.toHaveBeenCalled();

      await typeDay('31122099');
      await user.clear(name);
      await user.type(name, '  Jon Sig ');
      await user.clear(email);
      await user.type(email, 'jon@example.test');
      const calls = app.listCards.mock.calls.length;
      await user.click(within(drawer).getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(updateDetails).toHaveBeenCalledTimes(1));
      expect((updateDetails.mock.calls[0] as unknown[])[0]).toEqual({
        params: { id: 'c-3' },
        body: { propertyId, expirationDate: '2099-12-31', name: 'Jon Sig', email: 'jon@example.test' },
      });
      // Document 3 §8's words, with the card's code; the drawer closes and the list is asked again.
      expect(await screen.findByText('Gift card DETAILS23456 saved successfully.')).toBeTruthy();
      await waitFor(() =>
        expect(screen.queryByRole('dialog', { name: 'Gift card DETAILS23456' })).toBeNull(),
      );
      await waitFor(() => expect(app.listCards.mock.calls.length).toBeGreaterThan(calls));
    },
    HEAVY,
  );
});
