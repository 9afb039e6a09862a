import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, runCli, tempConfigDir } from './helpers/cli.js';

// Day flags take core's rule for a day (the contract's: a day that exists, years 0001 to 9999), so a day the
// server would refuse is a usage error before any call. No server: a call would fail to connect.

afterAll(removeTempDirs);

const PROPERTY = '00000000-0000-4000-8000-000000000000';
const commands: [string, (day: string) => string[]][] = [
  ['gift-cards list --sold-from', (d) => ['gift-cards', 'list', '--property', PROPERTY, '--sold-from', d]],
  [
    'gift-cards purchases list --sold-from',
    (d) => ['gift-cards', 'purchases', 'list', '--property', PROPERTY, '--sold-from', d],
  ],
  ['bookings list --from', (d) => ['bookings', 'list', '--from', d]],
  ['inventory get --from', (d) => ['inventory', 'get', '--property', PROPERTY, '--from', d, '--to', d]],
];

describe('a day flag outside 0001–9999, or a day that does not exist', () => {
  for (const day of ['0000-01-01', '2031-02-29', '2030-13-01']) {
    it.each(commands)(`${day}: %s is a usage error (exit 2) naming the rule`, async (_, argv) => {
      const result = await runCli([...argv(day), '--json'], {
        configDir: await tempConfigDir(),
        env: { TERN_API_URL: 'http://127.0.0.1:9' },
      });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(/real day as YYYY-MM-DD \(0001 to 9999\)/);
    });
  }
});
