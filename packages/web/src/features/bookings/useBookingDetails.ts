import { bookingDetailsMachine } from '@tern/core/bookings';
import type { BookingRecord, KindSegment } from '@tern/sdk';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { fromPromise } from 'xstate';
import { useServices } from '../../session/SessionContext';

const kindOf = (type: BookingRecord['propertyType']): KindSegment =>
  type === 'vehicle' ? 'vehicles' : 'accommodations';

export interface BookingDetailsListeners {
  /** A change was saved: the server's record. */
  onChanged: (booking: BookingRecord) => void;
  /** The booking was cancelled (the drawer closes, the list reloads). */
  onCanceled: (booking: BookingRecord) => void;
}

/**
 * Core's booking details machine (M09) with the API calls (document 1 §7, R125): cancel, the rooms' guests
 * or the car's driver (bulk update), the special request, and removing units (bulk remove), each on the
 * accommodation or vehicle path of the booking.
 */
export function useBookingDetails(booking: BookingRecord, listeners: BookingDetailsListeners) {
  const { client } = useServices();
  const logic = useMemo(
    () =>
      bookingDetailsMachine.provide({
        actors: {
          cancelBooking: fromPromise(({ input }) =>
            client.bookings.cancel({ params: { kind: kindOf(input.propertyType) }, body: input }),
          ),
          updateGuests: fromPromise(({ input }) =>
            client.bookings.updateRooms({ params: { id: input.bookingId }, body: input.body }),
          ),
          updateDrivers: fromPromise(({ input }) =>
            client.bookings.updateVehicles({ params: { id: input.bookingId }, body: input.body }),
          ),
          updateSpecialRequest: fromPromise(({ input }) =>
            client.bookings.updateSpecialRequest({
              params: {
                kind: kindOf(input.propertyType),
                propertyId: input.propertyId,
                bookingId: input.bookingId,
              },
              body: input.body,
            }),
          ),
          removeUnits: fromPromise(({ input }) =>
            input.propertyType === 'vehicle'
              ? client.bookings.removeVehicles({ params: { id: input.bookingId }, body: input.body })
              : client.bookings.removeRooms({ params: { id: input.bookingId }, body: input.body }),
          ),
        },
      }),
    [client],
  );
  const [snapshot, send, actor] = useMachine(logic, { input: { booking } });
  const latest = useRef(listeners);
  latest.current = listeners;
  useEffect(() => {
    const changed = actor.on('booking.changed', (event) => latest.current.onChanged(event.booking));
    const canceled = actor.on('booking.canceled', (event) => latest.current.onCanceled(event.booking));
    return () => {
      changed.unsubscribe();
      canceled.unsubscribe();
    };
  }, [actor]);
  return { snapshot, send };
}
