import { todayIso } from '@tern/core';
import { useServices } from '../../session/SessionContext';

/** Today as `YYYY-MM-DD`, from the app's clock (tests fix it). */
export function useToday(): string {
  return todayIso(useServices().now());
}
