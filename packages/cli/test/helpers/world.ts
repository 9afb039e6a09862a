import { managerLogins } from '@tern/fixtures';
import type { UnitWithRates } from '@tern/sdk';
import { afterAll, beforeAll } from 'vitest';
import { demoEmail, PASSWORD, removeTempDirs, runCli, tempConfigDir } from './cli.js';
import { startTestServer, type TestServer } from './server.js';

// The setup a command's tests and the machine replays through the same command share: the real server on the
// demo world, logins made with `tern login`, the demo's hotel managers.

/** The demo world's hotel managers: each manages some of its properties (a contract's property is one of theirs). */
export const DEMO_MANAGERS = managerLogins;

/** `tern login` as a demo user in a config folder of their own; refused unless it ends at once and quietly. */
export async function signedIn(server: TestServer, login: string): Promise<string> {
  const configDir = await tempConfigDir();
  const result = await runCli(
    ['login', '--api-url', server.url, '--email', demoEmail(login), '--password-stdin'],
    { configDir, stdin: `${PASSWORD}\n` },
  );
  if (result.code !== 0 || result.stderr !== '')
    throw new Error(`tern login as ${login}: code ${result.code}, ${result.stderr}`);
  return configDir;
}

export interface ServerWithAgent {
  server: TestServer;
  /** The agent's config folder (signed in). */
  agent: string;
}

/**
 * The file's test server, started before its tests with the agent signed in, closed after them with the config
 * folders. The object is filled in by this `beforeAll`, which runs before the file's own.
 */
export function serverWithAgent(): ServerWithAgent {
  const world = {} as ServerWithAgent;
  beforeAll(async () => {
    world.server = await startTestServer();
    world.agent = await signedIn(world.server, 'agent');
  });
  afterAll(async () => {
    await world.server?.close();
    await removeTempDirs();
  });
  return world;
}

/** The car search's wait between polls under `fastProviders` (runCli's `pollMs`). */
export const FAST_POLL_MS = 50;

/**
 * A fetch under which the simulated car providers' time runs fast: every call to the query_results endpoint
 * (counted) moves the server's clock a second on, so the providers (answering 1 to 4 s after the query) answer
 * one after another over polls `FAST_POLL_MS` apart instead of 2 s. The clock stays moved (a later `--query`
 * reads the answers of its search): the server runs some seconds ahead of the CLI by the end of a file.
 */
export function fastProviders(server: TestServer): { fetch: typeof fetch; polls: () => number } {
  let polls = 0;
  return {
    fetch: async (input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (url.includes('/query_results/')) {
        polls++;
        server.clock.advance(1000);
      }
      return fetch(input, init);
    },
    polls: () => polls,
  };
}

/** The id of the demo's Harbour View Hotel, as `tern search stays` finds it. */
export async function harbourViewId(configDir: string): Promise<string> {
  const found = await runCli(['search', 'stays', '--title', 'Harbour View', '--json'], { configDir });
  return JSON.parse(found.stdout).items[0].id;
}

/** `tern property rates --json` for a stay: the property's units and their rates (in `currency` when given). */
export async function stayRates(
  configDir: string,
  propertyId: string,
  stay: { checkin: string; checkout: string; currency?: string },
): Promise<UnitWithRates[]> {
  const result = await runCli(
    [
      'property',
      'rates',
      propertyId,
      '--checkin',
      stay.checkin,
      '--checkout',
      stay.checkout,
      ...(stay.currency ? ['--currency', stay.currency] : []),
      '--json',
    ],
    { configDir },
  );
  return JSON.parse(result.stdout).units as UnitWithRates[];
}

/** A rate the terminal wizards can book as the tests do: open, for two adults, without a card. */
export const bookableWithoutCard = (rate: UnitWithRates['ratePlans'][number]): boolean =>
  rate.unavailableReason === null &&
  rate.occupancy.adults === 2 &&
  rate.occupancy.children === 0 &&
  rate.cancellationPolicy?.guaranteePaymentPolicy === 'none';
