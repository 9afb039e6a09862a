import type { BookingRecord } from '@tern/sdk';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { bookedRoom, bookingRecord } from '../test/bookingFixtures.js';
import {
  type BookingDetailsEmitted,
  bookingDetailsMachine,
  type CancelBookingInput,
  type GuestsInput,
  type RemoveUnitsInput,
  type SpecialRequestInput,
} from './bookingDetailsMachine.js';

function start(booking: BookingRecord, fail: Partial<Record<string, Error>> = {}) {
  const calls: Array<[string, unknown]> = [];
  const reply = <I>(name: string, next: (input: I) => BookingRecord) =>
    fromPromise<BookingRecord, I>(async ({ input }) => {
      calls.push([name, input]);
      if (fail[name]) throw fail[name];
      return next(input);
    });
  const machine = bookingDetailsMachine.provide({
    actors: {
      cancelBooking: fromPromise<unknown, CancelBookingInput>(async ({ input }) => {
        calls.push(['cancel', input]);
        if (fail.cancel) throw fail.cancel;
        return null;
      }),
      updateGuests: reply('guests', (input: GuestsInput) => ({
        ...booking,
        status: 'modified',
        units: booking.units.map((u) => {
          const edit = input.body.units.find((e) => e.id === u.id);
          return edit ? { ...u, guests: edit.guests } : u;
        }),
      })),
      updateDrivers: reply('drivers', () => ({ ...booking, status: 'modified' })),
      updateSpecialRequest: reply('request', (input: SpecialRequestInput) => ({
        ...booking,
        specialRequest: input.body.specialRequest,
      })),
      removeUnits: reply('remove', (input: RemoveUnitsInput) => ({
        ...booking,
        status: 'modified',
        units: booking.units.map((u) =>
          input.body.deleteUnitIds.includes(u.id) ? { ...u, status: 'canceled' as const } : u,
        ),
      })),
    },
  });
  const actor = createActor(machine, { input: { booking } });
  const emitted: BookingDetailsEmitted[] = [];
  actor.on('*', (e) => emitted.push(e));
  actor.start();
  return { actor, calls, emitted };
}

describe('bookingDetailsMachine', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('cancels after the confirmation and ends, telling the list', async () => {
    const booking = bookingRecord();
    const { actor, calls, emitted } = start(booking);
    actor.send({ type: 'cancel.ask' });
    expect(actor.getSnapshot().value).toBe('confirmingCancel');
    actor.send({ type: 'cancel.dismiss' });
    expect(actor.getSnapshot().value).toBe('viewing');
    actor.send({ type: 'cancel.ask' });
    actor.send({ type: 'cancel.confirm' });
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    await vi.waitFor(() => expect(actor.getSnapshot().status).toBe('done'));
    expect(calls).toEqual([
      [
        'cancel',
        {
          reservationId: 'TRN-1001',
          propertyChannelId: 'p1',
          propertyType: 'accommodation',
        } satisfies CancelBookingInput,
      ],
    ]);
    expect(emitted.map((e) => e.type)).toEqual(['booking.canceled']);
    expect(actor.getSnapshot().context.booking).toMatchObject({ status: 'canceled', changeable: false });
  });

  it('shows a failed cancel for 4 s, then the details again', async () => {
    const { actor, emitted } = start(bookingRecord(), {
      cancel: new Error('The cancellation deadline has passed'),
    });
    actor.send({ type: 'cancel.ask' });
    actor.send({ type: 'cancel.confirm' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('cancelFailed');
    expect(actor.getSnapshot().context.cancelFailed?.message).toBe('The cancellation deadline has passed');
    await vi.advanceTimersByTimeAsync(3999);
    expect(actor.getSnapshot().value).toBe('cancelFailed');
    await vi.advanceTimersByTimeAsync(1);
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(actor.getSnapshot().context.cancelFailed).toBeNull();
    expect(emitted).toEqual([]);
  });

  it('accepts nothing but viewing when the booking cannot change', () => {
    const booking = bookingRecord({ changeable: false, changeBlock: 'policy' });
    const { actor, calls } = start(booking);
    actor.send({ type: 'cancel.ask' });
    actor.send({ type: 'guests.save', edits: { u1: [] } });
    actor.send({ type: 'request.save', specialRequest: 'Late arrival' });
    actor.send({ type: 'units.remove', unitIds: ['u1'] });
    expect(actor.getSnapshot().value).toBe('viewing');
    expect(calls).toEqual([]);
  });

  it('saves the guests and keeps the server’s record, or shows the form’s problems', async () => {
    const { actor, calls, emitted } = start(bookingRecord());
    actor.send({
      type: 'guests.save',
      edits: { u1: [1, 2, 3].map(() => ({ name: 'A', surname: 'B', nationality: 'is' })) },
    });
    expect(actor.getSnapshot().context.formErrors).toEqual({ u1: 'too_many' });
    expect(calls).toEqual([]);
    actor.send({
      type: 'guests.save',
      edits: {
        u1: [
          { name: 'Jon', surname: 'Jonsson', nationality: 'is' },
          { name: '', surname: '', nationality: '' },
        ],
      },
    });
    await vi.waitFor(() => expect(actor.getSnapshot().context.saved).toBe(true));
    expect(calls[0]?.[1]).toEqual({
      bookingId: 'b1',
      body: {
        units: [
          {
            id: 'u1',
            guests: [
              { name: 'Jon', surname: 'Jonsson', nationality: 'IS' },
              { name: 'No Name', surname: '', nationality: '' },
            ],
            ratePlanCode: 'rate-1',
            unitTypeCode: 'rt-1',
          },
        ],
        propertyId: 'p1',
        propertyType: 'accommodation',
      },
    });
    expect(actor.getSnapshot().context.booking.status).toBe('modified');
    expect(actor.getSnapshot().context.formErrors).toEqual({});
    expect(emitted.map((e) => e.type)).toEqual(['booking.changed']);
  });

  it('keeps a failed save’s message and stays on the details', async () => {
    const { actor } = start(bookingRecord(), { request: new Error('Stripe locked') });
    actor.send({ type: 'request.save', specialRequest: '  Late arrival  ' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.error?.message).toBe('Stripe locked'));
    expect(actor.getSnapshot().value).toBe('viewing');
    actor.send({ type: 'notice.dismiss' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('saves the special request trimmed', async () => {
    const { actor, calls } = start(bookingRecord());
    actor.send({ type: 'request.save', specialRequest: '  Late arrival  ', reservationName: ' Team ' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.saved).toBe(true));
    expect(calls[0]?.[1]).toEqual({
      bookingId: 'b1',
      propertyId: 'p1',
      propertyType: 'accommodation',
      body: { specialRequest: 'Late arrival', reservationName: 'Team' },
    });
    expect(actor.getSnapshot().context.booking.specialRequest).toBe('Late arrival');
  });

  it('removes a unit but never the last one', async () => {
    const { actor, calls } = start(
      bookingRecord({
        units: [bookedRoom('u1'), bookedRoom('u2'), bookedRoom('u3', { status: 'canceled' })],
      }),
    );
    actor.send({ type: 'units.remove', unitIds: ['u1', 'u2'] });
    actor.send({ type: 'units.remove', unitIds: ['u3'] });
    expect(calls).toEqual([]);
    actor.send({ type: 'units.remove', unitIds: ['u2'] });
    await vi.waitFor(() => expect(actor.getSnapshot().context.saved).toBe(true));
    expect(calls[0]?.[1]).toEqual({
      bookingId: 'b1',
      propertyType: 'accommodation',
      body: { deleteUnitIds: ['u2'], propertyId: 'p1', propertyType: 'accommodation' },
    });
    actor.send({ type: 'units.remove', unitIds: ['u1'] });
    expect(calls).toHaveLength(1);
  });

  it('edits a car’s driver, keeping the booked age and address', async () => {
    const driver = {
      firstName: 'Anna',
      lastName: 'Berg',
      age: 34,
      email: 'anna@example.com',
      phone: '+354 555 1234',
      address: {
        addressLine1: 'Laugavegur 1',
        addressLine2: '',
        addressLine3: '',
        city: 'Reykjavik',
        state: '',
        postalCode: '101',
        countryCode: 'IS',
      },
    };
    const car = bookingRecord({
      propertyType: 'vehicle',
      units: [bookedRoom('c1', { guests: [], drivers: [driver] })],
    });
    const { actor, calls } = start(car);
    actor.send({
      type: 'driver.save',
      unitId: 'c1',
      driver: { firstName: '', lastName: 'Berg', email: 'x', phone: '1' },
    });
    expect(actor.getSnapshot().context.formErrors).toEqual({
      firstName: 'validation_messages.required',
      email: 'validation_messages.email',
    });
    actor.send({
      type: 'driver.save',
      unitId: 'c1',
      driver: { firstName: 'Anna', lastName: 'Bergs', email: 'anna@example.com', phone: '1' },
    });
    await vi.waitFor(() => expect(actor.getSnapshot().context.saved).toBe(true));
    expect(calls[0]?.[1]).toMatchObject({
      bookingId: 'b1',
      body: {
        units: [{ id: 'c1', drivers: [{ ...driver, lastName: 'Bergs', phone: '1' }] }],
        propertyType: 'vehicle',
      },
    });
  });
});
