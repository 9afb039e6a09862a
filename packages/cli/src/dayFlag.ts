import { isDay } from '@tern/core/dates';
import { InvalidArgumentError } from 'commander';

/**
 * A day flag's parser for commander: core's rule for a day (`isDay`: `YYYY-MM-DD`, a day that exists, years 0001 to
 * 9999 — the contract's, so a flag the CLI takes is one the server takes). `flag` prefixes the complaint.
 */
export function dayFlag(flag?: string): (value: string) => string {
  return (value) => {
    if (!isDay(value))
      throw new InvalidArgumentError(
        `${flag ? `${flag}: u` : 'U'}se a real day as YYYY-MM-DD (0001 to 9999)`,
      );
    return value;
  };
}
