import type { DiscoverRow, TernClient } from '@tern/sdk';
import { beforeAll, expect } from 'vitest';
import { type CliResult, demoEmail, PASSWORD, runCli, signedInAt } from './helpers/cli.js';
import type { TestServer } from './helpers/server.js';
import { DEMO_MANAGERS, serverWithAgent } from './helpers/world.js';
import { describeCliReplays, outcomeNext, type StepDriver } from './machines-replay.js';

// Core's model-based paths of the contract actions (M10) replayed through `tern contracts accept|cancel|request`
// against the real server: a property's manager accepts an agency's request there, the agency
// withdraws its own request or asks a property for a contract. The proposals each path needs are made first
// through the API (the agency asks a property it has no contract with); a refused call is met on the way (the
// command's fetch answers its one write with a 422).

let server: TestServer;
const configs: Record<string, string> = {};
const clients: Record<string, TernClient> = {};
/** Properties asked for already (each request makes a proposal there). */
const asked = new Set<string>();

async function apiAs(login: string): Promise<TernClient> {
  const session = await server.client().auth.signIn({
    body: {
      session: { email: demoEmail(login), password: PASSWORD, rememberMe: false, deviceIdentifier: null },
    },
  });
  if (session.type !== 'session') throw new Error(`${login} was asked for a code`);
  return server.client(session.token);
}

const world = serverWithAgent();
beforeAll(async () => {
  server = world.server;
  configs.agent = world.agent;
  clients.agent = await apiAs('agent');
});

/** The properties the agency has no contract with (and has not asked yet), those of `only` when given. */
async function openProperties(only?: Set<string>): Promise<DiscoverRow[]> {
  const { items } = await clients.agent!.contracts.discover({
    query: { withoutContract: true, page: 1, limit: 100 },
  });
  return items.filter((d) => !asked.has(d.propertyId) && (!only || only.has(d.propertyId)));
}

async function properties(login: string): Promise<Set<string>> {
  clients[login] ??= await apiAs(login);
  const me = await clients[login]!.auth.currentUser();
  return new Set(me.ternHotels.flatMap((h) => [h.id, h.propertyId]));
}

/** A new request of the agency at a property it has no contract with, and a manager of that property. */
async function newProposal(): Promise<{ id: string; manager: string | null }> {
  const open = await openProperties();
  for (const row of open) {
    let manager: string | null = null;
    for (const login of DEMO_MANAGERS) if ((await properties(login)).has(row.propertyId)) manager ??= login;
    if (!manager) continue;
    asked.add(row.propertyId);
    const proposal = await clients.agent!.contracts.request({
      body: { propertyId: row.propertyId, requestMessage: 'For the replays' },
    });
    configs[manager] ??= await signedInAt(server.url, manager);
    return { id: proposal.id, manager };
  }
  throw new Error('No property left without a contract for the demo agency, with a demo manager');
}

interface Desk {
  login: string;
  /** The proposal an `act` works on, made when the scenario starts. */
  proposal: string | null;
  running: Promise<CliResult> | null;
  /** The command's one write is refused. */
  refuse: boolean;
}

const refusing =
  (desk: Desk): typeof fetch =>
  (input, init) => {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (desk.refuse && method !== 'GET') {
      desk.refuse = false;
      return Promise.resolve(
        new Response(JSON.stringify({ errors: [{ status: '422', detail: 'Refused for the test' }] }), {
          status: 422,
          headers: { 'content-type': 'application/json' },
        }),
      );
    }
    return fetch(input, init);
  };

const tern = (desk: Desk, argv: string[]) => {
  desk.running = runCli(argv, { configDir: configs[desk.login]!, fetch: refusing(desk) });
};

const nothing: StepDriver<Desk> = async () => {};
const scenario =
  (side: 'supplier' | 'reseller') => async (path: { steps: { event: { type: string } }[] }) => {
    const proposal = path.steps.some((s) => s.event.type === 'act') ? await newProposal() : null;
    return {
      // The supplier is the manager of the property the agency asked.
      login: side === 'supplier' ? (proposal?.manager ?? 'hotelier') : 'agent',
      proposal: proposal?.id ?? null,
      running: null,
      refuse: false,
    } satisfies Desk;
  };

describeCliReplays<Desk>({
  machine: 'contractActionsMachine',
  liveMachine: 'contractActions',
  actorPerCommand: true,
  scenarios: { supplier: scenario('supplier'), reseller: scenario('reseller') },
  events: {
    act: async (desk, path, i) => {
      const { action } = path.steps[i]!.event as unknown as { action: 'approve' | 'cancel' };
      desk.refuse = outcomeNext(path, i, '0.contractActions.acting') === 'error';
      tern(desk, ['contracts', action === 'approve' ? 'accept' : 'cancel', desk.proposal!]);
    },
    request: async (desk, path, i) => {
      const [open] = await openProperties();
      if (!open) throw new Error('No property left without a contract for the demo agency');
      asked.add(open.propertyId);
      desk.refuse = outcomeNext(path, i, '0.contractActions.requesting') === 'error';
      tern(desk, ['contracts', 'request', open.propertyId, '--message', '  Hello ']);
    },
    'notice.dismiss': {
      excluded: 'a command prints the outcome and ends: no notice stays on screen to dismiss',
    },
    'xstate.done.actor.0.contractActions.acting': nothing,
    'xstate.error.actor.0.contractActions.acting': nothing,
    'xstate.done.actor.0.contractActions.requesting': nothing,
    'xstate.error.actor.0.contractActions.requesting': nothing,
  },
  excludePath: (steps) =>
    steps.filter((s) => s.event.type === 'act' || s.event.type === 'request').length > 1
      ? 'one command makes one call: two actions are two commands, each with an actor of its own'
      : null,
  finish: async (desk) => {
    if (!desk.running) return;
    const result = await desk.running;
    // A refused call exits 1 with the server's words; the others succeed.
    expect(result.code === 0 || result.stderr.includes('Refused for the test'), result.stderr).toBe(true);
  },
});
