import { expect, type Locator, type Page, type Route } from '@playwright/test';
import type { FrontEndPath } from '../../core/src/qa/test/frontEnds.ts';
import { canvasImage, signedInAs } from './helpers';
import { describeWebReplays } from './machines-replay';
import { demoStoreHotelier, type Held, holdCalls, offline } from './machines-storeKit';

// Core's model-based paths of the staff campaign machines of issue 25 replayed through `/gift-campaigns` against
// the test server, in one file so the browser suite starts its server once for them: M28 a campaign's lifecycle
// (the row's Publish/Unpublish and its confirmation, `CampaignLifecycleDialog`) and M41 the drawer's save sequence
// (`CampaignDrawer`). The demo hotelier is signed in by stored session; each scenario's campaign is made through
// the API at Harbour View (the staff page's first property), its option of the demo campaign's type and photo.
// The page's calls a path wants answered are held (`holdCalls`) until its step: passed to the server, or — what
// the server never gives on demand — answered on the way with the model's sample (a network failure, a refusal).

const CAMPAIGNS = '/api/v1/gift_campaigns';

interface StaffWorld {
  token: string;
  propertyId: string;
  /** An option of a campaign of the property (the demo campaign's): its type and photo, for the made ones. */
  giftCardTypeId: string;
  photoUrl: string;
}

/** The hotelier's token and Harbour View's campaign option, read once a worker (the demo world fills them). */
let staffWorld: StaffWorld | undefined;
async function world(page: Page): Promise<StaffWorld> {
  if (staffWorld) return staffWorld;
  const { propertyId, token } = await demoStoreHotelier(page);
  let option: { gift_card_type_id: string | number; photo_url: string } | undefined;
  await expect
    .poll(
      async () => {
        const list = await page.request.get(`${CAMPAIGNS}?property_id=${propertyId}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        const body = (await list.json()) as { data?: { attributes: { options: (typeof option)[] } }[] };
        option = body.data?.flatMap((c) => c.attributes.options)[0];
        return option ? 'found' : '';
      },
      { timeout: 60_000, message: 'the demo world has a campaign with an option' },
    )
    .not.toBe('');
  staffWorld = {
    token,
    propertyId,
    giftCardTypeId: String(option!.gift_card_type_id),
    photoUrl: option!.photo_url,
  };
  return staffWorld;
}

/** The last day a made option's cards are valid: the end of next year (never before the property's today). */
const EXPIRES = `${new Date().getUTCFullYear() + 1}-12-31`;

let made = 0;
const newName = () => `Replay campaign ${Date.now()}-${++made}`;

/** A campaign made through the API, in `status`, with one option when `withOption`: its id and name. */
async function campaignOf(page: Page, status: 'draft' | 'published' | 'archived', withOption: boolean) {
  const w = await world(page);
  const headers = { authorization: `Bearer ${w.token}` };
  const name = newName();
  const call = async (method: 'post' | 'put', path: string, data: object) => {
    const reply = await page.request[method](path, { headers, data: { property_id: w.propertyId, ...data } });
    expect(reply.ok(), `${method} ${path}: ${await reply.text()}`).toBe(true);
    return (await reply.json()) as { data: { id: string | number } };
  };
  const created = await call('post', CAMPAIGNS, {
    name,
    description: 'Thank you for the year',
    publish: status !== 'draft',
  });
  const id = String(created.data.id);
  if (withOption)
    await call('post', `${CAMPAIGNS}/${id}/options`, {
      name: 'A night',
      description: 'One night for two',
      photo_url: w.photoUrl,
      expiration_date: EXPIRES,
      gift_card_type_id: w.giftCardTypeId,
    });
  if (status === 'archived') await call('put', `${CAMPAIGNS}/${id}`, { status: 'archived' });
  return { id, name };
}

/** The staff page, signed in as the demo hotelier, on the tab of `status`. */
async function campaignsPage(page: Page, status: 'draft' | 'published' | 'archived') {
  await signedInAs(page, 'hotelier');
  await page.goto('/gift-campaigns');
  if (status !== 'published')
    await page.getByRole('tab', { name: status === 'draft' ? 'Drafts' : 'Archived' }).click();
}

/** A step's `xstate.error` as the server's refusal on the wire (`{code, message}` with its status). */
async function refuse(route: Route, path: { steps: { event: object }[] }, i: number) {
  const { error } = path.steps[i]!.event as { error?: { code?: string; status?: number } };
  await route.fulfill({ status: error?.status ?? 409, json: { code: error?.code, message: error?.code } });
}

// —— M28, a campaign's lifecycle ——

interface LifecycleDialog {
  page: Page;
  changes: Held;
}

const lifecycleScenario =
  (status: 'draft' | 'published' | 'archived') =>
  async (page: Page): Promise<LifecycleDialog> => {
    const campaign = await campaignOf(page, status, true);
    const changes = holdCalls(page, `**${CAMPAIGNS}/${campaign.id}`, 'PUT');
    await changes.ready;
    await campaignsPage(page, status);
    // The row's button opens the dialog, whose actor starts and asks at once (`publish.ask`/`unpublish.ask`).
    const action = status === 'published' ? 'Unpublish' : 'Publish';
    await page.getByRole('button', { name: `${action} ${campaign.name}` }).click();
    return { page, changes };
  };

const confirmation = (page: Page) => page.getByRole('alertdialog');

/**
 * Browser time is the suite's scarcest (this file's budget: 45 s of tests): paths whose every transition another
 * replay of the file takes are left to core's model test (`campaigns/machines.model.test.ts`, 100 % of both).
 */
const SAME_STEP =
  'left to core’s model test for browser time: published and archived confirm, cancel and are refused by the same `step()` of lifecycleMachine.ts as a draft, whose paths are replayed';
const TAKEN_ELSEWHERE =
  'left to core’s model test for browser time: each transition of the path is taken by another replay of this file';

/** After a change or a refusal the dialog ends (its notice or refusal toasted): the next change is another actor. */
const ONE_CHANGE =
  'the dialog makes one change and ends (the notice or refusal toasted, the list reloaded): a second change is another dialog, another actor';

describeWebReplays<LifecycleDialog>({
  machine: 'campaignLifecycleMachine',
  liveMachine: 'campaignLifecycle',
  parallel: true,
  scenarios: {
    'a draft': lifecycleScenario('draft'),
    'a published campaign': lifecycleScenario('published'),
    'an archived campaign': lifecycleScenario('archived'),
  },
  events: {
    // Sent by the dialog as it opens (the scenario's click on the row): nothing more to do.
    'publish.ask': {
      drive: async () => {},
      excludedIf: [
        { in: [{ archived: 'idle' }], scenarios: ['a draft', 'a published campaign'], reason: ONE_CHANGE },
      ],
    },
    'unpublish.ask': {
      drive: async () => {},
      excludedIf: [
        { in: [{ published: 'idle' }], scenarios: ['a draft', 'an archived campaign'], reason: ONE_CHANGE },
      ],
    },
    confirm: async ({ page }) =>
      confirmation(page)
        .getByRole('button', { name: /^(Publish|Unpublish)$/ })
        .click(),
    cancel: {
      drive: async ({ page }) => confirmation(page).getByRole('button', { name: 'Cancel' }).click(),
      excludedIf: [{ scenarios: ['a published campaign', 'an archived campaign'], reason: SAME_STEP }],
    },
    'notice.dismiss': {
      excluded:
        'no control dismisses a notice: the dialog toasts it (or the refusal) and ends, and a new dialog starts without one',
    },
    'xstate.done.actor.changeStatus': async ({ changes }) => (await changes.next()).continue(),
    // `campaign_without_options` and the like: a campaign with its option is never refused, so on the way.
    'xstate.error.actor.changeStatus': {
      drive: async ({ changes }, path, i) => refuse(await changes.next(), path, i),
      excludedIf: [{ scenarios: ['a published campaign', 'an archived campaign'], reason: SAME_STEP }],
    },
  },
});

// —— M41, the campaign drawer's save sequence ——

interface CampaignDrawer {
  page: Page;
  drawer: Locator;
  name: string;
  creates: Held;
  options: Held;
}

/**
 * Holds the drawer's calls and opens it (`open` on the staff page); for a path that adds a gift, waits for the types
 * a gift may give.
 */
async function drawerScenario(
  page: Page,
  path: FrontEndPath,
  open: () => Promise<string>,
): Promise<CampaignDrawer> {
  const creates = holdCalls(page, `**${CAMPAIGNS}`, 'POST');
  const options = holdCalls(page, `**${CAMPAIGNS}/*/options`, 'POST');
  await Promise.all([creates.ready, options.ready]);
  await campaignsPage(page, 'published');
  // An added gift takes the first offered type: both lists (published, created) must be there first.
  const adds = path.steps.some((step) => step.event.type === 'option.add');
  const types = (adds ? ['published', 'created'] : []).map((status) =>
    page.waitForResponse(
      (r) => r.url().includes('/gift_card_types?') && r.url().includes(`status=${status}`),
    ),
  );
  const title = await open();
  await Promise.all(types);
  return { page, drawer: page.getByRole('dialog', { name: title }), name: newName(), creates, options };
}

/** The key of a step's option (`new-1`, or the model's saved `o1`: the edited campaign's first) as the drawer's gift number. */
function giftNumber(key: string, live: () => { context: unknown } | undefined) {
  const { draft } = (live()?.context ?? { draft: { options: [] } }) as {
    draft: { options: { key: string }[] };
  };
  return (
    Math.max(
      draft.options.findIndex((o) => o.key === key),
      0,
    ) + 1
  );
}

describeWebReplays<CampaignDrawer>({
  machine: 'campaignSaveMachine',
  liveMachine: 'campaignSave',
  parallel: true,
  scenarios: {
    'a new campaign': (page, path) =>
      drawerScenario(page, path, async () => {
        await page.getByRole('button', { name: 'Create a campaign' }).click();
        return 'New gift campaign';
      }),
    'a published campaign of one option': async (page, path) => {
      const campaign = await campaignOf(page, 'published', true);
      return drawerScenario(page, path, async () => {
        await page.getByRole('button', { name: `Edit ${campaign.name}` }).click();
        return campaign.name;
      });
    },
  },
  events: {
    // The model's name and description, the name made the run's own.
    'draft.change': {
      drive: async ({ drawer, name }) => {
        await drawer.getByRole('textbox', { name: 'Name', exact: true }).first().fill(name);
        await drawer.getByRole('textbox', { name: 'Description', exact: true }).first().fill('Thanks');
      },
      excludedIf: [
        {
          in: [{ form: 'confirmingRemoval' }],
          reason:
            'the removal’s confirmation is modal: the form behind it takes no typing until it is answered',
        },
      ],
    },
    'option.add': async ({ drawer }) => drawer.getByRole('button', { name: 'Add a gift option' }).click(),
    // The gift's words, expiry and an uploaded photo (its type is the first offered, set as it was added).
    'option.change': async ({ page, drawer }, path, i, live) => {
      const { key, patch } = path.steps[i]!.event as unknown as {
        key: string;
        patch: { name: string; description: string };
      };
      const gift = drawer.getByRole('group', { name: `Gift ${giftNumber(key, live)}`, exact: true });
      await gift.getByRole('textbox', { name: 'Name', exact: true }).fill(patch.name);
      await gift.getByRole('textbox', { name: 'Description', exact: true }).fill(patch.description);
      const [year, month, day] = EXPIRES.split('-');
      const days = gift.getByRole('spinbutton', { name: /^day/ }).first();
      await days.click();
      await days.pressSequentially(`${day}${month}${year}`);
      const chooser = page.waitForEvent('filechooser');
      await gift.getByRole('button', { name: 'Upload photos' }).click();
      await (await chooser).setFiles({
        name: 'gift.png',
        mimeType: 'image/png',
        buffer: await canvasImage(page, 'image/png', '#1f618d', { width: 320, height: 200 }),
      });
      await expect(gift.locator('img[src*="/photos/uploads/"]')).toHaveCount(1);
    },
    'option.remove': {
      drive: async ({ drawer }, path, i, live) => {
        const { key } = path.steps[i]!.event as unknown as { key: string };
        await drawer.getByRole('button', { name: `Remove gift ${giftNumber(key, live)}` }).click();
      },
      // The edited campaign's removal paths take the same transitions.
      excludedIf: [{ scenarios: ['a new campaign'], reason: TAKEN_ELSEWHERE }],
    },
    confirm: async ({ page }) =>
      page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click(),
    cancel: async ({ page }) => page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click(),
    save: {
      drive: async ({ drawer }) => drawer.getByRole('button', { name: 'Save' }).click(),
      // A new campaign's invalid save: the edited one's (a gift added, left empty) is replayed.
      excludedIf: [
        {
          scenarios: ['a new campaign'],
          unlessNext: ['xstate.done.actor.saveCampaign', 'xstate.error.actor.saveCampaign'],
          reason: TAKEN_ELSEWHERE,
        },
      ],
    },
    'user.retry': async ({ drawer }) => drawer.getByRole('button', { name: 'Try again' }).click(),
    'xstate.done.actor.saveCampaign': {
      drive: async ({ creates }) => (await creates.next()).continue(),
      // A new campaign saved without gifts: the one saved with a gift takes the same transitions.
      excludedIf: [
        {
          scenarios: ['a new campaign'],
          unlessNext: ['xstate.done.actor.saveOption'],
          reason: TAKEN_ELSEWHERE,
        },
      ],
    },
    // The network's failure (the model's `offline`), on the way: the first attempt and the SDK's two retries (ky
    // retries a create, which carries its idempotency key, as an idempotent call).
    'xstate.error.actor.saveCampaign': async ({ creates }) => {
      for (let attempt = 0; attempt < 3; attempt++) await offline(await creates.next());
    },
    'xstate.done.actor.saveOption': {
      drive: async ({ options }) => (await options.next()).continue(),
      // A gift added to the edited campaign and saved: the new campaign's gift takes the same transitions.
      excludedIf: [{ scenarios: ['a published campaign of one option'], reason: TAKEN_ELSEWHERE }],
    },
    // `campaign_option_picked`: an option a recipient picked meanwhile, which the server refuses to change — never
    // on demand for a new option, so on the way.
    'xstate.error.actor.saveOption': {
      drive: async ({ options }, path, i) => refuse(await options.next(), path, i),
      // The edited campaign's refused gift is replayed (with the retry after it).
      excludedIf: [{ scenarios: ['a new campaign'], reason: TAKEN_ELSEWHERE }],
    },
  },
});
