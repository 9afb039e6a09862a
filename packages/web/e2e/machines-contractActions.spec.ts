import { type APIRequestContext, expect, type Page, type Route } from '@playwright/test';
import { managerLogins } from '../../../fixtures/src/world/people.ts';
import { apiToken } from './booking';
import { signedInAs } from './helpers';
import { describeWebReplays, outcomeNext, type StepDriver } from './machines-replay';

// Core's model-based paths of the contract actions (M10) replayed through /contracts against the test server:
// a property's manager accepts an agency's request there, the agency withdraws its own request or asks a
// property for a contract. The agency is the second demo agency's `agent2` (no other spec reads its contracts;
// contracts.spec.ts negotiates as `agent` at Laugavegur): the proposals a path acts on are made first through
// the API, each at a property it has no contract with, and the supplier is that property's manager, who picks it
// in the property switcher (a manager's contracts page lists the selected property's contracts only). A refused
// call is met on the way (`page.route` answers the page's one write with a 422). The same paths go through
// `tern contracts` in packages/cli/test/machines-contractActions.test.ts.

const AGENCY_LOGIN = 'agent2';

/** The demo managers, for the property a supplier's path needs (each manages some of the demo's), hotelier last. */
const MANAGERS = [...managerLogins.filter((login) => login !== 'hotelier'), 'hotelier'];

type Json = Record<string, unknown>;

const tokens: Record<string, string> = {};
const managed: Record<string, { id: string; propertyId: string; name: string }[]> = {};
/** Properties asked for already in this worker (each request makes a proposal there). */
const asked = new Set<string>();

async function call(
  request: APIRequestContext,
  login: string,
  method: 'GET' | 'POST',
  path: string,
  body?: Json,
) {
  tokens[login] ??= await apiToken(request, login);
  const reply = await request.fetch(path, {
    method,
    headers: { authorization: `Bearer ${tokens[login]}`, accept: 'application/json' },
    ...(body ? { data: body } : {}),
  });
  expect(reply.ok(), `${method} ${path}: ${await reply.text()}`).toBe(true);
  return (await reply.json()) as { data: unknown };
}

async function managerOf(request: APIRequestContext, login: string) {
  if (!managed[login]) {
    const me = (await call(request, login, 'GET', '/api/v1/users/me')).data as {
      attributes: { tern_hotels: { id: string; property_id: string; name: string }[] };
    };
    managed[login] = me.attributes.tern_hotels.map((h) => ({
      id: h.id,
      propertyId: h.property_id,
      name: h.name,
    }));
  }
  return managed[login]!;
}

/** The agency's name, as a manager's lists show it. */
async function agencyName(request: APIRequestContext): Promise<string> {
  const me = (await call(request, AGENCY_LOGIN, 'GET', '/api/v1/users/me')).data as {
    attributes: { agent: { name: string } };
  };
  return me.attributes.agent.name;
}

interface OpenProperty {
  propertyId: string;
  name: string;
}

/** The properties the agency has no contract with and has not asked yet. */
async function openProperties(request: APIRequestContext): Promise<OpenProperty[]> {
  const reply = await call(
    request,
    AGENCY_LOGIN,
    'GET',
    '/api/v2/resellers/suppliers?without_contract=true&page=1&limit=100',
  );
  const rows = reply.data as { attributes: { property_id: string; name: string } }[];
  return rows
    .map((r) => ({ propertyId: r.attributes.property_id, name: r.attributes.name }))
    .filter((r) => !asked.has(r.propertyId));
}

interface Proposal {
  id: string;
  property: string;
  manager: string;
  /** The property's name in its manager's switcher. */
  hotel: string;
}

/** A property the agency has no contract with (and has not asked yet), and its manager. */
async function freeProperty(request: APIRequestContext) {
  for (const row of await openProperties(request)) {
    for (const login of MANAGERS) {
      const hotel = (await managerOf(request, login)).find(
        (h) => h.id === row.propertyId || h.propertyId === row.propertyId,
      );
      if (!hotel) continue;
      asked.add(row.propertyId);
      return { ...row, manager: login, hotel: hotel.name };
    }
  }
  throw new Error('No property left without a contract for the second demo agency, with a demo manager');
}

/** A new request of the agency, made through the API at a property it has no contract with, with its manager. */
async function newProposal(request: APIRequestContext): Promise<Proposal> {
  const free = await freeProperty(request);
  const made = (
    await call(request, AGENCY_LOGIN, 'POST', '/api/v2/resellers/contracts/request_contract', {
      property_id: free.propertyId,
      request_message: 'For the web replays',
    })
  ).data as { id: string };
  return { id: made.id, property: free.name, manager: free.manager, hotel: free.hotel };
}

interface Desk {
  page: Page;
  side: 'supplier' | 'reseller';
  /** The agency's name (a manager's rows show it). */
  agency: string;
  /** The property whose proposal an `act` works on: made first, or by the path's own request. */
  target: string | null;
  /** The page's next write is refused. */
  refuse: boolean;
}

const refuse = (route: Route) =>
  route.fulfill({
    status: 422,
    contentType: 'application/json',
    body: JSON.stringify({ errors: [{ status: '422', detail: 'Refused for the test' }] }),
  });

async function openContracts(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Contracts' }).first().click();
  await expect(page.getByRole('heading', { name: 'Contracts', level: 1 })).toBeVisible();
}

const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Narrows the lists to `term` (500 ms after the last key) and opens `tab`. */
async function showRow(desk: Desk, tab: 'Discover' | 'Pending', term: string) {
  const { page } = desk;
  const box = page.getByRole('searchbox', {
    name: desk.side === 'reseller' ? 'Search by property, city or country' : 'Search by agency',
  });
  if ((await box.inputValue()) !== term) await box.fill(term);
  await page.getByRole('tab', { name: tab }).click();
  const row = page.getByRole('grid', { name: tab }).getByRole('row', { name: new RegExp(literal(term)) });
  await expect(row).toHaveCount(1);
  return row;
}

const scenario =
  (side: Desk['side']) => async (page: Page, path: { steps: { event: { type: string } }[] }) => {
    const types = path.steps.map((s) => s.event.type);
    const act = types.indexOf('act');
    const request = types.indexOf('request');
    // An act withdraws the path's own request when it went through, else a request made first.
    const ownRequest =
      request >= 0 &&
      request < act &&
      types[request + 1] === 'xstate.done.actor.0.contractActions.requesting';
    const proposal = act >= 0 && !ownRequest ? await newProposal(page.request) : null;
    // A supplier with nothing to answer proposes terms to the agency, at a property it has no contract with.
    const free = side === 'supplier' && !proposal ? await freeProperty(page.request) : null;
    const manager = proposal ?? free;
    const desk: Desk = {
      page,
      side,
      agency: await agencyName(page.request),
      target: proposal?.property ?? null,
      refuse: false,
    };
    await page.route('**/api/v2/resellers/contracts/**', (route) => {
      if (desk.refuse && route.request().method() !== 'GET') {
        desk.refuse = false;
        return refuse(route);
      }
      return route.continue();
    });
    // The supplier is the manager of the property asked (or of the one it proposes terms at).
    const login = side === 'reseller' ? AGENCY_LOGIN : manager!.manager;
    await signedInAs(page, login);
    await page.goto('/');
    await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible({ timeout: 25_000 });
    if (side === 'supplier') {
      // A manager's contracts page lists (and proposes for) the property selected in the switcher: the one the
      // path needs is picked first.
      const switcher = page.getByRole('button', { name: /Property/ });
      if (!((await switcher.textContent()) ?? '').includes(manager!.hotel)) {
        await switcher.click();
        await page.getByRole('option', { name: manager!.hotel, exact: true }).click();
        await expect(switcher).toContainText(manager!.hotel);
      }
    }
    await openContracts(page);
    return desk;
  };

const nothing: StepDriver<Desk> = async () => {};

describeWebReplays<Desk>(
  {
    machine: 'contractActionsMachine',
    liveMachine: 'contractActions',
    scenarios: { supplier: scenario('supplier'), reseller: scenario('reseller') },
    events: {
      act: async (desk, path, i) => {
        const { page } = desk;
        const { action } = path.steps[i]!.event as unknown as { action: 'approve' | 'cancel' };
        // A refused request leaves its dialog open.
        const dialog = page.getByRole('dialog', { name: /^Request a contract with / });
        if (await dialog.isVisible()) await dialog.getByRole('button', { name: 'Cancel' }).click();
        const row = await showRow(desk, 'Pending', desk.side === 'supplier' ? desk.agency : desk.target!);
        desk.refuse = outcomeNext(path, i, '0.contractActions.acting') === 'error';
        await row.getByRole('button', { name: action === 'approve' ? 'Accept' : 'Withdraw' }).click();
      },
      request: async (desk, path, i) => {
        const { page } = desk;
        const [open] = await openProperties(page.request);
        if (!open) throw new Error('No property left without a contract for the second demo agency');
        asked.add(open.propertyId);
        const row = await showRow(desk, 'Discover', open.name);
        await row.getByRole('button', { name: `Request contract with ${open.name}`, exact: true }).click();
        const dialog = page.getByRole('dialog', { name: `Request a contract with ${open.name}` });
        await dialog.getByRole('textbox').fill('  Hello ');
        const refused = outcomeNext(path, i, '0.contractActions.requesting') === 'error';
        if (!refused) desk.target = open.name;
        desk.refuse = refused;
        await dialog.getByRole('button', { name: 'Send the request' }).click();
      },
      'notice.dismiss': async (desk) => {
        const { page } = desk;
        if (desk.side === 'reseller') {
          // Opening a request dialog dismisses the notice (it is closed again unsent).
          await page.getByRole('tab', { name: 'Discover' }).click();
          await page
            .getByRole('grid', { name: 'Discover' })
            .getByRole('button', { name: /^Request contract with / })
            .first()
            .click();
          const dialog = page.getByRole('dialog', { name: /^Request a contract with / });
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          return;
        }
        // A supplier's proposal sent from the drawer dismisses the notice (the page shows "The proposal was
        // sent" of its own).
        await page.getByRole('button', { name: 'Propose a contract' }).click();
        const drawer = page.getByRole('dialog', { name: 'Propose a contract' });
        await drawer.getByRole('button', { name: /Agency$/ }).click();
        await page.getByRole('option', { name: desk.agency, exact: true }).click();
        await drawer.getByRole('textbox', { name: 'Amount' }).fill('5');
        await drawer.getByRole('button', { name: 'Send the proposal' }).click();
        await expect(page.getByText('The proposal was sent')).toBeVisible();
      },
      'xstate.done.actor.0.contractActions.acting': nothing,
      'xstate.error.actor.0.contractActions.acting': nothing,
      'xstate.done.actor.0.contractActions.requesting': nothing,
      'xstate.error.actor.0.contractActions.requesting': nothing,
    },
  },
  20_000,
);
