// Their own modules, not the packages' indexes: registering the command at start loads no contract (zod).
import { modifierText } from '@tern/core/contracts';
import type { ContractRecord, DiscoverRow } from '@tern/sdk';
import { DIRECTORY_PAGE, loadAllPages } from '@tern/sdk/pagination';
import { type Command, InvalidArgumentError, Option } from 'commander';
import type { Context, ContextOf } from '../../context.js';
import { UserError } from '../../errors.js';
import { formatFields, formatTable } from '../../output.js';

// `tern contracts …` (document 1 §2 contracts page, §4 contract lifecycle, §5 contract creation).

// The client and the prompt are imported when a command runs: `tern --help` loads neither (nor the SDK's
// contract behind the client).
const client = () => import('../../client.js');
// Accept, decline, withdraw, terminate and request run on core's contract-actions machine (`actions.ts`).
const actions = () => import('./actions.js');
const confirmed: typeof import('../../ui/confirm.js').confirmed = (...args) =>
  import('../../ui/confirm.js').then((m) => m.confirmed(...args));

// Statuses read as the JSON has them (`approved`, `proposed`, …) in tables, in `--status` and in `--json`.
/** `--status` of `contracts list`: the JSON's words; the API's `active` and `pending` are accepted too. */
const listStatus = { approved: 'active', proposed: 'pending', active: 'active', pending: 'pending' } as const;

function contractsTable(items: ContractRecord[]): string {
  return formatTable(
    ['ID', 'AGENCY', 'PROPERTY', 'TYPE', 'STATUS', 'PROPOSED BY', 'MODIFIER', 'PLANS'],
    items.map((c) => [
      c.id,
      c.agentName,
      c.ternHotelName,
      c.propertyType,
      c.status,
      c.initiator,
      modifierText(c),
      String(c.roomRates.reduce((n, u) => n + u.ratePlans.length, 0)),
    ]),
  );
}

function discoverTable(items: DiscoverRow[]): string {
  return formatTable(
    ['PROPERTY ID', 'NAME', 'CITY', 'COUNTRY', 'TYPE', 'CONTRACT'],
    items.map((d) => [
      d.propertyId,
      d.name,
      d.city,
      d.country,
      d.propertyType,
      d.contract ? `${d.contract.status} (${d.contract.id})` : 'none',
    ]),
  );
}

const contractFields = (c: ContractRecord) =>
  formatFields([
    ['Contract', c.id],
    ['Status', c.status],
    ['Agency', `${c.agentName} (${c.agentId})`],
    ['Property', `${c.ternHotelName} (${c.channelId}, ${c.propertyType})`],
    ['Proposed by', c.initiator],
    ['Modifier', modifierText(c)],
    ['Message', c.requestMessage],
    ['Plans', c.roomRates.flatMap((u) => u.ratePlans.map((p) => `${u.title} — ${p.title} (${p.id})`))],
  ]);

const whole = (flag: string, max: number) => (value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new InvalidArgumentError(`${flag}: use a whole number from 1 to ${max}`);
  return n;
};
const amount = (value: string) => {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new InvalidArgumentError('--amount: use a number, 0 or more');
  return n;
};
const repeat = (value: string, previous: string[] = []) => [...previous, value];

interface ProposeFlags {
  property?: string;
  agency?: string;
  logic?: ContractRecord['modifierLogic'];
  amount?: number;
  plan?: string[];
  allPlans?: boolean;
}

async function propose(ctx: Context, flags: ProposeFlags): Promise<void> {
  if (!flags.property) throw new UserError('--property: the property to contract', { code: 'invalid_flags' });
  const propertyId = flags.property;
  await (await client()).withClient(ctx, { session: true }, async ({ client }) => {
    // Core's contract form checks the rest (a car station has no plans and no amount to ask).
    const created = await (await import('./propose.js')).propose(client, {
      propertyId,
      agency: flags.agency,
      logic: flags.logic,
      amount: flags.amount,
      plans: flags.allPlans ? undefined : flags.plan,
    });
    ctx.out.result(created, () => `Proposed.\n${contractFields(created)}`);
  });
}

type Action = 'approve' | 'decline' | 'cancel' | 'terminate';
const done: Record<Action, string> = {
  approve: 'Accepted',
  decline: 'Declined',
  cancel: 'Withdrawn',
  terminate: 'Terminated',
};

/** What cannot be undone asks first (as the web app's red confirmation does). */
const asks: Partial<Record<Action, string>> = {
  decline: 'Decline contract proposal',
  terminate: 'End contract',
};

async function act(ctx: Context, id: string, action: Action, flags: { yes?: boolean }): Promise<void> {
  await (await client()).withClient(ctx, { session: true }, async ({ client }) => {
    const question = asks[action];
    if (question && !(await confirmed(ctx, `${question} ${id}? It cannot be undone.`, flags.yes))) {
      ctx.out.note('Nothing changed.');
      return;
    }
    const { runContractAction, liveContract } = await actions();
    const contract = await runContractAction(client, {
      type: 'act',
      contract: await liveContract(client, id),
      action,
    });
    ctx.out.result(contract, () => `${done[action]}.\n${contractFields(contract)}`);
  });
}

/** `tern contracts …`: who may book what at which price. */
export function registerContracts(program: Command, contextOf: ContextOf): void {
  const contracts = program.command('contracts').description('contracts between agencies and properties');
  contracts
    .command('list')
    .description('your contracts: approved (default) or proposed')
    .addOption(
      new Option('--status <status>', 'approved or proposed (active and pending also work)')
        .choices(Object.keys(listStatus))
        .default('approved'),
    )
    .option('--property <id>', 'one property (suppliers)')
    .option('--term <text>', 'agency or property name')
    .option('--page <n>', 'the page', whole('--page', 100_000))
    .option('--limit <n>', 'per page (default 10)', whole('--limit', 1000))
    .action(
      async (
        flags: {
          status: keyof typeof listStatus;
          property?: string;
          term?: string;
          page?: number;
          limit?: number;
        },
        command: Command,
      ) => {
        const ctx = contextOf(command);
        await (await client()).withClient(ctx, { session: true }, async ({ client }) => {
          const reply = await client.contracts.list({
            query: {
              status: listStatus[flags.status],
              ...(flags.property ? { propertyId: flags.property } : {}),
              ...(flags.term ? { term: flags.term } : {}),
              page: flags.page ?? 1,
              limit: flags.limit ?? 10,
            },
          });
          ctx.out.result(reply, () =>
            reply.items.length
              ? `${contractsTable(reply.items)}${reply.items.length} of ${reply.meta.total}.\n`
              : 'No contracts.\n',
          );
        });
      },
    );
  contracts
    .command('show')
    .description('one contract')
    .argument('<id>', 'the contract id')
    .action(async (id: string, _flags: unknown, command: Command) => {
      const ctx = contextOf(command);
      await (await client()).withClient(ctx, { session: true }, async ({ client }) => {
        for (const status of ['active', 'pending'] as const) {
          const all = await loadAllPages(
            (page, limit) => client.contracts.list({ query: { status, page, limit } }),
            DIRECTORY_PAGE,
          );
          const found = all.find((c) => c.id === id);
          if (found) return ctx.out.result(found, () => contractFields(found));
        }
        throw new UserError(`There is no live contract ${id} of yours`, { code: 'contract_not_found' });
      });
    });
  contracts
    .command('discover')
    .description('properties you can work with, and your contract with each (resellers)')
    .option('--term <text>', 'name, city or country')
    .addOption(new Option('--type <type>', 'accommodation or vehicle').choices(['accommodation', 'vehicle']))
    .option('--without-contract', 'only those without one')
    .option('--page <n>', 'the page', whole('--page', 100_000))
    .option('--limit <n>', 'per page (default 10)', whole('--limit', 1000))
    .action(
      async (
        flags: {
          term?: string;
          type?: 'accommodation' | 'vehicle';
          withoutContract?: boolean;
          page?: number;
          limit?: number;
        },
        command: Command,
      ) => {
        const ctx = contextOf(command);
        await (await client()).withClient(ctx, { session: true }, async ({ client }) => {
          const reply = await client.contracts.discover({
            query: {
              ...(flags.term ? { term: flags.term } : {}),
              ...(flags.type ? { propertyType: flags.type } : {}),
              ...(flags.withoutContract ? { withoutContract: true } : {}),
              page: flags.page ?? 1,
              limit: flags.limit ?? 10,
            },
          });
          ctx.out.result(reply, () =>
            reply.items.length
              ? `${discoverTable(reply.items)}${reply.items.length} of ${reply.meta.total}.\n`
              : 'Nothing found.\n',
          );
        });
      },
    );
  contracts
    .command('agents')
    .description('the agents of your agency, for `tern bookings list --booker` (resellers)')
    .option('--term <text>', 'name or e-mail')
    .action(async (flags: { term?: string }, command: Command) => {
      const ctx = contextOf(command);
      await (await client()).withClient(ctx, { session: true }, async ({ client }) => {
        const items = await loadAllPages(
          (page, limit) =>
            client.contracts.agents({ query: { ...(flags.term ? { term: flags.term } : {}), page, limit } }),
          DIRECTORY_PAGE,
        );
        // Every page: `--json` prints them all as `{ items }`.
        ctx.out.result({ items }, () =>
          items.length
            ? formatTable(
                ['AGENT ID', 'NAME', 'E-MAIL'],
                items.map((a) => [a.id, a.name, a.email]),
              )
            : 'Nothing found.\n',
        );
      });
    });
  contracts
    .command('request')
    .description('ask a property for a contract on its standard terms (resellers)')
    .argument('<property>', 'the property id (from `tern contracts discover`)')
    .option('--message <text>', 'a note to the property')
    .action(async (property: string, flags: { message?: string }, command: Command) => {
      const ctx = contextOf(command);
      await (await client()).withClient(ctx, { session: true }, async ({ client }) => {
        const { runContractAction } = await actions();
        const created = await runContractAction(client, {
          type: 'request',
          propertyId: property,
          message: flags.message ?? '',
        });
        ctx.out.result(created, () => `Requested.\n${contractFields(created)}`);
      });
    });
  contracts
    .command('propose')
    .description('propose a contract: resellers for their agency, suppliers to an agency (--agency)')
    .option('--property <id>', 'the property')
    .option('--agency <id>', 'the agency (suppliers)')
    .addOption(
      new Option('--logic <logic>', 'the price modifier').choices([
        'increase_by_percent',
        'decrease_by_percent',
        'increase_by_amount',
        'decrease_by_amount',
      ]),
    )
    .option('--amount <n>', 'the modifier, 0 or more', amount)
    .option('--plan <id>', 'a rate plan covered (repeat; default: every plan)', repeat)
    .option('--all-plans', 'every rate plan of the property (the default)')
    .action((flags: ProposeFlags, command: Command) => propose(contextOf(command), flags));
  for (const [name, action, text] of [
    ['accept', 'approve', 'accept a proposal the other side made'],
    ['decline', 'decline', 'decline a proposal the other side made'],
    ['cancel', 'cancel', 'withdraw your own proposal'],
    ['terminate', 'terminate', 'end an active contract'],
  ] as const) {
    const sub = contracts.command(name).description(text).argument('<id>', 'the contract id');
    if (asks[action]) sub.option('--yes', 'do not ask (needed without a terminal)');
    sub.action((id: string, flags: { yes?: boolean }, command: Command) =>
      act(contextOf(command), id, action, flags),
    );
  }
}
