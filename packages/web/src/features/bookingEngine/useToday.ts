import { deviceToday, todayIn } from '@tern/core/dates';
import { useServices } from '../../session/SessionContext';

/**
 * Today as `YYYY-MM-DD`, from the app's clock (tests fix it). With a property's `timeZone` it is the
 * property's today (its page: search defaults, closed dates, past days); without one, the device's (the
 * search forms and the bookings list's quick ranges, which know no property).
 */
export function useToday(timeZone?: string | null): string {
  const now = useServices().now();
  if (!timeZone) return deviceToday(now);
  try {
    return todayIn(timeZone, now);
  } catch {
    return deviceToday(now); // a zone the browser does not know
  }
}
