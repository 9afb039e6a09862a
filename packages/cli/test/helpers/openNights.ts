import { addDays } from '@tern/core/dates';
import { expect } from 'vitest';
import { demoEmail, PASSWORD, runCli, tempConfigDir } from './cli.js';

/**
 * The world a booking test needs, whatever the demo world sells on its days: the property's manager (a demo login,
 * `hotelier` by default) opens every unit and rate plan of the property from `from` for `nights` nights —
 * `rooms` rooms each, no stop-sell, no arrival or departure closures, no stay limits — with `tern inventory set`.
 * `now` is the CLI's clock when the test moves the server's.
 */
export async function openNights(
  apiUrl: string,
  propertyId: string,
  from: string,
  nights: number,
  options: { manager?: string; rooms?: number; now?: () => number } = {},
): Promise<void> {
  const configDir = await tempConfigDir();
  const clock = options.now ? { now: options.now } : {};
  const login = await runCli(
    ['login', '--email', demoEmail(options.manager ?? 'hotelier'), '--password-stdin', '--api-url', apiUrl],
    { configDir, stdin: `${PASSWORD}\n`, ...clock },
  );
  expect(login.stderr).toBe('');
  const opened = await runCli(
    [
      'inventory',
      'set',
      '--property',
      propertyId,
      '--from',
      from,
      '--to',
      addDays(from, nights - 1),
      '--availability',
      String(options.rooms ?? 20),
      '--open',
      '--no-cta',
      '--no-ctd',
      '--min-stay',
      '1',
      '--min-stay-through',
      '1',
      '--max-stay',
      'none',
      '--api-url',
      apiUrl,
    ],
    { configDir, ...clock },
  );
  expect(opened.stderr).toBe('');
  expect(opened.code).toBe(0);
}
