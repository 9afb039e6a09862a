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
 * `/property/{channelId}/booking_info` (document 1 §2): checkout for the rooms chosen on the property page,
 * or for the car chosen on the car search page. Core's booking flow machine (M01) decides: without a
 * selection and both dates it goes back to the property page (a car: to the car search); a booking made
 * opens the confirmation.
 */
export function CheckoutPage() {
  const { channelId } = useParams({ strict: false }) as { channelId: string };
  const { params, searchStr } = useBookingParams();
  const [flow, sendFlow] = useBookingFlow({
    kind: params.type,
    channelId,
    step: 'checkout',
    query: searchStr,
  });
  const isCar = params.type === 'vehicle';
  const { stay, car } = flow.context.flow;
  const backHref = isCar ? flowPaths.carSearch(searchStr) : flowPaths.property(channelId, searchStr);
  const onBooked = useCallback(
    ({ bookingId, created, email }: CheckoutOutput) =>
      sendFlow({
        type: 'booking.succeeded',
        booked: {
          bookingId,
          reservationId: created.reservationId,
          email,
          kind: isCar ? 'vehicle' : 'accommodation',
          provider: car?.offer.provider ?? null,
        },
      }),
    [sendFlow, isCar, car],
  );
  if (!flow.matches('checkout')) return null;
  // The property step goes back through the flow (M01 `step.select`: it opens the page with the flow's query).
  const steps = (
    <BookingSteps
      current="checkout"
      propertyHref={backHref}
      isCar={isCar}
      onSelectProperty={() => sendFlow({ type: 'step.select', step: 'property' })}
    />
  );
  if (isCar && car) return <CarCheckout channelId={channelId} car={car} steps={steps} onBooked={onBooked} />;
  if (!isCar && stay)
    return (
      <StayCheckout
        channelId={channelId}
        stay={stay}
        propertyHref={backHref}
        steps={steps}
        onBooked={onBooked}
        onBack={() => sendFlow({ type: 'flow.back' })}
      />
    );
  return null;
}
