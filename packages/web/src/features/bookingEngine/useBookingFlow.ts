import { useNavigate } from '@tanstack/react-router';
import { type BookingFlowInput, bookingFlowMachine } from '@tern/core/bookingEngine';
import { useMachine } from '@xstate/react';
import { useMemo } from 'react';
import { useServices } from '../../session/SessionContext';
import { liveInspect } from '../qa/liveInspect';

/** Core's booking flow machine (M01) with its navigation through the router. */
export function useBookingFlowLogic() {
  const navigate = useNavigate();
  return useMemo(
    () =>
      bookingFlowMachine.provide({
        actions: {
          // After the transition (and outside React's render), like a link.
          navigate: (_, params: { to: string; replace: boolean }) =>
            queueMicrotask(() => void navigate({ href: params.to, replace: params.replace })),
        },
      }),
    [navigate],
  );
}

/**
 * Core's booking flow machine (M01) for one page of the flow: the flow data in the app's storage, and its
 * navigation through the router. Each page starts it at its own step; the machine sends checkout without a
 * selection back, stores the stay or the car, and opens the next page. (A stay's property and checkout pages
 * run it as a child of core's stay wizard.)
 */
export function useBookingFlow(input: Omit<BookingFlowInput, 'storage'>) {
  const { storage } = useServices();
  return useMachine(useBookingFlowLogic(), { input: { storage, ...input }, inspect: liveInspect });
}
