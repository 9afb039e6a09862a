import { useNavigate, useParams } from '@tanstack/react-router';
import { bookingQueryString } from '@tern/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../session/SessionContext';
import { readFlow } from '../flowStorage';
import { useBookingParams } from '../useBookingParams';
import { CarCheckout } from './CarCheckout';
import { StayCheckout } from './StayCheckout';
import '../booking.css';

/**
 * `/property/{channelId}/booking_info` (document 1 §2): checkout for the rooms chosen on the property page,
 * or for the car chosen on the car search page. Without a selection and dates it goes back to the
 * property page (cars: to the car search, where a car is chosen).
 */
export function CheckoutPage() {
  useTranslation();
  const { channelId } = useParams({ strict: false }) as { channelId: string };
  const { storage } = useServices();
  const { params, searchStr } = useBookingParams();
  const flow = readFlow(storage);
  if (params.type === 'vehicle') {
    const car = flow.car;
    if (!car || car.channelId !== channelId) {
      return <Redirect href={`/search_cars?${bookingQueryString({ ...params, type: 'vehicle' })}`} />;
    }
    return <CarCheckout channelId={channelId} car={car} searchStr={searchStr} />;
  }
  const stay = flow.stay;
  const hasSelection =
    stay &&
    stay.channelId === channelId &&
    stay.checkinDate &&
    stay.checkoutDate &&
    Object.values(stay.selection).some((rates) => Object.values(rates).some((n) => n > 0));
  if (!stay || !hasSelection) {
    return (
      <Redirect href={`/property/${encodeURIComponent(channelId)}${searchStr ? `?${searchStr}` : ''}`} />
    );
  }
  return <StayCheckout channelId={channelId} stay={stay} searchStr={searchStr} />;
}

/** Replaces the current entry with `href` (document 1 §2: checkout without a selection goes back). */
function Redirect({ href }: { href: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    void navigate({ href, replace: true });
  }, [href, navigate]);
  return null;
}
