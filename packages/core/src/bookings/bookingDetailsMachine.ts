import type { BookingRecord, Guest } from '@tern/sdk';
import { and, assign, emit, setup } from 'xstate';
import { type Failure, failureOf } from '../internal/errorMessage.js';
import { notProvided } from '../internal/notProvided.js';
import {
  CANCEL_FAILURE_MS,
  canRemoveUnits,
  type DriverForm,
  driverUpdateBody,
  guestUpdateBody,
  removeUnitsBody,
  validateDriverEdit,
  validateGuestEdits,
} from './bookingEdits.js';

/**
 * M09, one booking in the details drawer (document 1 §4 "Booking status", §6, §8; R115–R125). A reseller may
 * cancel (after confirming), edit the guests or the car's driver, change the special request and remove
 * units while the booking is `changeable` (the server's verdict from core's `changeBlockOf`, checked again by
 * the server on every call); otherwise nothing but viewing is accepted. A cancel that fails shows its
 * message for 4 s; a cancel that succeeds ends the machine (`booking.canceled`: the drawer closes and the list
 * reloads). Every change emits `booking.changed` with the record the server answered.
 */

export type BookingDetailsEmitted =
  | { type: 'booking.changed'; booking: BookingRecord }
  | { type: 'booking.canceled'; booking: BookingRecord };

export interface BookingDetailsContext {
  booking: BookingRecord;
  /** What went wrong with the last save (general.error_message + the server's words). */
  error: Failure | null;
  /** The cancel failure message is up (payment_page.error_modal.text, 4 s). */
  cancelFailed: Failure | null;
  /** The last save worked (general.success_message). */
  saved: boolean;
  /** The guests or driver form's problems, keyed as `validateGuestEdits` / `validateDriverEdit` give them. */
  formErrors: Record<string, string>;
}

export type BookingDetailsEvent =
  | { type: 'cancel.ask' }
  | { type: 'cancel.dismiss' }
  | { type: 'cancel.confirm' }
  | { type: 'guests.save'; edits: Record<string, Guest[]> }
  | { type: 'driver.save'; unitId: string; driver: DriverForm }
  | { type: 'request.save'; specialRequest: string; reservationName?: string; externalReferenceId?: string }
  | { type: 'units.remove'; unitIds: string[] }
  | { type: 'booking.replace'; booking: BookingRecord }
  | { type: 'notice.dismiss' };

export type CancelBookingInput = Pick<BookingRecord, 'reservationId' | 'propertyChannelId' | 'propertyType'>;
export type GuestsInput = { bookingId: string; body: ReturnType<typeof guestUpdateBody> };
export type DriversInput = { bookingId: string; body: ReturnType<typeof driverUpdateBody> };
export type RemoveUnitsInput = {
  bookingId: string;
  propertyType: BookingRecord['propertyType'];
  body: ReturnType<typeof removeUnitsBody>;
};
export type SpecialRequestInput = {
  bookingId: string;
  propertyId: string;
  propertyType: BookingRecord['propertyType'];
  body: { specialRequest: string; reservationName?: string; externalReferenceId?: string };
};

type SaveInput =
  | { kind: 'guests'; input: GuestsInput }
  | { kind: 'driver'; input: DriversInput }
  | { kind: 'request'; input: SpecialRequestInput }
  | { kind: 'remove'; input: RemoveUnitsInput };

const details = setup({
  types: {
    context: {} as BookingDetailsContext & { pending: SaveInput | null },
    events: {} as BookingDetailsEvent,
    input: {} as { booking: BookingRecord },
    emitted: {} as BookingDetailsEmitted,
  },
  actors: {
    cancelBooking: notProvided<unknown, CancelBookingInput>('cancelBooking'),
    updateGuests: notProvided<BookingRecord, GuestsInput>('updateGuests'),
    updateDrivers: notProvided<BookingRecord, DriversInput>('updateDrivers'),
    updateSpecialRequest: notProvided<BookingRecord, SpecialRequestInput>('updateSpecialRequest'),
    removeUnits: notProvided<BookingRecord, RemoveUnitsInput>('removeUnits'),
  },
  delays: { cancelFailure: CANCEL_FAILURE_MS },
  guards: {
    changeable: ({ context }) => context.booking.changeable,
    guestsValid: ({ context, event }) =>
      event.type === 'guests.save' &&
      context.booking.propertyType === 'accommodation' &&
      Object.keys(validateGuestEdits(context.booking, event.edits)).length === 0,
    driverValid: ({ context, event }) =>
      event.type === 'driver.save' &&
      context.booking.propertyType === 'vehicle' &&
      context.booking.units.some((u) => u.id === event.unitId && u.status === 'booked') &&
      Object.keys(validateDriverEdit(event.driver)).length === 0,
    removable: ({ context, event }) =>
      event.type === 'units.remove' && canRemoveUnits(context.booking, event.unitIds),
  },
  actions: {
    clearNotices: assign({ error: null, saved: false, formErrors: {} }),
    guestErrors: assign(({ context, event }) =>
      event.type === 'guests.save'
        ? { formErrors: validateGuestEdits(context.booking, event.edits), saved: false }
        : {},
    ),
    driverErrors: assign(({ event }) =>
      event.type === 'driver.save' ? { formErrors: validateDriverEdit(event.driver), saved: false } : {},
    ),
    prepare: assign(({ context, event }) => {
      const b = context.booking;
      let pending: SaveInput | null = null;
      if (event.type === 'guests.save')
        pending = { kind: 'guests', input: { bookingId: b.id, body: guestUpdateBody(b, event.edits) } };
      else if (event.type === 'driver.save')
        pending = {
          kind: 'driver',
          input: { bookingId: b.id, body: driverUpdateBody(b, event.unitId, event.driver) },
        };
      else if (event.type === 'request.save')
        pending = {
          kind: 'request',
          input: {
            bookingId: b.id,
            propertyId: b.propertyChannelId,
            propertyType: b.propertyType,
            body: {
              specialRequest: event.specialRequest.trim(),
              ...(event.reservationName !== undefined
                ? { reservationName: event.reservationName.trim() }
                : {}),
              ...(event.externalReferenceId !== undefined
                ? { externalReferenceId: event.externalReferenceId.trim() }
                : {}),
            },
          },
        };
      else if (event.type === 'units.remove')
        pending = {
          kind: 'remove',
          input: { bookingId: b.id, propertyType: b.propertyType, body: removeUnitsBody(b, event.unitIds) },
        };
      return { pending, error: null, saved: false, formErrors: {} };
    }),
    saved: assign((_, params: { booking: BookingRecord }) => ({
      booking: params.booking,
      saved: true,
      error: null,
      pending: null,
    })),
    tellChanged: emit(({ context }) => ({ type: 'booking.changed' as const, booking: context.booking })),
    failed: assign((_, params: { error: unknown }) => ({ error: failureOf(params.error), pending: null })),
    cancelFailed: assign((_, params: { error: unknown }) => ({ cancelFailed: failureOf(params.error) })),
    clearCancelFailed: assign({ cancelFailed: null }),
    markCanceled: assign(({ context }) => ({
      booking: {
        ...context.booking,
        status: 'canceled' as const,
        changeable: false,
        changeBlock: 'canceled' as const,
      },
    })),
    tellCanceled: emit(({ context }) => ({ type: 'booking.canceled' as const, booking: context.booking })),
  },
});

type Pending<K extends SaveInput['kind']> = Extract<SaveInput, { kind: K }>['input'];
const pendingOf = <K extends SaveInput['kind']>(
  context: { pending: SaveInput | null },
  kind: K,
): Pending<K> => {
  if (context.pending?.kind !== kind) throw new Error(`No ${kind} change is waiting to be saved`);
  return context.pending.input as Pending<K>;
};

/** The change each saving state sends, by its actor. */
const SAVES = {
  updateGuests: 'guests',
  updateDrivers: 'driver',
  updateSpecialRequest: 'request',
  removeUnits: 'remove',
} as const;

/** A save in flight: the server's record replaces the booking and is told (`booking.changed`), or the error stays. */
const saving = (src: keyof typeof SAVES) =>
  details.createStateConfig({
    tags: ['busy'],
    invoke: {
      src,
      input: ({ context }) => pendingOf(context, SAVES[src]) as never,
      onDone: {
        target: 'viewing',
        actions: [
          { type: 'saved', params: ({ event }) => ({ booking: event.output as BookingRecord }) },
          'tellChanged',
        ],
      },
      onError: {
        target: 'viewing',
        actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) },
      },
    },
  });

export const bookingDetailsMachine = details.createMachine({
  id: 'bookingDetails',
  context: ({ input }) => ({
    booking: input.booking,
    error: null,
    cancelFailed: null,
    saved: false,
    formErrors: {},
    pending: null,
  }),
  initial: 'viewing',
  states: {
    viewing: {
      on: {
        'cancel.ask': { guard: 'changeable', target: 'confirmingCancel', actions: 'clearNotices' },
        'guests.save': [
          { guard: and(['changeable', 'guestsValid']), target: 'savingGuests', actions: 'prepare' },
          { guard: 'changeable', actions: 'guestErrors' },
        ],
        'driver.save': [
          { guard: and(['changeable', 'driverValid']), target: 'savingDriver', actions: 'prepare' },
          { guard: 'changeable', actions: 'driverErrors' },
        ],
        'request.save': { guard: 'changeable', target: 'savingRequest', actions: 'prepare' },
        'units.remove': { guard: 'removable', target: 'removingUnits', actions: 'prepare' },
        'booking.replace': { actions: assign({ booking: ({ event }) => event.booking }) },
        'notice.dismiss': { actions: 'clearNotices' },
      },
    },
    confirmingCancel: {
      on: {
        'cancel.dismiss': 'viewing',
        'cancel.confirm': { guard: 'changeable', target: 'cancelling' },
      },
    },
    cancelling: {
      tags: ['busy'],
      invoke: {
        src: 'cancelBooking',
        input: ({ context }) => ({
          reservationId: context.booking.reservationId,
          propertyChannelId: context.booking.propertyChannelId,
          propertyType: context.booking.propertyType,
        }),
        onDone: { target: 'canceled', actions: ['markCanceled', 'tellCanceled'] },
        onError: {
          target: 'cancelFailed',
          actions: { type: 'cancelFailed', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    /** payment_page.error_modal.text for 4 s (R123), then back to the details. */
    cancelFailed: {
      after: { cancelFailure: { target: 'viewing', actions: 'clearCancelFailed' } },
      on: { 'notice.dismiss': { target: 'viewing', actions: 'clearCancelFailed' } },
    },
    savingGuests: saving('updateGuests'),
    savingDriver: saving('updateDrivers'),
    savingRequest: saving('updateSpecialRequest'),
    removingUnits: saving('removeUnits'),
    canceled: { type: 'final' },
  },
});
