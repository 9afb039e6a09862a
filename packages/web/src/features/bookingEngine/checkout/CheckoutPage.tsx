import { useParams } from '@tanstack/react-router';
import { type CheckoutOutput, flowPaths } from '@tern/core/bookingEngine';
import { useCallback } from 'react';
import { BookingSteps } from '../property/BookingSteps';
import { useBookingFlow } from '../useBookingFlow';
import { useBookingParams } from '../useBookingParams';
import { CarCheckout } from './CarCheckout';
import { StayCheckout } from './StayCheckout';
import '../booking.css';

/**
 * `/property/{channelId}/booking_info` (document 1 §2): checkout for the rooms chosen on the property page —
 * core's stay wizard, the property page's machine, on its checkout step — or for the car chosen on the car
 * search page. The booking flow (M01) decides: without a selection and both dates it goes back to the property
 * page (a car: to the car search); a booking made opens the confirmation.
 */
export function CheckoutPage() {
  const { channelId } = useParams({ strict: false }) as { channelId: string };
  const { params, searchStr } = useBookingParams();
  if (params.type === 'vehicle') return <CarCheckoutRoute channelId={channelId} searchStr={searchStr} />;
  const propertyHref = flowPaths.property(channelId, searchStr);
  return (
    <StayCheckout
      key={channelId}
      channelId={channelId}
      searchStr={searchStr}
      // The property step goes back through the flow (`step.select`: the page with the flow's query).
      steps={(onSelectProperty) => (
        <BookingSteps current="checkout" propertyHref={propertyHref} onSelectProperty={onSelectProperty} />
      )}
    />
  );
}

/** A car's checkout: the booking flow (M01) at its checkout step and the car's checkout form. */
function CarCheckoutRoute({ channelId, searchStr }: { channelId: string; searchStr: string }) {
  const [flow, sendFlow] = useBookingFlow({ kind: 'vehicle', channelId, step: 'checkout', query: searchStr });
  const { car } = flow.context.flow;
  const onBooked = useCallback(
    ({ bookingId, created, email }: CheckoutOutput) =>
      sendFlow({
        type: 'booking.succeeded',
        booked: {
          bookingId,
          reservationId: created.reservationId,
          email,
          kind: 'vehicle',
          provider: car?.offer.provider ?? null,
        },
      }),
    [sendFlow, car],
  );
  if (!flow.matches('checkout') || !car) return null;
  const steps = (
    <BookingSteps
      current="checkout"
      propertyHref={flowPaths.carSearch(searchStr)}
      isCar
      onSelectProperty={() => sendFlow({ type: 'step.select', step: 'property' })}
    />
  );
  return <CarCheckout channelId={channelId} car={car} steps={steps} onBooked={onBooked} />;
}
