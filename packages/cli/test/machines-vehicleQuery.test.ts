import { vehicleQueryOutcomes, vehicleQueryServerReplies } from '@tern/core/qa/model';
import { beforeAll } from 'vitest';
import { type CliResult, runCli } from './helpers/cli.js';
import type { TestServer } from './helpers/server.js';
import { serverWithAgent } from './helpers/world.js';
import { describeCliReplays, type StepDriver } from './machines-replay.js';

// Core's model-based paths of the car search's polling (M06) replayed through `tern search cars` against the
// real server and its simulated providers. Each provider answers a fixed delay (1 to 4 s) after the query, by
// the server's clock: a poll the path wants unfinished goes out with the clock half a second after the query,
// one it wants finished with the clock 5 s after it (the test server's clock, which tests may move). A failed
// call is a refusal met on the way (the command's fetch). The polls go 50 ms apart (the CLI's Io.pollMs) instead
// of the machine's 2 s: the server's clock, not the wait, decides what each poll finds.

let server: TestServer;
let agent: string;
const world = serverWithAgent();
beforeAll(() => {
  ({ server, agent } = world);
});

type Outcome = 'done' | 'error' | 'partial' | 'all';

interface Search {
  running: Promise<CliResult>;
  /** The answers the path wants, in order: of the query's creation, then of each poll. */
  creating: Outcome[];
  polls: Outcome[];
  /** The server's time when the query was asked for. */
  askedAt: number;
}

const refusal = () =>
  Promise.resolve(
    new Response(JSON.stringify({ errors: [{ status: '422', detail: 'Refused for the test' }] }), {
      status: 422,
      headers: { 'content-type': 'application/json' },
    }),
  );

/** The command's fetch: the answers the path wants, then (after its last step) every provider done. */
const arranged =
  (search: () => Search): typeof fetch =>
  async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const s = search();
    if (url.includes('/list_units')) {
      if ((s.creating.shift() ?? 'done') === 'error') return refusal();
      s.askedAt = server.clock.now().getTime();
    } else if (url.includes('/query_results/')) {
      const want = s.polls.shift() ?? 'all';
      if (want === 'error') return refusal();
      server.clock.advance(s.askedAt + (want === 'all' ? 5000 : 500) - server.clock.now().getTime());
    }
    return fetch(input, init);
  };

const nothing: StepDriver<Search> = async () => {};
const noSuchInput =
  '`tern search cars` runs the one query of its flags to its end: no new search, retry or leaving while it runs';

describeCliReplays<Search>({
  machine: 'vehicleQueryMachine',
  liveMachine: 'vehicleQuery',
  scenarios: {
    'a query given': async (path) => {
      const search: Search = {
        ...vehicleQueryOutcomes(path.steps),
        askedAt: 0,
        running: Promise.resolve(null as never),
      };
      search.running = runCli(['search', 'cars', '--city', 'Reykjavik', '--json'], {
        configDir: agent,
        fetch: arranged(() => search),
        pollMs: 50,
      });
      return search;
    },
    'no query': {
      excluded: 'the command starts the machine with the query of its flags, never without one',
    },
  },
  events: {
    'search.start': { excluded: noSuchInput },
    'search.retry': { excluded: noSuchInput },
    'search.leave': { excluded: noSuchInput },
    ...vehicleQueryServerReplies(nothing),
    // The machine's own 2 s between polls.
    'xstate.after.pollInterval.vehicleQuery.waiting': nothing,
  },
  finish: async (search) => {
    await search.running;
  },
});
