import {
  type CampaignDraft,
  type CampaignErrors,
  type CampaignSaveEvent,
  type CampaignSaveInput,
  campaignLifecycleMachine,
  campaignSaveMachine,
  type OptionDraft,
  publicCampaignPath,
  statusAfter,
} from '@tern/core/campaigns';
import { type Day, todayIn } from '@tern/core/dates';
import { formatInstant } from '@tern/core/format';
import { CAMPAIGNS_PAGE_SIZE, type Campaign, type CampaignStatus, type TernClient } from '@tern/sdk';
import { createActor, fromPromise, waitFor } from 'xstate';
import { withClient } from '../../client.js';
import type { Context } from '../../context.js';
import { UserError } from '../../errors.js';
import { flagWords } from '../../forms.js';
import { cliInspect } from '../../inspect/server.js';
import { formatTable } from '../../output.js';
import { propertyFacts } from '../giftCards/propertyFacts.js';

// `tern campaigns …`: the staff page's drawer (core's M41 save sequence) and row actions (M28 lifecycle), driven
// without a screen — the flags fill the drawer, core's rules name a wrong flag before any call, the calls go one
// at a time as the page makes them, and a refusal of the server is passed on as it came.

export interface CampaignListFlags {
  property: string;
  status: CampaignStatus;
  search?: string;
  page?: number;
}
export interface CampaignCreateFlags {
  property: string;
  name: string;
  description: string;
  publish?: boolean;
}
export interface OptionAddFlags {
  property: string;
  name: string;
  description: string;
  type: string;
  expires: string;
  photo?: string;
}

const campaignLine = (c: Campaign) =>
  `${c.name} (${c.id}): ${c.status}, ${c.options.length} gift${c.options.length === 1 ? '' : 's'}${
    c.status === 'published' ? `, public page ${c.publicPath}` : ''
  }`;

/** `tern campaigns list`: `--json` prints the SDK's `{ items, meta }`. */
export async function listCampaigns(ctx: Context, flags: CampaignListFlags): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const reply = await client.campaigns.list({
      query: {
        propertyId: flags.property,
        status: flags.status,
        page: flags.page ?? 1,
        limit: CAMPAIGNS_PAGE_SIZE,
        ...(flags.search ? { term: flags.search } : {}),
      },
    });
    const { zone } = await propertyFacts(client, flags.property);
    ctx.out.result(reply, () => {
      const { items, meta } = reply;
      if (items.length === 0) return `No ${flags.status} campaigns.\n`;
      const rows = items.map((c) => [
        c.id,
        c.name,
        String(c.options.length),
        String(c.recipients),
        formatInstant(c.updatedAt, zone),
        c.status === 'published' ? publicCampaignPath(c.id) : '',
      ]);
      const last = (meta.page - 1) * meta.limit + items.length;
      const more = last < meta.total ? `; --page ${meta.page + 1} for more` : '';
      return `${formatTable(['ID', 'NAME', 'GIFTS', 'PICKED', 'UPDATED', 'PUBLIC PAGE'], rows)}${last} of ${meta.total}${more}.\n`;
    });
  });
}

/** The flag of each field of an option (core's `options.<i>.<field>`). */
const OPTION_FLAGS: Record<string, string> = {
  name: 'name',
  description: 'description',
  photoUrl: 'photo',
  expirationDate: 'expires',
  giftCardTypeId: 'type',
};

/** Core's complaint about the form, as the flag that made it (`key` is the option the command adds). */
function complaint(errors: CampaignErrors, draft: CampaignDraft, key: string | null): UserError {
  const index = key === null ? -1 : draft.options.findIndex((o) => o.key === key);
  const [field, words] = Object.entries(errors)[0]!;
  const option = /^options\.(\d+)\.(\w+)$/.exec(field);
  let message: string;
  if (field === 'options' && draft.publish)
    message =
      '--publish: a published campaign offers at least one gift: create it without --publish, add gifts with `tern campaigns options add`, then `tern campaigns publish`';
  else if (option && Number(option[1]) === index)
    message = `--${OPTION_FLAGS[option[2]!] ?? option[2]}: ${flagWords(words)}`;
  else if (option)
    message = `Gift “${draft.options[Number(option[1])]?.name}” of the campaign: ${option[2]}: ${flagWords(words)} (change it on the /gift-campaigns page)`;
  else message = `--${field}: ${flagWords(words)}`;
  return new UserError(message, { code: 'invalid_input' });
}

/**
 * M41 without a screen: the drawer opened on `campaign` (null: a new one), `events` as the flags fill it, one
 * save — core's rules first (a wrong flag named before any call), then its calls one at a time.
 */
async function saveThroughDrawer(
  client: TernClient,
  input: CampaignSaveInput,
  events: CampaignSaveEvent[],
  added: string | null,
): Promise<Campaign> {
  let failure: unknown = null;
  const kept = async (call: Promise<Campaign>) => {
    try {
      return await call;
    } catch (error) {
      failure = error;
      throw error;
    }
  };
  const { propertyId } = input;
  const logic = campaignSaveMachine.provide({
    actors: {
      saveCampaign: fromPromise(({ input: { campaignId, step } }) =>
        kept(
          step.kind === 'createCampaign'
            ? client.campaigns.create({ body: step.body })
            : client.campaigns.update({ params: { id: campaignId! }, body: step.body }),
        ),
      ),
      saveOption: fromPromise(({ input: { campaignId, step } }) => {
        const params = { id: campaignId };
        if (step.kind === 'createOption')
          return kept(client.campaigns.createOption({ params, body: step.body }));
        if (step.kind === 'updateOption')
          return kept(
            client.campaigns.updateOption({
              params: { ...params, optionId: step.optionId },
              body: step.body,
            }),
          );
        return kept(
          client.campaigns.removeOption({
            params: { ...params, optionId: step.optionId },
            query: { propertyId },
          }),
        );
      }),
    },
  });
  const actor = createActor(logic, { input, inspect: cliInspect }).start();
  try {
    for (const event of events) actor.send(event);
    actor.send({ type: 'save' });
    const asked = actor.getSnapshot();
    if (asked.matches('form')) throw complaint(asked.context.errors, asked.context.draft, added);
    const done = await waitFor(actor, (s) => s.status === 'done' || s.matches({ form: 'error' }), {
      timeout: 120_000,
    });
    if (done.status !== 'done') throw failure ?? new Error(done.context.error?.message ?? 'The save failed');
    return done.output!;
  } finally {
    actor.stop();
  }
}

const todayOf = async (client: TernClient, propertyId: string) =>
  todayIn((await propertyFacts(client, propertyId)).zone) as Day;

/** `tern campaigns create`: the drawer's create, its campaign without options (a draft unless `--publish`). */
export async function createCampaign(ctx: Context, flags: CampaignCreateFlags): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const made = await saveThroughDrawer(
      client,
      { propertyId: flags.property, today: await todayOf(client, flags.property), campaign: null },
      [
        {
          type: 'draft.change',
          patch: { name: flags.name, description: flags.description, publish: flags.publish === true },
        },
      ],
      null,
    );
    ctx.out.result(made, () => `Created ${campaignLine(made)}\n`);
  });
}

/** One campaign of the property (404 `campaign_not_found` from the server otherwise). */
const campaignOf = (client: TernClient, propertyId: string, id: string) =>
  client.campaigns.get({ params: { id }, query: { propertyId } });

/**
 * `tern campaigns options add CAMPAIGN …`: the drawer opened on the campaign, a gift added and filled from the
 * flags (the photo the type's first unless `--photo`), saved — core plans only that option's POST.
 */
export async function addCampaignOption(ctx: Context, id: string, flags: OptionAddFlags): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const propertyId = flags.property;
    const [campaign, today] = await Promise.all([
      campaignOf(client, propertyId, id),
      todayOf(client, propertyId),
    ]);
    if (campaign.status === 'archived')
      throw new UserError(
        `Campaign ${campaign.name} is unpublished (archived): it takes no new gifts; \`tern campaigns publish ${id}\` opens it again`,
        { code: 'campaign_archived' },
      );
    let photoUrl = flags.photo;
    if (photoUrl === undefined) {
      const type = await client.giftCards.getType({ params: { id: flags.type }, query: { propertyId } });
      photoUrl = [...type.photos].sort((a, b) => a.position - b.position)[0]?.url ?? '';
      if (!photoUrl)
        throw new UserError(
          `Gift card type ${type.title} has no photo: pass --photo URL (a photo of the property)`,
          {
            code: 'invalid_input',
          },
        );
    }
    const key = 'new-1';
    const patch: Partial<Omit<OptionDraft, 'key' | 'id'>> = {
      name: flags.name,
      description: flags.description,
      photoUrl,
      expirationDate: flags.expires,
      giftCardTypeId: flags.type,
    };
    const saved = await saveThroughDrawer(
      client,
      { propertyId, today, campaign },
      [{ type: 'option.add' }, { type: 'option.change', key, patch }],
      key,
    );
    const option = saved.options.find((o) => !campaign.options.some((b) => b.id === o.id));
    ctx.out.result(
      saved,
      () =>
        `Added ${option?.name ?? flags.name} (${option?.giftCardTypeTitle ?? flags.type}, valid until ${flags.expires}) to ${campaignLine(saved)}\n`,
    );
  });
}

/**
 * `tern campaigns publish|unpublish CAMPAIGN`: M28 as the row's action runs it — asked from the campaign's status
 * (a step its status has not is refused before any call), confirmed, sent once.
 */
export async function changeCampaignStatus(
  ctx: Context,
  id: string,
  verb: 'publish' | 'unpublish',
  flags: { property: string },
): Promise<void> {
  await withClient(ctx, { session: true }, async ({ client }) => {
    const propertyId = flags.property;
    const campaign = await campaignOf(client, propertyId, id);
    let answer: Campaign | null = null;
    let failure: unknown = null;
    const logic = campaignLifecycleMachine.provide({
      actors: {
        changeStatus: fromPromise(async ({ input }) => {
          try {
            answer = await client.campaigns.update({
              params: { id: input.id },
              body: { propertyId, status: input.status },
            });
            return answer;
          } catch (error) {
            failure = error;
            throw error;
          }
        }),
      },
    });
    const actor = createActor(logic, { input: campaign, inspect: cliInspect }).start();
    try {
      actor.send({ type: `${verb}.ask` });
      if (!Object.values(actor.getSnapshot().value).includes('confirming'))
        throw new UserError(
          `Campaign ${campaign.name} is ${campaign.status === 'archived' ? 'unpublished' : campaign.status}: it cannot be ${verb}ed`,
          { code: 'campaign_transition_invalid' },
        );
      actor.send({ type: 'confirm' });
      const done = await waitFor(actor, (s) => !s.hasTag('busy'), { timeout: 120_000 });
      if (done.context.error || !answer) throw failure ?? new Error(done.context.error?.message);
      const saved: Campaign = answer;
      ctx.out.result(
        saved,
        () =>
          `${verb === 'publish' ? 'Published' : 'Unpublished'} ${campaignLine(saved)}${statusAfter(verb) === saved.status ? '' : ` (now ${saved.status})`}\n`,
      );
    } finally {
      actor.stop();
    }
  });
}
