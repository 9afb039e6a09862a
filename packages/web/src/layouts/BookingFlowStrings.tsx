import { titleKeys } from '@tern/core/navigation';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullPageLoader } from '../components/Spinner';
import { addCatalogue, type CataloguePart } from '../i18n';

/**
 * The booking engine's strings past the search (`i18n/bookingFlow.ts`: property page, checkout, confirmation,
 * and the words the bookings and the back office share with them) are a chunk of their own. Every page of the
 * app's frame has them before it draws, but the stay search pages (`drawsWithout`), which do without them: those
 * draw at once and the strings load after, ready for the next page.
 */
let part: CataloguePart | null = null;
let loading: Promise<CataloguePart> | null = null;

export function preloadBookingFlowStrings(): Promise<CataloguePart> {
  loading ??= import('../i18n/bookingFlowPart').then(
    (module) => {
      part = module.bookingFlowPart;
      return part;
    },
    (error: unknown) => {
      loading = null; // the next page tries again
      throw error;
    },
  );
  return loading;
}

/** The core routes that draw without the booking flow's strings: the booking engine's stay search pages. */
export const drawsWithout: ReadonlySet<string> = new Set(['home', 'search']);

export function BookingFlowStrings({ wait, children }: { wait: boolean; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const [, setLoaded] = useState(part !== null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (part) return;
    let current = true;
    preloadBookingFlowStrings().then(
      () => current && setLoaded(true),
      (error: unknown) => current && setFailure(() => error),
    );
    return () => {
      current = false;
    };
  }, []);
  // A chunk that cannot be fetched goes to the route's error page, as a screen's own chunk would.
  if (failure && !part) throw failure;
  if (part) addCatalogue(i18n, part);
  else if (wait) return <FullPageLoader label={t(titleKeys.loading)} />;
  return children;
}
