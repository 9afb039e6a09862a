import { useRouterState } from '@tanstack/react-router';
import { type BookingParams, parseBookingQuery } from '@tern/core/bookingEngine';
import { useMemo } from 'react';
import { useToday } from './useToday';

/** The booking parameters of the current URL, through core's query-string rules (document 1 §5). */
export function useBookingParams(): { params: BookingParams; searchStr: string } {
  const searchStr = useRouterState({ select: (s) => s.location.searchStr });
  // The device's today: the address is read before any property is known (the property page checks its
  // dates against the property's own today).
  const today = useToday();
  const params = useMemo(() => parseBookingQuery(searchStr.replace(/^\?/, ''), today), [searchStr, today]);
  return { params, searchStr: searchStr.replace(/^\?/, '') };
}
